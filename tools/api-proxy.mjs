#!/usr/bin/env node
// A small round-robin reverse proxy in front of several API hosts on one database (issue 25,
// scale-out): what `npm start -- --instances 2` puts on the API's usual port.
//
//   node tools/api-proxy.mjs --port 3000 --upstream http://127.0.0.1:3001 --upstream http://127.0.0.1:3002
//   API_PROXY_UPSTREAMS=http://127.0.0.1:3001,http://127.0.0.1:3002 PORT=3000 node tools/api-proxy.mjs
//
// --port        where it listens (default: PORT or 3000); --host (default: HOST or 0.0.0.0)
// --upstream    an API host, repeated (or API_PROXY_UPSTREAMS, comma-separated)
//
// Each request goes to the next host in turn; a host that refuses a connection is left out for
// DOWN_MS, and the request goes to the next host when it carries no body (a body already read
// cannot be sent twice: such a request answers 502 in the API's envelope).
// Both directions stream unbuffered: uploads go up as they arrive, server-sent events come down
// as they are written. X-Forwarded-For gets the client's address appended (X-Forwarded-Proto,
// -Host and -Port set), so the API (which trusts loopback proxies by default, TRUST_PROXY) counts
// rate limits per client, whichever host serves it. Every answer names its host in
// X-Huddle-Upstream. GET /proxy-health answers each host's health (200 while one answers).
import http from 'node:http';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import httpProxy from 'http-proxy';

const DOWN_MS = 5_000;
const HEALTH_TIMEOUT_MS = 2_000;
export const UPSTREAM_HEADER = 'x-huddle-upstream';

/** The API's own error envelope, so clients show their usual message for an unavailable service. */
const UNAVAILABLE = JSON.stringify({
  status_response: { status: 502, response_message: 'The service is temporarily unavailable', response_internal_code: 1503 },
});

/**
 * An http-proxy that streams both ways and keeps streams open (no timeouts), ends the upstream
 * request when the client leaves, and answers a failed request with the envelope (a started
 * answer, or an upgrade, is cut). `onError(error, req, target)` hears of each failure.
 */
