#!/usr/bin/env node
// Athlete search under load: the API against the bare PostgreSQL driver running the same SQL.
//
//   npm run bench:search [-- --duration 15 --connections 50 --athletes 100000 --workers <cores> --hold]
//
// Starts two API processes from the production build (apps/api/dist/main.js; built first when
// missing) on private ports of 127.0.0.1, with a throwaway DATA_DIR (embedded PostgreSQL, owned by
// the first) and SEED_DEMO=false, each with API_WORKERS=`workers` (default: one per core, as
// deployed): the API as shipped, and the same API with its search page cache off
// (SEARCH_CACHE_TTL_MS=0), which runs the SQL on every request. Seeds the athletes with
// set-based SQL (generate_series) and prints the plans of every scenario's statements (EXPLAIN
// ANALYZE). Then, per scenario (name, sport, school, no filter), `wrk` (Debian's, installed when
// missing) drives GET /api/v1/public/athletes/search on each API with `connections` concurrent
// keep-alive clients for `duration` seconds, one API at a time; and this process runs the very
// statements the API runs (imported from the build: the page with its ratings, beside the total
// through the API's own totals cache) through `pg` with the same concurrency and the API's pool
// size. Beside them, the floor: the same statements and body from a plain `node:http` server with
// no framework (search-bare-http.mjs, the same number of processes, its body checked equal to the
// API's), driven by the same `wrk`, so what HTTP itself costs is told from what the API adds.
// Prints requests/s, p50 and p99 of each, and the throughput ratios.
// Everything it started is stopped at the end, on failure, and on Ctrl-C.
import { randomBytes } from 'node:crypto';
import { spawn, execFile, execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { API_MAIN, ensureApiBuild, freePort, requireFromApi, ROOT, stopProcess } from './bench-support.mjs';
import { filterOf, readCatalogue } from './search-bare-http.mjs';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '15' },
    connections: { type: 'string', default: '50' },
    athletes: { type: 'string', default: '100000' },
    // API processes per API (API_WORKERS), as deployed: one per core.
    workers: { type: 'string', default: String(availableParallelism()) },
    // Seed, start both APIs, print their addresses and keep them up until Ctrl-C: for profiling
    // or driving them by hand (wrk, a browser) instead of running the scenarios.
    hold: { type: 'boolean', default: false },
  },
});
const DURATION_MS = Number(args.duration) * 1000;
const CONNECTIONS = Number(args.connections);
const ATHLETES = Number(args.athletes);
const WORKERS = Number(args.workers);
// Whole run, start to finish: a hung API or database cannot keep the benchmark alive forever.
const RUN_DEADLINE_MS = 20 * 60 * 1000;
const WARM_UP_SECONDS = 3;

const SCENARIOS = [
  { name: 'name "jor mil"', field: 'name', filter: 'jor mil' },
  { name: 'sport "basket"', field: 'sport', filter: 'basket' },
  { name: 'school "texas"', field: 'school', filter: 'texas' },
  { name: 'no filter', field: 'name', filter: '' },
  { name: 'name "a" (one letter)', field: 'name', filter: 'a' },
];

