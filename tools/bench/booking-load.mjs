#!/usr/bin/env node
// Booking and card payment under load: the API against the bare PostgreSQL driver running the
// same statements, then a check of every money invariant.
//
//   npm run bench:booking [-- --duration 20 --clients 50 --athletes 20 --requesters 100 --workers <cores>]
//
// Starts the API from its production build (apps/api/dist/main.js; built first when stale) on a
// private port of 127.0.0.1 with a throwaway DATA_DIR (embedded PostgreSQL), SEED_DEMO=false and
// the embedded sandbox card provider. Creates, for each side, `athletes` complete athletes offering
// every service and `requesters` fans (SQL for the rows, real sign-ins through the API for the
// sessions). Then, from this second process and after 5 s of warm-up that is not measured,
// `clients` concurrent requesters book (POST /booking/request), open
// checkout (POST /payments/payment-sheet), pay with the sandbox's 4242 card
// (POST /payments/sandbox/confirm) and mark paid (POST /payments/set-paid) for `duration` seconds,
// one in ten cancelling right after, while one client per athlete lists what is pending and
// accepts or declines it; the API's jobs (the provider's event, mark-paid, capture, void, emails)
// run beside. Then the same load again through the bare driver (booking-bare.mjs: every statement
// the API runs for those calls and jobs, with the same connection pools and the same loop). Prints
// for both bookings per second over the run and until its jobs settled (the target's figure),
// p50/p99 of the whole booking and of each call, the rows each side wrote per request, PostgreSQL's
// transactions and the CPU of each process per booking; then checks the invariants: each request in one legal status, the
// ledger balanced, no request both captured and voided, each accepted request captured once and
// each canceled paid one voided, no overlapping accepted slots. Exit code 1 on a violation (and,
// with --strict, on a missed target).
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BENCH_QUEUES, bareBookingFlow } from './booking-bare.mjs';
import { API_MAIN, cpuSeconds, createBenchAccounts, ensureApiBuild, freePort, httpClient, requireFromApi, ROOT, stopOnInterruptOrDeadline, stopProcess } from './bench-support.mjs';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '20' },
    clients: { type: 'string', default: '50' },
    athletes: { type: 'string', default: '20' },
    requesters: { type: 'string', default: '100' },
    workers: { type: 'string', default: String(availableParallelism()) },
    strict: { type: 'boolean', default: false },
    // Writes the API processes' CPU profiles (.cpuprofile, for Chrome DevTools) into this folder.
    profile: { type: 'string' },
  },
});
const DURATION_MS = Number(args.duration) * 1000;
const CLIENTS = Number(args.clients);
const ATHLETES = Number(args.athletes);
const REQUESTERS = Number(args.requesters);
const WORKERS = Number(args.workers);
const RUN_DEADLINE_MS = 15 * 60 * 1000;
const PASSWORD = 'bench-password-2026';
const RATES = { shoutout: 10, video_chat: 100, personal_appearance: 200, speaking_engagement: 20, endorsement: 20, training_session: 20, camp: 20 };
const TYPES = ['shoutout', 'endorsement', 'video_chat', 'personal_appearance', 'speaking_engagement', 'training_session', 'camp'];
const PLACE = { address: 'Los Angeles, CA, USA', latitude: 34.05, longitude: -118.24 };

