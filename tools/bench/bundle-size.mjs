#!/usr/bin/env node
// Bundle-size benchmark: the gzipped JavaScript each role downloads for its first screen.
//
//   node tools/bench/bundle-size.mjs [--budget 165] [--roles guest,fan,athlete,business,admin] [--files]
//       Reads the production builds (apps/shell/dist and each role remote's dist; it builds nothing)
//       and, per role, adds up what a cold open of its first screen runs: the shell's entry and
//       bootstrap chunks, the shared singletons the shell serves, the notification stream's chunk
//       for the roles that hold one, the role remote's remoteEntry.js, the chunks its exposed ./App
//       needs, the chunks of the first screen's route when that screen is lazy, and any shared
//       module only the remote provides. The first screen is where the shell sends the role
//       (libs/domain firstAllowedRoute): /dashboard for guests, fans, athletes and businesses,
//       /manage/users for the administrator. --files lists every role's files (the guest's always).
//       The budget is the guest's (the first screen of every visitor who has not signed in).
//   node tools/bench/bundle-size.mjs --measure-url http://localhost:4200/ [--wait-for 'role=searchbox']
//       Opens the URL in Chromium (playwright-core, /usr/bin/chromium or CHROMIUM_PATH) as a new
//       visitor and adds up every script the page actually fetched.
//
// Sizes are gzip level 9 of each file's bytes; 1 KB = 1024 bytes. Exits 1 above the budget.
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CHROMIUM_ARGS } from './bench-support.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SHELL_DIST = path.join(ROOT, 'apps/shell/dist');
const KB = 1024;

/**
 * Each role's first screen: the remote the shell loads for it (libs/domain remoteForRole), the
 * route the shell sends it to (firstAllowedRoute), whether it holds the notification stream (the
 * roles that may open /notifications: apps/shell useNotificationStream) and the named chunks the
 * route's screen needs beyond the exposed App (none today: every first screen ships with its App).
 */
const ROLES = {
  guest: { remote: 'fan', route: '/dashboard', stream: false, routeChunks: [] },
  fan: { remote: 'fan', route: '/dashboard', stream: true, routeChunks: [] },
  athlete: { remote: 'athlete', route: '/dashboard', stream: true, routeChunks: [] },
  business: { remote: 'business', route: '/dashboard', stream: true, routeChunks: [] },
  admin: { remote: 'admin', route: '/manage/users', stream: false, routeChunks: [] },
};
const REMOTE_DIRS = { fan: 'fan-mfe', athlete: 'athlete-mfe', business: 'business-mfe', admin: 'admin-mfe' };

function gzipSize(buffer) {
  return gzipSync(buffer, { level: 9 }).length;
}