const FIRST_NAMES = ['Jordan', 'Jorge', 'Marcus', 'Tyler', 'Devin', 'Caleb', 'Isaiah', 'Ethan', 'Jalen', 'Noah', 'Mason', 'Andre', 'Luis', 'Cole', 'Darius', 'Owen', 'Mateo', 'Trey', 'Gavin', 'Elijah', 'Kai', 'Brandon', 'Xavier', 'Logan', 'Dominic', 'Ryan', 'Carter', 'Miles', 'Hunter', 'Diego', 'Aaliyah', 'Brooke', 'Sofia', 'Madison', 'Jasmine', 'Kayla', 'Emma', 'Olivia', 'Maya', 'Alyssa', 'Chloe', 'Gabriela', 'Hannah', 'Nia', 'Paige', 'Sydney', 'Taylor', 'Ava', 'Camila', 'Leah', 'Morgan', 'Riley', 'Zoe', 'Bianca', 'Jada', 'Kennedy', 'Lauren', 'Mia', 'Naomi', 'Savannah'];
const LAST_NAMES = ['Johnson', 'Williams', 'Brown', 'Davis', 'Garcia', 'Martinez', 'Robinson', 'Clark', 'Lewis', 'Walker', 'Hall', 'Young', 'King', 'Wright', 'Lopez', 'Hill', 'Scott', 'Green', 'Adams', 'Baker', 'Nelson', 'Carter', 'Mitchell', 'Perez', 'Roberts', 'Turner', 'Phillips', 'Campbell', 'Parker', 'Evans', 'Edwards', 'Collins', 'Stewart', 'Morris', 'Reed', 'Cook', 'Bell', 'Murphy', 'Bailey', 'Rivera', 'Cooper', 'Richardson', 'Cox', 'Howard', 'Ward', 'Torres', 'Peterson', 'Gray', 'Ramirez', 'Brooks', 'Watson', 'Sanders', 'Price', 'Bennett', 'Wood', 'Barnes', 'Ross', 'Henderson', 'Coleman', 'Jenkins', 'Miles', 'Milton', 'Miller', 'Mills', 'Perry', 'Powell', 'Long', 'Patterson', 'Hughes', 'Flores'];

const sqlArray = (values) => `ARRAY[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(',')}]::text[]`;

function getJson(port, pathname) {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: pathname, timeout: 5000 }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode, body }));
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
  });
}

async function waitForApi(port, child) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The API exited with code ${child.exitCode}`);
    try {
      const { status } = await getJson(port, '/api/v1/health');
      if (status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('The API did not answer /api/v1/health within 120 s');
}

async function seed(pool) {
  const started = Date.now();
  await pool.query(`
    INSERT INTO accounts (user_type, email, phone, first_name, last_name, username, gender, profile_completed, blocked,
                          profile_photo, dashboard_photo, intro_video, description, created_at, updated_at)
    SELECT 2, 'bench' || g || '@bench.huddle.test', '+1310' || lpad(g::text, 7, '0'), f, l, lower(f || '.' || l || g), (1 + g % 2)::smallint,
           g % 50 <> 0, g % 100 = 7,
           '/media/images/bench-' || g || '.jpg', '/media/images/bench-card-' || g || '.jpg', '/media/videos/bench-' || g || '.mp4',
           'Student athlete and team captain.', now() - make_interval(secs => (g * 60 + (g * 7919) % 60)::double precision), now()
      FROM generate_series(1, $1::bigint) AS g,
           LATERAL (SELECT (${sqlArray(FIRST_NAMES)})[1 + (g * 7919) % ${FIRST_NAMES.length}] AS f,
                           (${sqlArray(LAST_NAMES)})[1 + (g * 104729) % ${LAST_NAMES.length}] AS l) AS names`,
    [ATHLETES],
  );
  await pool.query(`
    INSERT INTO athlete_profiles (account_id, school_id, sports)
    SELECT a.id, s.ids[1 + abs(hashtext(a.id::text)) % array_length(s.ids, 1)],
           CASE WHEN abs(hashtext(a.email)) % 10 < 3
                THEN ARRAY[1 + abs(hashtext(a.email)) % 27, 1 + (abs(hashtext(a.email)) / 27 + 1) % 27]::smallint[]
                ELSE ARRAY[1 + abs(hashtext(a.email)) % 27]::smallint[] END
      FROM accounts a, (SELECT array_agg(id ORDER BY id) AS ids FROM schools) s
     WHERE a.email LIKE '%@bench.huddle.test'`);
  await pool.query(`
    INSERT INTO athlete_services (athlete_id, service_type, enabled, rate_cents)
    SELECT a.id, t.type, t.type = 'shoutout' OR abs(hashtext(a.email)) % 10 < 7, (1 + abs(hashtext(a.email || t.type)) % 100) * 1000
      FROM accounts a, (VALUES ('endorsement'), ('shoutout')) AS t(type)
     WHERE a.email LIKE '%@bench.huddle.test'`);
  const [{ id: fanId }] = (
    await pool.query(`INSERT INTO accounts (user_type, email, first_name, last_name, profile_completed) VALUES (1, 'fan@bench.huddle.test', 'Bench', 'Fan', true) RETURNING id`)
  ).rows;
  // About half the athletes have a finished, reviewed request, so cards carry real ratings.
  await pool.query(
    `
    WITH picked AS (
      SELECT id, row_number() OVER (ORDER BY id) AS n FROM accounts WHERE email LIKE '%@bench.huddle.test' AND abs(hashtext(email)) % 2 = 0
    ), made AS (
      INSERT INTO requests (type, status, athlete_id, requester_id, name, request_amount_cents, amount_to_athlete_cents, fee_amount_cents, paid, reviewed, finished_at)
      SELECT 'shoutout', 5, id, $1, 'Birthday shoutout', 5000, 4000, 1000, true, true, now() - make_interval(days => (n % 90)::int)
        FROM picked
      RETURNING id, athlete_id, finished_at
    )
    INSERT INTO reviews (request_id, athlete_id, reviewer_id, rate, comment, submitted_at)
    SELECT id, athlete_id, $1, 3 + abs(hashtext(id::text)) % 3, 'Great!', finished_at FROM made`,
    [fanId],
  );
  // What autovacuum does to a table at rest: statistics, and the visibility map that index-only scans need.
  await pool.query('VACUUM ANALYZE');
  const { rows } = await pool.query(`SELECT count(*)::int AS listed FROM accounts WHERE user_type = 2 AND profile_completed AND NOT blocked AND deleted_at IS NULL`);
  console.log(`Seeded ${ATHLETES} athletes (${rows[0].listed} listed) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function statementsOf(Directory, filter) {
  const options = { filter, endorsementOnly: false, limit: 20, offset: 0 };
  return { page: Directory.pageStatement(options), count: Directory.countStatement(options) };
}

