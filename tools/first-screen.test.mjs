// The shell's page with a guest's first screen rendered on the server (issue 24): how
// tools/first-screen.mjs puts the renderer's markup, the dehydrated answers, the stylesheets and
// the deferred scripts into the built page, and how it falls back to the page rendered in the
// browser. The renderer here is a stand-in with the renderer's interface (the real one, the
// shell's server build, runs in the journeys: apps/e2e/src/platform.spec.ts); the remote's
// manifest and stylesheet come from a real HTTP server.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { createFirstScreen } from './first-screen.mjs';

const TEMPLATE =
  '<!doctype html><html lang="en"><head><title>Huddle</title><script defer="defer" src="/main.abc123.js"></script></head>' +
  '<body><div id="root"><div class="boot">Huddle</div></div><noscript>Huddle needs JavaScript to run.</noscript></body></html>';
const SHELL = { js: ['/379.aaaa.js', '/bootstrap.bbbb.js'], css: ['/140.cccc.css', '/missing.dddd.css'] };
const SHELL_CSS = { '/140.cccc.css': '.hd-appbar{color:#1b2a4a}' };
const MARKUP = '<header class="hd-appbar">Huddle</header><main><h1>Dashboard</h1><p>$& and $\' stay as they are</p></main>';

let server;
let origin;

