// The production static server, exercised over real HTTP: SPA fallback, the deploy-time remotes
// manifest, cache headers, CORS for remotes, the /api proxy (streaming included) and the security
// headers (the shell's Content-Security-Policy against the page it actually serves).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { photoPreload, photoPreloadHeader, shellFiles } from './first-screen.mjs';
import remotes from './remotes-manifest.cjs';

const here = new URL('.', import.meta.url).pathname;
const dist = mkdtempSync(join(tmpdir(), 'huddle-serve-'));
let api;
let apiPort;
let server;
let searches = 0;
const port = 4390;
const FAN_MANIFEST = {
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [{ name: 'App', path: './App', assets: { js: { sync: ['__federation_expose_App.abc.js'], async: ['later.js'] }, css: { sync: ['app.abc.css'], async: [] } } }],
};

/** The page's inline boot data (window.__HUDDLE_BOOT__), parsed as the browser would. */
function bootOf(html) {
  const match = /<script>window\.__HUDDLE_BOOT__=(.*?)<\/script>/.exec(html);
  assert.ok(match, 'the page carries its boot data');
  return JSON.parse(match[1]);
}

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
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>shell</title><style>body { margin: 0; }</style></head><body></body></html>');
  writeFileSync(join(dist, 'main.0123abcd.js'), 'console.log(1)');
  writeFileSync(join(dist, 'remoteEntry.js'), 'var fan;');
  // A server build of the first screen, as the shell's build writes it (it renders nothing here:
  // the page this test serves has no placeholder to fill; first-screen.test.mjs renders).
  mkdirSync(join(dist, 'server'));
  // With RENDERER_OPTIONS_FILE it writes down the remotes it was handed (where it fetches their server builds).
  writeFileSync(
    join(dist, 'server/first-screen.cjs'),
    "exports.createFirstScreenRenderer = (options) => { if (process.env.RENDERER_OPTIONS_FILE) require('fs').writeFileSync(process.env.RENDERER_OPTIONS_FILE, JSON.stringify(options.remotes)); return { deadlineMs: 1500, render: async () => null }; };",
  );
  writeFileSync(join(dist, 'build-stats.json'), JSON.stringify({ chunkGroups: { bootstrap: ['379.aaaa1111.js', 'bootstrap.bbbb2222.js'], 'signed-out': ['signed-out.cccc3333.js'] } }));
  writeFileSync(join(dist, 'mf-manifest.json'), JSON.stringify({ shared: [{ name: 'react', assets: { js: { sync: ['41.dddd4444.js'] }, css: { sync: [] } } }] }));
  api = http.createServer((req, res) => {
    if (req.url === '/api/v1/stream') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: first\n\n');
      setTimeout(() => res.end('data: second\n\n'), 200);
      return;
    }
    if (req.url === '/fan/mf-manifest.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(FAN_MANIFEST));
      return;
    }
    if (req.url === '/api/v1/public/athletes/search?field=name&page=1&page_size=20') {
      searches += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ athletes: [{ athlete_id: 'a1', first_name: '</script><script>alert(1)</script>', dashboard_photo: '/media/images/a1.jpg' }, { athlete_id: 'a2', profile_photo: 'media/images/a2.jpg' }], total: 2 }));
      return;
    }
    if (req.url === '/api/v1/user/accounts' && /huddle_session=good/.test(req.headers.cookie || '')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ account: { id: 'u1', user_type: 1, first_name: 'Riley' } }));
      return;
    }
    if (req.url === '/api/v1/public/athletes?username=jordan.miles') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ athlete: { username: 'jordan.miles', dashboard_photo: '/media/images/jm.jpg' } }));
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
    { env: { ...process.env, HUDDLE_REMOTE_FAN_URL: `http://127.0.0.1:${apiPort}/fan/mf-manifest.json` }, stdio: 'ignore' },
  );
  await waitFor(`http://localhost:${port}/`);
});

