#!/usr/bin/env node
// First-screen benchmark: first paint and Largest Contentful Paint of the pages people arrive on.
//
//   node tools/bench/lcp.mjs [--runs 5] [--skip-build] [--budget-ms 2500] [--trace DIR] [--hold]
//
// Builds the API, the shell and the remotes for production (Nx; a cache hit when nothing changed),
// starts them on free ports with a fresh embedded database and the demo seed, then opens, as a
// cold visitor (a new browser context each run: no cache, no cookies):
//   - `/` as a guest (it lands on /dashboard: the athlete grid),
//   - `/@{username}` (a shared profile link),
//   - /dashboard as the demo fan, signed in (a returning visitor with an empty cache),
// each `--runs` times per profile:
//   - desktop: 1280x800, no throttling;
//   - phone: 390x844 (DPR 3, touch), 150 ms round-trip latency, 1.6 Mbit/s down, 750 kbit/s up,
//     the CPU slowed 4x (Chrome DevTools' emulation, through the DevTools protocol).
// It prints first paint and LCP as min/median/max, the LCP element, and the request waterfall of
// the median run. Exits 1 when the phone's median LCP of a page is at or above --budget-ms.
// With --hold, it starts the stack, prints its addresses and waits for Ctrl-C.
// With --trace DIR, it makes one more phone visit of each page, traced and not counted, and writes
// the Chrome trace to DIR (open it in DevTools' Performance panel): what the main thread and the
// compositor did before the paint.
import { spawn, execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, freePort, stopProcess, stopOnInterruptOrDeadline } from './bench-support.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const REMOTES = { fan: 'fan-mfe', athlete: 'athlete-mfe', business: 'business-mfe', admin: 'admin-mfe' };

const PROFILES = {
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false, network: null, cpu: 1 },
  phone: {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
    // Bytes per second, as the DevTools protocol takes them.
    network: { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 },
    cpu: 4,
  },
};

function options() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '5' },
      'skip-build': { type: 'boolean', default: false },
      'budget-ms': { type: 'string', default: '2500' },
      trace: { type: 'string' },
      hold: { type: 'boolean', default: false },
    },
  });
  return { runs: Number(values.runs), skipBuild: values['skip-build'], budgetMs: Number(values['budget-ms']), traceDir: values.trace ?? null, hold: values.hold };
}

function launch(name, args, env) {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  const keep = (chunk) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.output = output;
  child.label = name;
  return child;
}

async function waitForUrl(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error.message;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer in ${timeoutMs} ms (${last})`);
}

/** The product from its production builds on free ports: API (fresh database, demo seed), remotes, shell. */
async function startStack() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'huddle-lcp-'));
  chmodSync(dataDir, 0o755);
  const ports = { api: await freePort(), pg: await freePort(), shell: await freePort() };
  const children = [];
  const stop = async () => {
    await Promise.all(children.map((child) => stopProcess(child)));
    rmSync(dataDir, { recursive: true, force: true });
  };
  const shellUrl = `http://localhost:${ports.shell}`;
  const apiUrl = `http://localhost:${ports.api}`;
  children.push(
    launch('api', ['apps/api/dist/main.js'], {
      PORT: String(ports.api),
      DATA_DIR: path.join(dataDir, '.data'),
      EMBEDDED_PG_PORT: String(ports.pg),
      PUBLIC_APP_URL: shellUrl,
      CORS_ORIGINS: shellUrl,
      LOG_LEVEL: 'warn',
    }),
  );
  const remoteEnv = {};
  for (const [name, project] of Object.entries(REMOTES)) {
    const port = await freePort();
    children.push(launch(name, ['tools/serve-static.mjs', '--dir', `apps/${project}/dist`, '--port', String(port)], {}));
    remoteEnv[`HUDDLE_REMOTE_${name.toUpperCase()}_URL`] = `http://localhost:${port}/mf-manifest.json`;
    await waitForUrl(`http://localhost:${port}/mf-manifest.json`, 30_000);
  }
  children.push(launch('shell', ['tools/serve-static.mjs', '--dir', 'apps/shell/dist', '--port', String(ports.shell), '--spa', '--manifest', '--proxy-api', apiUrl], remoteEnv));
  try {
    await waitForUrl(`${shellUrl}/remotes.json`, 30_000);
    await waitForUrl(`${apiUrl}/api/v1/health`, 180_000);
  } catch (error) {
    const logs = children.map((child) => `--- ${child.label}\n${child.output.join('').slice(-2000)}`).join('\n');
    await stop();
    throw new Error(`${error.message}\n${logs}`);
  }
  return { shellUrl, apiUrl, stop };
}

