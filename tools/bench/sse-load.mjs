#!/usr/bin/env node
// The notification stream under load: many concurrent stream clients, then bursts of notifications.
//
//   npm run bench:sse [-- --clients 10000 --second 2000 --bursts 5 --burst-size 2000]
//
// Starts two API processes from the production build (apps/api/dist/main.js; built first when
// stale) on private ports of 127.0.0.1: the first with a throwaway DATA_DIR (embedded PostgreSQL),
// the second on that same database (DATABASE_URL), both with API_WORKERS=1 and SEED_DEMO=false.
// Creates `clients + second` fans with a session each (SQL rows, the sessions as the API stores
// them: a sha256 of the token), then from this process opens `clients` streams
// (GET /api/v1/user/notifications/stream) on the first API and `second` on the other, and prints
// the first API's memory per connection (its RSS before and after, over the connections).
// Then sends `bursts` bursts of `burst-size` notifications to randomly chosen connected users,
// each notification written by the API's own statements (writeNotifications, imported from the
// build: the per-user lock, the numbered row and the NOTIFY, in transactions of 100 through a pool
// of 10), and measures delivery latency from the moment each transaction's COMMIT is sent to the
// moment its event reaches the client: p50 and p99 per API process and overall. Finally it checks
// that every notification reached its client exactly once (nothing lost, nothing twice).
// The file-descriptor limit is raised for this process and the APIs when it is too low for the
// connections (re-run under `ulimit -n`). Everything it started is stopped at the end, on
// failure, and on Ctrl-C. Exit code 1 on a lost or repeated notification (and, with --strict,
// on a missed target: every connection held, p99 under 250 ms).
import { createHash, randomBytes } from 'node:crypto';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { API_DIR, API_MAIN, ensureApiBuild, freePort, requireFromApi, ROOT, stopOnInterruptOrDeadline, stopProcess } from './bench-support.mjs';

const WRITES = path.join(API_DIR, 'dist/modules/notifications/notification-writes.js');

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '10000' },
    second: { type: 'string', default: '2000' },
    bursts: { type: 'string', default: '5' },
    'burst-size': { type: 'string', default: '2000' },
    strict: { type: 'boolean', default: false },
  },
});
const CLIENTS = Number(args.clients);
const SECOND = Number(args.second);
const BURSTS = Number(args.bursts);
const BURST_SIZE = Number(args['burst-size']);
const TRANSACTION_SIZE = 100;
const RUN_DEADLINE_MS = 20 * 60 * 1000;
const AUTH_SECRET = randomBytes(32).toString('base64url');
const TARGET_P99_MS = 250;

/** Sockets this process and the first API need, with room for pools and pipes. */
const FILES_NEEDED = CLIENTS + SECOND + 2_000;

function raiseFileLimit() {
  const current = Number(execFileSync('bash', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim());
  if (current >= FILES_NEEDED || process.env.HUDDLE_BENCH_ULIMIT_RAISED) return;
  console.log(`The file limit is ${current}; running again under ulimit -n ${FILES_NEEDED}.`);
  const again = spawnSync('bash', ['-c', `ulimit -n ${FILES_NEEDED} && exec "$0" "$@"`, process.execPath, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, HUDDLE_BENCH_ULIMIT_RAISED: '1' },
  });
  process.exit(again.status ?? 1);
}