function readJson(file) {
  if (!existsSync(file)) throw new Error(`${path.relative(ROOT, file)} is missing: run the production builds first`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Script URLs of the shell's page, as html-webpack-plugin wrote them. */
function pageScripts(dist) {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  return [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((match) => path.posix.basename(match[1]));
}

/**
 * webpack may emit one shared module into two chunk files that differ only in the file names in
 * their license banner and source-map comment; a browser fetches one of them, so files with the
 * same code count once.
 */
function codeKey(buffer) {
  return buffer
    .toString('utf8')
    .replace(/^\/\*! For license information please see [^*]*\*\/\n?/, '')
    .replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '');
}

class Download {
  constructor() {
    this.rows = [];
    this.seen = new Set();
  }

  add(app, dist, file, part) {
    if (!file.endsWith('.js')) return;
    const buffer = readFileSync(path.join(dist, file));
    const key = codeKey(buffer);
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.rows.push({ app, file, part, raw: buffer.length, gzip: gzipSize(buffer) });
  }
}

function sharedAssets(manifest) {
  return new Map(manifest.shared.map((shared) => [shared.name, shared.assets.js.sync]));
}

function chunkGroup(stats, name, app) {
  const files = stats.chunkGroups[name];
  if (!files) throw new Error(`${app}'s build has no chunk group named ${name}`);
  return files;
}

/** The files a cold open of `role`'s first screen runs, from the production builds. */
function measureFiles(role) {
  const { remote, stream, routeChunks } = ROLES[role];
  const remoteDist = path.join(ROOT, 'apps', REMOTE_DIRS[remote], 'dist');
  const download = new Download();
  const shellStats = readJson(path.join(SHELL_DIST, 'build-stats.json'));
  const shellManifest = readJson(path.join(SHELL_DIST, 'mf-manifest.json'));
  const remoteStats = readJson(path.join(remoteDist, 'build-stats.json'));
  const remoteManifest = readJson(path.join(remoteDist, 'mf-manifest.json'));

  for (const file of pageScripts(SHELL_DIST)) download.add('shell', SHELL_DIST, file, 'entry (federation runtime)');
  for (const file of chunkGroup(shellStats, 'bootstrap', 'shell')) download.add('shell', SHELL_DIST, file, 'bootstrap');
  // The files each singleton the shell provides loads (build-stats.json); an older build has only
  // mf-manifest.json's list, which also names fallback chunks that hold the same code.
  const shellShared = shellStats.shared ? new Map(Object.entries(shellStats.shared)) : sharedAssets(shellManifest);
  for (const [name, files] of shellShared) for (const file of files) download.add('shell', SHELL_DIST, file, `shared ${name}`);
  if (stream) for (const file of chunkGroup(shellStats, 'notification-stream', 'shell')) download.add('shell', SHELL_DIST, file, 'notification stream');

  download.add(remote, remoteDist, remoteManifest.metaData.remoteEntry.name, 'remoteEntry');
  const app = remoteManifest.exposes.find((expose) => expose.path === './App');
  if (!app) throw new Error(`the ${remote} remote exposes no ./App`);
  for (const file of app.assets.js.sync) download.add(remote, remoteDist, file, 'exposed ./App');
  for (const file of remoteStats.chunkGroups.__federation_expose_App ?? []) download.add(remote, remoteDist, file, 'exposed ./App');
  for (const name of routeChunks) for (const file of chunkGroup(remoteStats, name, remote)) download.add(remote, remoteDist, file, `route ${name}`);
  // A singleton the shell already serves is never fetched from the remote.
  for (const [name, files] of sharedAssets(remoteManifest)) {
    if (!shellShared.has(name)) for (const file of files) download.add(remote, remoteDist, file, `shared ${name}`);
  }
  return download.rows;
}

async function measureUrl(url, waitFor) {
  const require = createRequire(import.meta.url);
  const { chromium } = require('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage();
    const pending = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        response.body().then(
          (body) => ({ url: response.url(), body }),
          () => null,
        ),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    if (waitFor) await page.locator(waitFor).first().waitFor({ timeout: 15000 });
    await page.waitForLoadState('networkidle');
    const scripts = (await Promise.all(pending)).filter(Boolean);
    return scripts.map(({ url: scriptUrl, body }) => {
      const { host, pathname } = new URL(scriptUrl);
      return { app: host, file: path.posix.basename(pathname), part: 'fetched', raw: body.length, gzip: gzipSize(body) };
    });
  } finally {
    await browser.close();
  }
}

const kb = (bytes) => (bytes / KB).toFixed(1);
const gzipTotal = (rows) => rows.reduce((sum, row) => sum + row.gzip, 0);

function printTable(rows, title) {
  const lines = [['app', 'file', 'part', 'raw KB', 'gzip KB']];
  for (const row of [...rows].sort((a, b) => b.gzip - a.gzip)) lines.push([row.app, row.file, row.part, kb(row.raw), kb(row.gzip)]);
  const widths = lines[0].map((_, column) => Math.max(...lines.map((line) => line[column].length)));
  const format = (line) => line.map((cell, column) => (column >= 3 ? cell.padStart(widths[column]) : cell.padEnd(widths[column]))).join('  ');
  console.log(title);
  console.log(format(lines[0]));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines.slice(1)) console.log(format(line));
  console.log(`Total gzipped JS: ${kb(gzipTotal(rows))} KB in ${rows.length} files\n`);
}

function printSummary(measured, budgetKb) {
  console.log('First screen per role, gzipped JS from the production builds');
  console.log('role      route          remote    gzip KB  files');
  for (const { role, rows } of measured) {
    const { remote, route } = ROLES[role];
    const budget = role === 'guest' ? `  (budget ${budgetKb} KB)` : '';
    console.log(`${role.padEnd(8)}  ${route.padEnd(13)}  ${remote.padEnd(8)}  ${kb(gzipTotal(rows)).padStart(7)}  ${String(rows.length).padStart(5)}${budget}`);
  }
}

function overBudget(total, budgetKb) {
  if (total <= budgetKb * KB) return false;
  console.error(`Over budget by ${((total - budgetKb * KB) / KB).toFixed(1)} KB`);
  return true;
}

async function main() {
  const { values } = parseArgs({
    options: {
      budget: { type: 'string', default: '165' },
      roles: { type: 'string', default: Object.keys(ROLES).join(',') },
      files: { type: 'boolean', default: false },
      'measure-url': { type: 'string' },
      'wait-for': { type: 'string' },
    },
  });
  const budgetKb = Number(values.budget);
  if (!Number.isFinite(budgetKb) || budgetKb <= 0) throw new Error(`--budget must be a number of KB, not ${values.budget}`);
  const url = values['measure-url'];
  if (url) {
    const rows = await measureUrl(url, values['wait-for']);
    printTable(rows, `Scripts fetched by a new visitor at ${url}`);
    if (overBudget(gzipTotal(rows), budgetKb)) process.exit(1);
    return;
  }
  const roles = values.roles.split(',').map((role) => role.trim());
  for (const role of roles) if (!ROLES[role]) throw new Error(`unknown role ${role}: one of ${Object.keys(ROLES).join(', ')}`);
  const measured = roles.map((role) => ({ role, rows: measureFiles(role) }));
  for (const { role, rows } of measured) {
    if (role === 'guest' || values.files) printTable(rows, `What the ${role} downloads for ${ROLES[role].route} (from the production builds)`);
  }
  printSummary(measured, budgetKb);
  const guest = measured.find(({ role }) => role === 'guest');
  if (guest && overBudget(gzipTotal(guest.rows), budgetKb)) process.exit(1);
}

main().catch((error) => {
  console.error(error.message);
  process.exit(2);
});
