#!/usr/bin/env node
// Production static server for the shell (4200) and the role remotes (4201-4204).
//
//   node tools/serve-static.mjs --dir apps/shell/dist --port 4200 --spa --manifest [--proxy-api [URL]]
//   node tools/serve-static.mjs --dir apps/fan-mfe/dist --port 4201
//
// --spa        unknown paths answer index.html (the shell's client-side routes)
// --manifest   GET /remotes.json lists the remotes' manifest URLs from HUDDLE_REMOTE_*_URL, and the
//              shell's page carries them inline with its first screen's preloads (first-screen.mjs);
//              this server itself fetches them (and the remotes' stylesheets and server builds) from
//              HUDDLE_REMOTE_*_SERVER_URL when set (a container reaches the remotes by another name)
// --proxy-api  /api/* is proxied to URL (default: API_URL or http://localhost:3000), streams included
//
// Precompressed twins (name.gz) are sent to browsers that accept gzip. Every static answer
// carries CORS headers (the shell's origin loads the remotes' files). Files
// whose name changes with their content are cached for a year; the files that name them
// (index.html, remoteEntry.js, mf-manifest.json, remotes.json) are revalidated on every load.
//
// Security headers (issue 25) through helmet's node:http middleware, on every answer but the
// proxied API's (which sends its own): nosniff, Referrer-Policy strict-origin-when-cross-origin, DENY framing,
// HSTS when PUBLIC_APP_URL is https, and a Content-Security-Policy (contentSecurityPolicyOf):
// the shell's lets its page run its own files, the remotes' and the inline scripts and styles it
// actually carries (by their sha256, computed for each page served), and reach this origin, the
// remotes and the media origin; a remote serves no page, so its policy allows nothing.
import { createHash } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import sirv from 'sirv';
import helmet from 'helmet';
import remotes from './remotes-manifest.cjs';
import { createFirstScreen, firstScreenOf, shellFiles } from './first-screen.mjs';
import { createStreamingProxy } from './api-proxy.mjs';

const { SESSION_HINT_COOKIE, remoteForRole } = createRequire(import.meta.url)('@huddle/domain');

const DEFAULT_API_URL = 'http://localhost:3000';

function readConfig(argv, env) {
  const { values } = parseArgs({
    args: argv,
    options: {
      dir: { type: 'string' },
      port: { type: 'string' },
      spa: { type: 'boolean', default: false },
      manifest: { type: 'boolean', default: false },
      'proxy-api': { type: 'string' },
    },
    strict: true,
    allowNegative: false,
  });
  if (!values.dir || !values.port) throw new Error('Usage: serve-static.mjs --dir <dist> --port <port> [--spa] [--manifest] [--proxy-api URL]');
  const dir = path.resolve(values.dir);
  if (!existsSync(dir)) throw new Error(`${dir} does not exist: build the app first`);
  const port = Number(values.port);
  if (!Number.isInteger(port) || port <= 0) throw new Error(`--port must be a port number, not ${values.port}`);
  // --proxy-api without a value still proxies, to API_URL or the API's default port.
  const proxyArg = values['proxy-api'];
  const apiUrl = proxyArg === undefined ? null : proxyArg || env.API_URL || DEFAULT_API_URL;
  return {
    dir,
    port,
    spa: values.spa,
    remotes: values.manifest ? remotes.remotesManifest(env) : null,
    serverRemotes: values.manifest ? remotes.serverRemotesManifest(env) : null,
    remotesJson: values.manifest ? JSON.stringify(remotes.remotesManifest(env)) : null,
    apiUrl,
    env,
  };
}

// `--proxy-api` may come last with no value; parseArgs wants a string, so give it an empty one.
function normaliseArgs(argv) {
  const args = [...argv];
  const index = args.indexOf('--proxy-api');
  if (index !== -1 && (index === args.length - 1 || args[index + 1].startsWith('--'))) args.splice(index + 1, 0, '');
  return args;
}

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const UNHASHED = new Set(['index.html', 'remoteEntry.js', 'mf-manifest.json', 'mf-stats.json', 'build-stats.json']);
// webpack's [name].[contenthash:8].ext, as written by tools/webpack/create-config.js.
const HASHED = /\.[0-9a-f]{8}\.(?:js|css)(?:\.map)?$/;

function cacheControlFor(pathname) {
  const name = path.posix.basename(pathname);
  if (UNHASHED.has(name) || !HASHED.test(name)) return NO_CACHE;
  return IMMUTABLE;
}

function setCors(res) {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
}

/** The origins (scheme://host[:port]) of the given URLs; unset or unreadable ones are left out. */
function originsOf(urls) {
  const origins = new Set();
  for (const url of urls) {
    if (!url) continue;
    try {
      origins.add(new URL(url.replace(/\{[a-z]\}/g, 'a')).origin);
    } catch {
      // Not a URL: nothing to allow.
    }
  }
  return [...origins];
}