/** Collects paint and LCP entries as the page reports them (installed before any page script). */
function observePaints() {
  const state = { firstPaint: null, fcp: null, lcp: null, lcpElement: null, candidates: [] };
  window.__huddleBench = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === 'first-paint') state.firstPaint = entry.startTime;
      if (entry.name === 'first-contentful-paint') state.fcp = entry.startTime;
    }
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      state.lcp = entry.startTime;
      const element = entry.element;
      state.lcpElement = element
        ? `${element.tagName.toLowerCase()}${element.getAttribute('alt') ? ` alt="${element.getAttribute('alt')}"` : ''}${entry.url ? ` ${new URL(entry.url).pathname}` : ''} (${Math.round(entry.size)} px²)`
        : entry.url || null;
      // Each candidate in turn: when its resource had loaded and when it was painted (renderTime),
      // so a paint that waits after its image arrived shows as the gap between the two.
      // A text has no load; a cross-origin image without Timing-Allow-Origin reports no render time.
      state.candidates.push({ element: state.lcpElement, loaded: entry.url ? Math.round(entry.loadTime) : null, painted: entry.renderTime ? Math.round(entry.renderTime) : null });
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

/** What DevTools' Performance panel records: the main thread's tasks, paints, the compositor and the loading milestones. */
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'loading',
  'blink.user_timing',
  'toplevel',
  'cc',
  'gpu',
  'v8.execute',
];

/** The demo fan's session cookies, signed in once through the shell's /api (as the browser would). */
async function fanCookies(shellUrl) {
  const response = await fetch(`${shellUrl}/api/v1/user/sign-ins`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: 'fan@huddle.test', password: 'huddle-fan-2026' }),
  });
  if (!response.ok) throw new Error(`The demo fan could not sign in: HTTP ${response.status}`);
  return response.headers.getSetCookie().map((header) => {
    const [pair] = header.split(';');
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim(), url: shellUrl };
  });
}

/** One cold visit (empty cache; with `cookies`, a returning signed-in visitor): the figures and every request's start and end, in ms from navigation start. */
async function visit(browser, profile, url, ready, cookies = [], traceFile = null) {
  const context = await browser.newContext({
    viewport: profile.viewport,
    deviceScaleFactor: profile.deviceScaleFactor,
    isMobile: profile.isMobile,
    hasTouch: profile.hasTouch,
    userAgent: profile.userAgent,
  });
  if (cookies.length > 0) await context.addCookies(cookies);
  const page = await context.newPage();
  await page.addInitScript(observePaints);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  if (profile.network) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.network });
  if (profile.cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
  const requests = new Map();
  let origin = null;
  cdp.on('Network.requestWillBeSent', (event) => {
    if (origin === null) origin = event.timestamp;
    requests.set(event.requestId, { url: event.request.url, type: event.type, start: event.timestamp, end: null, bytes: 0 });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId);
    if (request) {
      request.end = event.timestamp;
      request.bytes = event.encodedDataLength;
    }
  });
  if (traceFile) await browser.startTracing(page, { path: traceFile, categories: TRACE_CATEGORIES });
  await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
  await ready(page);
  // LCP settles once the largest element has painted; give late images their time.
  await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
  await page.waitForTimeout(500);
  if (traceFile) await browser.stopTracing();
  const figures = await page.evaluate(() => ({ ...window.__huddleBench, path: location.pathname }));
  await context.close();
  const waterfall = [...requests.values()]
    .filter((request) => !request.url.startsWith('data:'))
    .map((request) => ({
      url: request.url,
      type: request.type,
      start: Math.round((request.start - origin) * 1000),
      end: request.end === null ? null : Math.round((request.end - origin) * 1000),
      bytes: request.bytes,
    }))
    .sort((a, b) => a.start - b.start);
  return { ...figures, waterfall };
}

function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return { min: sorted[0], median: sorted[Math.floor(sorted.length / 2)], max: sorted[sorted.length - 1] };
}

function ms(value) {
  return value === null || value === undefined ? '   -  ' : `${Math.round(value)}`.padStart(5) + ' ms';
}