async function explain(pool, label, statement) {
  const { rows } = await pool.query(`EXPLAIN (ANALYZE, COSTS OFF) ${statement.text}`, statement.values);
  const lines = rows.map((row) => row['QUERY PLAN']);
  const scans = lines.filter((line) => /Scan|Index/.test(line)).map((line) => line.trim().replace(/\s*\(actual.*$/, ''));
  const time = lines.find((line) => line.startsWith('Execution Time')) ?? '';
  console.log(`  ${label}: ${time}`);
  for (const scan of [...new Set(scans)]) console.log(`    ${scan}`);
}

/** `connections` workers, each doing `once` back to back for `durationMs`; latencies in ms. */
async function drive(once, durationMs = DURATION_MS) {
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
      } catch {
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99), errors, count: latencies.length };
}

/**
 * What the uncached API does per search, statement for statement: the page with its cards' ratings,
 * beside the total through the API's own totals cache (so the count runs as often as in the API).
 */
function pgCall(pool, statements, totals, filter) {
  const key = JSON.stringify([false, filter]);
  return async () => {
    const [page] = await Promise.all([
      pool.query(statements.page.text, statements.page.values),
      totals.get(key, () => pool.query(statements.count.text, statements.count.values).then((result) => result.rows[0].total)),
    ]);
    return page.rows;
  };
}

const UNIT_MS = { us: 0.001, ms: 1, s: 1000 };