function startApi(port, env) {
  return spawn(process.execPath, [API_MAIN], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', API_WORKERS: '1', SEED_DEMO: 'false', LOG_LEVEL: 'warn', AUTH_SECRET, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function waitForApi(port, child) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`An API exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The API on ${port} did not answer within 120 s`);
}

function rssKb(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((row) => row.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? NaN);
}

/** Fans with a session each, as the API stores them (the token's sha256). */
async function createUsers(pool, count) {
  const { rows } = await pool.query(
    `INSERT INTO accounts (user_type, email, phone, first_name, last_name, profile_completed)
     SELECT 1, 'sse' || n || '-' || $2 || '@bench.test', '+15555550100', 'Bench', 'Fan' || n, true FROM generate_series(1, $1) n RETURNING id`,
    [count, randomBytes(3).toString('hex')],
  );
  const tokens = rows.map(() => randomBytes(32).toString('base64url'));
  await pool.query(
    `INSERT INTO sessions (token_hash, account_id, last_seen_at, expires_at)
     SELECT h, a, now(), now() + interval '1 day' FROM unnest($1::text[], $2::uuid[]) AS t(h, a)`,
    [tokens.map((token) => createHash('sha256').update(token).digest('hex')), rows.map((row) => row.id)],
  );
  return rows.map((row, index) => ({ id: row.id, token: tokens[index] }));
}

/** One stream client: counts what arrives and when. */
function openStream(port, user, onEvent) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: '/api/v1/user/notifications/stream', agent: false, headers: { 'x-access-token': user.token, accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`stream answered ${response.statusCode}`));
          response.resume();
          return;
        }
        let buffer = '';
        let ready = false;
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (block.includes('event: unread') && !ready) {
              ready = true;
              resolve(request);
            } else if (block.includes('event: notification')) {
              const data = block.slice(block.indexOf('data: ') + 6);
              onEvent(JSON.parse(data).notification, performance.now());
            }
            end = buffer.indexOf('\n\n');
          }
        });
      },
    );
    request.on('error', reject);
  });
}

async function inBatches(items, size, work) {
  for (let index = 0; index < items.length; index += size) await Promise.all(items.slice(index, index + size).map(work));
}

