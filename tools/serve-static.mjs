#!/usr/bin/env node
// Production static server for the shell (4200) and the role remotes (4201-4204).
//
//   node tools/serve-static.mjs --dir apps/shell/dist --port 4200 --spa --manifest [--proxy-api [URL]]
//   node tools/serve-static.mjs --dir apps/fan-mfe/dist --port 4201
//
// --spa        unknown paths answer index.html (the shell's client-side routes)
// --manifest   GET /remotes.json lists the remotes' manifest URLs from HUDDLE_REMOTE_*_URL, and the
//              shell's page carries them inline with its first screen's preloads (first-screen.mjs)
// --proxy-api  /api/* is proxied to URL (default: API_URL or http://localhost:3000), streams included
//
// Precompressed twins (name.gz) are sent to browsers that accept gzip. Every static answer
// carries CORS headers (the shell's origin loads the remotes' files). Files
// whose name changes with their content are cached for a year; the files that name them
// (index.html, remoteEntry.js, mf-manifest.json, remotes.json) are revalidated on every load.
import http from 'node:http';
import path from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import sirv from 'sirv';
import httpProxy from 'http-proxy';
import remotes from './remotes-manifest.cjs';
import { createFirstScreen, firstScreenOf, shellFiles } from './first-screen.mjs';

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
    remotesJson: values.manifest ? JSON.stringify(remotes.remotesManifest(env)) : null,
    apiUrl,
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

function createApiProxy(target) {
  const proxy = httpProxy.createProxyServer({
    target,
    // Keep the browser's Host so the API sees the shell's origin (cookies, redirects).
    changeOrigin: false,
    xfwd: true,
    // The notification stream stays open for hours: no proxy timeout.
    proxyTimeout: 0,
    timeout: 0,
  });
  proxy.on('proxyReq', (proxyReq, _req, res) => {
    // A browser that leaves ends its upstream request too, or every closed tab would keep a
    // notification stream open on the API (http-proxy only notices aborted uploads).
    res.on('close', () => {
      if (!res.writableFinished) proxyReq.destroy();
    });
  });
  proxy.on('proxyRes', (proxyRes) => {
    // Server-sent events must reach the browser as they are written.
    if (String(proxyRes.headers['content-type'] || '').startsWith('text/event-stream')) {
      proxyRes.headers['cache-control'] = 'no-cache';
      proxyRes.headers['x-accel-buffering'] = 'no';
    }
  });
  proxy.on('error', (error, req, res) => {
    // An upgrade request's res is a socket, and a stream that already started cannot change its
    // status: both are cut. Other requests get the API's error envelope.
    if (!(res instanceof http.ServerResponse) || res.headersSent) {
      res.destroy();
      return;
    }
    console.error(`serve-static: ${req.method} ${req.url} -> ${target}: ${error.code || error.message}`);
    res.writeHead(502, { 'Content-Type': 'application/json', 'Cache-Control': NO_CACHE });
    // The API's own error envelope, so clients show their usual message for an unavailable service.
    res.end(
      JSON.stringify({
        status_response: { status: 502, response_message: 'The service is temporarily unavailable', response_internal_code: 1503 },
      }),
    );
  });
  return proxy;
}

function createHandler(config) {
  const serveFiles = sirv(config.dir, {
    dev: false,
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
  const proxy = config.apiUrl ? createApiProxy(config.apiUrl) : null;
  const indexFile = path.join(config.dir, 'index.html');
  const firstScreen =
    config.spa && config.remotes && existsSync(indexFile)
      ? createFirstScreen({
          template: readFileSync(indexFile, 'utf8'),
          remotes: config.remotes,
          apiUrl: config.apiUrl,
          hintCookie: SESSION_HINT_COOKIE,
          remoteForRole,
          shell: shellFiles(readJsonIfPresent(path.join(config.dir, 'build-stats.json')), readJsonIfPresent(path.join(config.dir, 'mf-manifest.json'))),
        })
      : null;

  /** The shell's page: a client-side route (no file extension) or the root, rendered with its first screen. */
  const servePage = async (req, res, pathname) => {
    let page;
    try {
      page = await firstScreen({ pathname, cookie: req.headers.cookie });
    } catch (error) {
      console.error(`serve-static: the first screen of ${pathname} failed: ${error.message}`);
      return false;
    }
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
      'Content-Length': body.length,
    });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  };

  return (req, res) => {
    const pathname = new URL(req.url || '/', 'http://localhost').pathname;
    if (proxy && (pathname === '/api' || pathname.startsWith('/api/'))) {
      proxy.web(req, res);
      return;
    }
    if (req.method === 'OPTIONS') {
      setCors(res);
      res.writeHead(204);
      res.end();
      return;
    }
    if (config.remotesJson && pathname === '/remotes.json') {
      setCors(res);
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': NO_CACHE });
      res.end(req.method === 'HEAD' ? undefined : config.remotesJson);
      return;
    }
    const isPage = (req.method === 'GET' || req.method === 'HEAD') && (pathname === '/' || pathname === '/index.html' || !path.posix.basename(pathname).includes('.') || firstScreenOf(pathname).kind === 'profile');
    if (firstScreen && isPage) {
      void servePage(req, res, pathname).then((served) => {
        if (!served) serveFiles(req, res, () => notFound(res));
      });
      return;
    }
    serveFiles(req, res, () => notFound(res));
  };
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