/**
 * Where photos and videos come from besides this origin (the API's /api/v1/media, proxied):
 * S3_PUBLIC_URL, and with S3_BUCKET the bucket's own endpoint, which presigned URLs (delivered
 * videos always) point at, path-style or virtual-hosted as the API signs them.
 */
function mediaOrigins(env) {
  if (!env.S3_BUCKET) return originsOf([env.S3_PUBLIC_URL]);
  const endpoint = env.S3_ENDPOINT || `https://s3.${env.S3_REGION || 'us-east-1'}.amazonaws.com`;
  const pathStyle = /^(1|true|yes|on)$/i.test(env.S3_FORCE_PATH_STYLE ?? '');
  let bucketUrl = endpoint;
  try {
    const url = new URL(endpoint);
    if (!pathStyle) url.hostname = `${env.S3_BUCKET}.${url.hostname}`;
    bucketUrl = url.href;
  } catch {
    // An unreadable endpoint: the API refuses to start with it anyway.
  }
  return originsOf([env.S3_PUBLIC_URL, bucketUrl]);
}

/** A Stripe key other than the embedded sandbox's placeholder: the checkout runs Stripe.js. */
function usesStripe(env) {
  return /^pk_(test|live)_/.test(env.STRIPE_PUBLISHABLE_KEY ?? '');
}

/** The sha256 source expressions of a page's inline <script> and <style> elements, as CSP hashes them. */
export function inlineHashes(html) {
  const hashesOf = (pattern) => [...html.matchAll(pattern)].map((match) => `'sha256-${createHash('sha256').update(match[1], 'utf8').digest('base64')}'`);
  return {
    scripts: hashesOf(/<script(?![^>]*\bsrc=)(?:\s[^>]*)?>([\s\S]*?)<\/script>/gi),
    styles: hashesOf(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/gi),
  };
}

/**
 * The Content-Security-Policy directives of this server's answers. A remote's server answers
 * scripts, styles and manifests only, never a page: nothing may run or be framed in a document
 * of its own. The shell's page runs its own files and the remotes' (their origins from the
 * remotes manifest), the inline scripts and styles it carries (their hashes, res.inlineHashes,
 * set for each page served), and talks to its own origin (the shell calls the API at /api/v1 on
 * its own origin, which this server proxies, streams included) and the remotes (their manifests). Photos and videos come from here, the media origin, data: (the
 * page's icon) and blob: (a chosen photo's preview); map tiles from MAP_TILES_URL when set (the
 * offline basemap draws its own). Third parties only when configured: Stripe.js with a Stripe
 * key; Twilio Video's signalling and media servers with a Twilio account (the embedded video
 * provider signals through the API and its peer connections are not governed by CSP).
 */
export function contentSecurityPolicyOf(config) {
  if (!config.spa) return { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] };
  const env = config.env ?? {};
  const remoteOrigins = originsOf(Object.values(config.remotes ?? {}));
  const media = [...mediaOrigins(env), ...originsOf([env.MAP_TILES_URL])];
  const stripe = usesStripe(env);
  const twilio = Boolean(env.TWILIO_ACCOUNT_SID);
  const inline = (kind) => (_req, res) => (res.inlineHashes?.[kind] ?? []).join(' ');
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remoteOrigins, inline('scripts'), ...(stripe ? ['https://js.stripe.com'] : [])],
    'style-src': ["'self'", ...remoteOrigins, inline('styles')],
    // style="" attributes (the screens' progress bars and the like; Chromium blocks them in the
    // booking journeys otherwise): they cannot run code. <style> elements stay held to the hashes.
    'style-src-attr': ["'unsafe-inline'"],
    'font-src': ["'self'", ...remoteOrigins],
    'img-src': ["'self'", 'data:', 'blob:', ...remoteOrigins, ...media, ...(stripe ? ['https://*.stripe.com'] : [])],
    'media-src': ["'self'", 'blob:', ...media],
    'connect-src': [
      "'self'",
      ...remoteOrigins,
      ...(stripe ? ['https://api.stripe.com'] : []),
      ...(twilio ? ['https://ecs.us1.twilio.com', 'wss://global.vss.twilio.com', 'wss://sdkgw.us1.twilio.com'] : []),
    ],
    'frame-src': stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : ["'none'"],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

// A year, as browsers' preload lists ask.
const HSTS_MAX_AGE_SECONDS = 31_536_000;

