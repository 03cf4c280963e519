import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import { ValidationPipe } from '@nestjs/common';
import type { NestInterceptor } from '@nestjs/common';
import type { ApplicationConfig } from '@nestjs/core';
import { SwaggerModule } from '@nestjs/swagger';
import { AppConfig } from '../config/app-config';
import { EnvelopeExceptionFilter } from '../common/http/envelope-exception.filter';
import { addSuccessEnvelope } from '../common/http/envelope.hook';
import { refuseHostileInput } from '../common/http/input-guard';
import { refuseForeignOriginWrites } from '../common/http/same-origin-writes';
import { cacheValidationMetadata } from '../common/validation/validation-metadata-cache';
import { validationFailed } from '../common/validation/validation-errors';
import type { HuddleApp } from './http-adapter';
import { API_PREFIX, createOpenApiDocument } from './openapi-document';
import { keepSessionAnswersOutOfCaches } from '../modules/auth/session-cookie';
import { DOCS_PATH, registerSecurityHeaders } from './security-headers';

/**
 * Removes the global interceptors that only pass the call on: nestjs-cls registers one (its
 * unmounted ClsInterceptor stand-in, `(_, next) => next.handle()`; transactions open their own
 * context). Any global interceptor makes Nest run every request through rxjs and two
 * AsyncResource.bind() calls, which on Node 20 define deprecation-wrapped accessors each (see
 * envelope.hook.ts). Routes are built at init, after this, so none carries it.
 */
function dropPassThroughInterceptors(app: HuddleApp): void {
  const interceptors: NestInterceptor[] = (app as unknown as { config?: ApplicationConfig }).config?.getGlobalInterceptors() ?? [];
  const passThrough = (interceptor: NestInterceptor) =>
    Object.getPrototypeOf(interceptor) === Object.prototype && /^\(\w+, (\w+)\) => \1\.handle\(\)$/.test(String(interceptor.intercept));
  for (let index = interceptors.length - 1; index >= 0; index -= 1) if (passThrough(interceptors[index])) interceptors.splice(index, 1);
}

/**
 * Everything that makes the API behave as one: prefix, cookies, CORS, validation, the error and
 * success envelopes, the interactive documentation and shutdown hooks. main.ts and the tests
 * both call it (on the server createHttpAdapter builds), so tests exercise the real pipeline.
 */
export async function configureApp(app: HuddleApp): Promise<HuddleApp> {
  const config = app.get(AppConfig);

  app.setGlobalPrefix(API_PREFIX);
  dropPassThroughInterceptors(app);
  // First, so every answer carries them, early refusals and the docs included.
  registerSecurityHeaders(app.getHttpAdapter().getInstance(), config);
  await app.register(fastifyCookie);
  keepSessionAnswersOutOfCaches(app.getHttpAdapter().getInstance());
  // Multipart forms are read only by the upload routes (StagedUploadsInterceptor sets their
  // limits); an oversized file is refused by the staging storage, with the media's own message.
  await app.register(fastifyMultipart, { throwFileSizeLimit: false });
  // A renewed session token comes back in x-access-token: exposed, so a client of another allowed
  // origin that holds its token (not a browser on the shell, which gets the cookie) can read it.
  app.enableCors({ origin: config.CORS_ORIGINS, credentials: true, exposedHeaders: ['x-access-token'] });
  // Login CSRF and cookie-borne writes: a POST, PUT, PATCH or DELETE from a foreign Origin (or
  // Referer) is refused with 403 before its body is read. Stripe's webhook is server to server and
  // signed, so it is exempt.
  refuseForeignOriginWrites(app.getHttpAdapter().getInstance(), {
    allowedOrigins: [...config.CORS_ORIGINS, config.PUBLIC_APP_URL],
    exemptPaths: [`/${API_PREFIX}/payments/webhook`],
  });
  cacheValidationMetadata();
  app.useGlobalPipes(
    new ValidationPipe({
      whitelist: true,
      transform: true,
      forbidUnknownValues: false,
      exceptionFactory: validationFailed,
    }),
  );
  app.useGlobalFilters(new EnvelopeExceptionFilter());
  addSuccessEnvelope(app.getHttpAdapter().getInstance(), `/${API_PREFIX}/`);
  refuseHostileInput(app.getHttpAdapter().getInstance());

  SwaggerModule.setup(DOCS_PATH.slice(1), app, () => createOpenApiDocument(app), {
    jsonDocumentUrl: 'api/docs-json',
    swaggerOptions: { withCredentials: true, persistAuthorization: true },
  });

  app.enableShutdownHooks();
  return app;
}
