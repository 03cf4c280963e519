import { Injectable } from '@nestjs/common';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppConfig } from '../../config/app-config';
import { SESSION_HINT_COOKIE } from '@huddle/domain';
import { ACCESS_TOKEN_HEADER, SESSION_COOKIE } from './session-token';

/** Answers that carry a session token (a sign-in, a renewal) or clear one: no cache may keep them. */
const carriesSession = new WeakSet<FastifyReply>();

/**
 * An answer that sets or clears the session is stored by no cache, whatever its route said: a
 * renewal rides on any call, public ones too (an athlete's photo is sent `public, max-age` a
 * year), and a CDN or proxy that kept such an answer would hand the token to the next visitor.
 * Decided as the answer leaves, after the handler set its own Cache-Control.
 */
export function keepSessionAnswersOutOfCaches(fastify: FastifyInstance): void {
  // Callback hooks here and in the other per-request hooks: an async one costs every call a promise.
  fastify.addHook('onSend', (_request, reply, payload, done) => {
    // Only ever tightened: a route that already said no-store keeps its own words.
    if (carriesSession.has(reply) && !/\bno-store\b/i.test(String(reply.getHeader('cache-control') ?? ''))) reply.header('cache-control', 'private, no-store');
    done(null, payload);
  });
}

/**
 * Writes and clears the session cookie with the one set of attributes the product uses, and beside
 * it the hint cookie: readable by the shell, holding no credential, it tells a browser that has no
 * session not to ask for the signed-in account at all.
 */
@Injectable()
export class SessionCookie {
  constructor(private readonly config: AppConfig) {}

  private options(): CookieSerializeOptions {
    return { httpOnly: true, sameSite: 'lax', secure: this.config.COOKIE_SECURE, path: '/' };
  }

  issue(reply: FastifyReply, token: string, expiresAt: Date): void {
    carriesSession.add(reply);
    reply.setCookie(SESSION_COOKIE, token, { ...this.options(), expires: expiresAt });
    reply.setCookie(SESSION_HINT_COOKIE, '1', { ...this.options(), httpOnly: false, expires: expiresAt });
  }

  /**
   * A renewed token: the cookie re-set (its lifetime is the session's, not the token's) and the
   * token in the x-access-token answer header, for clients that hold it themselves.
   */
  renew(reply: FastifyReply, token: string, sessionExpiresAt: Date): void {
    this.issue(reply, token, sessionExpiresAt);
    reply.header(ACCESS_TOKEN_HEADER, token);
  }

  clear(reply: FastifyReply): void {
    carriesSession.add(reply);
    reply.clearCookie(SESSION_COOKIE, this.options());
    reply.clearCookie(SESSION_HINT_COOKIE, { ...this.options(), httpOnly: false });
  }
}
