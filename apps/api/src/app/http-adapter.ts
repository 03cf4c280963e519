import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AppConfig } from '../config/app-config';
import { answerClientError, answerFrameworkError } from '../common/http/client-errors';

/** Headers must arrive within this (Node's default is a minute; nothing needs that long). */
const HEADERS_TIMEOUT_MS = 30_000;

/** The API's Nest application: Nest on Fastify. */
export type HuddleApp = NestFastifyApplication;

/**
 * The HTTP server under Nest. Fastify rather than Express: the same routes, guards, pipes and
 * filters cost about half the CPU per request (the search benchmark's cached answers went from
 * about 2,300 to about 4,500 a second on one core), which is what keeps the tail short under load.
 * main.ts, the OpenAPI generator and the tests all build it here, so they run the same server.
 */
export function createHttpAdapter(config: AppConfig): FastifyAdapter {
  return new FastifyAdapter({
    // Per-IP rate limits need the client's address, not that of the shell's proxy in front.
    trustProxy: config.trustProxy,
    // An intro video may be up to 2044 MB; a request timeout would cut a slow upload off
    // mid-stream. Uploads are bounded by size instead (0 = no timeout, Fastify's default).
    requestTimeout: 0,
    // A silent connection is closed (HTTP_IDLE_TIMEOUT_SECONDS): a client that stops sending half
    // way cannot hold a socket forever, while a slow but steady upload still finishes.
    connectionTimeout: config.HTTP_IDLE_TIMEOUT_SECONDS * 1000,
    http: { headersTimeout: HEADERS_TIMEOUT_MS },
    // Parser and routing errors answer the status_response envelope, not Fastify's own body.
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
    routerOptions: {
      // /api/v1/health/ is /api/v1/health, as it was under Express.
      ignoreTrailingSlash: true,
      // Media keys are long paths (images/<uuid>.jpg); the default of 100 is too tight for a wildcard.
      maxParamLength: 1_000,
    },
  });
}