before(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/fan/mf-manifest.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
          exposes: [{ name: 'App', path: './App', assets: { js: { sync: ['app.eeee.js'], async: [] }, css: { sync: ['app.ffff.css', 'closing.gggg.css'], async: [] } } }],
        }),
      );
      return;
    }
    if (req.url === '/fan/app.ffff.css') {
      res.writeHead(200, { 'content-type': 'text/css' });
      res.end('.rq-card{display:flex}');
      return;
    }
    if (req.url === '/fan/closing.gggg.css') {
      res.writeHead(200, { 'content-type': 'text/css' });
      res.end('.x::after{content:"</style><script>alert(1)</script>"}');
      return;
    }
    if (req.url === '/api/v1/user/accounts' && /huddle_session=(fan|athlete)/.test(req.headers.cookie ?? '')) {
      const fan = /huddle_session=fan/.test(req.headers.cookie);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ account: { id: fan ? 'u1' : 'u2', user_type: fan ? 1 : 2, profile_completed: true, email: 'someone@huddle.test' } }));
      return;
    }
    if (req.url === '/api/v1/public/athletes/search?field=name&page=1&page_size=20') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ athletes: [{ athlete_id: 'a1', dashboard_photo: '/media/images/a1.jpg' }], total: 1 }));
      return;
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${server.address().port}`;
});

after(() => server.close());

/** A renderer with the shell's server build's interface, counting its renders. */
function fakeRenderer(answer) {
  const calls = [];
  return {
    calls,
    deadlineMs: 1_500,
    render: async (request) => {
      calls.push(request);
      return typeof answer === 'function' ? answer(request) : answer;
    },
  };
}

const RENDERED = { html: MARKUP, path: '/dashboard', title: 'Dashboard · Huddle', queries: { mutations: [], queries: [{ queryKey: ['athletes'], state: { data: 1 } }] } };

function firstScreen(renderer) {
  return createFirstScreen({
    template: TEMPLATE,
    apiUrl: origin,
    hintCookie: 'huddle_signed_in',
    shell: SHELL,
    renderer,
    remoteForRole: (role) => (role === 1 ? 'fan' : 'athlete'),
    remotes: { fan: `${origin}/fan/mf-manifest.json`, athlete: `${origin}/athlete/mf-manifest.json` },
    readShellFile: (file) => {
      if (!(file in SHELL_CSS)) throw new Error(`no ${file}`);
      return SHELL_CSS[file];
    },
  });
}

function bootOf(html) {
  const match = /<script>window\.__HUDDLE_BOOT__=(.*?)<\/script>/.exec(html);
  assert.ok(match, 'the page carries its boot data');
  return { boot: JSON.parse(match[1]), at: match.index };
}

test("a guest's dashboard carries the rendered markup, its answers, its stylesheets inline and its scripts for later", async () => {
  const renderer = fakeRenderer(RENDERED);
  const page = await firstScreen(renderer)({ pathname: '/', search: '', cookie: undefined, forwardedFor: '203.0.113.7' });
  const { html } = page;

  assert.equal(page.rendered, true);
  assert.equal(page.personal, false);
  // The render's requests to the API are counted as the visitor's.
  assert.deepEqual(renderer.calls, [{ pathname: '/', search: '', forwardedFor: '203.0.113.7' }]);
  assert.ok(html.includes(`<div id="root">${MARKUP}</div>`), 'the markup replaces the placeholder, $ patterns and all');
  assert.ok(!html.includes('class="boot"'));
  assert.ok(html.includes('<title>Dashboard · Huddle</title>'));

  // The data comes last in the body, with the dehydrated answers instead of answers to take.
  const { boot, at } = bootOf(html);
  assert.ok(at > html.indexOf('<div id="root">'), 'the boot data follows the markup');
  assert.deepEqual(boot.firstScreen, { path: '/dashboard', queries: RENDERED.queries });
  assert.deepEqual(boot.answers, {});
  assert.deepEqual(boot.preloaded, ['fan']);

  // Stylesheets inline under their webpack names; one not at hand, or that would end its element, linked.
  assert.ok(html.includes('<style data-href="140.cccc.css">.hd-appbar{color:#1b2a4a}</style>'));
  assert.ok(html.includes(`<style data-href="${origin}/fan/app.ffff.css">.rq-card{display:flex}</style>`));
  assert.ok(html.includes('<link rel="stylesheet" href="/missing.dddd.css">'));
  assert.ok(html.includes(`<link rel="stylesheet" href="${origin}/fan/closing.gggg.css">`));
  assert.ok(!html.includes('alert(1)'));

  // No script is asked for before the page has loaded: the built tag is gone, the starter names them all.
  assert.ok(!/<script defer/.test(html));
  assert.ok(!/rel="preload" as="script"/.test(html));
  const starter = /<script>(\(function\(\)\{var started[\s\S]*?)<\/script>/.exec(html);
  assert.ok(starter, 'the page starts its scripts itself');
  for (const file of ['/main.abc123.js', '/379.aaaa.js', '/bootstrap.bbbb.js', `${origin}/fan/remoteEntry.js`, `${origin}/fan/app.eeee.js`, `${origin}/fan/mf-manifest.json`]) {
    assert.ok(starter[1].includes(JSON.stringify(file)), `the starter names ${file}`);
  }
  assert.ok(starter[1].includes("addEventListener('load',start)"));

  // The first photo is asked for before anything else in the head.
  const head = html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
  const photo = head.indexOf('rel="preload" as="image"');
  assert.ok(photo > 0, 'the first photo is preloaded');
  assert.ok(photo < head.indexOf('<script>(function'), 'before the starter');
  assert.ok(photo < head.indexOf('<style'), 'before the stylesheets');
});

test('a rendered dashboard with a query preloads no photo of the first page: its images are the ones it shows', async () => {
  const renderer = fakeRenderer(RENDERED);
  const { html, rendered } = await firstScreen(renderer)({ pathname: '/dashboard', search: '?field=sport&filter=golf', cookie: undefined });
  assert.equal(rendered, true);
  assert.deepEqual(renderer.calls, [{ pathname: '/dashboard', search: '?field=sport&filter=golf', forwardedFor: undefined }]);
  assert.ok(!html.includes('as="image"'));
});

test('a URL is rendered once for every guest within a few seconds', async () => {
  const renderer = fakeRenderer(RENDERED);
  const render = firstScreen(renderer);
  await Promise.all([render({ pathname: '/dashboard', search: '' }), render({ pathname: '/dashboard', search: '' })]);
  await render({ pathname: '/dashboard', search: '' });
  await render({ pathname: '/@jordan.miles', search: '' });
  assert.deepEqual(
    renderer.calls.map((call) => call.pathname),
    ['/dashboard', '/@jordan.miles'],
  );
});

/** The page as it is sent without a rendered first screen: placeholder, preloads, the built script tag, data in the head. */
function assertRenderedInTheBrowser(page) {
  const { html } = page;
  assert.equal(page.rendered, false);
  assert.ok(html.includes('<div id="root"><div class="boot">Huddle</div></div>'));
  assert.ok(html.includes('<script defer="defer" src="/main.abc123.js"></script>'));
  assert.ok(html.includes('<link rel="preload" as="script" href="/379.aaaa.js">'));
  assert.ok(html.includes('<link rel="preload" as="style" href="/140.cccc.css">'));
  assert.ok(!html.includes('<style data-href'));
  const { boot, at } = bootOf(html);
  assert.ok(at < html.indexOf('</head>'));
  assert.equal(boot.firstScreen, undefined);
  return boot;
}

test('a page the renderer does not render, fails or takes too long for is sent as before', async () => {
  const declined = await firstScreen(fakeRenderer(null))({ pathname: '/@jordan.miles', search: '' });
  assertRenderedInTheBrowser(declined);

  const failed = await firstScreen(fakeRenderer(() => Promise.reject(new Error('the remote is down'))))({ pathname: '/dashboard', search: '' });
  const boot = assertRenderedInTheBrowser(failed);
  assert.ok(boot.answers['/api/v1/public/athletes/search?field=name&page=1&page_size=20'], 'the answers the browser renders from are inline');

  const started = Date.now();
  const slow = await firstScreen(fakeRenderer(() => new Promise(() => undefined)))({ pathname: '/dashboard', search: '' });
  assertRenderedInTheBrowser(slow);
  assert.ok(Date.now() - started < 3_000, 'the page does not wait for a render that hangs');
});

test('a server build that names no render deadline is not used', async () => {
  const { deadlineMs, ...older } = fakeRenderer(RENDERED);
  assert.equal(deadlineMs, 1_500);
  assertRenderedInTheBrowser(await firstScreen(older)({ pathname: '/dashboard', search: '' }));
  assert.deepEqual(older.calls, []);
});

test('a visitor who may be signed in, a page that is no first screen, or an overlong query is never rendered on the server', async () => {
  const renderer = fakeRenderer(RENDERED);
  const render = firstScreen(renderer);
  await render({ pathname: '/dashboard', search: '', cookie: 'huddle_signed_in=1' });
  await render({ pathname: '/requests', search: '' });
  await render({ pathname: '/dashboard', search: `?filter=${'a'.repeat(300)}` });
  assert.deepEqual(renderer.calls, []);
});

test("a signed-in fan's dashboard is rendered for them, with their cookie, on every visit, and kept out of shared caches", async () => {
  const account = { id: 'u1', user_type: 1, profile_completed: true, email: 'someone@huddle.test' };
  const renderer = fakeRenderer((request) => ({ ...RENDERED, account: request.account }));
  const render = firstScreen(renderer);
  const cookie = 'huddle_signed_in=1; huddle_session=fan';
  const page = await render({ pathname: '/dashboard', search: '', cookie, forwardedFor: '203.0.113.7' });
  await render({ pathname: '/dashboard', search: '', cookie, forwardedFor: '203.0.113.7' });
  assert.deepEqual(renderer.calls, [
    { pathname: '/dashboard', search: '', account, cookie, forwardedFor: '203.0.113.7' },
    { pathname: '/dashboard', search: '', account, cookie, forwardedFor: '203.0.113.7' },
  ]);
  assert.equal(page.rendered, true);
  assert.equal(page.personal, true);
  const { boot } = bootOf(page.html);
  assert.deepEqual(boot.firstScreen.account, account);
  assert.deepEqual(boot.answers, {}, 'the account travels with the first screen, not as an answer to take later');

  // Another role's remote has no server build: its page renders in the browser.
  const athlete = await render({ pathname: '/dashboard', search: '', cookie: 'huddle_signed_in=1; huddle_session=athlete' });
  assert.equal(athlete.rendered, false);
  assert.equal(renderer.calls.length, 2);
});

test('the server fetches a remote where it reaches it, and the page names it where the browser does', async () => {
  // In containers: the browser asks localhost:4201, which the shell's server cannot reach (here a
  // port nothing listens on); the server asks the remote by its service name (here the test server).
  const browserOrigin = 'http://127.0.0.1:9';
  const renderer = fakeRenderer(RENDERED);
  const page = await createFirstScreen({
    template: TEMPLATE,
    apiUrl: origin,
    hintCookie: 'huddle_signed_in',
    shell: SHELL,
    renderer,
    remotes: { fan: `${browserOrigin}/fan/mf-manifest.json` },
    serverRemotes: { fan: `${origin}/fan/mf-manifest.json` },
    readShellFile: (file) => SHELL_CSS[file] ?? null,
  })({ pathname: '/', search: '', cookie: undefined, forwardedFor: '203.0.113.7' });
  const { html } = page;
  assert.equal(page.rendered, true);
  // The remote's stylesheet came from the server's address, inline under the browser's name.
  assert.ok(html.includes(`<style data-href="${browserOrigin}/fan/app.ffff.css">.rq-card{display:flex}</style>`));
  // Its scripts and manifest are named as the browser reaches them, never by the server's address.
  assert.ok(html.includes(JSON.stringify(`${browserOrigin}/fan/remoteEntry.js`)));
  assert.ok(html.includes(JSON.stringify(`${browserOrigin}/fan/mf-manifest.json`)));
  assert.ok(!html.includes(`${origin}/fan/`), 'no server-side address in the page');
});
