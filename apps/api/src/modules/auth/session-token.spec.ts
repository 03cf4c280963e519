import { generateSessionToken, hashSessionToken, isWellFormedSessionToken, readSessionToken, SESSION_COOKIE } from './session-token';

describe('session tokens', () => {
  it('generates distinct 32-byte base64url tokens that pass the format check', () => {
    const first = generateSessionToken();
    const second = generateSessionToken();
    expect(first).not.toBe(second);
    expect(Buffer.from(first, 'base64url')).toHaveLength(32);
    expect(isWellFormedSessionToken(first)).toBe(true);
    expect(isWellFormedSessionToken('short')).toBe(false);
    expect(isWellFormedSessionToken(`${first.slice(0, 42)}!`)).toBe(false);
  });

  it('hashes with SHA-256 hex', () => {
    expect(hashSessionToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('prefers the header, falls back to the cookie and ignores guest tokens', () => {
    expect(readSessionToken({ headers: { 'x-access-token': 'from-header' }, cookies: { [SESSION_COOKIE]: 'from-cookie' } })).toBe('from-header');
    expect(readSessionToken({ headers: {}, cookies: { [SESSION_COOKIE]: 'from-cookie' } })).toBe('from-cookie');
    expect(readSessionToken({ headers: { 'x-access-token': 'guest:abc' } })).toBeNull();
    expect(readSessionToken({ headers: { 'x-access-token': '  ' } })).toBeNull();
    expect(readSessionToken({ headers: {} })).toBeNull();
  });
});