/** `connections` keep-alive clients of wrk for `seconds` against one URL. */
function wrk(url, seconds = DURATION_MS / 1000) {
  return new Promise((resolve, reject) => {
    const args = ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', url];
    execFile('wrk', args, { timeout: seconds * 1000 + 60_000 }, (error, stdout) => {
      if (error) return reject(error);
      const number = (pattern) => Number(stdout.match(pattern)?.[1] ?? NaN);
      const latency = (percent) => {
        const [, value, unit] = stdout.match(new RegExp(`^\\s+${percent}%\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm')) ?? [];
        return Number(value) * (UNIT_MS[unit] ?? NaN);
      };
      const socketErrors = stdout.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
      const errors = (socketErrors ? socketErrors.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0) + (number(/Non-2xx or 3xx responses: (\d+)/) || 0);
      resolve({ rps: number(/Requests\/sec:\s+([\d.]+)/), p50: latency(50), p99: latency(99), errors, count: number(/(\d+) requests in/) });
    });
  });
}

/** One API process on `port`; with `databaseUrl` it uses that database instead of starting the embedded one. */
function startApi(port, extraEnv) {
  // Every search comes from this one address: the benchmark measures the search, not the limiter.
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'warn', API_WORKERS: String(WORKERS), SEARCH_MAX_PER_IP: '1000000000', ...extraEnv };
  if (!extraEnv.DATABASE_URL) delete env.DATABASE_URL;
  return spawn(process.execPath, [API_MAIN], { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
}

const format = (side) => `${side.rps.toFixed(0)} req/s p50 ${side.p50.toFixed(1)} ms p99 ${side.p99.toFixed(1)} ms`;

async function main() {
  ensureApiBuild(ROOT);
  execFileSync('bash', [path.join(ROOT, 'tools/ensure-apt.sh'), 'wrk', 'wrk'], { stdio: 'inherit' });
  const { Pool } = requireFromApi('pg');
  const { AthleteDirectoryQuery } = requireFromApi('./dist/modules/discovery/athlete-directory.query.js');
  const { ExpiringCache } = requireFromApi('./dist/modules/discovery/expiring-cache.js');
  const { TOTALS_TTL_MS } = requireFromApi('./dist/modules/discovery/discovery.service.js');

  const dataDir = mkdtempSync(path.join(tmpdir(), 'huddle-bench-'));
  // The embedded PostgreSQL runs as another OS user when started as root; it must reach the directory.
  chmodSync(dataDir, 0o755);
  const [apiPort, uncachedPort, bareHttpPort, pgPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const databaseUrl = `postgres://huddle:huddle@127.0.0.1:${pgPort}/huddle`;
  const api = startApi(apiPort, { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort) });
  let uncached;
  let bareHttp;
  let pool;
  const stop = async () => {
    await pool?.end().catch(() => undefined);
    await stopProcess(bareHttp);
    await stopProcess(uncached);
    // Last: the first API owns the embedded PostgreSQL the other one uses.
    await stopProcess(api);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const onSignal = () => void stop().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const watchdog = setTimeout(() => {
    console.error('The benchmark ran past its deadline; stopping.');
    void stop().finally(() => process.exit(1));
  }, RUN_DEADLINE_MS);

  try {
    await waitForApi(apiPort, api);
    // A DATABASE_URL needs a chosen AUTH_SECRET (the API refuses to start without one); any will do here.
    uncached = startApi(uncachedPort, { DATABASE_URL: databaseUrl, AUTH_SECRET: randomBytes(32).toString('hex'), SEARCH_CACHE_TTL_MS: '0' });
    await waitForApi(uncachedPort, uncached);
    // The API's pool size (TypeORM leaves node-postgres' default of 10), so both sides get the same connections.
    pool = new Pool({ connectionString: databaseUrl, max: 10 });
    await seed(pool);
    // The floor starts after the seed: it reads the catalogue once, as the API does.
    bareHttp = spawn(process.execPath, [path.join(ROOT, 'tools/bench/search-bare-http.mjs'), databaseUrl, String(bareHttpPort), String(WORKERS)], { stdio: ['ignore', 'inherit', 'inherit'] });
    const catalogue = await readCatalogue(pool);
    await waitForApi(bareHttpPort, bareHttp);
    if (args.hold) {
      console.log(`Holding: API http://127.0.0.1:${apiPort}/api/v1, cache off http://127.0.0.1:${uncachedPort}/api/v1, ${databaseUrl}. Ctrl-C stops.`);
      clearTimeout(watchdog);
      await new Promise(() => undefined);
    }

    const results = [];
    for (const scenario of SCENARIOS) {
      const filter = filterOf(catalogue, scenario.field, scenario.filter);
      // The bare driver's side needs statements to run: a scenario must name a sport or school that exists.
      if (filter === null) throw new Error(`${scenario.name}: no ${scenario.field} in the catalogue matches "${scenario.filter}"`);
      const statements = statementsOf(AthleteDirectoryQuery, filter);
      const pathname = `/api/v1/public/athletes/search?${new URLSearchParams({ field: scenario.field, filter: scenario.filter })}`;
      const direct = await pool.query(statements.count.text, statements.count.values);
      const bodies = [];
      for (const port of [apiPort, uncachedPort, bareHttpPort]) {
        const first = JSON.parse((await getJson(port, port === bareHttpPort ? `/${pathname.slice(pathname.indexOf('?'))}` : pathname)).body);
        if (first.total !== direct.rows[0].total) throw new Error(`${scenario.name}: port ${port} counted ${first.total}, pg ${direct.rows[0].total}`);
        bodies.push(JSON.stringify(first));
      }
      // The floor answers what the API answers, byte for byte once parsed, or its figures mean nothing.
      if (new Set(bodies).size !== 1) throw new Error(`${scenario.name}: the plain HTTP server's body differs from the API's`);
      console.log(`\n${scenario.name}: ${direct.rows[0].total} matches`);
      await explain(pool, 'page', statements.page);
      await explain(pool, 'count', statements.count);

      // Each side first runs WARM_UP_SECONDS unmeasured, so V8 has optimised the hot code and
      // PostgreSQL has the pages in its buffers before anything is counted.
      const [cachedUrl, uncachedUrl] = [apiPort, uncachedPort].map((port) => `http://127.0.0.1:${port}${pathname}`);
      const bareHttpUrl = `http://127.0.0.1:${bareHttpPort}/${pathname.slice(pathname.indexOf('?'))}`;
      await wrk(cachedUrl, WARM_UP_SECONDS);
      const cachedSide = await wrk(cachedUrl);
      await wrk(uncachedUrl, WARM_UP_SECONDS);
      const uncachedSide = await wrk(uncachedUrl);
      await wrk(bareHttpUrl, WARM_UP_SECONDS);
      const bareHttpSide = await wrk(bareHttpUrl);
      const pgOnce = pgCall(pool, statements, new ExpiringCache(TOTALS_TTL_MS, 10), filter);
      await drive(pgOnce, WARM_UP_SECONDS * 1000);
      const pgSide = await drive(pgOnce);
      results.push({ scenario: scenario.name, matches: direct.rows[0].total, cachedSide, uncachedSide, bareHttpSide, pgSide });
      console.log(`  API ${format(cachedSide)}; page cache off ${format(uncachedSide)}; plain node:http ${format(bareHttpSide)}; pg ${format(pgSide)}`);
    }

    console.log(
      `\nGET /api/v1/public/athletes/search, ${ATHLETES} athletes, ${CONNECTIONS} concurrent clients, ${DURATION_MS / 1000} s per side and scenario, ${WORKERS} API workers per API, ${availableParallelism()} cores\n`,
    );
    console.log(
      '| scenario | matches | API req/s | p50 ms | p99 ms | cache off req/s | p50 ms | p99 ms | plain node:http req/s | p50 ms | p99 ms | pg req/s | p50 ms | p99 ms | API/pg | cache off/pg | node:http/pg | cache off/node:http | errors |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
    for (const { scenario, matches, cachedSide, uncachedSide, bareHttpSide, pgSide } of results) {
      const sides = [cachedSide, uncachedSide, bareHttpSide, pgSide];
      const cells = sides.flatMap((side) => [side.rps.toFixed(0), side.p50.toFixed(1), side.p99.toFixed(1)]);
      const ratios = [cachedSide.rps / pgSide.rps, uncachedSide.rps / pgSide.rps, bareHttpSide.rps / pgSide.rps, uncachedSide.rps / bareHttpSide.rps].map((ratio) => ratio.toFixed(2));
      const errors = sides.reduce((sum, side) => sum + side.errors, 0);
      console.log(`| ${scenario} | ${matches} | ${cells.join(' | ')} | ${ratios.join(' | ')} | ${errors} |`);
    }
  } finally {
    clearTimeout(watchdog);
    await stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
