import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** Set by the global setup: URL of the maintenance database of the run's PostgreSQL. */
export const TEST_ADMIN_URL_ENV = 'HUDDLE_TEST_ADMIN_DATABASE_URL';

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

function adminUrl(): string {
  const url = process.env[TEST_ADMIN_URL_ENV];
  if (!url) throw new Error(`${TEST_ADMIN_URL_ENV} is not set: run the API tests through jest (test/support/global-setup.ts).`);
  return url;
}

export function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdminClient<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database with a random name on the run's PostgreSQL. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `huddle_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient((client) => client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`));
  return {
    name,
    url: databaseUrl(name),
    drop: () => withAdminClient((client) => client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`)).then(() => undefined),
  };
}