/** Another server of this file's own (a remote, a shell with other settings), stopped after the tests. */
const others = [];
async function freePort() {
  const probe = http.createServer();
  await new Promise((r) => probe.listen(0, r));
  const { port: free } = probe.address();
  await new Promise((r) => probe.close(r));
  return free;
}

async function startServer(args, env) {
  const serverPort = await freePort();
  const child = spawn(process.execPath, [join(here, 'serve-static.mjs'), '--dir', dist, '--port', String(serverPort), ...args], { env: { ...process.env, ...env }, stdio: 'ignore' });
  others.push(child);
  await waitFor(`http://localhost:${serverPort}/`);
  return `http://localhost:${serverPort}`;
}

/** A Content-Security-Policy header as { directive: [sources] }. */
function policyOf(response) {
  const header = response.headers.get('content-security-policy');
  assert.ok(header, 'the answer carries a Content-Security-Policy');
  return Object.fromEntries(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

/** The sha256 source expression of every inline element of this kind, as the browser hashes it. */
function hashesIn(html, tag) {
  const pattern = new RegExp(`<${tag}(?![^>]*\\bsrc=)(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'gi');
  return [...html.matchAll(pattern)].map((match) => `'sha256-${createHash('sha256').update(match[1], 'utf8').digest('base64')}'`);
}

function assertCommonHeaders(response) {
  assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
  assert.equal(response.headers.get('referrer-policy'), 'strict-origin-when-cross-origin');
  assert.equal(response.headers.get('x-frame-options'), 'DENY');
  assert.equal(response.headers.get('x-powered-by'), null);
}

after(async () => {
  for (const child of others) child.kill('SIGTERM');
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
  assert.equal(manifest.fan, `http://127.0.0.1:${apiPort}/fan/mf-manifest.json`);
  assert.equal(manifest.athlete, 'http://localhost:4202/mf-manifest.json');
  assert.equal(manifest.admin, 'http://localhost:4204/mf-manifest.json');
});

test("the shell's server reaches a remote at HUDDLE_REMOTE_*_SERVER_URL when set, else where the browser does", () => {
  const env = { HUDDLE_REMOTE_FAN_URL: 'http://localhost:4201/mf-manifest.json', HUDDLE_REMOTE_FAN_SERVER_URL: 'http://remote-fan:4201/mf-manifest.json' };
  assert.equal(remotes.remotesManifest(env).fan, 'http://localhost:4201/mf-manifest.json');
  const server = remotes.serverRemotesManifest(env);
  assert.equal(server.fan, 'http://remote-fan:4201/mf-manifest.json');
  assert.equal(server.athlete, 'http://localhost:4202/mf-manifest.json');
});

test("the first screen's renderer fetches the remotes' server builds where the shell's server reaches them", async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'huddle-renderer-')), 'remotes.json');
  const serverUrl = `http://127.0.0.1:${apiPort}/fan/mf-manifest.json`;
  const shell = await startServer(['--spa', '--manifest', '--proxy-api', `http://127.0.0.1:${apiPort}`], {
    HUDDLE_REMOTE_FAN_URL: 'http://fan.localhost:4201/mf-manifest.json',
    HUDDLE_REMOTE_FAN_SERVER_URL: serverUrl,
    RENDERER_OPTIONS_FILE: file,
  });
  assert.equal(JSON.parse(readFileSync(file, 'utf8')).fan, serverUrl);
  // The browser is still told the browser's address.
  assert.equal((await (await fetch(`${shell}/remotes.json`)).json()).fan, 'http://fan.localhost:4201/mf-manifest.json');
});

