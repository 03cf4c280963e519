#!/usr/bin/env node
// The counters under load (issue 23): the athlete's locker room, the business's statistics and the
// administrator's counters at a million requests, the API against the bare PostgreSQL driver
// running the same read models.
//
//   npm run bench:stats [-- --requests 1000000 --duration 15 --clients 20 --sample 40 --workers <cores> --strict --profile DIR --only athlete|business|admin]
//
// Starts the API from its production build (apps/api/dist/main.js; built first when stale) on a
// private port of 127.0.0.1 with a throwaway DATA_DIR (embedded PostgreSQL) and SEED_DEMO=false.
// Seeds with set-based SQL (generate_series, a few big statements): 10,000 athletes, 45,000 fans,
// 5,000 businesses and `requests` requests (scaled down with --requests, the accounts in
// proportion), skewed (a few athletes and businesses with thousands, most with few), of every type
// (more shoutouts and video chats than camps) and status (mostly finished), over two years with
// more recent activity, 5% of them campaign shares; and the ledger each one's history wrote
// (authorised, voided, captured, owed to the athlete, refunded, returned) with weekly payouts of
// the finished ones (payouts, items, allocations, paid_out), every movement balanced. Prints the
// seed's time and row counts, then EXPLAIN (ANALYZE, BUFFERS) of every statement of the busiest
// athlete's, the busiest business's and the administrator's counters.
// Then, per endpoint, from this second process and after a warm-up that is not measured, `clients`
// concurrent closed-loop clients with real sessions (signed in through the API) call
// GET /booking/request/counters (random athletes, one call in four one of the ten busiest; random
// businesses, likewise) and GET /admin/counters (all time, and the last 30 days) for `duration`
// seconds through undici's keep-alive pool; then the same read models (imported from the build:
// their SQL and the JavaScript after it) through `pg` with the same concurrency and the API's pool
// size. Prints requests/s, p50 and p99 of each side and the API/pg throughput ratio; --strict exits
// 1 when a target is missed (p99 under 100 ms for the athlete and the business, 500 ms for the
// administrator, at least half the bare driver's throughput). Everything it started is stopped at
// the end, on failure and on Ctrl-C.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Pool as HttpPool } from 'undici';
import { API_MAIN, ensureApiBuild, freePort, requireFromApi, ROOT, stopOnInterruptOrDeadline, stopProcess } from './bench-support.mjs';

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '1000000' },
    duration: { type: 'string', default: '15' },
    clients: { type: 'string', default: '20' },
    workers: { type: 'string', default: String(availableParallelism()) },
    // Athletes and businesses signed in besides the ten busiest of each (the clients pick among them).
    sample: { type: 'string', default: '40' },
    strict: { type: 'boolean', default: false },
    // Seed, print the plans, then keep the API up until Ctrl-C (profiling, driving it by hand).
    hold: { type: 'boolean', default: false },
    // Writes the API processes' CPU profiles (.cpuprofile, for Chrome DevTools) into this folder.
    profile: { type: 'string' },
    // Measures only the endpoints whose name starts with this (athlete, business, admin).
    only: { type: 'string' },
  },
});
const REQUESTS = Number(args.requests);
const DURATION_MS = Number(args.duration) * 1000;
const CLIENTS = Number(args.clients);
const WORKERS = Number(args.workers);
const WARM_UP_MS = 3_000;
// Whole run: the seed alone takes minutes at a million requests (longer on a busy machine).
const RUN_DEADLINE_MS = 75 * 60 * 1000;
// The accounts of a million requests, in proportion when scaled down (never fewer than 100 each).
const SCALE = REQUESTS / 1_000_000;
const ATHLETES = Math.max(100, Math.round(10_000 * SCALE));
const FANS = Math.max(100, Math.round(45_000 * SCALE));
const BUSINESSES = Math.max(100, Math.round(5_000 * SCALE));
// The busiest: this many athletes share 4% of the requests, this many businesses 5% of theirs.
const BUSY_ATHLETES = 8;
const BUSY_BUSINESSES = 5;
const ZONE = 'America/New_York';
const TARGETS = { athlete: 100, business: 100, admin: 500 };
const MIN_RATIO = 0.5;
const PASSWORD = 'bench-password-2026';
const SAMPLE = Number(args.sample);

