import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { Client } from 'pg';
import { loadAppConfig } from '../src/config/app-config';
import { DatabaseServer, EMBEDDED_DATABASE_NAME } from '../src/database/database-server';
import { freePort } from './support/free-port';

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL (DATABASE_URL unset)', () => {
  let dataDir: string;

  beforeAll(async () => {
    // No application owns the logger here; PostgreSQL's own chatter would flood the output.
    Logger.overrideLogger(['fatal', 'error']);
    dataDir = await mkdtemp(join(tmpdir(), 'huddle-embedded-'));
    await chmod(dataDir, 0o755);
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('initialises a persistent cluster under DATA_DIR/postgres, creates the database, and reuses it after a stop', async () => {
    const config = loadAppConfig({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()) });

    const first = await DatabaseServer.connect(config);
    expect(first.isEmbedded).toBe(true);
    expect(new URL(first.url).pathname).toBe(`/${EMBEDDED_DATABASE_NAME}`);
    expect(existsSync(join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
    await query(first.url, 'CREATE TABLE kept (value text); INSERT INTO kept VALUES (\'survives restarts\')');
    const [{ encoding }] = await query<{ encoding: string }>(first.url, 'SELECT pg_encoding_to_char(encoding) AS encoding FROM pg_database WHERE datname = current_database()');
    expect(encoding).toBe('UTF8');
    await first.onApplicationShutdown();
    await expect(query(first.url, 'SELECT 1')).rejects.toThrow();

    const second = await DatabaseServer.connect(config);
    expect(await query<{ value: string }>(second.url, 'SELECT value FROM kept')).toEqual([{ value: 'survives restarts' }]);
    await second.onApplicationShutdown();
  });

  it('uses DATABASE_URL as given and starts nothing', async () => {
    const server = await DatabaseServer.connect(loadAppConfig({ DATABASE_URL: 'postgres://u:p@db.example:5432/huddle', AUTH_SECRET: 's'.repeat(32), DATA_DIR: dataDir }));
    expect(server.isEmbedded).toBe(false);
    expect(server.url).toBe('postgres://u:p@db.example:5432/huddle');
    await server.onApplicationShutdown();
  });
});
