import { Catch, Logger } from '@nestjs/common';
import type { ArgumentsHost, ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import { toErrorReply } from './error-reply';

/** The one place where failures become HTTP replies (see toErrorReply for the mapping). */
@Catch()
export class EnvelopeExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    const reply = toErrorReply(exception);

    if (reply.unexpected) {
      const stack = exception instanceof Error ? exception.stack : String(exception);
      this.logger.error(`${request.method} ${request.originalUrl} failed`, stack);
    } else {
      this.logger.debug(`${request.method} ${request.originalUrl} -> ${reply.status} ${reply.body.status_response.response_internal_code}`);
    }

    if (response.headersSent) {
      response.end();
      return;
    }
    response.status(reply.status).json(reply.body);
  }
}
