import { extractSessionToken, newSessionRowHash, SESSION_COOKIE, sessionTokenFromCookie, sessionTokenFromHeader } from './session-token';

describe('session tokens', () => {
  it('fills the row hash with distinct SHA-256 hex of random bytes', () => {
    const first = newSessionRowHash();
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(newSessionRowHash()).not.toBe(first);
  });

  it('prefers the header, falls back to the cookie and ignores guest tokens', () => {
    expect(extractSessionToken({ headers: { 'x-access-token': 'from-header' }, cookies: { [SESSION_COOKIE]: 'from-cookie' } })).toBe('from-header');
    expect(extractSessionToken({ headers: {}, cookies: { [SESSION_COOKIE]: 'from-cookie' } })).toBe('from-cookie');
    expect(extractSessionToken({ headers: { 'x-access-token': 'guest:abc' } })).toBeNull();
    expect(extractSessionToken({ headers: { 'x-access-token': '  ' } })).toBeNull();
    expect(extractSessionToken({ headers: {} })).toBeNull();
    expect(sessionTokenFromHeader({ headers: {}, cookies: { [SESSION_COOKIE]: 'from-cookie' } })).toBeNull();
    expect(sessionTokenFromCookie({ headers: {}, cookies: { [SESSION_COOKIE]: 'guest:abc' } })).toBeNull();
  });
});