/** helmet's middleware for this server: the headers every answer but the proxied API's carries. */
function createSecurityHeaders(config) {
  const middleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicyOf(config) },
    // The shell's origin loads a remote's scripts and styles (no-cors): they must be readable cross-origin.
    crossOriginResourcePolicy: { policy: config.spa ? 'same-origin' : 'cross-origin' },
    // Not no-referrer: under it a browser sends `Origin: null` with a same-origin POST, which the
    // API's Origin check (same-origin-writes) must refuse. Other sites get the origin only.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: /^https:\/\//i.test(config.env?.PUBLIC_APP_URL ?? '') ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  });
  return (req, res, next) => middleware(req, res, () => next());
}

function createApiProxy(target) {
  const proxy = createStreamingProxy({ onError: (error, req) => console.error(`serve-static: ${req.method} ${req.url} -> ${target}: ${error.code || error.message}`) });
  return { web: (req, res) => proxy.web(req, res, { target }) };
}

/** Whether a request path names a file of dist/server/ as the static files are read (decoded, normalised). */
export function isServerBuildPath(pathname) {
  let decoded;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  return path.posix.normalize(decoded.replace(/\\/g, '/')).replace(/^\/+/, '/').startsWith('/server/');
}

/** The shell's server build of its first screen (dist/server/, beside the files this server serves). */
export const FIRST_SCREEN_RENDERER = 'server/first-screen.cjs';

/**
 * The renderer of a guest's first screen, when the shell's build has one and the API is proxied
 * (the screens ask it for their data); null otherwise, and the page is sent as before. A renderer
 * that cannot be loaded is reported and left out: the page still works, rendered in the browser.
 */
function firstScreenRenderer(config) {
  const file = path.join(config.dir, FIRST_SCREEN_RENDERER);
  if (!config.apiUrl || !existsSync(file)) return null;
  try {
    // The remotes' server builds are fetched by this server: from where it reaches them.
    return createRequire(import.meta.url)(file).createFirstScreenRenderer({ apiUrl: config.apiUrl, remotes: config.serverRemotes });
  } catch (error) {
    console.error(`serve-static: ${file} could not be loaded, first screens render in the browser: ${error.message}`);
    return null;
  }
}

