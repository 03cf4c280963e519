import { createHash, randomBytes } from 'node:crypto';
import { ExtractJwt } from 'passport-jwt';
import type { JwtFromRequestFunction } from 'passport-jwt';
import { ACCESS_TOKEN_HEADER, isGuestToken, SESSION_COOKIE } from '@huddle/domain';

export { ACCESS_TOKEN_HEADER, SESSION_COOKIE };
/** How long a session (its row, and the cookie) lasts; its tokens live SESSION_TOKEN_TTL_SECONDS each. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The sessions row keeps a unique token_hash: the hash of 32 random bytes nobody holds (the
 * client's credential is a signed token naming the session; nothing replayable is stored).
 */
export function newSessionRowHash(): string {
  return createHash('sha256').update(randomBytes(32)).digest('hex');
}

/** What a request carries its token in: Fastify's request has both. */
export interface TokenSource {
  headers: Record<string, string | string[] | undefined>;
  cookies?: Record<string, unknown>;
}

/** A guest token ("guest:...", spec §4) is no session at all: it is never taken for one. */
function sessionOnly(extract: JwtFromRequestFunction<TokenSource>): JwtFromRequestFunction<TokenSource> {
  return (source) => {
    const token = extract(source)?.trim();
    return token && !isGuestToken(token) ? token : null;
  };
}

const fromCookie: JwtFromRequestFunction<TokenSource> = (source) => {
  const value = source.cookies?.[SESSION_COOKIE];
  return typeof value === 'string' ? value : null;
};

/** The x-access-token header (API clients, tests, any client that holds the token). */
export const sessionTokenFromHeader = sessionOnly(ExtractJwt.fromHeader(ACCESS_TOKEN_HEADER));
/** The huddle_session cookie (browsers: httpOnly, SameSite=Lax, so no script reads it). */
export const sessionTokenFromCookie = sessionOnly(fromCookie);

/**
 * The session token of a request (spec §7: "a header named x-access-token taken from a cookie"):
 * the header first, then the cookie, through passport-jwt's extractors.
 */
export const extractSessionToken: JwtFromRequestFunction<TokenSource> = ExtractJwt.fromExtractors([sessionTokenFromHeader, sessionTokenFromCookie]);
