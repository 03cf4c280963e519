import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@huddle/domain';
import { DomainError } from '../errors/domain-error';
import { toErrorReply } from './error-reply';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface SameOriginWritesOptions {
  /** Browser origins allowed to write: CORS_ORIGINS and the public app URL's origin. */
  allowedOrigins: readonly string[];
  /** Paths (no query) written to by servers, never by browsers, and authenticated otherwise. */
  exemptPaths: readonly string[];
}

function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Whether a state-changing request may go on, judged by where the browser says it comes from.
 *
 * - Origin present: it must be an allowed origin, or the API's own (its host is the request's
 *   Host: the interactive documentation, the sandbox sign-in page, the shell's server proxying
 *   /api with the browser's Host). Anything else is refused, `Origin: null` included (sandboxed
 *   frames, data: pages, redirects across sites).
 * - Origin absent, Referer present (form posts of browsers that send no Origin): the same test on
 *   the Referer's origin.
 * - Neither: allowed, whether the request carries the x-access-token header, the cookie or no
 *   credential at all. Such a request is not a modern browser's cross-site write: every current
 *   browser sends Origin on every POST, PUT, PATCH and DELETE it makes to another origin (and on
 *   same-origin ones unless the page's referrer policy is no-referrer, when it sends `null`, which
 *   is refused). It is an API client (curl, the tests, the journeys' request contexts, which keep
 *   the cookie as a browser would but send no Origin) or a browser too old to send Origin; the
 *   latter still sends the Referer unless the page suppresses it, and the session cookie is
 *   SameSite=Lax, so browsers that know SameSite never attach it to a cross-site POST. The gap left
 *   is a pre-2019 browser without SameSite, on a page that suppresses the Referer: accepted, rather
 *   than refusing every API client that holds the cookie.
 */
export function isSameOriginWrite(
  request: Pick<FastifyRequest, 'method' | 'headers'>,
  allowedOrigins: ReadonlySet<string>,
): boolean {
  if (!STATE_CHANGING.has(request.method)) return true;
  const { origin, referer, host } = request.headers;
  const claimed = typeof origin === 'string' ? origin : typeof referer === 'string' ? referer : undefined;
  if (claimed === undefined) return true;
  const from = originOf(claimed);
  if (from === null) return false;
  return allowedOrigins.has(from) || (typeof host === 'string' && new URL(from).host === host.toLowerCase());
}

/**
 * Refuses, before the body is read and before any guard or handler runs, a state-changing request
 * a browser sent from a foreign site (login CSRF on POST /user/sign-ins, cookie-borne writes): 403
 * in the envelope, so no cookie is set and nothing is written. See isSameOriginWrite for the rule.
 * Exempt: the Stripe webhook (server to server, authenticated by its Stripe-Signature).
 */
export function refuseForeignOriginWrites(fastify: FastifyInstance, options: SameOriginWritesOptions): void {
  const allowed = new Set(options.allowedOrigins.map(originOf).filter((origin): origin is string => origin !== null));
  const exempt = new Set(options.exemptPaths);
  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (exempt.has(request.url.split('?')[0] ?? '') || isSameOriginWrite(request, allowed)) return done();
    // Answered here: the request goes no further (a callback hook that sends does not call done).
    const error = toErrorReply(new DomainError(ErrorCode.Forbidden));
    reply.code(error.status).type('application/json; charset=utf-8').send(error.body);
  });
}
