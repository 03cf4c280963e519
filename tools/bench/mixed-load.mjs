#!/usr/bin/env node
// A mixed load against two API hosts behind the round-robin proxy (issue 25, scale-out): what
// `npm start -- --instances 2` runs.
//
//   npm run bench:mixed [-- --duration 30 --users 100 --think 250]
//
// Starts two API processes from the production build (apps/api/dist/main.js; built first when
// stale, unless HUDDLE_SKIP_BUILD=1) on private ports of 127.0.0.1: the first with a throwaway
// DATA_DIR (embedded PostgreSQL), the second on that same database (DATABASE_URL), the same
// AUTH_SECRET, SEED_DEMO=false and the embedded sandbox card provider; and tools/api-proxy.mjs in
// front of them. Creates the accounts (SQL rows sharing one argon2id hash made by a real sign-up;
// sessions by real sign-ins through the proxy), then from this second process, for `duration`
// seconds after 5 s of warm-up that is not measured, `users` simulated users, each pausing
// `think` ms (0..2x, uniformly) between steps:
//   - half are guests: search athletes by name, then open one athlete's page;
//   - three in ten are fans: book (a shoutout or a video chat), open checkout, pay with the
//     sandbox's 4242 card, mark paid; each holds its notification stream open meanwhile;
//   - two in ten are athletes: list what is pending and accept it; each holds its stream open.
// Prints p50/p99 per operation and errors, requests served by each host, the notifications the
// streams received, and checks the ledger balances and no decision was recorded twice. Exit code 1
// on a violation or when a stream dropped.
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { API_MAIN, createBenchAccounts, ensureApiBuild, freePort, httpClient, requireFromApi, ROOT, stopOnInterruptOrDeadline, stopProcess } from './bench-support.mjs';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '30' },
    users: { type: 'string', default: '100' },
    think: { type: 'string', default: '250' },
  },
});
const DURATION_MS = Number(args.duration) * 1000;
const USERS = Number(args.users);
const THINK_MS = Number(args.think);
const GUESTS = Math.round(USERS * 0.5);
const FANS = Math.round(USERS * 0.3);
const ATHLETES = Math.max(1, USERS - GUESTS - FANS);
const WARM_UP_MS = 5_000;
const RUN_DEADLINE_MS = 15 * 60 * 1000;
const PASSWORD = 'bench-password-2026';
const AUTH_SECRET = randomBytes(32).toString('base64url');
const RATES = { shoutout: 10, video_chat: 100 };
const NAMES = ['Avery', 'Jordan', 'Riley', 'Casey', 'Morgan', 'Quinn'];
// Limits off: the benchmark signs in, searches and books from one address.
const UNLIMITED = Object.fromEntries(
  ['SIGN_IN_MAX_PER_IP', 'SIGN_IN_MAX_PER_EMAIL', 'SIGN_UP_MAX_PER_IP', 'BOOKING_MAX_PER_ACCOUNT', 'PAYMENT_ATTEMPTS_MAX_PER_ACCOUNT', 'PAYMENT_ATTEMPTS_MAX_PER_IP', 'SEARCH_MAX_PER_IP'].map((name) => [name, '1000000']),
);

