import { HttpStatus, Injectable, RequestMethod, StreamableFile } from '@nestjs/common';
import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA, SSE_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import { map } from 'rxjs';
import type { Observable } from 'rxjs';
import { OK_INTERNAL_CODE, OK_MESSAGE, statusResponse } from './envelope';

/**
 * Adds status_response to every successful JSON reply (spec §8: responses carry it). Handlers
 * return the resource's own fields; streams (server-sent events) and files pass untouched.
 */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const handler = context.getHandler();
    if (this.reflector.get<boolean>(SSE_METADATA, handler)) return next.handle();

    const status = this.successStatus(handler);
    return next.handle().pipe(
      map((result: unknown) => {
        if (result instanceof StreamableFile) return result;
        const envelope = statusResponse(status, OK_MESSAGE, OK_INTERNAL_CODE);
        if (result === undefined || result === null) return { status_response: envelope };
        if (typeof result === 'object' && !Array.isArray(result)) return { ...result, status_response: envelope };
        return { data: result, status_response: envelope };
      }),
    );
  }

  // Nest applies the status after interceptors run, so it is derived the way Nest derives it.
  private successStatus(handler: ReturnType<ExecutionContext['getHandler']>): number {
    const explicit = this.reflector.get<number | undefined>(HTTP_CODE_METADATA, handler);
    if (explicit !== undefined) return explicit;
    return this.reflector.get<RequestMethod>(METHOD_METADATA, handler) === RequestMethod.POST ? HttpStatus.CREATED : HttpStatus.OK;
  }
}
