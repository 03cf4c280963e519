import fastifyHelmet from '@fastify/helmet';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { servedOverHttps } from '../config/app-config';
import type { AppConfig } from '../config/app-config';

/** The interactive documentation (SwaggerModule.setup in configure-app): a page, not JSON. */
export const DOCS_PATH = '/api/docs';

/**
 * The API answers JSON, files and redirects, never a page of its own: nothing it sends may run a
 * script, load anything or be framed.
 */
const API_POLICY = { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] };

/**
 * Swagger UI's page: its scripts and stylesheet are files of its own; its template carries an inline
 * <style> and SVG style attributes, its icons are data: URLs, and "Try it out" calls this origin.
 */
const DOCS_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

// A year, as browsers' preload lists ask.
const HSTS_MAX_AGE_SECONDS = 31_536_000;

/**
 * Security headers on every answer (issue 25), through @fastify/helmet: a Content-Security-Policy,
 * nosniff, Referrer-Policy strict-origin-when-cross-origin, X-Frame-Options DENY, no X-Powered-By, and HSTS only when
 * the public app is served over https (over http a browser would ignore it, and a local setup
 * must not be pinned to https). Cross-Origin-Resource-Policy is cross-origin: the shell may be
 * served from another site than the API and shows its photos and videos; what a foreign page may
 * read is CORS's business (CORS_ORIGINS), and nosniff keeps JSON from being run as a script.
 * Registered before every route, so each one, the docs included, gets them.
 */
export async function registerSecurityHeaders(fastify: FastifyInstance, config: AppConfig): Promise<void> {
  // The docs' routes take their own policy, through helmet's route option; this hook must run
  // before helmet's own onRoute hook, so it is added first.
  fastify.addHook('onRoute', (route) => {
    if (route.url === DOCS_PATH || route.url.startsWith(`${DOCS_PATH}/`)) {
      route.helmet = { contentSecurityPolicy: { useDefaults: false, directives: DOCS_POLICY } };
    }
  });
  const options: FastifyHelmetOptions = {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: API_POLICY },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    // Not no-referrer: under it a browser sends `Origin: null` with a same-origin POST, which the
    // API's Origin check (same-origin-writes) must refuse. Other sites get the origin only.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: servedOverHttps(config) ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  };
  await fastify.register(fastifyHelmet, options);
}
