import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { HelmetOptions } from 'helmet';
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
 * The headers helmet sets for `options`, read once: its middleware run against a stand-in response
 * that records what it sets. Every directive here is a constant, so every answer would get the same
 * strings; computing them per request cost each call about 0.05 ms of CPU (a tenth of a search
 * with the page cache off), for nothing.
 */
export function helmetHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return Object.freeze(headers);
}

/**
 * Security headers on every answer (issue 25), as helmet words them: a Content-Security-Policy,
 * nosniff, Referrer-Policy strict-origin-when-cross-origin, X-Frame-Options DENY, no X-Powered-By, and HSTS only when
 * the public app is served over https (over http a browser would ignore it, and a local setup
 * must not be pinned to https). Cross-Origin-Resource-Policy is cross-origin: the shell may be
 * served from another site than the API and shows its photos and videos; what a foreign page may
 * read is CORS's business (CORS_ORIGINS), and nosniff keeps JSON from being run as a script.
 * Added first, so every answer gets them: the docs, early refusals, unknown routes and the
 * notification stream (which sends the reply's headers with its own).
 */
export function registerSecurityHeaders(fastify: FastifyInstance, config: AppConfig): void {
  const options: HelmetOptions = {
    contentSecurityPolicy: { useDefaults: false, directives: API_POLICY },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    // Not no-referrer: under it a browser sends `Origin: null` with a same-origin POST, which the
    // API's Origin check (same-origin-writes) must refuse. Other sites get the origin only.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: servedOverHttps(config) ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  };
  const apiHeaders = helmetHeaders(options);
  // The interactive documentation is a page of its own, with the policy its page needs.
  const docsHeaders = helmetHeaders({ ...options, contentSecurityPolicy: { useDefaults: false, directives: DOCS_POLICY } });
  // By the route matched (as helmet's per-route option did): an unknown path under the docs gets the API's policy.
  const isDocs = (route: string | undefined) => route !== undefined && (route === DOCS_PATH || route.startsWith(`${DOCS_PATH}/`));
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.headers(isDocs(request.routeOptions.url) ? docsHeaders : apiHeaders);
    done();
  });
}
