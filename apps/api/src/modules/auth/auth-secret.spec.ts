import { loadAppConfig } from '../../config/app-config';
import { AuthSecret } from './auth-secret';

describe('AuthSecret', () => {
  const now = new Date('2025-11-20T10:00:00Z');
  const later = new Date(now.getTime() + 60_000);
  const secret = new AuthSecret(loadAppConfig({ AUTH_SECRET: 'a'.repeat(32) }));

  it('opens what it sealed, for the same purpose, until it expires', () => {
    const token = secret.seal('state', { nonce: 'n1' }, later);
    expect(secret.open<{ nonce: string }>('state', token, now)).toEqual({ nonce: 'n1', exp: later.getTime() });
    expect(secret.open('state', token, later)).toBeNull();
    expect(secret.open('code', token, now)).toBeNull();
  });

  it('refuses altered and malformed tokens', () => {
    const token = secret.seal('state', { nonce: 'n1' }, later);
    const [body, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ nonce: 'n2', exp: later.getTime() })).toString('base64url');
    expect(secret.open('state', `${forged}.${signature}`, now)).toBeNull();
    expect(secret.open('state', `${body}.${signature.slice(1)}`, now)).toBeNull();
    expect(secret.open('state', `${body}.${signature}.x`, now)).toBeNull();
    expect(secret.open('state', 'garbage', now)).toBeNull();
  });

  it('keys MACs by the secret: another server cannot make or check them', () => {
    const other = new AuthSecret(loadAppConfig({ AUTH_SECRET: 'b'.repeat(32) }));
    expect(secret.mac('reset', '123456')).toMatch(/^[0-9a-f]{64}$/);
    expect(secret.mac('reset', '123456')).not.toBe(other.mac('reset', '123456'));
    expect(secret.mac('reset', '123456')).not.toBe(secret.mac('other', '123456'));
    expect(other.open('state', secret.seal('state', {}, later), now)).toBeNull();
  });

  it('draws a random secret when none is configured', () => {
    const first = new AuthSecret(loadAppConfig({}));
    const second = new AuthSecret(loadAppConfig({}));
    expect(first.mac('x', 'y')).not.toBe(second.mac('x', 'y'));
  });
});