test('a file removed or added under the running server answers 404 or the file: it never stops the server', async () => {
  writeFileSync(join(dist, 'later.5555eeee.js'), 'console.log(2)');
  writeFileSync(join(dist, 'later.5555eeee.js.gz'), gzipSync('console.log(2)'));
  const added = await fetch(`http://localhost:${port}/later.5555eeee.js`, { headers: { 'accept-encoding': 'gzip' } });
  assert.equal(added.status, 200);
  assert.equal(await added.text(), 'console.log(2)');
  rmSync(join(dist, 'later.5555eeee.js.gz'));
  rmSync(join(dist, 'later.5555eeee.js'));
  const gone = await fetch(`http://localhost:${port}/later.5555eeee.js`, { headers: { 'accept-encoding': 'gzip' } });
  assert.equal(gone.status, 404);
  assert.equal((await fetch(`http://localhost:${port}/main.0123abcd.js`)).status, 200);
  // Looked up per request, a dot-file is still nothing to download.
  writeFileSync(join(dist, '.env'), 'SECRET=1');
  for (const spelling of ['/.env', '/%2eenv', '/assets/../.env']) {
    // (A path with no dot in its last segment is a page: the shell answers it, never the file.)
    const hidden = await fetch(`http://localhost:${port}${spelling}`);
    assert.doesNotMatch(await hidden.text(), /SECRET/, spelling);
  }
  rmSync(join(dist, '.env'));
});

test('caches hashed files for a year and names nothing else immutable', async () => {
  const hashed = await fetch(`http://localhost:${port}/main.0123abcd.js`);
  assert.match(hashed.headers.get('cache-control'), /immutable/);
  const entry = await fetch(`http://localhost:${port}/remoteEntry.js`);
  assert.equal(entry.headers.get('cache-control'), 'no-cache');
  assert.equal(entry.headers.get('access-control-allow-origin'), '*');
});

