import { createSecretKey } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import jwt from 'jsonwebtoken';
import { Strategy as JwtStrategy } from 'passport-jwt';
import type { StrategyOptionsWithoutRequest } from 'passport-jwt';
import { ALL_ROLE_CODES, baseUserType } from '@huddle/domain';
import type { RoleCode, UserTypeCode } from '@huddle/domain';
import { AppConfig } from '../../config/app-config';
import { AuthSecret } from './auth-secret';
import { extractSessionToken, sessionTokenFromCookie, sessionTokenFromHeader } from './session-token';
import type { TokenSource } from './session-token';

/** The purpose the signing key is derived for (AuthSecret.mac): no other AUTH_SECRET use yields it. */
const KEY_PURPOSE = 'session-token-key';
const ISSUER = 'huddle-api';
const AUDIENCE = 'huddle-session';
const ALGORITHM = 'HS256';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Tokens a process remembers having verified (about 400 bytes each): the oldest go first. */
const VERIFIED_TOKENS_KEPT = 10_000;

/** What a session token says, signed: who (sub), as what (role), which session (sid), and when. */
export interface SessionClaims {
  sub: string;
  role: RoleCode;
  sid: string;
  /** Seconds since the epoch. */
  iat: number;
  exp: number;
}

/** The token's verdict: good, authentic but out of date (cookie only: see verify), or nothing usable. */
export type TokenVerdict = { kind: 'valid'; claims: SessionClaims } | { kind: 'expired'; claims: SessionClaims } | { kind: 'none' };

function claimsOf(payload: unknown): SessionClaims | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { sub, role, sid, iat, exp } = payload as Record<string, unknown>;
  if (typeof sub !== 'string' || !UUID.test(sub) || typeof sid !== 'string' || !UUID.test(sid)) return null;
  if (typeof role !== 'number' || !ALL_ROLE_CODES.includes(role as RoleCode) || baseUserType(role as RoleCode) === null) return null;
  if (!Number.isInteger(iat) || !Number.isInteger(exp)) return null;
  return { sub, role: role as RoleCode, sid, iat: iat as number, exp: exp as number };
}

/** The user type behind a signed-in role code (claimsOf admits only those). */
export function userTypeOfRole(role: RoleCode): UserTypeCode {
  return baseUserType(role) as UserTypeCode;
}

/** passport's hooks on a strategy: authenticate() ends in exactly one of them. */
interface StrategyCall {
  authenticate(request: TokenSource): void;
  success(user: unknown): void;
  fail(challenge?: unknown): void;
  error(error: unknown): void;
}

/**
 * Session tokens: JWTs (HS256) signed with a key derived from AUTH_SECRET, verified by a
 * passport-jwt Strategy. The API runs on Fastify, where @nestjs/passport's AuthGuard does not
 * fit, so the access guard drives the Strategy as passport does: a fresh object inheriting from
 * it, with success/fail/error, and authenticate(request).
 */
@Injectable()
export class SessionTokens {
  // A KeyObject, not the bytes: given bytes, jsonwebtoken tries each call to parse them as a public
  // key (createPublicKey throws) before making a secret key of them, a measurable part of every
  // authenticated call's CPU (bench:stats' profile).
  private readonly key: KeyObject;
  private readonly strategy: JwtStrategy;
  /**
   * Tokens this process verified, by their whole text (signature included), with what they say.
   * Checking a token's HMAC and claims was about a twelfth of an authenticated call's CPU
   * (bench:booking's profile), and a client sends the same token for its minutes. A token that
   * differs in any character is not found here and goes through the strategy; the expiry is
   * checked again on every call, as jsonwebtoken checks it; revocation is the caller's check
   * (SessionsService.authenticate), after this, on every call.
   */
  private readonly verified = new Map<string, SessionClaims>();
  readonly ttlSeconds: number;

  constructor(secret: AuthSecret, config: AppConfig) {
    this.key = createSecretKey(Buffer.from(secret.mac(KEY_PURPOSE, ALGORITHM), 'hex'));
    this.ttlSeconds = config.SESSION_TOKEN_TTL_SECONDS;
    const options: StrategyOptionsWithoutRequest = {
      jwtFromRequest: extractSessionToken,
      // passport-jwt hands it to jsonwebtoken as it is (its type names strings and Buffers only).
      secretOrKey: this.key as unknown as Buffer,
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
    };
    this.strategy = new JwtStrategy(options, (payload: unknown, done) => {
      const claims = claimsOf(payload);
      done(null, claims ?? false);
    });
  }

  /** A token for the session, valid for the configured minutes, never past the session's own end. */
  sign(claims: { sub: string; role: RoleCode; sid: string }, sessionExpiresAt: Date, now: Date = new Date()): string {
    const iat = Math.floor(now.getTime() / 1000);
    const exp = Math.min(iat + this.ttlSeconds, Math.floor(sessionExpiresAt.getTime() / 1000));
    return jwt.sign({ sub: claims.sub, role: claims.role, sid: claims.sid, iat, exp }, this.key, { algorithm: ALGORITHM, issuer: ISSUER, audience: AUDIENCE });
  }

  /**
   * The request's token, through the strategy. An expired token is refused, except one that came
   * in the cookie with a good signature: the cookie lives as long as the session, so a browser
   * that was away longer than a token's minutes shows it to have its session looked up (and the
   * token renewed) instead of being signed out.
   */
  async verify(request: TokenSource): Promise<TokenVerdict> {
    // No session token at all (a guest, a public call): nothing to verify. The strategy would say
    // the same, failing with a new Error whose stack trace was a twentieth of a cached search's CPU.
    const token = extractSessionToken(request);
    if (!token) return { kind: 'none' };
    const known = this.verified.get(token);
    // jsonwebtoken's rule: expired once the current second reaches `exp`.
    if (known && Math.floor(Date.now() / 1000) < known.exp) return { kind: 'valid', claims: known };
    if (known) this.verified.delete(token);
    const outcome = await new Promise<{ user: unknown } | { failure: unknown }>((resolve, reject) => {
      const call = Object.create(this.strategy) as StrategyCall;
      call.success = (user) => resolve({ user });
      call.fail = (challenge) => resolve({ failure: challenge });
      call.error = reject;
      call.authenticate(request);
    });
    if ('user' in outcome) {
      const claims = outcome.user as SessionClaims;
      this.remember(token, claims);
      return { kind: 'valid', claims };
    }
    if (!(outcome.failure instanceof jwt.TokenExpiredError) || sessionTokenFromHeader(request)) return { kind: 'none' };
    const cookieToken = sessionTokenFromCookie(request);
    if (!cookieToken) return { kind: 'none' };
    try {
      const claims = claimsOf(jwt.verify(cookieToken, this.key, { algorithms: [ALGORITHM], issuer: ISSUER, audience: AUDIENCE, ignoreExpiration: true }));
      return claims ? { kind: 'expired', claims } : { kind: 'none' };
    } catch {
      return { kind: 'none' };
    }
  }

  private remember(token: string, claims: SessionClaims): void {
    if (this.verified.size >= VERIFIED_TOKENS_KEPT) {
      const oldest = this.verified.keys().next();
      if (!oldest.done) this.verified.delete(oldest.value);
    }
    this.verified.set(token, claims);
  }
}
