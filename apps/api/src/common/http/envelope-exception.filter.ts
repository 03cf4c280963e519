import { Catch, Logger } from '@nestjs/common';
import type { ArgumentsHost, ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toErrorReply } from './error-reply';

/** The one place where failures become HTTP replies (see toErrorReply for the mapping). */
@Catch()
export class EnvelopeExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const response = http.getResponse<FastifyReply>();
    // A client that hung up mid-request (an upload abandoned half way) is no server failure, and
    // there is no one left to answer.
    if (request.raw.socket?.destroyed) {
      this.logger.debug(`${request.method} ${request.url}: the client went away (${exception instanceof Error ? exception.message : String(exception)})`);
      return;
    }
    const reply = toErrorReply(exception);

    if (reply.unexpected) {
      const stack = exception instanceof Error ? exception.stack : String(exception);
      this.logger.error(`${request.method} ${request.url} failed`, stack);
    } else if (reply.status >= 500) {
      // Expected but the server's (PostgreSQL down): one line each, without a stack.
      this.logger.warn(`${request.method} ${request.url} -> ${reply.status}: ${exception instanceof Error ? exception.message : String(exception)}`);
    } else {
      this.logger.debug(`${request.method} ${request.url} -> ${reply.status} ${reply.body.status_response.response_internal_code}`);
    }

    if (response.sent || response.raw.headersSent) {
      if (!response.raw.writableEnded) response.raw.end();
      return;
    }
    void response.code(reply.status).type('application/json; charset=utf-8').send(reply.body);
  }
}