test("keeps the shell's server build to itself; a remote serves its own for the shell's server to fetch", async () => {
  for (const spelling of ['/server/first-screen.cjs', '/%73erver/first-screen.cjs', '/assets/../server/first-screen.cjs', '//server/first-screen.cjs', '/server%2Ffirst-screen.cjs']) {
    const shell = await fetch(`http://localhost:${port}${spelling}`);
    assert.deepEqual([spelling, shell.status], [spelling, 404]);
    assert.doesNotMatch(await shell.text(), /createFirstScreenRenderer/);
  }
  const remote = await startServer([]);
  const served = await fetch(`${remote}/server/first-screen.cjs`);
  assert.equal(served.status, 200);
  assert.match(await served.text(), /createFirstScreenRenderer/);
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

test("a guest's page carries the remotes, the first page of athletes and preloads of the fan remote and the first photos", async () => {
  const res = await fetch(`http://localhost:${port}/`);
  assert.equal(res.headers.get('cache-control'), 'no-cache');
  assert.match(res.headers.get('vary'), /Cookie/);
  const html = await res.text();
  // Hostile data cannot end the script.
  assert.doesNotMatch(html, /<\/script><script>alert/);
  const boot = bootOf(html);
  assert.equal(boot.remotes.fan, `http://127.0.0.1:${apiPort}/fan/mf-manifest.json`);
  const answer = boot.answers['/api/v1/public/athletes/search?field=name&page=1&page_size=20'];
  assert.equal(answer.athletes[0].first_name, '</script><script>alert(1)</script>');
  const fan = `http://127.0.0.1:${apiPort}/fan/`;
  for (const href of [`${fan}mf-manifest.json`, `${fan}remoteEntry.js`, `${fan}__federation_expose_App.abc.js`, `${fan}app.abc.css`]) {
    assert.ok(html.includes(`href="${href}"`), `preloads ${href}`);
  }
  assert.ok(!html.includes('later.js'), 'only what the first screen runs is preloaded');
  assert.deepEqual(boot.preloaded, ['fan']);
  // The cards' <picture>: their WebP copies, as the srcset and sizes the card renders pick one.
  assert.ok(
    html.includes(
      '<link rel="preload" as="image" type="image/webp" fetchpriority="high" imagesrcset="/api/v1/media/images/a1-w160.webp 160w, /api/v1/media/images/a1.webp 320w" imagesizes="(min-width: 960px) 220px, (min-width: 640px) 31vw, 50vw">',
    ),
  );
  assert.ok(html.includes('imagesrcset="/api/v1/media/images/a2-w160.webp 160w, /api/v1/media/images/a2.webp 320w"'));
  assert.ok(!html.includes('href="/api/v1/media/images/a1.jpg"'), 'the JPEG only for browsers without WebP, from the <img>');
  // The same preloads in the Link header, which the browser acts on before it parses the page.
  assert.equal(
    res.headers.get('link'),
    [1, 2]
      .map(
        (n) =>
          `</api/v1/media/images/a${n}.webp>; rel=preload; as=image; type="image/webp"; fetchpriority=high`,
      )
      .join(', '),
  );
});

test('the answer is read once for many guests in a few seconds; a shared profile link carries its profile', async () => {
  const before = searches;
  await Promise.all([1, 2, 3].map(() => fetch(`http://localhost:${port}/dashboard`).then((r) => r.text())));
  assert.ok(searches - before <= 1);
  const profile = await (await fetch(`http://localhost:${port}/@jordan.miles`)).text();
  const boot = bootOf(profile);
  assert.equal(boot.answers['/api/v1/public/athletes?username=jordan.miles'].athlete.username, 'jordan.miles');
  // No intro video: the portrait's <picture>, at the portrait's sizes.
  assert.ok(profile.includes('imagesrcset="/api/v1/media/images/jm-w160.webp 160w, /api/v1/media/images/jm.webp 320w" imagesizes="(min-width: 900px) 340px, 100vw"'));
  const head = await fetch(`http://localhost:${port}/@jordan.miles`, { method: 'HEAD' });
  assert.equal(head.headers.get('link'), '</api/v1/media/images/jm.webp>; rel=preload; as=image; type="image/webp"; fetchpriority=high');
  // The services page (/p/@) carries the same profile but not its portrait: nothing preloaded.
  const services = await fetch(`http://localhost:${port}/p/@jordan.miles`);
  const servicesHtml = await services.text();
  assert.equal(bootOf(servicesHtml).answers['/api/v1/public/athletes?username=jordan.miles'].athlete.username, 'jordan.miles');
  assert.ok(!/as="image"/.test(servicesHtml));
  assert.equal(services.headers.get('link'), null);
});

test("a photo's preload asks for what the screen will show", () => {
  // An intro video's poster is the JPEG itself; photos the API did not store have no copies.
  assert.equal(photoPreload('/media/images/jm.jpg', null), '<link rel="preload" as="image" fetchpriority="high" href="/api/v1/media/images/jm.jpg">');
  assert.equal(
    photoPreload('https://cdn.example.com/media/images/jm.jpg', '50vw'),
    '<link rel="preload" as="image" fetchpriority="high" href="https://cdn.example.com/media/images/jm.jpg">',
  );
  // The Link header's form of the same; a URL a header cannot carry as it is gets the tag alone.
  assert.equal(photoPreloadHeader('/media/images/jm.jpg', null), '</api/v1/media/images/jm.jpg>; rel=preload; as=image; fetchpriority=high');
  assert.equal(photoPreloadHeader('https://cdn.example.com/a b>.jpg', null), null);
  assert.equal(photoPreloadHeader('https://cdn.example.com/a"b.jpg', null), null);
  // A line break would end the header (and Node would refuse it): no header for such a path.
  assert.equal(photoPreloadHeader('/media/images/a\r\nSet-Cookie: x=1.jpg', '50vw'), null);
  assert.equal(photoPreloadHeader('https://cdn.example.com/media/images/jm.jpg', '50vw'), '<https://cdn.example.com/media/images/jm.jpg>; rel=preload; as=image; fetchpriority=high');
});

test("a visitor with a session gets the remotes and the shell's own chunks, but no guest data and no fan remote", async () => {
  const html = await (await fetch(`http://localhost:${port}/dashboard`, { headers: { cookie: 'huddle_signed_in=1' } })).text();
  const boot = bootOf(html);
  assert.deepEqual(boot.answers, {});
  assert.ok(boot.remotes.fan);
  for (const file of ['/379.aaaa1111.js', '/bootstrap.bbbb2222.js', '/41.dddd4444.js']) assert.ok(html.includes(`<link rel="preload" as="script" href="${file}">`), file);
  assert.ok(!html.includes('signed-out.cccc3333.js'));
  assert.doesNotMatch(html, /fan\/remoteEntry\.js|as="image"/);
});

test("a signed-in visitor's page carries their account and preloads their role's remote, and no cache keeps it", async () => {
  const res = await fetch(`http://localhost:${port}/requests`, { headers: { cookie: 'huddle_session=good; huddle_signed_in=1' } });
  assert.equal(res.headers.get('cache-control'), 'private, no-store');
  const html = await res.text();
  const boot = bootOf(html);
  assert.deepEqual(boot.answers['/api/v1/user/accounts'], { account: { id: 'u1', user_type: 1, first_name: 'Riley' } });
  assert.ok(html.includes(`href="http://127.0.0.1:${apiPort}/fan/remoteEntry.js"`));
  assert.equal(Object.keys(boot.answers).length, 1, 'no guest data beside it');
});

test("the shell's page allows its own files, the remotes, and exactly the inline script and style it carries", async () => {
  // The fan remote's origin from the environment; the others default to their localhost ports.
  const remoteOrigins = [`http://127.0.0.1:${apiPort}`, 'http://localhost:4202', 'http://localhost:4203', 'http://localhost:4204'];
  for (const [url, headers] of [
    [`http://localhost:${port}/`, {}],
    [`http://localhost:${port}/@jordan.miles`, {}],
    [`http://localhost:${port}/requests`, { cookie: 'huddle_session=good; huddle_signed_in=1' }],
  ]) {
    const res = await fetch(url, { headers });
    const html = await res.text();
    const policy = policyOf(res);
    assertCommonHeaders(res);
    assert.equal(res.headers.get('strict-transport-security'), null, 'no HSTS over http');
    const scripts = hashesIn(html, 'script');
    const styles = hashesIn(html, 'style');
    assert.equal(scripts.length, 1, 'the page carries its boot data inline');
    assert.equal(styles.length, 1, "the template's style");
    assert.deepEqual(policy['script-src'], ["'self'", ...remoteOrigins, ...scripts]);
    assert.deepEqual(policy['style-src'], ["'self'", ...remoteOrigins, ...styles]);
    assert.deepEqual(policy['default-src'], ["'self'"]);
    assert.deepEqual(policy['connect-src'], ["'self'", ...remoteOrigins], "this origin (the API, proxied) and the remotes' manifests");
    assert.ok(policy['img-src'].includes('data:') && policy['img-src'].includes('blob:'));
    assert.deepEqual(policy['frame-ancestors'], ["'none'"]);
    assert.deepEqual(policy['object-src'], ["'none'"]);
    assert.deepEqual(policy['base-uri'], ["'self'"]);
    assert.deepEqual(policy['form-action'], ["'self'"]);
    assert.deepEqual(policy['style-src-attr'], ["'unsafe-inline'"], 'style attributes only');
    for (const [name, sources] of Object.entries(policy)) {
      if (name !== 'style-src-attr') assert.ok(!sources.includes("'unsafe-inline'") && !sources.includes("'unsafe-eval'") && !sources.includes('*'), 'nothing broad');
    }
  }
});

test("the shell's files carry the same headers; the proxied API answers with its own", async () => {
  const file = await fetch(`http://localhost:${port}/main.0123abcd.js`);
  assertCommonHeaders(file);
  assert.ok(policyOf(file)['script-src'].includes("'self'"));
  assert.equal(file.headers.get('cross-origin-resource-policy'), 'same-origin');
  const missing = await fetch(`http://localhost:${port}/nothing.js`);
  assert.equal(missing.status, 404);
  assertCommonHeaders(missing);
  const proxied = await fetch(`http://localhost:${port}/api/v1/health`);
  assert.equal(proxied.headers.get('content-security-policy'), null);
  assert.equal(proxied.headers.get('x-frame-options'), null);
});

test("a remote's server: its files readable from the shell's origin, no page of its own may run anything", async () => {
  const remote = await startServer([], {});
  const entry = await fetch(`${remote}/remoteEntry.js`);
  assert.equal(entry.status, 200);
  assertCommonHeaders(entry);
  assert.equal(entry.headers.get('content-security-policy'), "default-src 'none';frame-ancestors 'none'");
  assert.equal(entry.headers.get('access-control-allow-origin'), '*');
  assert.equal(entry.headers.get('cross-origin-resource-policy'), 'cross-origin');
  const preflight = await fetch(`${remote}/remoteEntry.js`, { method: 'OPTIONS' });
  assert.equal(preflight.status, 204);
  assertCommonHeaders(preflight);
});

test('over https: HSTS, and the media, tiles, Stripe and Twilio origins only when configured', async () => {
  const shell = await startServer(['--spa', '--manifest'], {
    PUBLIC_APP_URL: 'https://app.huddle.test',
    HUDDLE_REMOTE_FAN_URL: 'https://fan.huddle.test/mf-manifest.json',
    S3_BUCKET: 'huddle-media',
    S3_REGION: 'eu-west-1',
    S3_PUBLIC_URL: 'https://cdn.huddle.test/media',
    MAP_TILES_URL: 'https://tiles.huddle.test/{z}/{x}/{y}.png',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
    TWILIO_ACCOUNT_SID: 'AC123',
  });
  const res = await fetch(`${shell}/`);
  assert.equal(res.headers.get('strict-transport-security'), 'max-age=31536000; includeSubDomains');
  const policy = policyOf(res);
  assert.ok(policy['script-src'].includes('https://fan.huddle.test'));
  for (const origin of ['https://cdn.huddle.test', 'https://huddle-media.s3.eu-west-1.amazonaws.com', 'https://tiles.huddle.test']) assert.ok(policy['img-src'].includes(origin), origin);
  for (const origin of ['https://cdn.huddle.test', 'https://huddle-media.s3.eu-west-1.amazonaws.com']) assert.ok(policy['media-src'].includes(origin), origin);
  assert.ok(policy['script-src'].includes('https://js.stripe.com'));
  assert.ok(policy['frame-src'].includes('https://js.stripe.com'));
  assert.ok(policy['connect-src'].includes('https://api.stripe.com'));
  assert.ok(policy['connect-src'].includes('wss://global.vss.twilio.com'));
  // The default setup (embedded card sandbox and video, no bucket, offline map) allows none of them.
  const plain = policyOf(await fetch(`http://localhost:${port}/`));
  const everything = Object.values(plain).flat();
  assert.ok(!everything.some((source) => /stripe|twilio|amazonaws|tiles/.test(source)), everything.join(' '));
  assert.deepEqual(plain['frame-src'], ["'none'"]);
});

test("the shell's preloads are the files its provided singletons load, not the manifest's fallback chunks", () => {
  // mf-manifest.json lists react-dom's fallback chunk (763) beside the chunk the shell provides it from.
  const manifest = { shared: [{ name: 'react-dom', assets: { js: { sync: ['144.aaaa.js', '763.bbbb.js'] }, css: { sync: [] } } }] };
  const stats = { chunkGroups: { bootstrap: ['379.cccc.js'] }, shared: { 'react-dom': ['144.aaaa.js'], '@huddle/ui': ['21.dddd.js', '411.eeee.css'] } };
  assert.deepEqual(shellFiles(stats, manifest), { js: ['/379.cccc.js', '/144.aaaa.js', '/21.dddd.js'], css: ['/411.eeee.css'] });
  // A build from before build-stats.json named them: the manifest's lists, as before.
  assert.deepEqual(shellFiles({ chunkGroups: { bootstrap: ['379.cccc.js'] } }, manifest).js, ['/379.cccc.js', '/144.aaaa.js', '/763.bbbb.js']);
});
