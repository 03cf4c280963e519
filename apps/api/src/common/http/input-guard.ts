import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, MAX_INPUT_DEPTH, MESSAGES } from '@huddle/domain';
import { DomainError } from '../errors/domain-error';
import { toErrorReply } from './error-reply';

export interface InputProblem {
  /** The request field, as a dotted path ('athlete_info.first_name', 'filter', 'links.0'). */
  field: string;
  message: string;
}

/**
 * The first value of a parsed request part (query, params, body) that no route can take: a string
 * holding a NUL character (PostgreSQL refuses 0x00 in text, so it would fail the query as a 500),
 * or nesting deeper than MAX_INPUT_DEPTH (class-transformer and class-validator recurse per level,
 * so JSON nested ten thousand deep overflows the stack). The walk is iterative so that it cannot
 * overflow itself.
 */
export function findHostileInput(value: unknown, prefix = ''): InputProblem | null {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: prefix, depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop() as { value: unknown; path: string; depth: number };
    if (typeof item.value === 'string') {
      if (item.value.includes('\u0000')) return { field: item.path, message: MESSAGES.forbiddenCharacters };
      continue;
    }
    if (typeof item.value !== 'object' || item.value === null) continue;
    if (item.depth >= MAX_INPUT_DEPTH) return { field: item.path, message: MESSAGES.nestedTooDeeply };
    for (const [key, child] of Object.entries(item.value)) {
      const path = item.path === '' ? key : `${item.path}.${key}`;
      if (key.includes('\u0000')) return { field: item.path === '' ? 'body' : item.path, message: MESSAGES.forbiddenCharacters };
      stack.push({ value: child, path, depth: item.depth + 1 });
    }
  }
  return null;
}

/**
 * Refuses, before any guard, pipe or handler sees it, a request whose query, route parameters or
 * parsed body holds a value no route can store (see findHostileInput): one check for every route,
 * present and future, instead of a rule per field. The answer is the validation envelope naming the
 * field. Multipart bodies are read later by the upload routes, which keep only files.
 */
export function refuseHostileInput(fastify: FastifyInstance): void {
  fastify.addHook('preValidation', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const problem = findHostileInput(request.params) ?? findHostileInput(request.query) ?? findHostileInput(request.body);
    if (problem === null) return done();
    // Answered here: the request goes no further (a callback hook that sends does not call done).
    const error = toErrorReply(new DomainError(ErrorCode.ValidationFailed, problem.message, { [problem.field || 'body']: problem.message }));
    reply.code(error.status).type('application/json; charset=utf-8').send(error.body);
  });
}
