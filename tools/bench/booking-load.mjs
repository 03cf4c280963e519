#!/usr/bin/env node
// Booking and card payment under load: the API against the bare PostgreSQL driver running the
// same statements, checked statement by statement, then a check of every money invariant.
//
//   npm run bench:booking [-- --loads 50x20,10x5 --duration 20 --requesters 100 --workers <cores> --strict --profile <dir> --without-floor --api-node-options=<flags> --rate <bookings/s> --list-every 500 --closed]
//   (--clients C --athletes A instead of --loads: one load of C clients and A athletes)
//
// Starts its own embedded PostgreSQL (through the API's build, with pg_stat_statements preloaded;
// statement-stats.mjs) and the API from its production build (apps/api/dist/main.js; built first
// when stale) on private ports of 127.0.0.1, with DATABASE_URL pointing at that server (the API
// migrates it at start), a random AUTH_SECRET, SEED_DEMO=false and the embedded sandbox card
// provider. The API connects as `huddle`, the bare driver as a role of its own, so PostgreSQL
// counts each side's statements apart.
//
// Each load (by default 50 clients and 20 athletes, saturation, then 10 clients and 5 athletes,
// below it; see "Below saturation" further down) runs both sides, each with fresh accounts (`athletes` complete athletes offering every
// service and `requesters` fans: SQL for the rows, real sign-ins through the API for the sessions)
// and its own 5 s warm-up that is not measured. From this second process, `clients` concurrent
// requesters book (POST /booking/request), open checkout (POST /payments/payment-sheet), pay with
// the sandbox's 4242 card (POST /payments/sandbox/confirm) and mark paid (POST
// /payments/set-paid) for `duration` seconds, one in ten cancelling right after, while one client
// per athlete lists what is pending and accepts or declines it; the API's jobs (the provider's
// event, mark-paid, capture, void, the hold's release, the NIL disclosure, emails) run beside. A
// client keeps the session token the API renews, as a browser keeps its cookie. Then the same load
// through the bare driver (booking-bare.mjs: every statement the API runs for those calls and
// jobs, in its transactions, with the same job queues, connection pools and loop). Then, unless
// --without-floor, the floor: the bare driver's calls behind a plain `node:http` server with no
// framework (booking-bare-http.mjs, as many processes as the API, its own pools and job workers),
// driven over HTTP from this process like the API: what HTTP and a server process of their own
// cost the same statements on these cores, before any framework. It connects as a role of its own
// and runs only for its side of each load (started, measured, stopped: a job of it that failed, or
// a process of it that ended early, fails the run). It is reported beside the targets (floor
// against bare, API against floor), not as one.
//
// For each load it prints: bookings per second over the run and until its jobs settled, p50/p99
// of the whole booking and of each call, the rows each side wrote per request, the CPU of each
// process per booking, and the fidelity table: per normalized statement (pg_stat_statements, reset
// right before each side's measured run, read after its settling), calls per booking on each side,
// flagged where they differ by more than 10% and 0.1. Then the invariants (each request in one
// legal status, the ledger balanced, no request both captured and voided, each accepted request
// captured once and each canceled paid one voided, no overlapping accepted slots) and the targets
// (issue 24), each a ratio to the bare driver on this same machine:
//   - at saturation (50 clients or more): the API's bookings per second, jobs settled, at least
//     0.8x the bare driver's;
//   - below saturation: each call's p99 within 1.5x the bare driver's (call types with at least
//     100 samples on both sides);
//   - the API processes' CPU per booking at most 2x the bare driver's ("this process" on its side);
//   - 0 invariant violations.
// Exit code 1 on a violation (and, with --strict, on a missed target). --profile writes the API
// processes' CPU profiles (.cpuprofile, for Chrome DevTools) into a folder.
//
// Below saturation. A closed loop with no pause between bookings keeps the machine's cores busy
// whatever the number of clients: measured on 2 cores (2026-12-01), 4, 10 and 50 clients gave
// 13.2, 11.1-16.9 and 18.5-19.4 bookings/s through the API's two processes, and at 10 clients
// its processes were never idle (about 700
// involuntary context switches a second each, a handful of voluntary ones) beside PostgreSQL's. So
// a load of fewer than 50 clients is paced: its requesters start bookings at a fixed rate in all
// (`--rate`; by default half the settled bookings/s of the slower side at the saturation load run
// before it, else 5), each client every clients/rate seconds, staggered, and as soon as its last
// booking ended when it is behind (that booking counted as "late", and the client's next one due an
// interval after it started), and each athlete lists what is pending every
// `--list-every` ms (500, the athletes staggered over it) and answers it. Both sides get the same offered load; the report gives
// each side's share of the machine's cores over its run, which says whether it was below
// saturation. `--closed` drives every load as a closed loop, as before 2026-12-01.
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { bareBookingFlow, BENCH_QUEUES, loadApiStatements, waitForJobs } from './booking-bare.mjs';
import { FLOOR_QUEUE_PREFIX } from './booking-bare-http.mjs';
import { API_MAIN, cpuSeconds, createBenchAccounts, ensureApiBuild, freePort, httpClient, requireFromApi, ROOT, stopOnInterruptOrDeadline, stopProcess } from './bench-support.mjs';
import { API_ROLE, BARE_ROLE, FLOOR_ROLE, fidelityReport, resetStatements, startCountingPostgres, statementsOf } from './statement-stats.mjs';

