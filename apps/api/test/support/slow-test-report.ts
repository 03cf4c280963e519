import { appendFileSync } from 'node:fs';
import { ConsoleLogger } from '@nestjs/common';
import { Client } from 'pg';

/**
 * What a test that runs long was waiting for, printed while it still runs: CI once saw a test
 * that takes half a second here exceed Jest's 30 s, with nothing to say which call or job it
 * waited on (settle's own report comes only after 60 s). Twenty seconds into a test, each live
 * test app of the file reports its HTTP calls in flight, its jobs not yet completed (state,
 * retries, the last error) and its database's sessions that wait or sit in a transaction, read on
 * a connection of its own (the app's pool may be the thing that is stuck). It only reports: a
 * test's outcome is never changed by it. Tests with a longer timeout of their own report once too.
 */

const REPORT_AFTER_MS = 20_000;
const WARNINGS_KEPT = 20;

export interface WatchedApp {
  /** The database the app uses. */
  databaseUrl: string;
  /** HTTP calls answered not yet: "METHOD url" with when each started. */
  inFlight: Map<number, { call: string; startedAt: number }>;
  /** Its logger's last warnings (none kept when a test passed a logger of its own). */
  warnings: readonly string[];
}

const watched = new Set<WatchedApp>();

export function watchApp(app: WatchedApp): () => void {
  watched.add(app);
  return () => watched.delete(app);
}

/**
 * The tests' default logger: errors printed as before, and the last warnings kept (a job's failed
 * try is a warning) for a slow test's report. Warnings are not printed (many tests fail jobs on
 * purpose); TEST_WARNINGS_LOG=file appends every one to that file, to look for failures nobody asked for.
 */
export class WarningsKeepingLogger extends ConsoleLogger {
  readonly warnings: string[] = [];

  constructor() {
    super('Test', { logLevels: ['fatal', 'error'] });
  }

  override warn(message: unknown, ...rest: unknown[]): void {
    const context = typeof rest[rest.length - 1] === 'string' ? `${rest[rest.length - 1] as string}: ` : '';
    const line = `${new Date().toISOString()} ${context}${String(message)}`;
    this.warnings.push(line);
    if (process.env.TEST_WARNINGS_LOG) appendFileSync(process.env.TEST_WARNINGS_LOG, `${expect.getState().testPath ?? ''} | ${expect.getState().currentTestName ?? ''} | ${line}\n`);
    if (this.warnings.length > WARNINGS_KEPT) this.warnings.shift();
  }
}

async function describeDatabase(databaseUrl: string): Promise<string[]> {
  const client = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    const jobs = await client.query<{ name: string; state: string; retry_count: number; start_after: string; output: string | null }>(
      `SELECT name, state, retry_count, start_after::text, left(output::text, 300) AS output
         FROM pgboss.job WHERE name NOT LIKE '\\_\\_pgboss%' AND state NOT IN ('completed', 'cancelled') ORDER BY created_on LIMIT 20`,
    );
    const sessions = await client.query<{ pid: number; state: string; wait: string | null; transaction_ms: number | null; query: string }>(
      `SELECT pid, state, wait_event_type || ':' || wait_event AS wait,
              (extract(epoch FROM clock_timestamp() - xact_start) * 1000)::int AS transaction_ms, left(query, 200) AS query
         FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid()
          AND (state = 'idle in transaction' OR wait_event_type = 'Lock' OR (state = 'active' AND query NOT LIKE 'LISTEN%'))`,
    );
    return [
      `jobs not completed: ${jobs.rows.length === 0 ? 'none' : ''}`,
      ...jobs.rows.map((job) => `  ${job.name} ${job.state} retries=${job.retry_count} start_after=${job.start_after} ${job.output ?? ''}`),
      `database sessions waiting or in a transaction: ${sessions.rows.length === 0 ? 'none' : ''}`,
      ...sessions.rows.map((row) => `  pid ${row.pid} ${row.state} ${row.wait ?? ''} in transaction ${row.transaction_ms ?? '-'} ms: ${row.query}`),
    ];
  } catch (error) {
    return [`database not read: ${(error as Error).message}`];
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function report(test: string): Promise<void> {
  const lines = [`"${test}" has run ${REPORT_AFTER_MS / 1000} s; its apps:`];
  for (const app of watched) {
    const now = Date.now();
    const calls = [...app.inFlight.values()].map((entry) => `  ${entry.call} for ${now - entry.startedAt} ms`);
    lines.push(`HTTP calls in flight: ${calls.length === 0 ? 'none' : ''}`, ...calls);
    lines.push(...(await describeDatabase(app.databaseUrl)));
    lines.push(`last warnings: ${app.warnings.length === 0 ? 'none' : ''}`, ...app.warnings.map((warning) => `  ${warning}`));
  }
  console.warn(lines.join('\n'));
}

// Installed by Jest's setupFilesAfterEnv in every API test file.
if (typeof beforeEach === 'function') {
  let timer: NodeJS.Timeout | undefined;
  beforeEach(() => {
    const test = expect.getState().currentTestName ?? 'a test';
    timer = setTimeout(() => void report(test), REPORT_AFTER_MS);
    timer.unref();
  });
  afterEach(() => clearTimeout(timer));
}
