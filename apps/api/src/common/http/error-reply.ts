import { HttpException, HttpStatus } from '@nestjs/common';
import { ERROR_MESSAGES, ErrorCode } from '@huddle/domain';
import type { ErrorCodeValue } from '@huddle/domain';
import { isDatabaseUnavailable } from '../../database/database-unavailable';
import { DomainError } from '../errors/domain-error';
import { statusResponse } from './envelope';
import type { ErrorResponse } from './envelope';

export interface ErrorReply {
  status: number;
  body: ErrorResponse;
  /** Failures the server did not expect; they are logged with their stack, never sent. */
  unexpected: boolean;
}

const CODE_BY_HTTP_STATUS: Partial<Record<number, ErrorCodeValue>> = {
  [HttpStatus.BAD_REQUEST]: ErrorCode.ValidationFailed,
  [HttpStatus.UNAUTHORIZED]: ErrorCode.Unauthorized,
  [HttpStatus.PAYMENT_REQUIRED]: ErrorCode.PaymentRequired,
  [HttpStatus.FORBIDDEN]: ErrorCode.Forbidden,
  [HttpStatus.NOT_FOUND]: ErrorCode.NotFound,
  [HttpStatus.METHOD_NOT_ALLOWED]: ErrorCode.NotFound,
  [HttpStatus.CONFLICT]: ErrorCode.Conflict,
  [HttpStatus.PAYLOAD_TOO_LARGE]: ErrorCode.PayloadTooLarge,
  [HttpStatus.UNSUPPORTED_MEDIA_TYPE]: ErrorCode.UnsupportedMedia,
  [HttpStatus.TOO_MANY_REQUESTS]: ErrorCode.TooManyRequests,
  [HttpStatus.SERVICE_UNAVAILABLE]: ErrorCode.ServiceUnavailable,
};

export function codeForHttpStatus(status: number): ErrorCodeValue {
  return CODE_BY_HTTP_STATUS[status] ?? (status >= 500 ? ErrorCode.Internal : ErrorCode.ValidationFailed);
}

function reply(status: number, code: ErrorCodeValue, message: string, unexpected: boolean, errors?: Record<string, string>): ErrorReply {
  const body: ErrorResponse = { status_response: statusResponse(status, message, code) };
  if (errors && Object.keys(errors).length > 0) body.errors = errors;
  return { status, body, unexpected };
}

/**
 * Errors of the HTTP layer's parsers (Fastify's `statusCode`: malformed JSON, an oversized body, a
 * multipart form over its limits; `status` from send) are the client's fault and must not be
 * reported as server failures.
 */
function clientErrorStatus(exception: unknown): number | null {
  if (!(exception instanceof Error)) return null;
  const { status, statusCode } = exception as { status?: unknown; statusCode?: unknown };
  const code = typeof statusCode === 'number' ? statusCode : status;
  return typeof code === 'number' && code >= 400 && code < 500 ? code : null;
}

/**
 * Turns anything thrown while handling a request into the status_response envelope. Framework
 * exceptions (unknown route, throttling, guards) use the catalogue's text for their code, so no
 * framework wording or stack reaches a client.
 */
export function toErrorReply(exception: unknown): ErrorReply {
  if (exception instanceof DomainError) {
    return reply(exception.httpStatus, exception.code, exception.message, false, exception.details);
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const code = codeForHttpStatus(status);
    return reply(status, code, ERROR_MESSAGES[code], status >= 500);
  }
  const clientStatus = clientErrorStatus(exception);
  if (clientStatus !== null) {
    const code = codeForHttpStatus(clientStatus);
    return reply(clientStatus, code, ERROR_MESSAGES[code], false);
  }
  // PostgreSQL stopped, restarting or out of connections: the request may succeed once it is back.
  if (isDatabaseUnavailable(exception)) {
    return reply(HttpStatus.SERVICE_UNAVAILABLE, ErrorCode.ServiceUnavailable, ERROR_MESSAGES[ErrorCode.ServiceUnavailable], false);
  }
  return reply(HttpStatus.INTERNAL_SERVER_ERROR, ErrorCode.Internal, ERROR_MESSAGES[ErrorCode.Internal], true);
}