export function createStreamingProxy({ onError = () => undefined } = {}) {
  const proxy = httpProxy.createProxyServer({
    // Keep the client's Host so the API sees the origin it was called on (cookies, redirects).
    changeOrigin: false,
    xfwd: true,
    // The notification stream stays open for hours: no proxy timeout.
    proxyTimeout: 0,
    timeout: 0,
  });
  proxy.on('proxyReq', (proxyReq, _req, res) => {
    // A client that leaves ends its upstream request too, or every closed tab would keep a
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
  proxy.on('error', (error, req, res, target) => {
    onError(error, req, String(target ?? ''));
    answerUnavailable(res);
  });
  return proxy;
}

/** A failed proxied request: the envelope, or, for a started answer or an upgrade's socket, the connection cut. */
function answerUnavailable(res) {
  if (!(res instanceof http.ServerResponse) || res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(502, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' });
  res.end(UNAVAILABLE);
}

/** Whether a request can go to another host after a refused connection: it has no body to have lost. */
function replayable(req) {
  const length = Number(req.headers['content-length'] ?? 0);
  return req.headers['transfer-encoding'] === undefined && length === 0;
}

/** Whether `url`'s API answers its health check within HEALTH_TIMEOUT_MS. */
async function healthOf(url) {
  try {
    const response = await fetch(`${url}/api/v1/health`, { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) });
    return response.ok ? 'up' : `answered ${response.status}`;
  } catch (error) {
    return `unreachable (${error.cause?.code ?? error.name})`;
  }
}

/**
 * The round-robin handler over `upstreams` (base URLs): requests in turn, a refusing host left out
 * for a while, /proxy-health. `served` counts the requests each host was given.
 */
export function createApiProxy(upstreams, { log = (line) => console.error(line) } = {}) {
  if (upstreams.length === 0) throw new Error('The proxy needs at least one upstream');
  const downUntil = new Map(upstreams.map((url) => [url, 0]));
  const served = new Map(upstreams.map((url) => [url, 0]));
  let next = 0;
  const proxy = createStreamingProxy();
  proxy.on('proxyRes', (proxyRes, req) => {
    proxyRes.headers[UPSTREAM_HEADER] = req.upstream;
  });

  /** The next host in turn that is not known to be down (all down: the next in turn anyway). */
  const pick = () => {
    const now = Date.now();
    for (let tried = 0; tried < upstreams.length; tried += 1) {
      const url = upstreams[next];
      next = (next + 1) % upstreams.length;
      if (downUntil.get(url) <= now) return url;
    }
    const url = upstreams[next];
    next = (next + 1) % upstreams.length;
    return url;
  };

  const health = async (res) => {
    const states = await Promise.all(upstreams.map(async (url) => ({ url, state: await healthOf(url), served: served.get(url) })));
    const up = states.some((entry) => entry.state === 'up');
    res.writeHead(up ? 200 : 503, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' });
    res.end(JSON.stringify({ status: up ? 'ok' : 'down', upstreams: states }));
  };

  const handler = (req, res) => {
    if (req.url === '/proxy-health') {
      void health(res);
      return;
    }
    // X-Forwarded-* are appended to on each attempt: a retry starts from what the client sent.
    forward(req, res, 1, { ...req.headers });
  };
  /** To the next host; a refused connection leaves that host out, and a request without a body tries the next one. */
  const forward = (req, res, attempt, headers) => {
    req.headers = { ...headers };
    const upstream = pick();
    served.set(upstream, served.get(upstream) + 1);
    req.upstream = upstream;
    proxy.web(req, res, { target: upstream }, (error) => {
      log(`api-proxy: ${req.method} ${req.url} -> ${upstream}: ${error.code || error.message}`);
      // Refused or unreachable: the host is down (or restarting); the others take its turns.
      const down = ['ECONNREFUSED', 'EHOSTUNREACH'].includes(error.code);
      if (down) downUntil.set(upstream, Date.now() + DOWN_MS);
      if (down && attempt < upstreams.length && !res.headersSent && replayable(req)) forward(req, res, attempt + 1, headers);
      else answerUnavailable(res);
    });
  };
  const upgrade = (req, socket, head) => {
    const upstream = pick();
    req.upstream = upstream;
    proxy.ws(req, socket, head, { target: upstream });
  };
  return { handler, upgrade, served };
}

/** Starts the proxy on `port` (0: any free one); answers its server and URL. */
export async function startApiProxy({ upstreams, port, host = '127.0.0.1', log }) {
  const { handler, upgrade, served } = createApiProxy(upstreams, { log });
  const server = http.createServer(handler);
  server.on('upgrade', upgrade);
  // Uploads may take longer than Node's default five minutes to arrive; the API bounds its own.
  server.requestTimeout = 0;
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  const close = () =>
    new Promise((resolve) => {
      server.close(() => resolve());
      // Long-lived connections (the notification stream, keep-alive sockets) must not hold it open.
      server.closeAllConnections();
    });
  return { server, url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${address.port}`, served, close };
}

function readConfig(argv, env) {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      upstream: { type: 'string', multiple: true },
    },
    strict: true,
  });
  const upstreams = (values.upstream?.length ? values.upstream : (env.API_PROXY_UPSTREAMS ?? '').split(','))
    .map((url) => url.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  for (const url of upstreams) if (!/^https?:\/\/[^/]+$/.test(url)) throw new Error(`An upstream is a base URL (http://host:port), not ${url}`);
  if (upstreams.length === 0) throw new Error('Usage: api-proxy.mjs --port <port> --upstream <url> [--upstream <url> ...] (or API_PROXY_UPSTREAMS)');
  const port = Number(values.port ?? env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0) throw new Error(`--port must be a port number, not ${values.port}`);
  return { upstreams, port, host: values.host ?? env.HOST ?? '0.0.0.0' };
}

async function main() {
  let config;
  try {
    config = readConfig(process.argv.slice(2), process.env);
  } catch (error) {
    console.error(error.message);
    process.exit(2);
  }
  const proxy = await startApiProxy(config);
  const shutdown = () => {
    void proxy.close().then(() => process.exit(0));
    setTimeout(() => process.exit(1), 5000).unref();
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  console.log(`api-proxy: http://${config.host}:${proxy.server.address().port} -> ${config.upstreams.join(', ')} (round robin)`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(`api-proxy: ${error.message}`);
    process.exit(1);
  });
}