function startApi(port, env) {
  const clean = { ...process.env };
  delete clean.DATABASE_URL;
  delete clean.STRIPE_SECRET_KEY;
  return spawn(process.execPath, [API_MAIN], {
    cwd: ROOT,
    env: { ...clean, ...UNLIMITED, PORT: String(port), HOST: '127.0.0.1', API_WORKERS: '1', SEED_DEMO: 'false', LOG_LEVEL: 'warn', AUTH_SECRET, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function waitFor(url, child, what) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not answer ${url} within 180 s`);
}

/** Latencies and errors per operation, measured only while `recording`. */
class Stats {
  constructor() {
    this.series = new Map();
    this.recording = false;
  }
  async time(name, work) {
    const started = performance.now();
    let ok = false;
    try {
      ok = await work();
    } catch (error) {
      if (this.recording && (this.of(name).errors += 1) <= 3) console.error(`  ${name} failed: ${error.message}`);
      return null;
    } finally {
      if (this.recording) this.of(name).samples.push(performance.now() - started);
    }
    return ok;
  }
  of(name) {
    if (!this.series.has(name)) this.series.set(name, { samples: [], errors: 0 });
    return this.series.get(name);
  }
}

/** Throws unless the answer has `status`: the operation counts as an error. */
function expectStatus(answer, status, what) {
  if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${answer.text.slice(0, 200)}`);
  return answer.body;
}

function createAccounts(call, pool) {
  return createBenchAccounts(call, pool, { athletes: ATHLETES, fans: FANS, rates: RATES, password: PASSWORD, firstNames: NAMES });
}

/** One notification stream held open through the proxy; counts the notifications it receives. */
function openStream(origin, token, counts) {
  const state = { open: false, dropped: false, request: null };
  state.request = http.get(`${origin}/api/v1/user/notifications/stream`, { headers: { 'x-access-token': token, accept: 'text/event-stream' } }, (response) => {
    state.open = response.statusCode === 200;
    response.setEncoding('utf8');
    response.on('data', (chunk) => {
      counts.notifications += chunk.split('event: notification\n').length - 1;
    });
    response.on('end', () => {
      if (!state.closing) state.dropped = true;
    });
  });
  state.request.on('error', () => {
    if (!state.closing) state.dropped = true;
  });
  state.close = () => {
    state.closing = true;
    state.request.destroy();
  };
  return state;
}

const pause = () => new Promise((resolve) => setTimeout(resolve, Math.random() * 2 * THINK_MS));

function payloadOf(type, athleteId, start) {
  const base = { athlete_id: athleteId, name: `Bench ${type}`, is_social_media: false, social_media_platform: '', type };
  return type === 'shoutout'
    ? { ...base, request_amount: RATES.shoutout, shoutout: { names_in_shoutout: 'Ann, Bob', recipients_emails: 'ann@bench.test', special_message_info: 'Go team' } }
    : { ...base, request_amount: RATES.video_chat, video_chat: { date_time: start, event_description: 'Hello' } };
}

async function drive(call, accounts, stats, until) {
  let slot = 0;
  const guest = async () => {
    while (Date.now() < until()) {
      const filter = NAMES[Math.floor(Math.random() * NAMES.length)].toLowerCase();
      const found = await stats.time('guest: search', async () => expectStatus(await call('GET', `/public/athletes/search?filter=${filter}`), 200, 'search').athletes);
      await pause();
      const athlete = found?.[Math.floor(Math.random() * found.length)] ?? accounts.athletes[0];
      await stats.time('guest: athlete page', async () => expectStatus(await call('GET', `/public/athletes?athlete_id=${athlete.athlete_id ?? athlete.id}`), 200, 'athlete page'));
      await pause();
    }
  };
  const fan = async (index) => {
    const me = accounts.fans[index];
    while (Date.now() < until()) {
      const athlete = accounts.athletes[Math.floor(Math.random() * accounts.athletes.length)];
      const type = Math.random() < 0.5 ? 'shoutout' : 'video_chat';
      slot += 1;
      const start = Math.floor(Date.now() / 1000) + 30 * 86400 + slot * 3 * 3600;
      const created = await stats.time('fan: book', async () => expectStatus(await call('POST', '/booking/request', { session: me, json: payloadOf(type, athlete.id, start) }), 201, 'book').request);
      if (!created) continue;
      await pause();
      const sheet = await stats.time('fan: checkout', async () => expectStatus(await call('POST', `/payments/payment-sheet?request_id=${created.id}`, { session: me }), 200, 'checkout'));
      if (!sheet) continue;
      await pause();
      const card = { client_secret: sheet.payment_intent.client_secret, card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2099, cvc: '123' };
      if (!(await stats.time('fan: pay (sandbox card)', async () => expectStatus(await call('POST', '/payments/sandbox/confirm', { session: me, json: card }), 200, 'pay')))) continue;
      await stats.time('fan: set paid', async () => expectStatus(await call('POST', '/payments/set-paid', { session: me, json: { request_id: created.id } }), 200, 'set paid'));
      await pause();
    }
  };
  const athlete = async (index) => {
    const me = accounts.athletes[index];
    while (Date.now() < until()) {
      const pending = await stats.time('athlete: list pending', async () => expectStatus(await call('GET', '/booking/request/filter?status=pending&page_size=20', { session: me }), 200, 'list').requests);
      for (const request of pending ?? []) {
        // 409: a clash with an accepted slot.
        await stats.time('athlete: accept', async () => {
          const answer = await call('PUT', `/booking/request/accept?request_id=${request.id}&disclosure_acknowledged=true`, { session: me });
          if (answer.status !== 200 && answer.status !== 409) throw new Error(`accept: ${answer.status} ${answer.text.slice(0, 200)}`);
          return true;
        });
      }
      await pause();
    }
  };
  await Promise.all([
    ...Array.from({ length: GUESTS }, guest),
    ...accounts.fans.map((_, index) => fan(index)),
    ...accounts.athletes.map((_, index) => athlete(index)),
  ]);
}

async function violations(pool) {
  const checks = {
    'a movement that does not sum to zero': `SELECT request_id FROM ledger_entries GROUP BY request_id, movement HAVING sum(amount_cents) <> 0`,
    'both captured and voided': `SELECT request_id FROM ledger_movements GROUP BY request_id HAVING bool_or(movement = 'captured') AND bool_or(movement = 'voided')`,
    'a decision recorded twice': `SELECT request_id FROM request_history WHERE action IN ('accept', 'decline', 'cancel', 'expire') GROUP BY request_id HAVING count(*) > 1`,
  };
  const found = {};
  for (const [name, sql] of Object.entries(checks)) found[name] = (await pool.query(sql)).rowCount;
  return found;
}

async function main() {
  if (process.env.HUDDLE_SKIP_BUILD !== '1') ensureApiBuild(ROOT);
  const { Pool } = requireFromApi('pg');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'huddle-bench-mixed-'));
  chmodSync(dataDir, 0o755);
  const [portA, portB, pgPort, proxyPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const children = [];
  const streams = [];
  let call;
  let pool;
  const stop = async () => {
    for (const stream of streams) stream.close();
    await call?.close().catch(() => undefined);
    await pool?.end().catch(() => undefined);
    // The proxy and the second host first; the first stops the embedded database.
    for (const child of [...children].reverse()) await stopProcess(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const disarm = stopOnInterruptOrDeadline(stop, RUN_DEADLINE_MS);
  let failed = false;
  try {
    const hostA = startApi(portA, { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort) });
    children.push(hostA);
    await waitFor(`http://127.0.0.1:${portA}/api/v1/health`, hostA, 'The first API host');
    const databaseUrl = `postgres://huddle:huddle@127.0.0.1:${pgPort}/huddle`;
    const hostB = startApi(portB, { DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
    children.push(hostB);
    await waitFor(`http://127.0.0.1:${portB}/api/v1/health`, hostB, 'The second API host');
    const proxy = spawn(process.execPath, ['tools/api-proxy.mjs', '--host', '127.0.0.1', '--port', String(proxyPort), '--upstream', `http://127.0.0.1:${portA}`, '--upstream', `http://127.0.0.1:${portB}`], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    children.push(proxy);
    const origin = `http://127.0.0.1:${proxyPort}`;
    await waitFor(`${origin}/proxy-health`, proxy, 'The proxy');

    pool = new Pool({ connectionString: databaseUrl, max: 4 });
    call = httpClient(origin, USERS + 10);
    const accounts = await createAccounts(call, pool);
    const counts = { notifications: 0 };
    for (const user of [...accounts.fans, ...accounts.athletes]) streams.push(openStream(origin, user.token, counts));
    console.log(`\n${USERS} simulated users through the proxy to two API hosts: ${GUESTS} guests browsing and searching, ${FANS} fans booking and paying, ${ATHLETES} athletes accepting, ${streams.length} notification streams held open; think time 0-${2 * THINK_MS} ms; ${DURATION_MS / 1000} s after ${WARM_UP_MS / 1000} s of warm-up`);

    const stats = new Stats();
    const started = Date.now();
    setTimeout(() => {
      stats.recording = true;
      call.served.clear();
      counts.notifications = 0;
    }, WARM_UP_MS).unref();
    await drive(call, accounts, stats, () => started + WARM_UP_MS + DURATION_MS);
    const seconds = (Date.now() - started - WARM_UP_MS) / 1000;
    const open = streams.filter((stream) => stream.open && !stream.dropped).length;

    const cell = (value, width = 10) => String(value).padStart(width);
    console.log(`\n${'operation'.padEnd(26)}${['count', 'per s', 'p50 ms', 'p99 ms', 'errors'].map((h) => cell(h)).join('')}`);
    for (const [name, { samples, errors }] of stats.series) {
      const sorted = [...samples].sort((a, b) => a - b);
      const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
      console.log(`${name.padEnd(26)}${[sorted.length, (sorted.length / seconds).toFixed(1), at(0.5).toFixed(1), at(0.99).toFixed(1), errors].map((v) => cell(v)).join('')}`);
    }
    console.log(`\nrequests served by each host: ${[...call.served].map(([host, n]) => `${host} ${n}`).join(', ')}`);
    console.log(`notification streams: ${open} of ${streams.length} open at the end; ${counts.notifications} notifications received during the run`);
    const found = await violations(pool);
    console.log('\ninvariants:');
    for (const [name, count] of Object.entries(found)) console.log(`  ${count === 0 ? 'ok  ' : 'FAIL'} ${name}${count ? `: ${count}` : ''}`);
    const errors = [...stats.series.values()].reduce((sum, series) => sum + series.errors, 0);
    failed = Object.values(found).some((count) => count > 0) || open < streams.length;
    console.log(`\n${errors} errors; ${failed ? 'FAILED' : 'passed'}`);
  } catch (error) {
    console.error(error);
    failed = true;
  } finally {
    await stop();
    disarm();
  }
  process.exit(failed ? 1 : 0);
}

void main();
