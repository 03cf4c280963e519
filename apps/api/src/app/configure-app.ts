import { ValidationPipe } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import cookieParser from 'cookie-parser';
import { AppConfig } from '../config/app-config';
import { EnvelopeExceptionFilter } from '../common/http/envelope-exception.filter';
import { EnvelopeInterceptor } from '../common/http/envelope.interceptor';
import { validationFailed } from '../common/validation/validation-errors';
import { API_PREFIX, createOpenApiDocument } from './openapi-document';

/**
 * Everything that makes the API behave as one: prefix, cookies, CORS, validation, the error and
 * success envelopes, the interactive documentation and shutdown hooks. main.ts and the tests
 * both call it, so tests exercise the real pipeline.
 */
export function configureApp(app: NestExpressApplication): NestExpressApplication {
  const config = app.get(AppConfig);

  app.setGlobalPrefix(API_PREFIX);
  app.disable('x-powered-by');
  // Per-IP rate limits need the client's address, not that of the shell's proxy in front.
  app.set('trust proxy', config.trustProxy);
  app.use(cookieParser());
  app.enableCors({ origin: config.CORS_ORIGINS, credentials: true });
  app.useGlobalPipes(
    new ValidationPipe({
      whitelist: true,
      transform: true,
      forbidUnknownValues: false,
      exceptionFactory: validationFailed,
    }),
  );
  app.useGlobalFilters(new EnvelopeExceptionFilter());
  app.useGlobalInterceptors(new EnvelopeInterceptor(app.get(Reflector)));

  SwaggerModule.setup('api/docs', app, () => createOpenApiDocument(app), {
    jsonDocumentUrl: 'api/docs-json',
    swaggerOptions: { withCredentials: true, persistAuthorization: true },
  });

  app.enableShutdownHooks();
  return app;
}
