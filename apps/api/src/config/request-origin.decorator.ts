import { createParamDecorator } from '@nestjs/common';
import type { ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { requestOrigin } from './app-origins';

/** The origin the request was made from (its Origin header, else its Referer's origin), or null; see requestOrigin. */
export const RequestOrigin = createParamDecorator((_data: unknown, context: ExecutionContext): string | null =>
  requestOrigin(context.switchToHttp().getRequest<FastifyRequest>().headers),
);