function shortUrl(url) {
  const parsed = new URL(url);
  return `${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname}${parsed.search}`.slice(0, 90);
}

async function main() {
  const settings = options();
  if (settings.traceDir) mkdirSync(settings.traceDir, { recursive: true });
  if (!settings.skipBuild) {
    execFileSync('npx', ['nx', 'run-many', '-t', 'build', '--projects=@huddle/api,@huddle/shell,@huddle/fan-mfe,@huddle/athlete-mfe,@huddle/business-mfe,@huddle/admin-mfe', '--outputStyle=static'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
  }
  const stack = await startStack();
  if (settings.hold) {
    // The stack alone, to look at by hand (Ctrl-C or SIGTERM stops it).
    console.log(`shell ${stack.shellUrl}  api ${stack.apiUrl}  (held; Ctrl-C stops it)`);
    await new Promise((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    await stack.stop();
    return;
  }
  const disarm = stopOnInterruptOrDeadline(() => stack.stop(), 20 * 60 * 1000);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  let failed = false;
  try {
    const search = await (await fetch(`${stack.apiUrl}/api/v1/public/athletes/search?page=1&page_size=1`)).json();
    const username = search.athletes?.[0]?.username;
    if (!username) throw new Error('The demo seed has no athlete to open');
    const cookies = await fanCookies(stack.shellUrl);
    const pages = [
      { name: 'guest /', url: `${stack.shellUrl}/`, ready: (page) => page.locator('img').first().waitFor({ timeout: 60_000 }) },
      { name: `/@${username}`, url: `${stack.shellUrl}/@${username}`, ready: (page) => page.getByRole('heading').first().waitFor({ timeout: 60_000 }) },
      { name: 'signed-in fan /dashboard', url: `${stack.shellUrl}/dashboard`, cookies, ready: (page) => page.locator('.rq-grid img').first().waitFor({ timeout: 60_000 }) },
    ];
    console.log(`\nFirst screen, ${settings.runs} cold visits per page and profile (production builds, loopback)\n`);
    for (const [profileName, profile] of Object.entries(PROFILES)) {
      for (const target of pages) {
        const runs = [];
        for (let run = 0; run < settings.runs; run += 1) runs.push(await visit(browser, profile, target.url, target.ready, target.cookies));
        if (settings.traceDir && profileName === 'phone') {
          // One more visit, traced and left out of the figures: tracing slows the page it records.
          const traceFile = path.join(settings.traceDir, `${target.name.replace(/[^a-z0-9@.-]+/gi, '_')}.json`);
          await visit(browser, profile, target.url, target.ready, target.cookies, traceFile);
          console.log(`         trace of one more phone visit (not counted): ${traceFile}`);
        }
        const fp = stats(runs.map((run) => run.firstPaint ?? Infinity));
        const lcp = stats(runs.map((run) => run.lcp ?? Infinity));
        const median = runs.find((run) => (run.lcp ?? Infinity) === lcp.median) ?? runs[0];
        console.log(`${profileName.padEnd(8)} ${target.name.padEnd(28)} first paint min/median/max ${ms(fp.min)} ${ms(fp.median)} ${ms(fp.max)}   LCP ${ms(lcp.min)} ${ms(lcp.median)} ${ms(lcp.max)}`);
        console.log(`         landed on ${median.path}; LCP element: ${median.lcpElement ?? 'none'}`);
        const candidates = (median.candidates ?? []).map((candidate) => `${candidate.element}${candidate.loaded === null ? '' : ` loaded ${candidate.loaded}`} painted ${candidate.painted ?? 'n/a (no render time)'}`);
        if (candidates.length > 0) console.log(`         LCP candidates of the median run (ms): ${candidates.join('; ')}`);
        if (profileName === 'phone') {
          console.log('         waterfall of the median run (start-end ms, bytes on the wire):');
          for (const request of median.waterfall) {
            console.log(`           ${String(request.start).padStart(5)}-${String(request.end ?? '').padEnd(5)} ${String(request.bytes).padStart(7)}  ${shortUrl(request.url)}`);
          }
          if (lcp.median >= settings.budgetMs) {
            failed = true;
            console.log(`         OVER BUDGET: median LCP ${Math.round(lcp.median)} ms >= ${settings.budgetMs} ms`);
          }
        }
      }
    }
  } finally {
    await browser.close();
    disarm();
    await stack.stop();
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
