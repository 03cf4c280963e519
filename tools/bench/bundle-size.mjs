#!/usr/bin/env node
// Bundle-size benchmark: the gzipped JavaScript a guest downloads to see /dashboard.
//
//   node tools/bench/bundle-size.mjs [--budget 180]
//       Reads the production builds (apps/shell/dist, apps/fan-mfe/dist; it builds nothing) and adds
//       up the shell's entry and bootstrap chunks, the shared singletons the shell serves, the fan
//       remote's remoteEntry.js, the chunks its exposed ./App needs to render, and any shared module
//       only the fan remote provides.
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

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SHELL_DIST = path.join(ROOT, 'apps/shell/dist');
const FAN_DIST = path.join(ROOT, 'apps/fan-mfe/dist');
const KB = 1024;

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

function measureFiles() {
  const download = new Download();
  const shellStats = readJson(path.join(SHELL_DIST, 'build-stats.json'));
  const shellManifest = readJson(path.join(SHELL_DIST, 'mf-manifest.json'));
  const fanManifest = readJson(path.join(FAN_DIST, 'mf-manifest.json'));

  for (const file of pageScripts(SHELL_DIST)) download.add('shell', SHELL_DIST, file, 'entry (federation runtime)');
  for (const file of shellStats.chunkGroups.bootstrap ?? []) download.add('shell', SHELL_DIST, file, 'bootstrap');
  const shellShared = sharedAssets(shellManifest);
  for (const [name, files] of shellShared) for (const file of files) download.add('shell', SHELL_DIST, file, `shared ${name}`);

  download.add('fan', FAN_DIST, fanManifest.metaData.remoteEntry.name, 'remoteEntry');
  const app = fanManifest.exposes.find((expose) => expose.path === './App');
  if (!app) throw new Error('the fan remote exposes no ./App');
  for (const file of app.assets.js.sync) download.add('fan', FAN_DIST, file, 'exposed ./App');
  // A singleton the shell already serves is never fetched from the remote.
  for (const [name, files] of sharedAssets(fanManifest)) {
    if (!shellShared.has(name)) for (const file of files) download.add('fan', FAN_DIST, file, `shared ${name}`);
  }
  return download.rows;
}

async function measureUrl(url, waitFor) {
  const require = createRequire(import.meta.url);
  const { chromium } = require('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
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

function printTable(rows, budgetKb, title) {
  const kb = (bytes) => (bytes / KB).toFixed(1);
  const lines = [['app', 'file', 'part', 'raw KB', 'gzip KB']];
  for (const row of [...rows].sort((a, b) => b.gzip - a.gzip)) lines.push([row.app, row.file, row.part, kb(row.raw), kb(row.gzip)]);
  const total = rows.reduce((sum, row) => sum + row.gzip, 0);
  const widths = lines[0].map((_, column) => Math.max(...lines.map((line) => line[column].length)));
  const format = (line) => line.map((cell, column) => (column >= 3 ? cell.padStart(widths[column]) : cell.padEnd(widths[column]))).join('  ');
  console.log(title);
  console.log(format(lines[0]));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines.slice(1)) console.log(format(line));
  console.log(`\nTotal gzipped JS: ${kb(total)} KB in ${rows.length} files (budget ${budgetKb} KB)`);
  return total;
}

async function main() {
  const { values } = parseArgs({
    options: {
      budget: { type: 'string', default: '180' },
      'measure-url': { type: 'string' },
      'wait-for': { type: 'string' },
    },
  });
  const budgetKb = Number(values.budget);
  if (!Number.isFinite(budgetKb) || budgetKb <= 0) throw new Error(`--budget must be a number of KB, not ${values.budget}`);
  const url = values['measure-url'];
  const rows = url ? await measureUrl(url, values['wait-for']) : measureFiles();
  const title = url ? `Scripts fetched by a new visitor at ${url}` : 'What a guest downloads for /dashboard (from the production builds)';
  const total = printTable(rows, budgetKb, title);
  if (total > budgetKb * KB) {
    console.error(`Over budget by ${((total - budgetKb * KB) / KB).toFixed(1)} KB`);
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error.message);
  process.exit(2);
});
