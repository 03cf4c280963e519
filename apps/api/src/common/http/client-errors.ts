import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_MESSAGES } from '@huddle/domain';
import { codeForHttpStatus } from './error-reply';
import { statusResponse } from './envelope';

function envelopeBody(status: number): string {
  const code = codeForHttpStatus(status);
  return JSON.stringify({ status_response: statusResponse(status, ERROR_MESSAGES[code], code) });
}

// Node's HTTP parser codes (and its timeout) for requests refused before any route sees them.
const STATUS_BY_PARSER_CODE: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
  HPE_HEADERS_TIMEOUT: 408,
};

/**
 * Answers a request Node's HTTP parser refused (headers or URL over 16 KB, a malformed request
 * line, a request not received in time) with the status_response envelope instead of Fastify's
 * own body, then closes the connection: the parser cannot go on reading after such an error.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const status = STATUS_BY_PARSER_CODE[error.code ?? ''] ?? 400;
  const body = envelopeBody(status);
  socket.end(
    `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request'}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * Errors Fastify raises before routing (a path whose percent-encoding does not decode, such as
 * /api/v1/media/%E0%A4%A), answered in the envelope like every other error.
 */
export function answerFrameworkError(error: Error & { statusCode?: number }, _request: FastifyRequest, reply: FastifyReply): void {
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply.code(status).type('application/json; charset=utf-8').send(envelopeBody(status));
}
