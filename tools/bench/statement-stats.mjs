// PostgreSQL's own count of the statements a benchmark's sides ran (pg_stat_statements), so a
// baseline that claims to run "the same statements" as the API can be checked statement by
// statement rather than trusted.
//
// The benchmark starts its own embedded PostgreSQL through the API's build (the same server, with
// pg_stat_statements preloaded, which can only be done at start) and gives the API its URL. Each
// side connects as a role of its own, so PostgreSQL keeps their counts apart even while the other
// side's processes are still polling their job queues: the API as `huddle` (the server's owner),
// the bare driver as BARE_ROLE, its HTTP floor as FLOOR_ROLE, and the benchmark's own bookkeeping
// (accounts, settling, these reads) as OBSERVER_ROLE, counted on no side.
import { requireFromApi } from './bench-support.mjs';

export const API_ROLE = 'huddle';
export const BARE_ROLE = 'bench_bare';
export const FLOOR_ROLE = 'bench_floor';
export const OBSERVER_ROLE = 'bench_observer';
const DATABASE = 'huddle';
// The server listens on 127.0.0.1 only and lives as long as the run: fixed passwords are no secret.
const PASSWORD = 'bench';

/** A per-booking count differs when it is off by more than this share of the larger, and by more than MIN_DIFFERENCE. */
const RELATIVE_TOLERANCE = 0.1;
const MIN_DIFFERENCE = 0.1;

/**
 * Starts PostgreSQL in `databaseDir` on `port` with pg_stat_statements, the extension installed and
 * the benchmark's roles made. Answers the URLs of each role and `stop`.
 */
export async function startCountingPostgres(databaseDir, port) {
  // Loaded here, not at import: the benchmark builds the API first.
  const { postgresUrl, startEmbeddedPostgres } = requireFromApi('./dist/database/embedded-postgres.js');
  const server = await startEmbeddedPostgres({
    databaseDir,
    port,
    persistent: false,
    database: DATABASE,
    onLog: () => undefined,
    onError: (message) => console.error(`PostgreSQL: ${message}`),
    settings: { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.max': '10000' },
  });
  const { Client } = requireFromApi('pg');
  const owner = new Client({ connectionString: server.url });
  try {
    await owner.connect();
    await owner.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    // The bare driver and its floor work on the API's tables with the API's rights (members of its
    // role); the observer resets the statistics, which takes a superuser.
    await owner.query(`CREATE ROLE ${BARE_ROLE} LOGIN PASSWORD '${PASSWORD}' IN ROLE ${API_ROLE}`);
    await owner.query(`CREATE ROLE ${FLOOR_ROLE} LOGIN PASSWORD '${PASSWORD}' IN ROLE ${API_ROLE}`);
    await owner.query(`CREATE ROLE ${OBSERVER_ROLE} LOGIN SUPERUSER PASSWORD '${PASSWORD}'`);
  } catch (error) {
    // Nobody else holds the server yet: it is stopped here rather than left running.
    await server.stop().catch(() => undefined);
    throw error;
  } finally {
    await owner.end().catch(() => undefined);
  }
  const as = (role) => `postgres://${role}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`;
  return { apiUrl: postgresUrl(port, DATABASE), bareUrl: as(BARE_ROLE), floorUrl: as(FLOOR_ROLE), observerUrl: as(OBSERVER_ROLE), stop: () => server.stop() };
}

/** Forgets every count so far: called right before a side's measured run. */
export async function resetStatements(pool) {
  await pool.query('SELECT pg_stat_statements_reset()');
}

// A foreign key's check, as PostgreSQL runs it (SPI, from the constraint's trigger); its constant
// is shown as 1 or as a parameter, depending on which call pg_stat_statements first kept.
const FOREIGN_KEY_CHECK = /^SELECT (1|\$\d+) FROM ONLY \S+ x WHERE .* FOR KEY SHARE OF x$/;

/**
 * The statements `role` ran since the last reset: calls by query id (PostgreSQL's fingerprint of
 * the parsed statement, constants left out, so the bare side's queue names and NOTIFY channel, which
 * are parameters, match the API's), with one text of each. PostgreSQL runs a foreign key's check as
 * the owner of the referenced table, so the checks of `role`'s inserts are counted under the
 * owner's role: with `checksUnder` (that owner), its foreign-key checks are taken for `role`'s.
 */
export async function statementsOf(pool, role, { checksUnder = null } = {}) {
  // pg_stat_statements counts each statement as it ends, in shared memory: nothing to wait for.
  const { rows } = await pool.query(
    `SELECT r.rolname AS role, s.queryid::text AS id, sum(s.calls)::bigint AS calls, min(regexp_replace(s.query, '\\s+', ' ', 'g')) AS query
       FROM pg_stat_statements s JOIN pg_roles r ON r.oid = s.userid
      WHERE r.rolname = ANY($1::text[]) AND s.dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
      GROUP BY r.rolname, s.queryid`,
    [[role, checksUnder].filter(Boolean)],
  );
  const statements = new Map();
  for (const row of rows) {
    if (row.role !== role && !FOREIGN_KEY_CHECK.test(row.query)) continue;
    const counted = statements.get(row.id);
    statements.set(row.id, { calls: (counted?.calls ?? 0) + Number(row.calls), query: row.query });
  }
  return statements;
}

/**
 * Per normalized statement, calls a booking on each side (`api` and `bare` from statementsOf, each
 * divided by its side's bookings), the statements whose counts differ flagged; the totals last.
 * Answers the printed lines and how many statements differ.
 */
export function fidelityReport(api, apiBookings, bare, bareBookings) {
  const ids = new Set([...api.keys(), ...bare.keys()]);
  const rows = [...ids].map((id) => {
    const apiPer = (api.get(id)?.calls ?? 0) / Math.max(1, apiBookings);
    const barePer = (bare.get(id)?.calls ?? 0) / Math.max(1, bareBookings);
    const gap = Math.abs(apiPer - barePer);
    const differs = gap > MIN_DIFFERENCE && gap > RELATIVE_TOLERANCE * Math.max(apiPer, barePer);
    return { apiPer, barePer, differs, query: (api.get(id) ?? bare.get(id)).query };
  });
  const shown = rows.filter((row) => row.apiPer >= 0.005 || row.barePer >= 0.005).sort((a, b) => Math.max(b.apiPer, b.barePer) - Math.max(a.apiPer, a.barePer));
  const lines = [`${'API'.padStart(8)} ${'bare'.padStart(7)}  statement (per booking; ! where they differ by more than ${RELATIVE_TOLERANCE * 100}% and ${MIN_DIFFERENCE})`];
  for (const row of shown) {
    const text = row.query.length > 110 ? `${row.query.slice(0, 107)}...` : row.query;
    lines.push(`${row.differs ? '!' : ' '} ${row.apiPer.toFixed(2).padStart(6)} ${row.barePer.toFixed(2).padStart(7)}  ${text}`);
  }
  const total = (key) => rows.reduce((sum, row) => sum + row[key], 0);
  const differing = rows.filter((row) => row.differs).length;
  lines.push(`  ${total('apiPer').toFixed(1).padStart(6)} ${total('barePer').toFixed(1).padStart(7)}  statements a booking in all; ${differing} statement(s) differ`);
  return { lines, differing };
}