/** The seed: accounts, campaigns, requests, their ledger and payouts, every statement set-based. */
async function seed(pool) {
  const started = performance.now();
  const client = await pool.connect();
  const step = async (label, sql, values = []) => {
    const began = performance.now();
    const result = await client.query(sql, values);
    console.log(`  ${label}: ${result.rowCount ?? ''} rows, ${((performance.now() - began) / 1000).toFixed(1)} s`);
    return result;
  };
  try {
    // Reproducible: one connection, one seed for random().
    await client.query('SELECT setseed(0.23)');
    // Indexes that back no constraint are dropped during the bulk load and built again after it
    // (one sort each instead of a million random inserts); their definitions (and the foreign
    // keys' below) are read from the database, so they are the migrations' own.
    const { rows: indexes } = await client.query(
      `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
         FROM pg_index i LEFT JOIN pg_constraint c ON c.conindid = i.indexrelid
        WHERE i.indrelid IN ('requests'::regclass, 'ledger_entries'::regclass, 'payout_allocations'::regclass) AND c.oid IS NULL`,
    );
    for (const index of indexes) await client.query(`DROP INDEX ${index.name}`);
    // Foreign keys likewise: checked row by row on insert, validated by one join when added back.
    const { rows: foreignKeys } = await client.query(
      `SELECT conrelid::regclass::text AS table_name, conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
        WHERE contype = 'f' AND conrelid IN ('requests'::regclass, 'campaigns'::regclass, 'payout_items'::regclass, 'payout_allocations'::regclass, 'payouts'::regclass)`,
    );
    for (const key of foreignKeys) await client.query(`ALTER TABLE ${key.table_name} DROP CONSTRAINT ${key.name}`);

    await step(
      'accounts',
      `INSERT INTO accounts (user_type, email, phone, first_name, last_name, username, profile_completed, created_at, updated_at)
       SELECT k.user_type, k.kind || g || '@stats.bench.test', '+15555550100', initcap(k.kind), 'Bench ' || g, k.kind || '_' || g, true,
              now() - make_interval(days => (800 * random())::int), now()
         FROM (VALUES (2, 'athlete', $1::int), (1, 'fan', $2::int), (3, 'business', $3::int), (4, 'admin', 1)) AS k(user_type, kind, n),
              generate_series(1, k.n) AS g`,
      [ATHLETES, FANS, BUSINESSES],
    );
    // Numbered accounts of each kind, for the picks below and the sessions (1 is the busiest).
    await client.query(
      `CREATE UNLOGGED TABLE bench_people AS
       SELECT regexp_replace(split_part(email, '@', 1), '[0-9]+$', '') AS kind,
              substring(split_part(email, '@', 1) FROM '[0-9]+$')::int AS n, id
         FROM accounts WHERE email LIKE '%@stats.bench.test'`,
    );
    await client.query('CREATE UNIQUE INDEX ON bench_people (kind, n)');
    await client.query('ANALYZE bench_people');

    const shares = Math.round(REQUESTS * 0.05);
    const campaigns = Math.max(1, Math.round(shares / 5));
    await step(
      'campaigns',
      `INSERT INTO campaigns (business_id, name, task, total_cents, status, paid, paid_at, created_at, updated_at)
       SELECT b.id, 'Bench campaign ' || c.g, 'Post a reel about us', 5 * 12000, 5, true, c.at, c.at, c.at
         FROM (SELECT g, CASE WHEN random() < 0.05 THEN 1 + g % ${BUSY_BUSINESSES} ELSE 1 + floor($2::int * power(random(), 1.5))::int END AS n,
                      now() - make_interval(secs => 730 * 86400 * power(random(), 2)) AS at
                 FROM generate_series(1, $1::int) AS g) c
         JOIN bench_people b ON b.kind = 'business' AND b.n = c.n`,
      [campaigns, BUSINESSES],
    );
    await client.query(`CREATE TEMP TABLE bench_campaigns AS SELECT row_number() OVER (ORDER BY id)::int AS n, id, business_id, created_at FROM campaigns`);
    await client.query('CREATE UNIQUE INDEX ON bench_campaigns (n)');

    // Requests: the kind of requester (70% fans), the athlete (4% the busiest few, the rest a
    // power law), the type (shoutouts and video chats first, camps last), the age (two years,
    // denser lately) and a status that fits the age and the API's timers, which must find nothing
    // to do (pending only in the last week, expiring after it; an accepted shoutout or endorsement
    // only within its delivery deadline; no delivery, event or call times that would complete;
    // unpaid drafts only in the last day).
    await step(
      'requests',
      `INSERT INTO requests (type, status, athlete_id, requester_id, name, request_amount_cents, fee_amount_cents, amount_to_athlete_cents,
                             paid, paid_at, authorised, accepted_at, finished_at, expiration_time, endorsement_campaign_id, created_at, updated_at)
       SELECT p.type, p.status, a.id, coalesce(c.business_id, q.id), 'Bench ' || p.type, p.cents, p.cents / 5, p.cents - p.cents / 5,
              p.paid, CASE WHEN p.paid THEN p.created_at END, p.paid AND p.status = 1, p.accepted_at, p.finished_at,
              CASE WHEN p.status = 1 THEN p.created_at + interval '7 days' END, c.id, p.created_at, coalesce(p.finished_at, p.accepted_at, p.created_at)
         FROM (
           SELECT t.*, CASE WHEN t.status IN (2, 4, 5, 6) OR (t.status = 3 AND t.u_refund < 0.1) THEN least(now(), t.created_at + make_interval(hours => 1 + (36 * random())::int)) END AS accepted_at,
                  CASE WHEN t.status = 5 THEN least(now(), t.created_at + make_interval(hours => 2 + (14 * 24 * random())::int)) END AS finished_at
             FROM (SELECT u.*, CASE WHEN NOT u.paid THEN 1 WHEN u.status0 = 2 AND u.type IN ('shoutout', 'endorsement') AND u.age_days >= 6 THEN 5 ELSE u.status0 END AS status FROM (
               SELECT s.*, CASE WHEN s.share THEN 'endorsement' ELSE (ARRAY['shoutout', 'shoutout', 'shoutout', 'shoutout', 'shoutout', 'shoutout', 'shoutout', 'video_chat', 'video_chat', 'video_chat',
                                  'video_chat', 'video_chat', 'endorsement', 'endorsement', 'personal_appearance', 'personal_appearance', 'speaking_engagement',
                                  'training_session', 'training_session', 'camp'])[1 + floor(20 * s.u_type)::int] END AS type,
                      CASE WHEN s.age_days < 7 THEN (ARRAY[1, 1, 1, 2, 2, 6, 4, 3, 5, 5])[1 + floor(10 * s.u_status)::int]
                           WHEN s.age_days < 30 THEN (ARRAY[2, 4, 4, 6, 3, 3, 5, 5, 5, 5])[1 + floor(10 * s.u_status)::int]
                           ELSE (ARRAY[3, 3, 3, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 4, 5, 5, 5, 2])[1 + floor(20 * s.u_status)::int] END AS status0,
                      now() - make_interval(secs => s.age_days * 86400) AS created_at,
                      -- A tenth of the last day's are checkouts not paid yet (drafts, deleted after a day).
                      s.share OR s.age_days >= 0.9 OR s.u_paid >= 0.1 AS paid
                 FROM (
                   SELECT g, g > $1::int - $5::int AS share, random() AS u_type, random() AS u_status, random() AS u_refund, random() AS u_paid,
                          730 * power(random(), 2) AS age_days,
                          CASE WHEN random() < 0.04 THEN 1 + g % ${BUSY_ATHLETES} ELSE 1 + floor($2::int * power(random(), 1.6))::int END AS athlete_n,
                          CASE WHEN random() < 0.7 THEN 'fan' ELSE 'business' END AS requester_kind,
                          random() AS u_requester, 1 + g % $6::int AS campaign_n
                     FROM generate_series(1, $1::int) AS g) s) u) t) p0
         CROSS JOIN LATERAL (SELECT p0.*, (CASE p0.type WHEN 'shoutout' THEN 2500 WHEN 'video_chat' THEN 7500 WHEN 'endorsement' THEN 15000 WHEN 'personal_appearance' THEN 30000
                                                  WHEN 'speaking_engagement' THEN 20000 WHEN 'training_session' THEN 10000 ELSE 40000 END * (0.5 + random()))::int / 100 * 100 AS cents,
                                    CASE WHEN p0.requester_kind = 'fan' THEN 1 + floor($3::int * power(random(), 1.3))::int
                                         WHEN random() < 0.05 THEN 1 + p0.g % ${BUSY_BUSINESSES}
                                         ELSE 1 + floor($4::int * power(p0.u_requester, 1.5))::int END AS requester_n) p
         JOIN bench_people a ON a.kind = 'athlete' AND a.n = p.athlete_n
         JOIN bench_people q ON q.kind = p.requester_kind AND q.n = p.requester_n
         LEFT JOIN bench_campaigns c ON p.share AND c.n = p.campaign_n`,
      [REQUESTS, ATHLETES, FANS, BUSINESSES, shares, campaigns],
    );

    // The ledger's movements of each paid request, as its history wrote them: a card hold, then a
    // void (refused or expired before acceptance) or a capture on acceptance (a campaign's share
    // captured with its campaign) and the athlete's share; a refund after acceptance; a share
    // given back before it was split ('returned').
    await client.query(
      `CREATE TEMP TABLE bench_moves AS
       SELECT r.id AS request_id, r.athlete_id, r.request_amount_cents::bigint AS amount, r.fee_amount_cents::bigint AS fee, m.movement, m.at
         FROM requests r
         CROSS JOIN LATERAL (VALUES
           ('authorised', r.created_at, true),
           ('voided', least(now(), r.created_at + interval '2 days'), r.endorsement_campaign_id IS NULL AND r.status = 3 AND r.accepted_at IS NULL),
           ('captured', coalesce(r.accepted_at, r.created_at), r.accepted_at IS NOT NULL OR r.endorsement_campaign_id IS NOT NULL),
           ('owed_to_athlete', r.accepted_at, r.accepted_at IS NOT NULL),
           ('refunded', least(now(), r.accepted_at + interval '1 day'), r.status = 3 AND r.accepted_at IS NOT NULL),
           ('returned', least(now(), r.created_at + interval '3 days'), r.endorsement_campaign_id IS NOT NULL AND r.status = 3 AND r.accepted_at IS NULL)
         ) AS m(movement, at, happened)
        WHERE r.paid AND m.happened`,
    );
    await step(
      'ledger movements',
      `INSERT INTO ledger_movements (request_id, movement, amount_cents, recorded_at)
       SELECT request_id, movement, CASE WHEN movement = 'captured' THEN 2 * amount ELSE amount END, at FROM bench_moves`,
    );
    // LEDGER_LINES of payments/ledger.ts, movement by movement (each sums to zero).
    await step(
      'ledger entries',
      `INSERT INTO ledger_entries (request_id, movement, account, amount_cents, created_at)
       SELECT m.request_id, m.movement, l.account, l.amount, m.at
         FROM bench_moves m
         CROSS JOIN LATERAL unnest(
           CASE m.movement WHEN 'authorised' THEN ARRAY['holds', 'holds_payers'] WHEN 'voided' THEN ARRAY['holds', 'holds_payers']
                           WHEN 'captured' THEN ARRAY['holds', 'holds_payers', 'cash', 'unallocated']
                           WHEN 'owed_to_athlete' THEN ARRAY['unallocated', 'athlete_payable:' || m.athlete_id, 'platform_fees']
                           WHEN 'refunded' THEN ARRAY['cash', 'athlete_payable:' || m.athlete_id, 'platform_fees']
                           ELSE ARRAY['cash', 'unallocated'] END,
           CASE m.movement WHEN 'authorised' THEN ARRAY[m.amount, -m.amount] WHEN 'voided' THEN ARRAY[-m.amount, m.amount]
                           WHEN 'captured' THEN ARRAY[-m.amount, m.amount, m.amount, -m.amount]
                           WHEN 'owed_to_athlete' THEN ARRAY[m.amount, m.fee - m.amount, -m.fee]
                           WHEN 'refunded' THEN ARRAY[-m.amount, m.amount - m.fee, m.fee]
                           ELSE ARRAY[-m.amount, m.amount] END) AS l(account, amount)
        WHERE l.amount <> 0`,
    );

    // Payouts: each Monday, what the finished requests of the week before owed their athletes;
    // one item per athlete, one allocation (one transfer, its paid_out movement) per request.
    const [{ id: adminId }] = (await client.query(`SELECT id FROM bench_people WHERE kind = 'admin'`)).rows;
    await step(
      'payouts',
      `INSERT INTO payouts (provider, provider_payout_id, created_by, total_cents, created_at)
       SELECT 'sandbox', 'po_bench_' || to_char(w, 'YYYYMMDD'), $1, sum(amount_to_athlete_cents), w
         FROM (SELECT date_trunc('week', finished_at) + interval '7 days' AS w, amount_to_athlete_cents FROM requests
                WHERE status = 5 AND finished_at < date_trunc('week', now())) f GROUP BY w`,
      [adminId],
    );
    await step(
      'payout items',
      `INSERT INTO payout_items (payout_id, athlete_id, amount_cents, destination_account_id, status, provider_transfer_id, idempotency_key, created_at, updated_at, sent_at)
       SELECT p.id, r.athlete_id, sum(r.amount_to_athlete_cents), 'acct_bench_' || r.athlete_id, 'sent', 'tr_bench_' || p.id || '_' || r.athlete_id,
              'huddle:payout:' || p.id || ':' || r.athlete_id, p.created_at, p.created_at, p.created_at
         FROM requests r JOIN payouts p ON p.created_at = date_trunc('week', r.finished_at) + interval '7 days'
        WHERE r.status = 5 AND r.finished_at < date_trunc('week', now())
        GROUP BY p.id, r.athlete_id`,
    );
    await step(
      'payout allocations',
      `INSERT INTO payout_allocations (payout_item_id, request_id, amount_cents, status, idempotency_key, provider_transfer_id, sent_at)
       SELECT i.id, r.id, r.amount_to_athlete_cents, 'sent', 'huddle:transfer:' || i.id || ':' || r.id, 'tr_bench_' || r.id, i.sent_at
         FROM requests r
         JOIN payouts p ON p.created_at = date_trunc('week', r.finished_at) + interval '7 days'
         JOIN payout_items i ON i.payout_id = p.id AND i.athlete_id = r.athlete_id
        WHERE r.status = 5 AND r.finished_at < date_trunc('week', now())`,
    );
    await step(
      'paid_out movements',
      `WITH moved AS (
         INSERT INTO ledger_movements (request_id, movement, amount_cents, recorded_at)
         SELECT a.id, 'paid_out', a.amount_cents, a.sent_at FROM payout_allocations a
         RETURNING request_id, amount_cents, recorded_at
       )
       INSERT INTO ledger_entries (request_id, movement, account, amount_cents, created_at)
       SELECT m.request_id, 'paid_out', l.account, l.amount, m.recorded_at
         FROM moved m JOIN payout_allocations a ON a.id = m.request_id JOIN requests r ON r.id = a.request_id
         CROSS JOIN LATERAL (VALUES ('athlete_payable:' || r.athlete_id, m.amount_cents), ('cash', -m.amount_cents)) AS l(account, amount)`,
    );
    for (const index of indexes) {
      const began = performance.now();
      await client.query(index.definition);
      console.log(`  index ${index.name}: ${((performance.now() - began) / 1000).toFixed(1)} s`);
    }
    for (const key of foreignKeys) {
      const began = performance.now();
      await client.query(`ALTER TABLE ${key.table_name} ADD CONSTRAINT ${key.name} ${key.definition}`);
      console.log(`  foreign key ${key.name}: ${((performance.now() - began) / 1000).toFixed(1)} s`);
    }
    // The per-party rollups as a running API keeps them (each party's appended rows folded by its
    // readers): the triggers appended one row per statement and key during the bulk load.
    const { FOLD_ALL_PARTIES_SQL } = requireFromApi('./dist/database/party-rollups.js');
    for (const statement of FOLD_ALL_PARTIES_SQL) await step(`fold ${/INTO (\w+)/.exec(statement)[1]}`, statement);
    // What autovacuum does to tables at rest: statistics, and the visibility map index-only scans need.
    await step('vacuum analyze', 'VACUUM ANALYZE');
    const { rows: [unbalanced] } = await client.query(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM ledger_entries GROUP BY request_id, movement HAVING sum(amount_cents) <> 0) x`,
    );
    if (unbalanced.n > 0) throw new Error(`The seeded ledger has ${unbalanced.n} unbalanced movement(s)`);
  } finally {
    client.release();
  }
  const seconds = (performance.now() - started) / 1000;
  const { rows } = await pool.query(
    `SELECT 'accounts' AS t, count(*) AS n FROM accounts UNION ALL SELECT 'requests', count(*) FROM requests
     UNION ALL SELECT 'paid requests', count(*) FROM requests WHERE paid UNION ALL SELECT 'campaigns', count(*) FROM campaigns
     UNION ALL SELECT 'ledger entries', count(*) FROM ledger_entries UNION ALL SELECT 'ledger movements', count(*) FROM ledger_movements
     UNION ALL SELECT 'payout items', count(*) FROM payout_items UNION ALL SELECT 'payout allocations', count(*) FROM payout_allocations`,
  );
  console.log(`Seeded in ${seconds.toFixed(1)} s: ${rows.map((row) => `${row.n} ${row.t}`).join(', ')}`);
  return seconds;
}

/**
 * The seeded accounts the clients act as (the ten busiest of each kind and a random sample of the
 * rest), signed in through the API: one real sign-up makes a password hash, the sample takes it,
 * and each signs in (POST /user/sign-ins), so every call carries a real session.
 */
async function sessionsFor(http, pool) {
  const email = `stats-${Date.now()}@bench.test`;
  const signUp = await postJson(http, '/user/email-verifications', { user_type: 1, email, password: PASSWORD, phone: '+15555550100', eula_accepted: true });
  const { rows: [{ password_hash: hash }] } = await pool.query('SELECT password_hash FROM accounts WHERE id = $1', [signUp.account.id]);
  const pick = async (kind, count) => {
    const { rows } = await pool.query(
      `WITH picked AS ((SELECT id, n FROM bench_people WHERE kind = $1 ORDER BY n LIMIT 10)
                       UNION (SELECT id, n FROM bench_people WHERE kind = $1 AND n > 10 ORDER BY md5(id::text) LIMIT $2))
       UPDATE accounts a SET password_hash = $3 FROM picked WHERE a.id = picked.id RETURNING a.id, a.email, picked.n`,
      [kind, count, hash],
    );
    return rows.sort((a, b) => a.n - b.n);
  };
  const people = { athlete: await pick('athlete', SAMPLE), business: await pick('business', SAMPLE), admin: await pick('admin', 0) };
  const all = Object.values(people).flat();
  for (let index = 0; index < all.length; index += 8) {
    await Promise.all(
      all.slice(index, index + 8).map(async (row) => {
        row.token = (await postForm(http, '/user/sign-ins', { email: row.email, password: PASSWORD })).session_token;
      }),
    );
  }
  return people;
}

/** A busy one a quarter of the time (the ten first are the busiest), else anyone of the sample. */
const weighted = (list) => (Math.random() < 0.25 ? list[Math.floor(Math.random() * Math.min(10, list.length))] : list[Math.floor(Math.random() * list.length)]);

/**
 * The EntityManager the read models are written against (its `query`), on the bare driver: the
 * pg side runs the very functions the API runs, their SQL and the JavaScript after it.
 */
function managerOn(pool, recorded) {
  return {
    async query(text, values) {
      recorded?.push({ text, values });
      return (await pool.query(text, values)).rows;
    },
    // How the API's preparedQuery reaches a connection (TypeORM: a query runner's pg client), so
    // the bare side runs the same named prepared statements.
    connection: {
      createQueryRunner() {
        let client;
        return {
          async connect() {
            client = await pool.connect();
            return {
              query(config) {
                recorded?.push({ text: config.text, values: config.values });
                return client.query(config);
              },
            };
          },
          async release() {
            client.release();
          },
        };
      },
    },
  };
}

/** What each endpoint's service reads, through a manager: the build's read models. */
function readModels(config) {
  const { lockerRoomOf } = requireFromApi('./dist/modules/booking/locker-room.query.js');
  const { businessStatsOf } = requireFromApi('./dist/modules/booking/business-stats.query.js');
  const counters = requireFromApi('./dist/modules/admin/admin-counters.query.js');
  const { counterPeriod } = requireFromApi('./dist/modules/admin/admin-counters.service.js');
  const { PayoutsService } = requireFromApi('./dist/modules/payouts/payouts.service.js');
  const { adminCounters } = requireFromApi('@huddle/domain/admin');
  // The payouts page's money beside the locker room (PayoutsService.money, its own code on
  // this manager: it reads through this.dataSource.manager, the config and the clock only).
  const payoutsOn = (manager) =>
    Object.assign(Object.create(PayoutsService.prototype), { dataSource: { manager, query: (text, values) => manager.query(text, values) }, config, clock: { now: () => new Date() } });
  return {
    athlete: (manager, id) => Promise.all([lockerRoomOf(manager, id, new Date(), ZONE), payoutsOn(manager).money(id)]),
    business: (manager, id) => businessStatsOf(manager, id, new Date(), ZONE),
    admin: async (manager, query) => adminCounters(await counters.adminCountersOf(manager, counterPeriod(query, new Date()))),
  };
}

async function explainAll(pool, label, run) {
  const recorded = [];
  await run(managerOn(pool, recorded));
  console.log(`\n${label}: ${recorded.length} statement(s)`);
  for (const { text, values } of recorded) {
    const { rows } = await pool.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${text}`, values);
    const lines = rows.map((row) => row['QUERY PLAN']);
    console.log(`  ${text.replace(/\s+/g, ' ').slice(0, 140)}...`);
    for (const line of lines) console.log(`    ${line}`);
  }
}