const { values: args } = parseArgs({
  options: {
    loads: { type: 'string', default: '50x20,10x5' },
    clients: { type: 'string' },
    athletes: { type: 'string' },
    duration: { type: 'string', default: '20' },
    requesters: { type: 'string', default: '100' },
    workers: { type: 'string', default: String(availableParallelism()) },
    strict: { type: 'boolean', default: false },
    profile: { type: 'string' },
    'without-floor': { type: 'boolean', default: false },
    'api-node-options': { type: 'string', default: '' },
    rate: { type: 'string' },
    'list-every': { type: 'string', default: '500' },
    closed: { type: 'boolean', default: false },
  },
});
/** The loads to run, in order: `clients` concurrent requesters and `athletes` answering. */
const LOADS = (args.clients || args.athletes ? `${args.clients ?? 50}x${args.athletes ?? 20}` : args.loads).split(',').map((load) => {
  const [clients, athletes] = load.split('x').map(Number);
  if (!(clients > 0 && athletes > 0)) throw new Error(`A load is CLIENTSxATHLETES (50x20), not "${load}"`);
  return { clients, athletes };
});
const DURATION_MS = Number(args.duration) * 1000;
const WARM_UP_MS = Math.min(5_000, DURATION_MS / 4);
const REQUESTERS = Number(args.requesters);
const WORKERS = Number(args.workers);
const RUN_DEADLINE_MS = 20 * 60 * 1000;
const PASSWORD = 'bench-password-2026';
const RATES = { shoutout: 10, video_chat: 100, personal_appearance: 200, speaking_engagement: 20, endorsement: 20, training_session: 20, camp: 20 };
const TYPES = ['shoutout', 'endorsement', 'video_chat', 'personal_appearance', 'speaking_engagement', 'training_session', 'camp'];
const PLACE = { address: 'Los Angeles, CA, USA', latitude: 34.05, longitude: -118.24 };
// Issue 24's targets, as ratios of the API to the bare driver.
const SATURATION_CLIENTS = 50;
// A paced load's offered bookings/s: this fraction of the slower side's settled bookings/s at
// saturation in the same run, or DEFAULT_RATE without one.
const PACED_SHARE_OF_SATURATION = 0.5;
const DEFAULT_RATE = 5;
const LIST_EVERY_MS = Number(args['list-every']);
const MIN_THROUGHPUT_RATIO = 0.8;
const MAX_P99_RATIO = 1.5;
const MIN_P99_SAMPLES = 100;
const MAX_CPU_RATIO = 2;
const CALLS = ['book', 'sheet', 'confirm', 'setPaid', 'accept', 'decline', 'cancel', 'list'];
// The bare side's accounts' emails start with this: a person reading the outbox can tell the sides apart.
const BARE_EMAIL_PREFIX = 'pg';
const FLOOR_EMAIL_PREFIX = 'fl';

