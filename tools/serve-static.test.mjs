// The production static server, exercised over real HTTP: SPA fallback, the deploy-time remotes
// manifest, cache headers, CORS for remotes, and the /api proxy (streaming included).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const here = new URL('.', import.meta.url).pathname;
const dist = mkdtempSync(join(tmpdir(), 'huddle-serve-'));
let api;
let apiPort;
let server;
const port = 4390;

async function waitFor(url) {
  for (let i = 0; i < 100; i += 1) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error(`${url} never answered`);
}

before(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>shell</title>');
  writeFileSync(join(dist, 'main.0123abcd.js'), 'console.log(1)');
  writeFileSync(join(dist, 'remoteEntry.js'), 'var fan;');
  api = http.createServer((req, res) => {
    if (req.url === '/api/v1/stream') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: first\n\n');
      setTimeout(() => res.end('data: second\n\n'), 200);
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ path: req.url, method: req.method }));
  });
  await new Promise((r) => api.listen(0, '127.0.0.1', r));
  apiPort = api.address().port;
  server = spawn(
    process.execPath,
    [join(here, 'serve-static.mjs'), '--dir', dist, '--port', String(port), '--spa', '--manifest', '--proxy-api', `http://127.0.0.1:${apiPort}`],
    { env: { ...process.env, HUDDLE_REMOTE_FAN_URL: 'https://cdn.example/fan/mf-manifest.json' }, stdio: 'ignore' },
  );
  await waitFor(`http://localhost:${port}/`);
});

after(async () => {
  server?.kill('SIGTERM');
  api?.close();
  rmSync(dist, { recursive: true, force: true });
});

test('answers client-side routes with index.html, revalidated on every load', async () => {
  const res = await fetch(`http://localhost:${port}/request/@abc?tab=1`);
  assert.equal(res.status, 200);
  assert.match(await res.text(), /<title>shell<\/title>/);
  assert.equal(res.headers.get('cache-control'), 'no-cache');
});

test('serves the remotes manifest from the environment, with defaults for the rest', async () => {
  const manifest = await (await fetch(`http://localhost:${port}/remotes.json`)).json();
  assert.equal(manifest.fan, 'https://cdn.example/fan/mf-manifest.json');
  assert.equal(manifest.athlete, 'http://localhost:4202/mf-manifest.json');
  assert.equal(manifest.admin, 'http://localhost:4204/mf-manifest.json');
});

test('caches hashed files for a year and names nothing else immutable', async () => {
  const hashed = await fetch(`http://localhost:${port}/main.0123abcd.js`);
  assert.match(hashed.headers.get('cache-control'), /immutable/);
  const entry = await fetch(`http://localhost:${port}/remoteEntry.js`);
  assert.equal(entry.headers.get('cache-control'), 'no-cache');
  assert.equal(entry.headers.get('access-control-allow-origin'), '*');
});

test('proxies /api to the API, keeping method and path', async () => {
  const res = await fetch(`http://localhost:${port}/api/v1/user/accounts?x=1`, { method: 'PUT', body: '{}' });
  assert.deepEqual(await res.json(), { path: '/api/v1/user/accounts?x=1', method: 'PUT' });
});

test('streams server-sent events through without buffering them', async () => {
  const res = await fetch(`http://localhost:${port}/api/v1/stream`);
  const reader = res.body.getReader();
  const first = new TextDecoder().decode((await reader.read()).value);
  assert.match(first, /first/);
  let rest = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    rest += new TextDecoder().decode(value);
  }
  assert.match(rest, /second/);
});