/** `CLIENTS` closed-loop workers, each doing `once` back to back for `durationMs`; latencies in ms. */
async function drive(once, durationMs) {
  const latencies = [];
  let errors = 0;
  const deadline = Date.now() + durationMs;
  const started = performance.now();
  const worker = async () => {
    while (Date.now() < deadline) {
      const begin = performance.now();
      try {
        await once();
        latencies.push(performance.now() - begin);
      } catch (error) {
        errors += 1;
        if (errors <= 3) console.error(`  failed: ${error.message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99), errors, count: latencies.length };
}

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
    // The sample signs in from one address and asks each account's counters many times a second:
    // the benchmark measures the counters, not the limiter.
    SIGN_IN_MAX_PER_IP: '1000000',
    SIGN_IN_MAX_PER_EMAIL: '1000000',
    SIGN_UP_MAX_PER_IP: '1000000',
    STATISTICS_MAX_PER_ACCOUNT: '1000000',
  };
  delete env.DATABASE_URL;
  const nodeArgs = args.profile ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(args.profile)] : [];
  return spawn(process.execPath, [...nodeArgs, API_MAIN], { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
}

async function waitForApi(http, child) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The API exited with code ${child.exitCode}`);
    try {
      const response = await http.request({ method: 'GET', path: '/api/v1/health' });
      await response.body.text();
      if (response.statusCode === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('The API did not answer /api/v1/health within 180 s');
}

async function postJson(http, pathname, json) {
  const response = await http.request({ method: 'POST', path: `/api/v1${pathname}`, headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) });
  const text = await response.body.text();
  if (response.statusCode >= 300) throw new Error(`POST ${pathname}: ${response.statusCode} ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

async function postForm(http, pathname, form) {
  const response = await http.request({ method: 'POST', path: `/api/v1${pathname}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });
  const text = await response.body.text();
  if (response.statusCode >= 300) throw new Error(`POST ${pathname}: ${response.statusCode} ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

async function getJson(http, pathname, token) {
  const response = await http.request({ method: 'GET', path: `/api/v1${pathname}`, headers: { 'x-access-token': token } });
  const text = await response.body.text();
  if (response.statusCode !== 200) throw new Error(`GET ${pathname}: ${response.statusCode} ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

const format = (side) => `${side.rps.toFixed(0)} req/s, p50 ${side.p50.toFixed(1)} ms, p99 ${side.p99.toFixed(1)} ms${side.errors ? `, ${side.errors} errors` : ''}`;

async function main() {
  ensureApiBuild(ROOT);
  const { Pool } = requireFromApi('pg');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'huddle-bench-stats-'));
  // The embedded PostgreSQL runs as another OS user when started as root; it must reach the directory.
  chmodSync(dataDir, 0o755);
  const [apiPort, pgPort] = [await freePort(), await freePort()];
  const api = startApi(apiPort, dataDir, pgPort);
  const http = new HttpPool(`http://127.0.0.1:${apiPort}`, { connections: CLIENTS, pipelining: 1 });
  let pool;
  const stop = async () => {
    await http.close().catch(() => undefined);
    await pool?.end().catch(() => undefined);
    await stopProcess(api);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const disarm = stopOnInterruptOrDeadline(stop, RUN_DEADLINE_MS);
  let failed = false;
  try {
    await waitForApi(http, api);
    // The API's pool (TypeORM's node-postgres default of 10) per worker process.
    pool = new Pool({ connectionString: `postgres://huddle:huddle@127.0.0.1:${pgPort}/huddle`, max: 10 * WORKERS });
    const seedSeconds = await seed(pool);
    const people = await sessionsFor(http, pool);
    const models = readModels({ PAYOUT_DUE_DAYS: 7 });
    const [busiestAthlete, busiestBusiness, admin] = [people.athlete[0], people.business[0], people.admin[0]];

    const endpoints = [
      { name: 'athlete locker room', target: TARGETS.athlete, path: () => [`/booking/request/counters?tz=${encodeURIComponent(ZONE)}`, weighted(people.athlete)], model: (manager, who) => models.athlete(manager, who.id) },
      { name: 'business statistics', target: TARGETS.business, path: () => [`/booking/request/counters?tz=${encodeURIComponent(ZONE)}`, weighted(people.business)], model: (manager, who) => models.business(manager, who.id) },
      { name: 'admin counters, all', target: TARGETS.admin, path: () => ['/admin/counters?period=all', admin], model: (manager) => models.admin(manager, { period: 'all' }) },
      { name: 'admin counters, 30d', target: TARGETS.admin, path: () => ['/admin/counters?period=30d', admin], model: (manager) => models.admin(manager, { period: '30d' }) },
    ];

    // The API and the read models agree on the busiest ones' numbers before anything is timed.
    const lockerRoom = (await getJson(http, `/booking/request/counters?tz=${encodeURIComponent(ZONE)}`, busiestAthlete.token)).counters.locker_room;
    const [facts] = await models.athlete(managerOn(pool), busiestAthlete.id);
    if (Math.round(lockerRoom.earnings.total * 100) !== facts.earnings.totalCents) throw new Error(`The busiest athlete's earnings: API ${lockerRoom.earnings.total}, read model ${facts.earnings.totalCents / 100}`);
    const businessStats = (await getJson(http, `/booking/request/counters?tz=UTC`, busiestBusiness.token)).counters.business_stats;
    const booked = businessStats.by_athlete.length + businessStats.other_athletes.athletes;
    console.log(`\nBusiest athlete: ${lockerRoom.requests.total} requests, $${lockerRoom.earnings.total} earned; busiest business: ${booked} athletes booked, $${businessStats.totals.spent} spent`);

    await explainAll(pool, `EXPLAIN the busiest athlete's locker room`, (manager) => models.athlete(manager, busiestAthlete.id));
    await explainAll(pool, `EXPLAIN the busiest business's statistics`, (manager) => models.business(manager, busiestBusiness.id));
    await explainAll(pool, `EXPLAIN the administrator's counters, all time`, (manager) => models.admin(manager, { period: 'all' }));
    await explainAll(pool, `EXPLAIN the administrator's counters, 30 days`, (manager) => models.admin(manager, { period: '30d' }));
    if (args.hold) {
      console.log(`\nHolding: API http://127.0.0.1:${apiPort}/api/v1 (athlete token ${busiestAthlete.token}, admin ${admin.token}), postgres://huddle:huddle@127.0.0.1:${pgPort}/huddle. Ctrl-C stops.`);
      disarm();
      await new Promise(() => undefined);
    }

    const manager = managerOn(pool);
    const results = [];
    for (const endpoint of endpoints.filter((candidate) => !args.only || candidate.name.startsWith(args.only))) {
      const apiOnce = async () => {
        const [pathname, who] = endpoint.path();
        await getJson(http, pathname, who.token);
      };
      const pgOnce = async () => {
        const [, who] = endpoint.path();
        await endpoint.model(manager, who);
      };
      await drive(apiOnce, WARM_UP_MS);
      const apiSide = await drive(apiOnce, DURATION_MS);
      await drive(pgOnce, WARM_UP_MS);
      const pgSide = await drive(pgOnce, DURATION_MS);
      results.push({ endpoint, apiSide, pgSide });
      console.log(`\n${endpoint.name}: API ${format(apiSide)}; pg ${format(pgSide)}; API/pg ${(apiSide.rps / pgSide.rps).toFixed(2)}`);
    }

    console.log(`\n${REQUESTS} requests (seeded in ${seedSeconds.toFixed(0)} s), ${CLIENTS} concurrent clients per endpoint, ${DURATION_MS / 1000} s per side after ${WARM_UP_MS / 1000} s of warm-up, API_WORKERS=${WORKERS}, ${availableParallelism()} cores\n`);
    console.log('| endpoint | API req/s | p50 ms | p99 ms | pg req/s | p50 ms | p99 ms | API/pg | errors |');
    console.log('|---|---|---|---|---|---|---|---|---|');
    const targets = [];
    for (const { endpoint, apiSide, pgSide } of results) {
      const ratio = apiSide.rps / pgSide.rps;
      const cells = [apiSide, pgSide].flatMap((side) => [side.rps.toFixed(0), side.p50.toFixed(1), side.p99.toFixed(1)]);
      console.log(`| ${endpoint.name} | ${cells.join(' | ')} | ${ratio.toFixed(2)} | ${apiSide.errors + pgSide.errors} |`);
      targets.push([`${endpoint.name}: p99 under ${endpoint.target} ms (${apiSide.p99.toFixed(1)} ms)`, apiSide.p99 < endpoint.target && apiSide.errors === 0]);
      targets.push([`${endpoint.name}: at least ${MIN_RATIO}x the bare driver's throughput (${ratio.toFixed(2)}x)`, ratio >= MIN_RATIO]);
    }
    console.log('\ntargets:');
    for (const [name, met] of targets) console.log(`  ${met ? 'PASS' : 'FAIL'} ${name}`);
    failed = args.strict && targets.some(([, met]) => !met);
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
