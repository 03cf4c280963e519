import { chmod, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '../../src/database/embedded-postgres';
import type { EmbeddedPostgresHandle, EmbeddedPostgresPackage } from '../../src/database/embedded-postgres';
import { TEST_ADMIN_URL_ENV } from './test-database';
import { freePort } from './free-port';

export const SERVER_GLOBAL = '__HUDDLE_TEST_POSTGRES__';

export type GlobalWithServer = typeof globalThis & { [SERVER_GLOBAL]?: EmbeddedPostgresHandle };

/**
 * Global setup runs in Jest's parent process, where Node's own ESM loader works. A plain import()
 * would be compiled to require() and routed through Jest's transform hooks, which hand Node
 * CommonJS for a package Node loads as ESM.
 */
const importNatively = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<EmbeddedPostgresPackage>;

/** One real PostgreSQL for the whole run, in a throwaway directory; test files get their own databases. */
export default async function globalSetup(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'huddle-api-test-'));
  // The server runs as an unprivileged user when tests run as root; it must reach its directory.
  await chmod(dataDir, 0o755);
  const server = await startEmbeddedPostgres({
    databaseDir: join(dataDir, 'postgres'),
    port: await freePort(),
    persistent: false,
    onLog: () => undefined,
    onError: (message) => process.stderr.write(`[test postgres] ${message}\n`),
    loadPackage: () => importNatively('embedded-postgres'),
  });
  process.env[TEST_ADMIN_URL_ENV] = server.adminUrl;
  (globalThis as GlobalWithServer)[SERVER_GLOBAL] = server;
}
