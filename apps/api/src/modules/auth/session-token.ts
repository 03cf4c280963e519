import { createHash, randomBytes } from 'node:crypto';
import { ACCESS_TOKEN_HEADER, isGuestToken, SESSION_COOKIE } from '@huddle/domain';

export { ACCESS_TOKEN_HEADER, SESSION_COOKIE };
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** 32 random bytes, base64url: what the client holds. Only its hash is stored. */
export function generateSessionToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Rejects malformed tokens before they cost a database lookup. */
export function isWellFormedSessionToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

export interface TokenSource {
  headers: Record<string, string | string[] | undefined>;
  cookies?: Record<string, unknown>;
}

/**
 * The session token of a request. Spec §7 says the token travels in an x-access-token header
 * "taken from a cookie"; Huddle honours that by accepting both: the header (API clients, tests,
 * and any client that holds the token) and the huddle_session cookie itself. The cookie is
 * httpOnly, so no script can read it, and SameSite=Lax, so other sites cannot make a browser
 * send it with a cross-site POST. A guest token ("guest:...") is no session at all.
 */
export function readSessionToken(source: TokenSource): string | null {
  const header = source.headers[ACCESS_TOKEN_HEADER];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  const fromCookie = source.cookies?.[SESSION_COOKIE];
  const token = fromHeader?.trim() || (typeof fromCookie === 'string' ? fromCookie.trim() : '');
  if (!token || isGuestToken(token)) return null;
  return token;
}
