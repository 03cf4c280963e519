// What the load benchmarks share: a free port, the API's production build, stopping a child process,
// the HTTP client and the sign-ins of the accounts they make.
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Pool as HttpPool } from 'undici';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const API_DIR = path.join(ROOT, 'apps/api');
export const API_MAIN = path.join(API_DIR, 'dist/main.js');
/** Loads a package as the API resolves it (pg, the API's dependencies). */
export const requireFromApi = createRequire(path.join(API_DIR, 'package.json'));

/**
 * Debian's Chromium as the benchmarks launch it: the journeys' flags (tools/chromium-args.json;
 * TOOLCHAIN.md for the network's, the file itself for the omnibox's).
 */
export const CHROMIUM_ARGS = JSON.parse(readFileSync(path.join(ROOT, 'tools/chromium-args.json'), 'utf8')).args;

/** A free TCP port on 127.0.0.1 (closed again before it is used). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The API's production build, rebuilt by Nx when its sources changed (a cache hit otherwise). */
export function ensureApiBuild(root) {
  execFileSync('npx', ['nx', 'run', '@huddle/api:build', '--outputStyle=stream'], { cwd: root, stdio: 'inherit' });
}

/** SIGTERM, then SIGKILL after 15 s. */
export async function stopProcess(child) {
  if (!child || child.exitCode !== null) return;
  child.kill('SIGTERM');
  await Promise.race([new Promise((resolve) => child.once('exit', resolve)), new Promise((resolve) => setTimeout(resolve, 15_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/**
 * Stops everything the benchmark started on Ctrl-C and when the whole run passes `deadlineMs` (a
 * hung API or database cannot keep it alive forever). Answers the function that disarms the watchdog.
 */
export function stopOnInterruptOrDeadline(stop, deadlineMs) {
  process.once('SIGINT', () => void stop().finally(() => process.exit(130)));
  const watchdog = setTimeout(() => {
    console.error('The benchmark ran past its deadline; stopping.');
    void stop().finally(() => process.exit(1));
  }, deadlineMs);
  return () => clearTimeout(watchdog);
}

/**
 * CPU seconds (user + system) used so far by the processes `classify` names, by name, with what
 * their children that ended used (so PostgreSQL's postmaster carries its closed connections):
 * reads /proc, so on Linux only (null elsewhere). `classify({ pid, ppid, command }, byPid)` answers
 * a name or null; `byPid` holds every process read, for a look at the parent. Each name's system
 * time (the kernel's share: socket reads and writes, scheduling) is also answered as "NAME (system)".
 */
export function cpuSeconds(classify) {
  if (!existsSync('/proc/self/stat')) return null;
  const ticks = 100; // USER_HZ, the unit of /proc/<pid>/stat on Linux
  const byPid = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      // Fields after the parenthesised name, from the state (3rd overall): the parent is the 4th,
      // utime, stime, cutime and cstime the 14th to 17th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const used = (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / ticks;
      const system = (Number(fields[12]) + Number(fields[14])) / ticks;
      byPid.set(Number(entry), { pid: Number(entry), ppid: Number(fields[1]), command, used, system });
    } catch {
      // The process ended while being read.
    }
  }
  const totals = {};
  for (const process of byPid.values()) {
    const name = classify(process, byPid);
    if (!name) continue;
    totals[name] = (totals[name] ?? 0) + process.used;
    // The kernel's share of it (system time: socket reads and writes, scheduling), kept apart too.
    totals[`${name} (system)`] = (totals[`${name} (system)`] ?? 0) + process.system;
  }
  return totals;
}

/**
 * The load generator's HTTP client: undici's Pool (keep-alive connections, one per concurrent
 * caller), about a third of `fetch`'s CPU a call, which this same machine's cores would otherwise
 * take from the API under test. `call(method, pathname, { token, session, json, form })` answers the
 * status, the parsed body (null when not JSON) and the text; `call.served` counts the answers by the
 * host the proxy named (X-Huddle-Upstream; 'none' without a proxy). `session` is an object holding
 * the caller's `token`: a token the API renewed (sent back in x-access-token) replaces it there, as
 * a browser keeps the re-set cookie. A client that kept sending the old token would have it renewed,
 * with a read of its session row, on every call from then on.
 */
export function httpClient(origin, connections) {
  const pool = new HttpPool(origin, { connections, pipelining: 1 });
  const served = new Map();
  const call = async function call(method, pathname, { token, session, json, form } = {}) {
    const headers = {};
    const sent = session?.token ?? token;
    if (sent) headers['x-access-token'] = sent;
    let body;
    if (json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(json);
    } else if (form !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(form).toString();
    }
    const response = await pool.request({ method, path: `/api/v1${pathname}`, headers, body });
    const text = await response.body.text();
    const renewed = response.headers['x-access-token'];
    if (session && typeof renewed === 'string' && renewed !== '') session.token = renewed;
    const host = String(response.headers['x-huddle-upstream'] ?? 'none');
    served.set(host, (served.get(host) ?? 0) + 1);
    let parsed = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: reported by the caller with the status.
    }
    return { status: response.statusCode, body: parsed, text };
  };
  call.served = served;
  call.close = () => pool.close();
  return call;
}

/** Real sign-ins through the API of account rows ({ id, email }), ten at a time: each with its session token. */
export async function signInAll(call, rows, password) {
  const signIn = async (row) => {
    const response = await call('POST', '/user/sign-ins', { form: { email: row.email, password } });
    if (response.status !== 200) throw new Error(`Sign-in of ${row.email} failed: ${response.status} ${response.text}`);
    return { id: row.id, token: response.body.session_token };
  };
  const out = [];
  for (let index = 0; index < rows.length; index += 10) out.push(...(await Promise.all(rows.slice(index, index + 10).map(signIn))));
  return out;
}

/**
 * `athletes` complete athletes offering each service of `rates` (dollars) and `fans` fans: SQL rows
 * (fast) sharing one argon2id hash made by a real sign-up, first names taken in turn from
 * `firstNames`, emails starting with `emailPrefix` (so a benchmark can tell whose emails are whose);
 * their sessions by real sign-ins through the API.
 */
export async function createBenchAccounts(call, pool, { athletes, fans, rates, password, firstNames = ['Bench'], emailPrefix = '' }) {
  const first = await call('POST', '/user/email-verifications', { json: { user_type: 1, email: `bench-${randomBytes(4).toString('hex')}@bench.test`, password, phone: '+15555550100', eula_accepted: true } });
  if (first.status !== 201) throw new Error(`Sign-up failed: ${first.status} ${first.text}`);
  const { rows: [{ password_hash: hash }] } = await pool.query('SELECT password_hash FROM accounts WHERE id = $1', [first.body.account.id]);
  const make = async (userType, count, prefix) => {
    const { rows } = await pool.query(
      `INSERT INTO accounts (user_type, email, phone, first_name, last_name, password_hash, profile_completed)
       SELECT $1, $2 || n || '@bench.test', '+15555550100', ($5::text[])[1 + n % cardinality($5::text[])], $2 || n, $3, true FROM generate_series(1, $4) n RETURNING id, email`,
      [userType, prefix, hash, count, firstNames],
    );
    return rows;
  };
  const athleteRows = await make(2, athletes, `${emailPrefix}athlete${randomBytes(3).toString('hex')}`);
  const fanRows = await make(1, fans, `${emailPrefix}fan${randomBytes(3).toString('hex')}`);
  await pool.query(
    `INSERT INTO athlete_services (athlete_id, service_type, enabled, rate_cents)
     SELECT a, t.key, true, (t.value::numeric * 100)::int FROM unnest($1::uuid[]) a CROSS JOIN jsonb_each_text($2::jsonb) t`,
    [athleteRows.map((row) => row.id), JSON.stringify(rates)],
  );
  return { athletes: await signInAll(call, athleteRows, password), fans: await signInAll(call, fanRows, password) };
}