function startApi(port, dataDir, pgPort) {
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    API_WORKERS: String(WORKERS),
    // The benchmark signs many accounts in, and books and pays for them, from one address: it
    // measures booking, not the limiter (each requester books and pays dozens of times a run).
    SIGN_IN_MAX_PER_IP: '1000000',
    SIGN_IN_MAX_PER_EMAIL: '1000000',
    SIGN_UP_MAX_PER_IP: '1000000',
    BOOKING_MAX_PER_ACCOUNT: '1000000',
    PAYMENT_ATTEMPTS_MAX_PER_ACCOUNT: '1000000',
    PAYMENT_ATTEMPTS_MAX_PER_IP: '1000000',
  };
  delete env.DATABASE_URL;
  delete env.STRIPE_SECRET_KEY;
  const nodeArgs = args.profile ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(args.profile)] : [];
  return spawn(process.execPath, [...nodeArgs, API_MAIN], { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
}

async function waitForApi(call, child) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The API exited with code ${child.exitCode}`);
    try {
      if ((await call('GET', '/health')).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('The API did not answer /api/v1/health within 120 s');
}

/** Latencies of one kind of call. */
class Series {
  constructor() {
    this.samples = [];
    this.errors = 0;
  }
  add(ms) {
    this.samples.push(ms);
  }
  summary(seconds) {
    const sorted = [...this.samples].sort((a, b) => a - b);
    const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
    return { count: sorted.length, perSecond: sorted.length / seconds, p50: at(0.5), p99: at(0.99), errors: this.errors };
  }
}

async function timed(series, work) {
  const started = performance.now();
  const result = await work();
  series.add(performance.now() - started);
  return result;
}

function payloadOf(type, athleteId, start) {
  const base = { athlete_id: athleteId, name: `Bench ${type}`, is_social_media: false, social_media_platform: '', type };
  switch (type) {
    case 'shoutout':
      return { ...base, request_amount: RATES.shoutout, shoutout: { names_in_shoutout: 'Ann, Bob', recipients_emails: 'ann@bench.test', special_message_info: 'Go team' } };
    case 'endorsement':
      return { ...base, request_amount: 150, endorsement: { task: 'Post about us' } };
    case 'video_chat':
      return { ...base, request_amount: RATES.video_chat, video_chat: { date_time: start, event_description: 'Hello' } };
    case 'personal_appearance':
      return { ...base, request_amount: RATES.personal_appearance, personal_appearance: { start_time: start, location: PLACE, event_description: 'Opening' } };
    case 'speaking_engagement':
      return { ...base, request_amount: RATES.speaking_engagement, speaking_engagement: { start_time: start, location: PLACE, topics: 'Grit', special_message: 'Hi', special_conditions: 'None' } };
    case 'training_session':
      return { ...base, request_amount: RATES.training_session * 2, training_session: { start_time: start, duration: 2, location: PLACE, description: 'Drills', special_conditions: 'None' } };
    default:
      return { ...base, request_amount: RATES.camp * 2, camp: { start_time: start, duration: 2, location: PLACE, event_description: 'Camp', special_conditions: 'None' } };
  }
}

/** Accounts as SQL rows (fast), sharing one argon2id hash made by a real sign-up; sessions by real sign-ins. */
function createAccounts(call, pool) {
  return createBenchAccounts(call, pool, { athletes: ATHLETES, fans: REQUESTERS, rates: RATES, password: PASSWORD });
}

/**
 * The API's side of one booking and one answer, as HTTP calls. Each answers an HTTP-like status,
 * so the load loop below treats both sides the same.
 */
function apiFlow(call) {
  return {
    async book(fan, athleteId, start, type) {
      const created = await call('POST', '/booking/request', { token: fan.token, json: payloadOf(type, athleteId, start) });
      if (created.status !== 201) throw new Error(`book ${created.status} ${created.text}`);
      return { id: created.body.request.id };
    },
    async sheet(fan, request) {
      const sheet = await call('POST', `/payments/payment-sheet?request_id=${request.id}`, { token: fan.token });
      if (sheet.status !== 200) throw new Error(`sheet ${sheet.status}`);
      request.secret = sheet.body.payment_intent.client_secret;
    },
    async confirm(fan, request) {
      const card = { client_secret: request.secret, card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2099, cvc: '123' };
      const confirmed = await call('POST', '/payments/sandbox/confirm', { token: fan.token, json: card });
      if (confirmed.status !== 200) throw new Error(`confirm ${confirmed.status}`);
    },
    async setPaid(fan, request) {
      const paid = await call('POST', '/payments/set-paid', { token: fan.token, json: { request_id: request.id } });
      if (paid.status !== 200) throw new Error(`set-paid ${paid.status} ${paid.text}`);
    },
    async cancel(fan, request) {
      return (await call('PUT', `/booking/request/cancel?request_id=${request.id}`, { token: fan.token })).status;
    },
    async list(athlete) {
      const list = await call('GET', '/booking/request/filter?status=pending&page_size=20', { token: athlete.token });
      if (list.status !== 200) throw new Error(`list ${list.status}`);
      return list.body.requests;
    },
    async accept(athlete, request) {
      return (await call('PUT', `/booking/request/accept?request_id=${request.id}&disclosure_acknowledged=true`, { token: athlete.token })).status;
    },
    async decline(athlete, request) {
      return (await call('PUT', `/booking/request/decline?request_id=${request.id}`, { token: athlete.token })).status;
    },
  };
}

/** The bare driver's side: the same calls as statements (booking-bare.mjs); a refused change is 409. */
function bareFlow(bare) {
  const refused = (error) => {
    // The double-booking constraint, or a change that found the request already moved on.
    if (error.code === '23P01' || error.code === 'conflict') return 409;
    throw error;
  };
  return {
    book: (fan, athleteId, start, type) => {
      // The same booking the API stores: the type's details, its amount, and the event's window.
      const payload = payloadOf(type, athleteId, start);
      const details = payload[type];
      const hours = details.duration ?? 1;
      const window = type === 'shoutout' || type === 'endorsement' ? null : [start, start + hours * 3600];
      return bare.calls.book(fan, athleteId, { type, amountCents: Math.round(payload.request_amount * 100), details, window });
    },
    sheet: (fan, request) => bare.calls.sheet(fan, request),
    confirm: (fan, request) => bare.calls.confirm(fan, request),
    setPaid: (fan, request) => bare.calls.setPaid(fan, request),
    cancel: (fan, request) => bare.calls.cancel(fan, request).then(() => 200, refused),
    list: (athlete) => bare.calls.list(athlete),
    accept: (athlete, request) => bare.calls.accept(athlete, request).then(() => 200, refused),
    decline: (athlete, request) => bare.calls.decline(athlete, request).then(() => 200, refused),
  };
}

/**
 * Load through `flow` for `durationMs`: CLIENTS requesters book, open checkout, pay and mark paid
 * (one in ten cancelling right after), while one client per athlete lists what is pending and
 * accepts (7 in 10) or declines it. `firstDay` keeps runs' time slots apart.
 */
async function drive(flow, accounts, firstDay, durationMs) {
  const series = { booking: new Series(), book: new Series(), sheet: new Series(), confirm: new Series(), setPaid: new Series(), accept: new Series(), decline: new Series(), cancel: new Series(), list: new Series() };
  const deadline = Date.now() + durationMs;
  let slot = 0;
  const started = performance.now();
  const requester = async (index) => {
    const fan = accounts.fans[index % accounts.fans.length];
    while (Date.now() < deadline) {
      const athlete = accounts.athletes[Math.floor(Math.random() * accounts.athletes.length)];
      const type = TYPES[Math.floor(Math.random() * TYPES.length)];
      // Distinct hours far ahead: clashes are possible (the constraint refuses them) but rare.
      slot += 1;
      const start = Math.floor(Date.now() / 1000) + firstDay * 86400 + slot * 3 * 3600;
      const begin = performance.now();
      try {
        const request = await timed(series.book, () => flow.book(fan, athlete.id, start, type));
        await timed(series.sheet, () => flow.sheet(fan, request));
        await timed(series.confirm, () => flow.confirm(fan, request));
        await timed(series.setPaid, () => flow.setPaid(fan, request));
        series.booking.add(performance.now() - begin);
        if (Math.random() < 0.1) {
          const status = await timed(series.cancel, () => flow.cancel(fan, request));
          if (status !== 200 && status !== 409) series.cancel.errors += 1;
        }
      } catch (error) {
        series.booking.errors += 1;
        if (series.booking.errors <= 3) console.error(`  booking failed: ${error.message}`);
      }
    }
  };
  const answerer = async (athlete) => {
    while (Date.now() < deadline) {
      let pending = [];
      try {
        pending = await timed(series.list, () => flow.list(athlete));
      } catch (error) {
        series.list.errors += 1;
        if (series.list.errors <= 3) console.error(`  list failed: ${error.message}`);
      }
      if (pending.length === 0) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        continue;
      }
      for (const request of pending) {
        const accept = Math.random() < 0.7;
        const answers = accept ? series.accept : series.decline;
        try {
          const status = await timed(answers, () => (accept ? flow.accept(athlete, request) : flow.decline(athlete, request)));
          // 409: canceled by its requester meanwhile, or a clash with an accepted slot.
          if (status !== 200 && status !== 409) answers.errors += 1;
        } catch (error) {
          answers.errors += 1;
          if (answers.errors <= 3) console.error(`  ${accept ? 'accept' : 'decline'} failed: ${error.message}`);
        }
      }
    }
  };
  await Promise.all([...Array.from({ length: CLIENTS }, (_, index) => requester(index)), ...accounts.athletes.map(answerer)]);
  const seconds = (performance.now() - started) / 1000;
  return Object.fromEntries(Object.entries(series).map(([name, value]) => [name, value.summary(seconds)]));
}

async function settle(pool) {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const { rows: [{ pending }] } = await pool.query(
      `SELECT count(*)::int AS pending FROM pgboss.job WHERE (name LIKE 'payments.%' OR name = 'mail.send') AND state IN ('created', 'retry', 'active')`,
    );
    if (pending === 0) return;
    if (Date.now() > deadline) throw new Error(`${pending} payment or mail job(s) still pending after 180 s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * What each side wrote, table by table and queue by queue (the bare side's requests are named
 * 'Bench pg', its emails go to <uuid>@bench.test and its jobs to the bench. queues), and each
 * side's requests (warm-up included, as the rows are): a check that both did the same work.
 */
async function rowsBySide(pool, queues) {
  const counts = {
    'request history': `SELECT r.name = 'Bench pg' AS bare, count(*)::int AS n FROM request_history h JOIN requests r ON r.id = h.request_id GROUP BY 1`,
    notifications: `SELECT r.name = 'Bench pg' AS bare, count(*)::int AS n FROM notifications x JOIN requests r ON r.id = x.request_id GROUP BY 1`,
    'ledger entries': `SELECT r.name = 'Bench pg' AS bare, count(*)::int AS n FROM ledger_entries x JOIN requests r ON r.id = x.request_id GROUP BY 1`,
    emails: `SELECT to_address ~ '^[0-9a-f-]{36}@bench[.]test$' AS bare, count(*)::int AS n FROM outbox_emails GROUP BY 1`,
  };
  for (const queue of queues) {
    counts[`${queue} jobs`] = `SELECT name LIKE 'bench.%' AS bare, count(*)::int AS n FROM pgboss.job WHERE name IN ($1, 'bench.' || $1) GROUP BY 1`;
  }
  const { rows: requests } = await pool.query(`SELECT name = 'Bench pg' AS bare, count(*)::int AS n FROM requests GROUP BY 1`);
  const out = [['requests', requests.find((row) => !row.bare)?.n ?? 0, requests.find((row) => row.bare)?.n ?? 0]];
  for (const [name, sql] of Object.entries(counts)) {
    const { rows } = await pool.query(sql, sql.includes('$1') ? [name.replace(/ jobs$/, '')] : []);
    out.push([name, rows.find((row) => !row.bare)?.n ?? 0, rows.find((row) => row.bare)?.n ?? 0]);
  }
  return out;
}

/** Every money and state invariant, by SQL over the API's own rows (the pg side's rows excluded). */
async function violations(pool) {
  const checks = {
    'a status outside 1..6': `SELECT id FROM requests WHERE status NOT BETWEEN 1 AND 6`,
    'a movement that does not sum to zero': `SELECT request_id FROM ledger_entries GROUP BY request_id, movement HAVING sum(amount_cents) <> 0`,
    'both captured and voided': `SELECT request_id FROM ledger_movements GROUP BY request_id HAVING bool_or(movement = 'captured') AND bool_or(movement = 'voided')`,
    'an accepted request not captured exactly once': `SELECT q.id FROM requests q WHERE q.status IN (2, 4, 5, 6) AND q.accepted_at IS NOT NULL AND q.name <> 'Bench pg'
        AND (SELECT count(*) FROM ledger_movements m WHERE m.request_id = q.id AND m.movement = 'captured') <> 1`,
    'a canceled paid request not voided': `SELECT q.id FROM requests q WHERE q.status = 3 AND q.paid AND q.accepted_at IS NULL AND q.name <> 'Bench pg'
        AND NOT EXISTS (SELECT 1 FROM ledger_movements m WHERE m.request_id = q.id AND m.movement = 'voided')`,
    'a pending request captured': `SELECT q.id FROM requests q JOIN ledger_movements m ON m.request_id = q.id AND m.movement = 'captured' WHERE q.status = 1`,
    'a paid request with no authorisation': `SELECT q.id FROM requests q WHERE q.paid AND q.name <> 'Bench pg' AND NOT EXISTS (SELECT 1 FROM ledger_movements m WHERE m.request_id = q.id AND m.movement = 'authorised')`,
    'two overlapping accepted slots of one athlete': `SELECT a.id FROM requests a JOIN requests b ON a.athlete_id = b.athlete_id AND a.id < b.id
        WHERE a.status IN (2, 6) AND b.status IN (2, 6) AND a.start_at IS NOT NULL AND b.start_at IS NOT NULL
          AND tstzrange(a.start_at, a.end_at) && tstzrange(b.start_at, b.end_at)`,
    'a decision recorded twice': `SELECT request_id FROM request_history WHERE action IN ('accept', 'decline', 'cancel', 'expire') GROUP BY request_id HAVING count(*) > 1`,
  };
  const found = {};
  for (const [name, sql] of Object.entries(checks)) found[name] = (await pool.query(sql)).rowCount;
  const { rows: [{ total }] } = await pool.query(`SELECT coalesce(sum(amount_cents), 0)::text AS total FROM ledger_entries`);
  found['the ledger does not sum to zero'] = total === '0' ? 0 : 1;
  return found;
}

const ms = (value) => `${value.toFixed(1)} ms`;

async function main() {
  ensureApiBuild(ROOT);
  const { Pool } = requireFromApi('pg');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'huddle-bench-booking-'));
  chmodSync(dataDir, 0o755);
  const [apiPort, pgPort] = [await freePort(), await freePort()];
  const api = startApi(apiPort, dataDir, pgPort);
  const call = httpClient(`http://127.0.0.1:${apiPort}`, CLIENTS + ATHLETES);
  let pool;
  let jobPool;
  let bare;
  const stop = async () => {
    await call.close().catch(() => undefined);
    await bare?.stop().catch(() => undefined);
    await pool?.end().catch(() => undefined);
    await jobPool?.end().catch(() => undefined);
    await stopProcess(api);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const disarm = stopOnInterruptOrDeadline(stop, RUN_DEADLINE_MS);
  let failed = false;
  try {
    await waitForApi(call, api);
    // The API's pool size (TypeORM's node-postgres default of 10) per worker.
    pool = new Pool({ connectionString: `postgres://huddle:huddle@127.0.0.1:${pgPort}/huddle`, max: 10 * WORKERS });
    // Each side its own athletes and requesters, so neither answers what the other left pending.
    const apiAccounts = await createAccounts(call, pool);
    const bareAccounts = await createAccounts(call, pool);
    const warmUpMs = Math.min(5_000, DURATION_MS / 4);
    console.log(`\n${ATHLETES} athletes, ${REQUESTERS} requesters a side; ${CLIENTS} concurrent requesters for ${DURATION_MS / 1000} s after ${warmUpMs / 1000} s of warm-up, API_WORKERS=${WORKERS}`);

    // PostgreSQL's count of transactions (a statement outside one is one), before and after each
    // side's run and settling: a check that the bare side does the work the API does.
    const transactions = async () => {
      // Other connections report their counts when idle, at most once a second.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await pool.query('SELECT pg_stat_force_next_flush()');
      const { rows: [{ count }] } = await pool.query(`SELECT xact_commit + xact_rollback AS count FROM pg_stat_database WHERE datname = current_database()`);
      return Number(count);
    };
    // Where the machine's CPU goes in each run (this process is the load generator, or the bare
    // driver): the API's processes, and this run's PostgreSQL (its postmaster, named by its data
    // directory, and the postmaster's children).
    const classify = ({ pid, ppid, command }, byPid) => {
      if (pid === process.pid) return 'this process';
      if (command.includes(API_MAIN)) return 'API';
      const postmaster = (entry) => entry && /postgres/.test(entry.command) && entry.command.includes(dataDir);
      return postmaster({ command }) || postmaster(byPid.get(ppid)) ? 'PostgreSQL' : null;
    };
    const cpuSince = (before) => {
      const now = cpuSeconds(classify);
      return now && Object.fromEntries(Object.entries(now).map(([name, used]) => [name, used - (before?.[name] ?? 0)]));
    };
    // A warm-up, not measured (the JIT, the pools, the caches), then the run; its throughput counts
    // the time its jobs took to settle after it, so a side cannot gain by leaving work behind.
    await drive(apiFlow(call), apiAccounts, 7, warmUpMs);
    await settle(pool);
    const beforeApi = await transactions();
    const cpuBeforeApi = cpuSeconds(classify);
    const apiResults = await drive(apiFlow(call), apiAccounts, 200, DURATION_MS);
    const apiSettleStarted = performance.now();
    await settle(pool);
    const apiSettleSeconds = (performance.now() - apiSettleStarted) / 1000;
    const apiCpu = cpuSince(cpuBeforeApi);
    const apiTransactions = (await transactions()) - beforeApi;
    // pg-boss's pool in each API process (JobsService: max 4).
    jobPool = new Pool({ connectionString: `postgres://huddle:huddle@127.0.0.1:${pgPort}/huddle`, max: 4 * WORKERS });
    bare = bareBookingFlow(pool, jobPool, requireFromApi('pg-boss/src/plans'));
    await bare.createQueues();
    bare.startJobs(WORKERS);
    await drive(bareFlow(bare), bareAccounts, 400, warmUpMs);
    await bare.settle();
    const statementsBefore = bare.statements;
    const emptyFetchesBefore = bare.emptyFetches;
    const beforeBare = await transactions();
    const cpuBeforeBare = cpuSeconds(classify);
    const bareResults = await drive(bareFlow(bare), bareAccounts, 600, DURATION_MS);
    const bareSettleStarted = performance.now();
    await bare.settle();
    const bareSettleSeconds = (performance.now() - bareSettleStarted) / 1000;
    const bareStatements = bare.statements - statementsBefore;
    const bareEmptyFetches = bare.emptyFetches - emptyFetchesBefore;
    await bare.stop();
    const bareCpu = cpuSince(cpuBeforeBare);
    const bareTransactions = (await transactions()) - beforeBare;
    const found = await violations(pool);
    if (bare.failures.length) {
      found['a bare-driver job that failed'] = bare.failures.length;
      for (const failure of bare.failures.slice(0, 3)) console.error(`  bare job failed: ${failure}`);
    }
    const total = Object.values(found).reduce((sum, count) => sum + count, 0);

    console.log(`\n${''.padEnd(9)} ${'API'.padStart(40)}   ${'bare pg'.padStart(40)}`);
    console.log(`${'call'.padEnd(9)} ${['count', 'per s', 'p50', 'p99', 'errors'].map((h) => h.padStart(8)).join('')}   ${['count', 'per s', 'p50', 'p99', 'errors'].map((h) => h.padStart(8)).join('')}`);
    const row = (summary) => [String(summary.count), summary.perSecond.toFixed(1), summary.p50.toFixed(1), summary.p99.toFixed(1), String(summary.errors)].map((cell) => cell.padStart(8)).join('');
    for (const name of Object.keys(apiResults)) console.log(`${name.padEnd(9)} ${row(apiResults[name])}   ${row(bareResults[name])}`);
    const booking = apiResults.booking;
    const baseline = bareResults.booking;
    // Bookings a second until their jobs (captures, voids, emails) were done as well.
    const apiSettled = booking.count / (DURATION_MS / 1000 + apiSettleSeconds);
    const bareSettled = baseline.count / (DURATION_MS / 1000 + bareSettleSeconds);
    console.log(`\nAPI:     ${booking.perSecond.toFixed(1)} bookings/s (book + checkout + pay + set-paid, with the athletes' answers and the jobs beside), booking p50 ${ms(booking.p50)} p99 ${ms(booking.p99)}; its jobs settled ${apiSettleSeconds.toFixed(1)} s after the run: ${apiSettled.toFixed(1)} bookings/s settled`);
    console.log(`bare pg: ${baseline.perSecond.toFixed(1)} bookings/s running the same statements, booking p50 ${ms(baseline.p50)} p99 ${ms(baseline.p99)}; its jobs settled ${bareSettleSeconds.toFixed(1)} s after the run: ${bareSettled.toFixed(1)} bookings/s settled; ${(bareStatements / Math.max(1, baseline.count)).toFixed(1)} statements a booking`);
    console.log(`transactions a booking, as PostgreSQL counts them (a statement outside one is one; the job queue's polling included): API ${(apiTransactions / Math.max(1, booking.count)).toFixed(1)}, bare pg ${(bareTransactions / Math.max(1, baseline.count)).toFixed(1)} (of which ${(bareEmptyFetches / Math.max(1, baseline.count)).toFixed(1)} job fetches that found nothing)`);
    const [[, apiRequests, bareRequests], ...written] = await rowsBySide(pool, BENCH_QUEUES);
    console.log(`rows written a request, API / bare pg (${apiRequests} / ${bareRequests} requests, warm-up included): ${written.map(([name, api, bareRows]) => `${name} ${(api / Math.max(1, apiRequests)).toFixed(2)} / ${(bareRows / Math.max(1, bareRequests)).toFixed(2)}`).join(', ')}`);
    if (apiCpu && bareCpu) {
      const perBooking = (cpu, count) => Object.entries(cpu).filter(([, used]) => used > 0.05).map(([name, used]) => `${name} ${((used * 1000) / Math.max(1, count)).toFixed(1)}`).join(', ');
      console.log(`CPU ms a booking, the run and its settling: API side: ${perBooking(apiCpu, booking.count)}; bare side: ${perBooking(bareCpu, baseline.count)}`);
    }
    const calls = ['book', 'sheet', 'confirm', 'setPaid', 'accept', 'decline', 'cancel', 'list'];
    const worst = (results) => Math.max(...calls.map((name) => results[name].p99).filter(Number.isFinite));
    console.log('\ninvariants:');
    for (const [name, count] of Object.entries(found)) console.log(`  ${count === 0 ? 'ok  ' : 'FAIL'} ${name}${count ? `: ${count}` : ''}`);
    const ratio = apiSettled / bareSettled;
    const targets = [
      [`p99 of every call under 100 ms at ${CLIENTS} clients (API worst ${ms(worst(apiResults))}; the bare driver's own worst ${ms(worst(bareResults))})`, worst(apiResults) < 100],
      [`API throughput at least half the bare driver's, jobs settled (${(ratio * 100).toFixed(0)}%; ${((booking.perSecond / baseline.perSecond) * 100).toFixed(0)}% counting the run alone)`, ratio >= 0.5],
      [`0 violations (${total})`, total === 0],
    ];
    console.log('\ntargets:');
    for (const [name, met] of targets) console.log(`  ${met ? 'PASS' : 'FAIL'} ${name}`);
    failed = total > 0 || (args.strict && targets.some(([, met]) => !met));
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