function percentile(sorted, q) {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

async function main() {
  raiseFileLimit();
  ensureApiBuild(ROOT);
  const { writeNotifications } = await import(pathToFileURL(WRITES).href);
  const { Pool } = requireFromApi('pg');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'huddle-bench-sse-'));
  chmodSync(dataDir, 0o755);
  const [portA, portB, pgPort] = [await freePort(), await freePort(), await freePort()];
  const apiA = startApi(portA, { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort) });
  const databaseUrl = `postgres://huddle:huddle@127.0.0.1:${pgPort}/huddle`;
  let apiB = null;
  let pool = null;
  const streams = [];
  const stop = async () => {
    for (const stream of streams) stream.destroy();
    await pool?.end().catch(() => undefined);
    await stopProcess(apiB);
    await stopProcess(apiA);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const disarm = stopOnInterruptOrDeadline(stop, RUN_DEADLINE_MS);
  let failed = false;
  try {
    await waitForApi(portA, apiA);
    apiB = startApi(portB, { DATABASE_URL: databaseUrl });
    await waitForApi(portB, apiB);
    pool = new Pool({ connectionString: databaseUrl, max: 10 });
    const users = await createUsers(pool, CLIENTS + SECOND);
    const onA = users.slice(0, CLIENTS);
    const onB = users.slice(CLIENTS);

    const received = new Map();
    const arrivals = [];
    const onEvent = (port) => (notification, at) => {
      const key = `${notification.user_id}:${notification.seq}`;
      received.set(key, (received.get(key) ?? 0) + 1);
      arrivals.push({ key, at, port });
    };
    const rssBefore = rssKb(apiA.pid);
    const connectStarted = performance.now();
    await inBatches(onA, 200, async (user) => streams.push(await openStream(portA, user, onEvent('A'))));
    await inBatches(onB, 200, async (user) => streams.push(await openStream(portB, user, onEvent('B'))));
    const connectSeconds = (performance.now() - connectStarted) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const rssAfter = rssKb(apiA.pid);
    const perConnectionKb = (rssAfter - rssBefore) / CLIENTS;
    console.log(`\n${streams.length} streams open (${onA.length} on API A, ${onB.length} on API B) in ${connectSeconds.toFixed(1)} s`);
    console.log(`API A memory: ${(rssBefore / 1024).toFixed(0)} MB before, ${(rssAfter / 1024).toFixed(0)} MB with ${CLIENTS} streams: ${perConnectionKb.toFixed(1)} KB per connection`);

    // Bursts: each notification to a random connected user, in transactions of 100.
    const committedAt = new Map();
    const expected = new Map();
    for (let burst = 0; burst < BURSTS; burst += 1) {
      const chosen = Array.from({ length: BURST_SIZE }, () => users[Math.floor(Math.random() * users.length)]);
      const batches = [];
      for (let index = 0; index < chosen.length; index += TRANSACTION_SIZE) batches.push(chosen.slice(index, index + TRANSACTION_SIZE));
      await Promise.all(
        batches.map(async (batch) => {
          const client = await pool.connect();
          try {
            await client.query('BEGIN');
            const drafts = batch.map((user) => ({ userId: user.id, data: { title: 'Bench', text: `Burst ${burst}`, link: null }, email: false }));
            let numbered = [];
            await writeNotifications(
              async (sql, params) => {
                const result = await client.query(sql, params);
                // The rows' users and numbers, as the statement wrote them.
                if (sql.startsWith('INSERT INTO notifications ')) numbered = params[0].map((userId, index) => ({ user_id: userId, seq: params[2][index] }));
                return result.rows;
              },
              drafts,
              { referenceId: null, requestId: null, requestType: null, campaignId: null },
            );
            const sent = performance.now();
            await client.query('COMMIT');
            for (const row of numbered) {
              const key = `${row.user_id}:${row.seq}`;
              committedAt.set(key, sent);
              expected.set(key, 1);
            }
          } catch (error) {
            await client.query('ROLLBACK').catch(() => undefined);
            throw error;
          } finally {
            client.release();
          }
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    // Stragglers.
    const deadline = Date.now() + 10_000;
    while ([...expected.keys()].some((key) => !received.has(key)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));

    const latencies = { A: [], B: [], all: [] };
    for (const arrival of arrivals) {
      const start = committedAt.get(arrival.key);
      if (start === undefined) continue;
      const ms = arrival.at - start;
      latencies[arrival.port].push(ms);
      latencies.all.push(ms);
    }
    for (const list of Object.values(latencies)) list.sort((a, b) => a - b);
    const lost = [...expected.keys()].filter((key) => !received.has(key)).length;
    const twice = [...received.values()].filter((count) => count > 1).length;
    const held = streams.filter((stream) => !stream.destroyed).length;
    console.log(`\n${BURSTS} bursts of ${BURST_SIZE} notifications (${expected.size} in all), each to one of the ${users.length} connected users`);
    console.log('delivery, COMMIT sent -> event at the client:');
    for (const [name, list] of Object.entries(latencies)) {
      console.log(`  ${name.padEnd(4)} ${String(list.length).padStart(6)} events  p50 ${percentile(list, 0.5).toFixed(1)} ms  p99 ${percentile(list, 0.99).toFixed(1)} ms  max ${(list.at(-1) ?? NaN).toFixed(1)} ms`);
    }
    console.log(`lost: ${lost}, delivered twice: ${twice}, streams still open: ${held} of ${streams.length}`);
    const p99 = percentile(latencies.all, 0.99);
    const targets = [
      [`${CLIENTS} connections held on one API process (${held - onB.length >= CLIENTS ? CLIENTS : held - onB.length})`, held === streams.length && streams.length === CLIENTS + SECOND],
      [`delivery p99 under ${TARGET_P99_MS} ms (${p99.toFixed(1)} ms)`, p99 < TARGET_P99_MS],
      [`nothing lost or repeated (${lost} lost, ${twice} twice)`, lost === 0 && twice === 0],
    ];
    console.log('\ntargets:');
    for (const [name, met] of targets) console.log(`  ${met ? 'PASS' : 'FAIL'} ${name}`);
    failed = lost > 0 || twice > 0 || (args.strict && targets.some(([, met]) => !met));
  } catch (error) {
    console.error(error);
    failed = true;
  } finally {
    disarm();
    await stop();
  }
  process.exit(failed ? 1 : 0);
}

void main();