function createHandler(config) {
  const sirvFiles = sirv(config.dir, {
    // Each file is looked up when asked for, not listed once at start: a build written over a
    // running server (a remote rebuilt alone, `npm start` beside a build) then answers its new
    // files, and a file gone answers 404. Listed once, a gone file was opened anyway and its
    // stream's ENOENT stopped the process. Hashed files keep their year-long caching (setHeaders).
    dev: true,
    etag: true,
    // The build writes name.gz beside each text asset (tools/webpack/create-config.js).
    gzip: true,
    brotli: false,
    single: config.spa,
    setHeaders: (res, pathname) => {
      setCors(res);
      res.setHeader('Cache-Control', cacheControlFor(pathname));
    },
  });
  /**
   * A file as sirv serves it, hardened for files that change under a running server: a file gone
   * between its lookup and its read ends that answer (404, or the connection closed once headers
   * went out) instead of an unhandled stream error stopping the process; and no dot-file, which
   * sirv's per-request lookup would otherwise serve.
   */
  const serveFiles = (req, res, next) => {
    const raw = (req.url || '/').split('?')[0];
    if (/(^|\/)(\.|%2e)/i.test(raw)) {
      next();
      return;
    }
    res.once('pipe', (stream) =>
      stream.once('error', () => {
        if (res.headersSent) res.destroy();
        else notFound(res);
      }),
    );
    try {
      sirvFiles(req, res, next);
    } catch {
      if (res.headersSent) res.destroy();
      else next();
    }
  };
  const proxy = config.apiUrl ? createApiProxy(config.apiUrl) : null;
  const secure = createSecurityHeaders(config);
  const indexFile = path.join(config.dir, 'index.html');
  const templateHashes = config.spa && existsSync(indexFile) ? inlineHashes(readFileSync(indexFile, 'utf8')) : null;
  const firstScreen =
    config.spa && config.remotes && existsSync(indexFile)
      ? createFirstScreen({
          template: readFileSync(indexFile, 'utf8'),
          remotes: config.remotes,
          serverRemotes: config.serverRemotes,
          apiUrl: config.apiUrl,
          hintCookie: SESSION_HINT_COOKIE,
          remoteForRole,
          shell: shellFiles(readJsonIfPresent(path.join(config.dir, 'build-stats.json')), readJsonIfPresent(path.join(config.dir, 'mf-manifest.json'))),
          renderer: firstScreenRenderer(config),
          readShellFile: (file) => readFileSync(path.join(config.dir, path.posix.normalize(file)), 'utf8'),
        })
      : null;

  /** The shell's page: a client-side route (no file extension) or the root, rendered with its first screen. */
  const servePage = async (req, res, pathname) => {
    let page;
    try {
      page = await firstScreen({
        pathname,
        search: new URL(req.url || '/', 'http://localhost').search,
        cookie: req.headers.cookie,
        // As the API proxy forwards it (http-proxy's xfwd): what came in, then this connection's peer.
        forwardedFor: [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', '),
      });
    } catch (error) {
      console.error(`serve-static: the first screen of ${pathname} failed: ${error.message}`);
      return false;
    }
    // The policy allows exactly the inline scripts and styles this page carries.
    res.inlineHashes = inlineHashes(page.html);
    await new Promise((resolve) => {
      secure(req, res, resolve);
    });
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] || ''));
    const body = gzip ? gzipSync(page.html) : Buffer.from(page.html);
    // A page carrying a visitor's account is theirs alone: no shared cache keeps it.
    if (!page.personal) setCors(res);
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': page.personal ? 'private, no-store' : NO_CACHE,
      // What the page carries depends on whether the visitor has a session.
      Vary: 'Cookie, Accept-Encoding',
      ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
      // The first photos, asked for as the browser commits the page rather than when it parses it.
      ...(page.links?.length ? { Link: page.links.join(', ') } : {}),
      'Content-Length': body.length,
    });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  };

  return (req, res) => {
    const pathname = new URL(req.url || '/', 'http://localhost').pathname;
    // The API sends its own security headers.
    if (proxy && (pathname === '/api' || pathname.startsWith('/api/'))) {
      proxy.web(req, res);
      return;
    }
    // index.html as it is built (a file, a client-side route without a first screen) keeps its inline
    // style; a rendered page allows what it carries instead (servePage).
    if (templateHashes) res.inlineHashes = templateHashes;
    const isPage = (req.method === 'GET' || req.method === 'HEAD') && (pathname === '/' || pathname === '/index.html' || !path.posix.basename(pathname).includes('.') || firstScreenOf(pathname).kind === 'profile');
    if (firstScreen && isPage) {
      servePage(req, res, pathname).then(
        (served) => {
          if (!served) secure(req, res, () => serveFiles(req, res, () => notFound(res)));
        },
        // Whatever a page's answer could not be written with (a header value Node refuses): that
        // visitor gets an error, and the server stays up for the next.
        (error) => {
          console.error(`serve-static: the page ${pathname} could not be sent: ${error.message}`);
          if (res.headersSent) res.destroy();
          else {
            res.writeHead(500, { 'Content-Type': 'text/plain', 'Cache-Control': NO_CACHE });
            res.end('The page could not be sent.');
          }
        },
      );
      return;
    }
    secure(req, res, () => serveStatic(req, res, pathname));
  };

  /** Everything but the shell's rendered page and the API: preflights, the remotes manifest, files. */
  function serveStatic(req, res, pathname) {
    if (req.method === 'OPTIONS') {
      setCors(res);
      res.writeHead(204);
      res.end();
      return;
    }
    // The shell's server build runs here; it is nothing to download. (A remote's dist/server/app.cjs
    // is served: the shell's server fetches it from where the remote is deployed.)
    // Judged on the path as the file server reads it too: URL() takes '//server/x' for a host.
    if (config.spa && (isServerBuildPath(pathname) || isServerBuildPath((req.url || '/').split('?')[0]))) {
      notFound(res);
      return;
    }
    if (config.remotesJson && pathname === '/remotes.json') {
      setCors(res);
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': NO_CACHE });
      res.end(req.method === 'HEAD' ? undefined : config.remotesJson);
      return;
    }
    serveFiles(req, res, () => notFound(res));
  }
}

function readJsonIfPresent(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function notFound(res) {
  setCors(res);
  res.writeHead(404, { 'Content-Type': 'text/plain', 'Cache-Control': NO_CACHE });
  res.end('Not found');
}

function main() {
  let config;
  try {
    config = readConfig(normaliseArgs(process.argv.slice(2)), process.env);
  } catch (error) {
    console.error(error.message);
    process.exit(2);
  }
  const server = http.createServer(createHandler(config));

  const shutdown = (signal) => {
    server.close(() => process.exit(0));
    // Long-lived connections (the notification stream, keep-alive sockets) must not hold the exit.
    server.closeAllConnections();
    setTimeout(() => {
      console.error(`serve-static: forced exit after ${signal}`);
      process.exit(1);
    }, 5000).unref();
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  server.on('error', (error) => {
    console.error(`serve-static: ${error.message}`);
    process.exit(1);
  });
  server.listen(config.port, () => {
    const extras = [config.spa && 'spa', config.remotesJson && 'remotes.json', config.apiUrl && `/api -> ${config.apiUrl}`];
    console.log(`serve-static: http://localhost:${config.port} serving ${path.relative(process.cwd(), config.dir) || '.'}${extras.filter(Boolean).map((e) => `, ${e}`).join('')}`);
  });
}

main();