function startApi(port, dataDir, databaseUrl) {
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    // Required with DATABASE_URL; any secret of 32 characters or more does for a throwaway database.
    AUTH_SECRET: randomBytes(32).toString('hex'),
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
  delete env.EMBEDDED_PG_PORT;
  delete env.STRIPE_SECRET_KEY;
  const nodeArgs = args.profile ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(args.profile)] : [];
  // Options for the API's processes alone (its cluster workers inherit them): a V8 or Node setting tried on the API only.
  if (args['api-node-options']) env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ''} ${args['api-node-options']}`.trim();
  return spawn(process.execPath, [...nodeArgs, API_MAIN], { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
}

/**
 * Waits until `child` answers GET /api/v1/health with `status`: the API's health (200), or the
 * floor's 404 (it has no such route; any answer means it listens).
 */
async function waitUntilAnswering(call, child, { what, status, seconds }) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The ${what} exited with code ${child.exitCode}`);
    try {
      if ((await call('GET', '/health')).status === status) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The ${what} did not answer /api/v1/health within ${seconds} s`);
}

/**
 * Starts the floor's server (booking-bare-http.mjs, WORKERS processes) as FLOOR_ROLE and waits
 * until it answers. Answers its pid, its HTTP client and `stop`, which answers its exit code (0 when
 * every job of it ran and no process of it ended early).
 */
async function startFloor(floorUrl, connections) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, 'tools/bench/booking-bare-http.mjs'), floorUrl, String(port), String(WORKERS)], { stdio: ['ignore', 'inherit', 'inherit'] });
  const call = httpClient(`http://127.0.0.1:${port}`, connections);
  const stop = async () => {
    await call.close();
    await stopProcess(child);
    return child.exitCode;
  };
  try {
    await waitUntilAnswering(call, child, { what: 'floor', status: 404, seconds: 60 });
  } catch (error) {
    await stop();
    throw error;
  }
  return { pid: child.pid, call, stop };
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

/**
 * One side's accounts for one load: SQL rows (fast), sharing one argon2id hash made by a real
 * sign-up; sessions by real sign-ins. `emailPrefix` tells the sides' emails apart.
 */
function createAccounts(call, pool, load, emailPrefix) {
  return createBenchAccounts(call, pool, { athletes: load.athletes, fans: REQUESTERS, rates: RATES, password: PASSWORD, emailPrefix });
}

/**
 * The API's side of one booking and one answer, as HTTP calls. Each answers an HTTP-like status,
 * so the load loop below treats both sides the same. Each account keeps the token the API renews,
 * as a browser keeps its cookie.
 */
function apiFlow(call) {
  return {
    async book(fan, athleteId, start, type) {
      const created = await call('POST', '/booking/request', { session: fan, json: payloadOf(type, athleteId, start) });
      if (created.status !== 201) throw new Error(`book ${created.status} ${created.text}`);
      return { id: created.body.request.id };
    },
    async sheet(fan, request) {
      const sheet = await call('POST', `/payments/payment-sheet?request_id=${request.id}`, { session: fan });
      if (sheet.status !== 200) throw new Error(`sheet ${sheet.status}`);
      request.secret = sheet.body.payment_intent.client_secret;
    },
    async confirm(fan, request) {
      const card = { client_secret: request.secret, card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2099, cvc: '123' };
      const confirmed = await call('POST', '/payments/sandbox/confirm', { session: fan, json: card });
      if (confirmed.status !== 200) throw new Error(`confirm ${confirmed.status}`);
    },
    async setPaid(fan, request) {
      const paid = await call('POST', '/payments/set-paid', { session: fan, json: { request_id: request.id } });
      if (paid.status !== 200) throw new Error(`set-paid ${paid.status} ${paid.text}`);
    },
    async cancel(fan, request) {
      return (await call('PUT', `/booking/request/cancel?request_id=${request.id}`, { session: fan })).status;
    },
    async list(athlete) {
      const list = await call('GET', '/booking/request/filter?status=pending&page_size=20', { session: athlete });
      if (list.status !== 200) throw new Error(`list ${list.status}`);
      return list.body.requests;
    },
    async accept(athlete, request) {
      return (await call('PUT', `/booking/request/accept?request_id=${request.id}&disclosure_acknowledged=true`, { session: athlete })).status;
    },
    async decline(athlete, request) {
      return (await call('PUT', `/booking/request/decline?request_id=${request.id}`, { session: athlete })).status;
    },
  };
}

/** The booking the bare calls take for the API's payload: the type's details, its amount, and the event's window. */
function bareBookingOf(type, athleteId, start) {
  const payload = payloadOf(type, athleteId, start);
  const details = payload[type];
  const hours = details.duration ?? 1;
  const window = type === 'shoutout' || type === 'endorsement' ? null : [start, start + hours * 3600];
  return { type, amountCents: Math.round(payload.request_amount * 100), details, window };
}

/** The bare driver's side: the same calls as statements (booking-bare.mjs); a refused change is 409. */
function bareFlow(bare) {
  const refused = (error) => {
    // The double-booking constraint, or a change that found the request already moved on.
    if (error.code === '23P01' || error.code === 'conflict') return 409;
    throw error;
  };
  return {
    book: (fan, athleteId, start, type) => bare.calls.book(fan, athleteId, bareBookingOf(type, athleteId, start)),
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
 * The floor's side: the bare driver's calls over HTTP (booking-bare-http.mjs). The person is sent
 * as their id (the floor has no sessions); a refused change answers 409, as the API's.
 */
function floorFlow(call) {
  const post = async (name, json, expected = [200]) => {
    const answer = await call('POST', `/${name}`, { json });
    if (!expected.includes(answer.status)) throw new Error(`${name} ${answer.status} ${answer.text}`);
    return answer;
  };
  const who = (account) => ({ id: account.id });
  return {
    book: async (fan, athleteId, start, type) => (await post('book', { fan: who(fan), athleteId, booking: bareBookingOf(type, athleteId, start) })).body,
    sheet: async (fan, request) => {
      request.secret = (await post('sheet', { fan: who(fan), request })).body.secret;
    },
    confirm: (fan, request) => post('confirm', { fan: who(fan), request }).then(() => undefined),
    setPaid: (fan, request) => post('setPaid', { fan: who(fan), request }).then(() => undefined),
    cancel: async (fan, request) => (await post('cancel', { fan: who(fan), request }, [200, 409])).status,
    list: async (athlete) => (await post('list', { athlete: who(athlete) })).body,
    accept: async (athlete, request) => (await post('accept', { athlete: who(athlete), request }, [200, 409])).status,
    decline: async (athlete, request) => (await post('decline', { athlete: who(athlete), request }, [200, 409])).status,
  };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Load through `flow` for `durationMs`: `clients` requesters book, open checkout, pay and mark paid
 * (one in ten cancelling right after), while one client per athlete lists what is pending and
 * accepts (7 in 10) or declines it. `firstDay` keeps runs' time slots apart. Without `pace` each
 * client goes on at once (a closed loop); with `{ rate, listEveryMs }` the requesters start `rate`
 * bookings a second in all, each client every clients/rate seconds (staggered; a client behind its
 * time starts as soon as its last booking ended, and that booking counts as late), and each athlete
 * lists every `listEveryMs` (the athletes staggered over it).
 */
async function drive(flow, accounts, firstDay, durationMs, clients, pace = null) {
  const series = { booking: new Series(), book: new Series(), sheet: new Series(), confirm: new Series(), setPaid: new Series(), accept: new Series(), decline: new Series(), cancel: new Series(), list: new Series() };
  const deadline = Date.now() + durationMs;
  let slot = 0;
  let late = 0;
  const started = performance.now();
  const interval = pace ? (clients / pace.rate) * 1000 : 0;
  const requester = async (index) => {
    const fan = accounts.fans[index % accounts.fans.length];
    let next = started + (index * interval) / clients;
    while (Date.now() < deadline) {
      if (pace) {
        const wait = next - performance.now();
        if (wait > 0) await sleep(wait);
        else if (wait < 0) late += 1;
        if (Date.now() >= deadline) break;
        next = Math.max(next, performance.now()) + interval;
      }
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
  const answerer = async (athlete, index) => {
    // Paced athletes are people apart: their lists staggered over the interval, not all at once.
    if (pace) await sleep((index * pace.listEveryMs) / accounts.athletes.length);
    while (Date.now() < deadline) {
      const round = performance.now();
      let pending = [];
      try {
        pending = await timed(series.list, () => flow.list(athlete));
      } catch (error) {
        series.list.errors += 1;
        if (series.list.errors <= 3) console.error(`  list failed: ${error.message}`);
      }
      // Paced, the next list is due listEveryMs after this one began (after the answers below).
      if (!pace && pending.length === 0) {
        await sleep(50);
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
      if (pace) await sleep(Math.max(0, Math.min(pace.listEveryMs - (performance.now() - round), deadline - Date.now())));
    }
  };
  await Promise.all([...Array.from({ length: clients }, (_, index) => requester(index)), ...accounts.athletes.map(answerer)]);
  const seconds = (performance.now() - started) / 1000;
  const results = Object.fromEntries(Object.entries(series).map(([name, value]) => [name, value.summary(seconds)]));
  results.booking.late = late;
  return results;
}

/** Waits until the API's jobs of the flow (payments, the request-changed subscribers, emails) are done. */
const settleApi = (observer) => waitForJobs(observer, `name LIKE 'payments.%' OR name LIKE 'booking.request-changed.%' OR name = 'mail.send'`);

/**
 * What one side wrote in one load, table by table and queue by queue, per request of its
 * requesters (warm-up included, as the rows are): a check that both sides did the same work.
 * `accounts` are the side's; `window` the database's times around its warm-up, run and settling.
 */
async function rowsWritten(observer, accounts, window) {
  const fans = accounts.fans.map((fan) => fan.id);
  const everyone = [...fans, ...accounts.athletes.map((athlete) => athlete.id)];
  const { rows: [{ requests }] } = await observer.query(`SELECT count(*)::int AS requests FROM requests WHERE requester_id = ANY($1::uuid[])`, [fans]);
  const ofRequests = (table) => `SELECT count(*)::int AS n FROM ${table} x JOIN requests r ON r.id = x.request_id WHERE r.requester_id = ANY($1::uuid[])`;
  const counts = {
    'request history': [ofRequests('request_history'), [fans]],
    notifications: [ofRequests('notifications'), [fans]],
    'ledger entries': [ofRequests('ledger_entries'), [fans]],
    'NIL records': [ofRequests('nil_disclosures'), [fans]],
    emails: [`SELECT count(*)::int AS n FROM outbox_emails o JOIN accounts a ON a.email = o.to_address WHERE a.id = ANY($1::uuid[])`, [everyone]],
  };
  for (const queue of BENCH_QUEUES) {
    counts[`${queue} jobs`] = [
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name IN ($1, 'bench.' || $1, '${FLOOR_QUEUE_PREFIX}' || $1) AND created_on BETWEEN $2 AND $3`,
      [queue, window.from, window.to],
    ];
  }
  const perRequest = {};
  for (const [name, [sql, values]] of Object.entries(counts)) perRequest[name] = (await observer.query(sql, values)).rows[0].n / Math.max(1, requests);
  return { requests, perRequest };
}

/** Every money and state invariant, by SQL over every request (the bare side's too; a few checks of the API's money alone). */
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
/** One call's count, rate, p50, p99 and errors as the tables' columns. */
const cellsOf = (summary) => [String(summary.count), summary.perSecond.toFixed(1), summary.p50.toFixed(1), summary.p99.toFixed(1), String(summary.errors)].map((cell) => cell.padStart(8)).join('');
/** CPU milliseconds a booking of the processes `cpuSeconds` named `name`. */
const cpuPerBooking = (cpu, count, name) => ((cpu?.[name] ?? NaN) * 1000) / Math.max(1, count);
const ratio = (value) => `${value.toFixed(2)}x`;

/**
 * Where the machine's CPU goes: this process (the load generator, or the bare driver), the API's
 * processes (the one started here, `apiPid`, and its cluster workers: other APIs running on the
 * machine are not counted), the floor's (`floorPid` and its workers), and this run's PostgreSQL.
 */
function classifierOf(dataDir, apiPid, floorPidNow = () => null) {
  const descends = (entry, byPid, pid) => {
    for (let current = entry, depth = 0; current && depth < 4; current = byPid.get(current.ppid), depth += 1) if (current.pid === pid) return true;
    return false;
  };
  return (entry, byPid) => {
    if (entry.pid === process.pid) return 'this process';
    if (descends(entry, byPid, apiPid)) return 'API';
    const floorPid = floorPidNow();
    if (floorPid !== null && descends(entry, byPid, floorPid)) return 'floor';
    // The postmaster is named by its data directory; its children (one per connection) by their parent.
    const postmaster = (candidate) => candidate && /postgres/.test(candidate.command) && candidate.command.includes(dataDir);
    return postmaster(entry) || postmaster(byPid.get(entry.ppid)) ? 'PostgreSQL' : null;
  };
}

// Each run its own range of days for its time slots.
let nextFirstDay = 7;

/**
 * One side of one load: its warm-up (not measured) and settling, then the statistics reset, the
 * measured run and its settling (a side cannot gain by leaving work behind), with the CPU used and
 * the statements its role ran meanwhile (`checksUnder`: see statementsOf). `window` spans it all
 * in the database's time.
 */
async function measureSide({ flow, accounts, load, settle, role, checksUnder = null, observer, classify }) {
  const now = async () => (await observer.query('SELECT now() AS at')).rows[0].at;
  const from = await now();
  await drive(flow, accounts, (nextFirstDay += 500), WARM_UP_MS, load.clients, load.pace);
  await settle();
  await resetStatements(observer);
  const cpuBefore = cpuSeconds(classify);
  const runStarted = performance.now();
  const results = await drive(flow, accounts, (nextFirstDay += 500), DURATION_MS, load.clients, load.pace);
  // The run lasts until its last booking returned, past the deadline: that time counts too.
  const runSeconds = (performance.now() - runStarted) / 1000;
  const settleStarted = performance.now();
  await settle();
  const settleSeconds = (performance.now() - settleStarted) / 1000;
  const cpuNow = cpuSeconds(classify);
  const cpu = cpuNow && Object.fromEntries(Object.entries(cpuNow).map(([name, used]) => [name, used - (cpuBefore?.[name] ?? 0)]));
  const statements = await statementsOf(observer, role, { checksUnder });
  const booking = results.booking;
  // Bookings a second until their jobs (captures, voids, emails) were done as well.
  const settled = booking.count / (runSeconds + settleSeconds);
  // How busy the machine was: every measured process's CPU (PostgreSQL's and this process's
  // included) over the run and its settling, in cores.
  const busyCores = cpu && Object.entries(cpu).filter(([name]) => !name.endsWith('(system)')).reduce((sum, [, used]) => sum + used, 0) / (runSeconds + settleSeconds);
  return { results, booking, settled, settleSeconds, busyCores, cpu, statements, window: { from, to: await now() } };
}

/** The figures of one load and its targets; answers the targets as [description, met]. */
function report(load, apiSide, bareSide, apiRows, bareRows, found) {
  const { results: apiResults, booking } = apiSide;
  const { results: bareResults, booking: baseline } = bareSide;
  console.log(`\n${''.padEnd(9)} ${'API'.padStart(40)}   ${'bare pg'.padStart(40)}`);
  console.log(`${'call'.padEnd(9)} ${['count', 'per s', 'p50', 'p99', 'errors'].map((h) => h.padStart(8)).join('')}   ${['count', 'per s', 'p50', 'p99', 'errors'].map((h) => h.padStart(8)).join('')}`);
  for (const name of Object.keys(apiResults)) console.log(`${name.padEnd(9)} ${cellsOf(apiResults[name])}   ${cellsOf(bareResults[name])}`);
  console.log(`\nAPI:     ${booking.perSecond.toFixed(1)} bookings/s (book + checkout + pay + set-paid, with the athletes' answers and the jobs beside), booking p50 ${ms(booking.p50)} p99 ${ms(booking.p99)}; its jobs settled ${apiSide.settleSeconds.toFixed(1)} s after the run: ${apiSide.settled.toFixed(1)} bookings/s settled`);
  console.log(`bare pg: ${baseline.perSecond.toFixed(1)} bookings/s running the same statements, booking p50 ${ms(baseline.p50)} p99 ${ms(baseline.p99)}; its jobs settled ${bareSide.settleSeconds.toFixed(1)} s after the run: ${bareSide.settled.toFixed(1)} bookings/s settled`);
  const written = Object.keys(apiRows.perRequest).map((name) => `${name} ${apiRows.perRequest[name].toFixed(2)} / ${bareRows.perRequest[name].toFixed(2)}`);
  console.log(`rows written a request, API / bare pg (${apiRows.requests} / ${bareRows.requests} requests, warm-up included): ${written.join(', ')}`);
  if (load.pace) {
    const lateOf = (side) => `${side.booking.late} of ${side.booking.count + side.booking.errors}`;
    console.log(`paced: ${load.pace.rate.toFixed(1)} bookings/s offered to each side (${load.pace.why}), athletes listing every ${load.pace.listEveryMs} ms; bookings started late, API ${lateOf(apiSide)}, bare pg ${lateOf(bareSide)}`);
  }
  if (apiSide.busyCores !== null && bareSide.busyCores !== null) console.log(`cores busy over the run and its settling (every measured process: the API's, PostgreSQL's and this one's; of ${availableParallelism()}): API side ${apiSide.busyCores.toFixed(2)}, bare side ${bareSide.busyCores.toFixed(2)}`);
  if (apiSide.cpu && bareSide.cpu) {
    const perBooking = (cpu, count) => Object.entries(cpu).filter(([, used]) => used > 0.05).map(([name]) => `${name} ${cpuPerBooking(cpu, count, name).toFixed(1)}`).join(', ');
    console.log(`CPU ms a booking, the run and its settling: API side: ${perBooking(apiSide.cpu, booking.count)}; bare side: ${perBooking(bareSide.cpu, baseline.count)}`);
  }

  const fidelity = fidelityReport(apiSide.statements, booking.count, bareSide.statements, baseline.count);
  console.log(`\nstatements a booking, as PostgreSQL counts them (pg_stat_statements over the measured run and its settling; API as ${API_ROLE}, bare pg as ${BARE_ROLE}):`);
  for (const line of fidelity.lines) console.log(`  ${line}`);

  console.log('\ninvariants (every request so far):');
  for (const [name, count] of Object.entries(found)) console.log(`  ${count === 0 ? 'ok  ' : 'FAIL'} ${name}${count ? `: ${count}` : ''}`);
  const violated = Object.values(found).reduce((sum, count) => sum + count, 0);

  const targets = [];
  if (load.clients >= SATURATION_CLIENTS) {
    const throughput = apiSide.settled / bareSide.settled;
    targets.push([`at saturation, API bookings/s with its jobs settled at least ${MIN_THROUGHPUT_RATIO}x the bare driver's: ${ratio(throughput)} (${apiSide.settled.toFixed(1)} / ${bareSide.settled.toFixed(1)}; ${ratio(booking.perSecond / baseline.perSecond)} counting the run alone)`, throughput >= MIN_THROUGHPUT_RATIO]);
  } else {
    const compared = CALLS.filter((name) => apiResults[name].count >= MIN_P99_SAMPLES && bareResults[name].count >= MIN_P99_SAMPLES).map((name) => ({ name, ratio: apiResults[name].p99 / bareResults[name].p99 }));
    const worst = compared.reduce((most, entry) => (entry.ratio > (most?.ratio ?? -Infinity) ? entry : most), null);
    const each = compared.map((entry) => `${entry.name} ${ratio(entry.ratio)}`).join(', ');
    targets.push([`below saturation, each call's p99 within ${MAX_P99_RATIO}x the bare driver's (calls with ${MIN_P99_SAMPLES}+ samples a side): worst ${worst ? `${worst.name} ${ratio(worst.ratio)}` : 'none compared'}; ${each}`, worst !== null && worst.ratio <= MAX_P99_RATIO]);
  }
  const apiCpu = cpuPerBooking(apiSide.cpu, booking.count, 'API');
  const bareCpu = cpuPerBooking(bareSide.cpu, baseline.count, 'this process');
  targets.push([`the API processes' CPU a booking at most ${MAX_CPU_RATIO}x the bare driver's: ${ratio(apiCpu / bareCpu)} (${apiCpu.toFixed(1)} ms / ${bareCpu.toFixed(1)} ms)`, apiCpu / bareCpu <= MAX_CPU_RATIO]);
  targets.push([`0 invariant violations (${violated})`, violated === 0]);
  console.log('\ntargets:');
  for (const [name, met] of targets) console.log(`  ${met ? 'PASS' : 'FAIL'} ${name}`);
  return { targets, violated, differing: fidelity.differing };
}

/**
 * The floor beside the two sides: its calls, its throughput and CPU a booking, each against the bare
 * driver's (what HTTP and a process of its own cost) and the API's against it (what the framework
 * adds). Answers a line for the summary.
 */
function reportFloor(load, apiSide, bareSide, floorSide, floorRows) {
  const { results: floorResults, booking: floor } = floorSide;
  const { results: apiResults, booking } = apiSide;
  const { results: bareResults, booking: baseline } = bareSide;
  console.log(`\nfloor (the bare driver's calls behind a plain node:http server, ${WORKERS} process(es)):`);
  console.log(`${'call'.padEnd(9)} ${['count', 'per s', 'p50', 'p99', 'errors'].map((h) => h.padStart(8)).join('')}   ${'p99 floor/bare'.padStart(15)} ${'p99 API/floor'.padStart(14)}`);
  const p99Ratios = [];
  for (const name of Object.keys(floorResults)) {
    const summary = floorResults[name];
    const compared = CALLS.includes(name) && [summary, apiResults[name], bareResults[name]].every((side) => side.count >= MIN_P99_SAMPLES);
    const overBare = summary.p99 / bareResults[name].p99;
    const apiOver = apiResults[name].p99 / summary.p99;
    if (compared) p99Ratios.push({ name, overBare, apiOver });
    console.log(`${name.padEnd(9)} ${cellsOf(summary)}   ${(compared ? ratio(overBare) : '-').padStart(15)} ${(compared ? ratio(apiOver) : '-').padStart(14)}`);
  }
  const cpu = (side, name) => cpuPerBooking(side.cpu, side.booking.count, name);
  const [apiCpu, bareCpu, floorCpu] = [cpu(apiSide, 'API'), cpu(bareSide, 'this process'), cpu(floorSide, 'floor')];
  const written = Object.entries(floorRows.perRequest).map(([name, value]) => `${name} ${value.toFixed(2)}`).join(', ');
  console.log(`floor:   ${floor.perSecond.toFixed(1)} bookings/s, booking p50 ${ms(floor.p50)} p99 ${ms(floor.p99)}; its jobs settled ${floorSide.settleSeconds.toFixed(1)} s after the run: ${floorSide.settled.toFixed(1)} bookings/s settled`);
  console.log(`rows written a request (${floorRows.requests} requests): ${written}`);
  if (floorSide.busyCores !== null) console.log(`cores busy (every measured process): floor side ${floorSide.busyCores.toFixed(2)}${load.pace ? `; paced as the others, bookings started late ${floorSide.booking.late} of ${floor.count + floor.errors}` : ''}`);
  console.log(`CPU ms a booking: floor ${floorCpu.toFixed(1)} (load generator ${cpu(floorSide, 'this process').toFixed(1)}, PostgreSQL ${cpu(floorSide, 'PostgreSQL').toFixed(1)}); floor/bare ${ratio(floorCpu / bareCpu)}, API/floor ${ratio(apiCpu / floorCpu)}`);
  const fidelity = fidelityReport(apiSide.statements, booking.count, floorSide.statements, floor.count);
  console.log(`statements a booking, API against floor: ${fidelity.lines.at(-1).trim()}`);
  const parts = [`CPU a booking floor/bare ${ratio(floorCpu / bareCpu)}, API/floor ${ratio(apiCpu / floorCpu)}`];
  if (load.clients >= SATURATION_CLIENTS) parts.push(`settled bookings/s floor/bare ${ratio(floorSide.settled / bareSide.settled)}, API/floor ${ratio(apiSide.settled / floorSide.settled)}`);
  else parts.push(`p99 floor/bare ${p99Ratios.map((entry) => `${entry.name} ${ratio(entry.overBare)}`).join(', ')}; API/floor ${p99Ratios.map((entry) => `${entry.name} ${ratio(entry.apiOver)}`).join(', ')}`);
  const line = parts.join('; ');
  console.log(`floor against the targets' baseline: ${line}; bare ${baseline.count} bookings, floor ${floor.count}`);
  return line;
}

/** How a load is driven: null (a closed loop) at saturation or with --closed, else its pace (see "Below saturation" above). */
function paceOf(load, saturatedRate) {
  if (args.closed || load.clients >= SATURATION_CLIENTS) return null;
  const listEveryMs = LIST_EVERY_MS;
  if (args.rate) return { rate: Number(args.rate), listEveryMs, why: '--rate' };
  if (saturatedRate !== null) {
    return { rate: Math.max(1, Math.round(2 * PACED_SHARE_OF_SATURATION * saturatedRate) / 2), listEveryMs, why: `half the slower side's ${saturatedRate.toFixed(1)} settled bookings/s at saturation` };
  }
  return { rate: DEFAULT_RATE, listEveryMs, why: 'no saturation load before it' };
}

async function main() {
  if (!(LIST_EVERY_MS > 0 && Number.isFinite(LIST_EVERY_MS)) || (args.rate !== undefined && !(Number(args.rate) > 0 && Number.isFinite(Number(args.rate))))) {
    throw new Error('--rate and --list-every are positive numbers');
  }
  if (args.rate !== undefined && (args.closed || LOADS.every((load) => load.clients >= SATURATION_CLIENTS))) throw new Error('--rate paces the loads below saturation: there is none to pace here');
  ensureApiBuild(ROOT);
  const { Pool } = requireFromApi('pg');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'huddle-bench-booking-'));
  chmodSync(dataDir, 0o755);
  const [apiPort, pgPort] = [await freePort(), await freePort()];
  const connections = Math.max(...LOADS.map((load) => load.clients + load.athletes));
  let database;
  let api;
  let call;
  let observer;
  let barePool;
  let jobPool;
  let bare;
  let floor = null;
  // Each step bounded: a hung API or database (the watchdog's case) must not keep the rest running.
  const bounded = (work) => Promise.race([Promise.resolve().then(work).catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 10_000))]);
  const stop = async () => {
    await bounded(() => call?.close());
    await bounded(() => bare?.stop());
    await bounded(() => floor?.stop());
    for (const pool of [barePool, jobPool, observer]) await bounded(() => pool?.end());
    await stopProcess(api);
    await bounded(() => database?.stop());
    rmSync(dataDir, { recursive: true, force: true });
  };
  const disarm = stopOnInterruptOrDeadline(stop, RUN_DEADLINE_MS);
  let failed = false;
  try {
    database = await startCountingPostgres(path.join(dataDir, 'postgres'), pgPort);
    api = startApi(apiPort, dataDir, database.apiUrl);
    call = httpClient(`http://127.0.0.1:${apiPort}`, connections);
    await waitUntilAnswering(call, api, { what: 'API', status: 200, seconds: 120 });
    // The benchmark's own reads and writes (accounts, settling, statistics): counted on neither side.
    observer = new Pool({ connectionString: database.observerUrl, max: 4 });
    // The API's pools, per worker: TypeORM's node-postgres default of 10, pg-boss's 4 (JobsService).
    barePool = new Pool({ connectionString: database.bareUrl, max: 10 * WORKERS });
    jobPool = new Pool({ connectionString: database.bareUrl, max: 4 * WORKERS });
    bare = bareBookingFlow(barePool, jobPool, loadApiStatements(requireFromApi));
    const queues = await bare.createQueues();
    bare.startJobs(WORKERS);
    if (!args['without-floor']) {
      // Its queues made here, once, by its role, so that its processes find them (as the API's processes find theirs).
      const floorPool = new Pool({ connectionString: database.floorUrl, max: 1 });
      try {
        await bareBookingFlow(floorPool, floorPool, loadApiStatements(requireFromApi), { prefix: FLOOR_QUEUE_PREFIX }).createQueues();
      } finally {
        await floorPool.end();
      }
    }
    const classify = classifierOf(dataDir, api.pid, () => floor?.pid ?? null);
    console.log(`\n${LOADS.length} load(s), each side with fresh accounts: ${REQUESTERS} requesters a side, ${DURATION_MS / 1000} s measured after ${WARM_UP_MS / 1000} s of warm-up, API_WORKERS=${WORKERS}; the bare driver polls the API's ${queues.length} queues as the API does`);
    const summary = [];
    // The slower side's settled bookings/s at the last saturation load: what a paced load offers half of.
    let saturatedRate = null;
    for (const load of LOADS) {
      load.pace = paceOf(load, saturatedRate);
      const saturation = load.clients >= SATURATION_CLIENTS ? 'at saturation' : load.pace ? `below saturation: paced at ${load.pace.rate.toFixed(1)} bookings/s, ${load.pace.why}` : 'below saturation, closed loop';
      console.log(`\n=== ${load.clients} clients, ${load.athletes} athletes (${saturation}) ===`);
      const apiAccounts = await createAccounts(call, observer, load, '');
      const bareAccounts = await createAccounts(call, observer, load, BARE_EMAIL_PREFIX);
      const apiSide = await measureSide({ flow: apiFlow(call), accounts: apiAccounts, load, settle: () => settleApi(observer), role: API_ROLE, observer, classify });
      const bareSide = await measureSide({ flow: bareFlow(bare), accounts: bareAccounts, load, settle: () => bare.settle(observer), role: BARE_ROLE, checksUnder: API_ROLE, observer, classify });
      const found = await violations(observer);
      if (bare.failures.length) {
        found['a bare-driver job that failed'] = bare.failures.length;
        for (const failure of bare.failures.slice(0, 3)) console.error(`  bare job failed: ${failure}`);
      }
      const apiRows = await rowsWritten(observer, apiAccounts, apiSide.window);
      const bareRows = await rowsWritten(observer, bareAccounts, bareSide.window);
      const outcome = report(load, apiSide, bareSide, apiRows, bareRows, found);
      summary.push({ load, ...outcome });
      if (load.clients >= SATURATION_CLIENTS) saturatedRate = Math.min(apiSide.settled, bareSide.settled);
      if (!args['without-floor']) {
        const floorAccounts = await createAccounts(call, observer, load, FLOOR_EMAIL_PREFIX);
        floor = await startFloor(database.floorUrl, connections);
        const floorSide = await measureSide({ flow: floorFlow(floor.call), accounts: floorAccounts, load, settle: () => waitForJobs(observer, `name LIKE '${FLOOR_QUEUE_PREFIX}%'`), role: FLOOR_ROLE, checksUnder: API_ROLE, observer, classify });
        const floorExit = await floor.stop();
        floor = null;
        if (floorExit !== 0) {
          console.error(`The floor ended with code ${floorExit}: a job of it failed or a process of it ended early (above); its figures do not count.`);
          failed = true;
        }
        const floorFound = await violations(observer);
        const floorViolated = Object.values(floorFound).reduce((sum, count) => sum + count, 0);
        if (floorViolated > 0) console.log(`\ninvariants after the floor: ${Object.entries(floorFound).filter(([, count]) => count > 0).map(([name, count]) => `FAIL ${name}: ${count}`).join('; ')}`);
        summary.at(-1).floor = reportFloor(load, apiSide, bareSide, floorSide, await rowsWritten(observer, floorAccounts, floorSide.window));
        failed ||= floorViolated > 0;
      }
      failed ||= outcome.violated > 0 || (args.strict && outcome.targets.some(([, met]) => !met));
    }
    if (summary.length > 1) {
      console.log('\nall targets:');
      for (const { load, targets } of summary) for (const [name, met] of targets) console.log(`  ${met ? 'PASS' : 'FAIL'} ${load.clients}x${load.athletes}: ${name}`);
    }
    if (!args['without-floor']) {
      console.log('\nthe floor (not a target):');
      for (const { load, floor } of summary) console.log(`  ${load.clients}x${load.athletes}: ${floor}`);
    }
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
