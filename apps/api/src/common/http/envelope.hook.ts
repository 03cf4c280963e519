import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { OK_INTERNAL_CODE, OK_MESSAGE, statusResponse } from './envelope';

/**
 * A successful reply's body with status_response added (spec §8: responses carry it). Handlers
 * return the resource's own fields; a list is answered as `data`. Bodies that already carry
 * status_response (the error filter's) pass untouched.
 */
export function withSuccessEnvelope(payload: unknown, status: number): unknown {
  if (typeof payload !== 'object' || payload === null || 'status_response' in payload) return payload;
  const envelope = statusResponse(status, OK_MESSAGE, OK_INTERNAL_CODE);
  return Array.isArray(payload) ? { data: payload, status_response: envelope } : { ...payload, status_response: envelope };
}

/**
 * Wraps every successful JSON reply under `prefix` as it is serialised. Fastify runs the hook only
 * for bodies it serialises (objects and arrays), so files, streams, redirects and pages pass as
 * they are; the status is the one the reply is sent with. This is a Fastify hook rather than a
 * Nest interceptor on purpose: with any global interceptor, Nest wraps each request in two
 * AsyncResource.bind() calls, which on Node 20 cost about a sixth of the CPU of a cached search.
 */
export function addSuccessEnvelope(fastify: FastifyInstance, prefix: string): void {
  fastify.addHook('preSerialization', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => {
    done(null, reply.statusCode < 400 && request.url.startsWith(prefix) ? withSuccessEnvelope(payload, reply.statusCode) : payload);
  });
}
