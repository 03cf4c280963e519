#!/usr/bin/env node
// The floor of `npm run bench:search`: the search as a plain `node:http` server with no framework,
// so the benchmark can tell what HTTP itself costs from what the API's framework adds.
//
//   node tools/bench/search-bare-http.mjs <database url> <port> <workers>
//
// Same shape as the API: `workers` processes (node:cluster) on one port, each with the API's pool
// size (10), answering GET ...?field=&filter= with the body the API sends for page 1: the very
// statements the API runs (imported from its build: the page with its ratings, the total through
// the API's own totals cache), the catalogue read once per process as the API's is, and each card
// built by the API's own athleteCard. No validation, no rate limit, no security headers, no
// session: what `wrk` then measures is the driver, the JSON and the HTTP server alone.
// search-load.mjs checks that its body equals the API's before it measures either.
import cluster from 'node:cluster';
import http from 'node:http';
import { requireFromApi } from './bench-support.mjs';

const OK = { status: 200, response_message: 'OK', response_internal_code: 0 };
const PAGE_SIZE = 20;

/** The listing filter of a search as DiscoveryService resolves it, from the catalogue in memory; null when a name matches nothing. */
export function filterOf(catalogue, field, filter) {
  // Normalised as DiscoveryService's normalisedFilter: trimmed, lowercased, inner runs of space as one.
  const text = filter.trim().toLowerCase().replace(/\s+/g, ' ');
  if (text === '') return { kind: 'all' };
  if (field === 'name') return { kind: 'name', text };
  const ids =
    field === 'sport'
      ? catalogue.sports.filter((sport) => sport.name.toLowerCase().includes(text)).map((sport) => sport.id)
      : catalogue.schools.filter((school) => school.name.toLowerCase().includes(text) || school.short_name.toLowerCase().includes(text)).map((school) => school.id);
  if (ids.length === 0) return null;
  return field === 'sport' ? { kind: 'sports', ids } : { kind: 'schools', ids };
}

/** Sports and schools as the API's catalogue reads them (ordered as its reference data is). */
export async function readCatalogue(pool) {
  const [sports, schools] = await Promise.all([
    pool.query('SELECT id, name FROM sports ORDER BY id'),
    pool.query('SELECT id, name, short_name FROM schools ORDER BY name'),
  ]);
  return { sports: sports.rows, schools: schools.rows };
}

async function serve(databaseUrl, port) {
  const { Pool } = requireFromApi('pg');
  const { AthleteDirectoryQuery } = requireFromApi('./dist/modules/discovery/athlete-directory.query.js');
  const { ExpiringCache } = requireFromApi('./dist/modules/discovery/expiring-cache.js');
  const { TOTALS_TTL_MS } = requireFromApi('./dist/modules/discovery/discovery.service.js');
  const { athleteCard } = requireFromApi('./dist/modules/discovery/athlete-card.js');
  const pool = new Pool({ connectionString: databaseUrl, max: 10 });
  const catalogue = await readCatalogue(pool);
  const sportNames = new Map(catalogue.sports.map((sport) => [sport.id, sport.name]));
  const schoolNames = new Map(catalogue.schools.map((school) => [school.id, school.name]));
  const totals = new ExpiringCache(TOTALS_TTL_MS, 10);

  const card = (row) =>
    athleteCard(row, {
      sport: row.sports?.[0] === undefined ? null : (sportNames.get(row.sports[0]) ?? null),
      school: row.school_id === null ? null : (schoolNames.get(row.school_id) ?? null),
    });

  async function search(field, text) {
    const filter = filterOf(catalogue, field, text);
    if (filter === null) return { athletes: [], total: 0 };
    const options = { filter, endorsementOnly: false, limit: PAGE_SIZE, offset: 0 };
    const page = AthleteDirectoryQuery.pageStatement(options);
    const count = AthleteDirectoryQuery.countStatement(options);
    const [rows, total] = await Promise.all([
      pool.query(page.text, page.values).then((result) => result.rows),
      totals.get(JSON.stringify([false, filter]), () => pool.query(count.text, count.values).then((result) => result.rows[0].total)),
    ]);
    return { athletes: rows.map(card), total };
  }

  http
    .createServer((request, response) => {
      const query = new URL(request.url, 'http://bench').searchParams;
      search(query.get('field') ?? 'name', query.get('filter') ?? '').then(
        ({ athletes, total }) => {
          const body = JSON.stringify({ athletes, total, page: 1, page_size: PAGE_SIZE, status_response: OK });
          response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
          response.end(body);
        },
        (error) => {
          response.writeHead(500).end(String(error));
        },
      );
    })
    .listen(port, '127.0.0.1');
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const [databaseUrl, port, workers] = process.argv.slice(2);
  if (cluster.isPrimary && Number(workers) > 1) {
    for (let index = 0; index < Number(workers); index += 1) cluster.fork();
    cluster.on('exit', (_worker, code) => {
      if (code !== 0) process.exit(code ?? 1);
    });
  } else {
    serve(databaseUrl, Number(port)).catch((error) => {
      console.error(error);
      process.exit(1);
    });
  }
}
