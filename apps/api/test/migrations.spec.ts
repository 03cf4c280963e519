import { MIGRATIONS } from '../src/database/migrations';
import { createTestApp } from './support/test-app';
import { createTestDatabase } from './support/test-database';
import type { TestDatabase } from './support/test-database';

async function count(testApp: Awaited<ReturnType<typeof createTestApp>>, table: string): Promise<number> {
  const rows: Array<{ count: string }> = await testApp.dataSource.query(`SELECT count(*) AS count FROM ${table}`);
  return Number(rows[0].count);
}

describe('migrations', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.drop();
  });

  it('build the whole schema on an empty database, and a second start changes nothing', async () => {
    const first = await createTestApp({ database });
    const applied: Array<{ name: string }> = await first.dataSource.query('SELECT name FROM migrations ORDER BY id');
    expect(applied.map((row) => row.name)).toEqual(MIGRATIONS.map((migration) => migration.name));
    const tables: Array<{ table_name: string }> = await first.dataSource.query(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
    );
    expect(tables.map((row) => row.table_name)).toEqual([
      'account_identities',
      'accounts',
      'athlete_locations',
      'athlete_profiles',
      'athlete_services',
      'business_profiles',
      'conferences',
      'divisions',
      'fan_surveys',
      'job_runs',
      'ledger_entries',
      'ledger_movements',
      'media_objects',
      'migrations',
      'notifications',
      'outbox_emails',
      'password_resets',
      'payment_idempotency_keys',
      'payment_intents',
      'provider_events',
      'rate_limit_counters',
      'request_history',
      'request_share_links',
      'requests',
      'reviews',
      'sandbox_intents',
      'sandbox_payment_methods',
      'schools',
      'sessions',
      'sports',
      'stripe_customers',
      'teams',
    ]);
    const seeded = { sports: await count(first, 'sports'), schools: await count(first, 'schools'), teams: await count(first, 'teams') };
    expect(seeded.sports).toBe(27);
    await first.close();

    const second = await createTestApp({ database });
    expect(await second.dataSource.showMigrations()).toBe(false);
    expect(await count(second, 'migrations')).toBe(MIGRATIONS.length);
    expect({ sports: await count(second, 'sports'), schools: await count(second, 'schools'), teams: await count(second, 'teams') }).toEqual(seeded);
    await second.close();
  });

  it('revert cleanly, leaving only the migrations table', async () => {
    const testApp = await createTestApp();
    for (let step = 0; step < MIGRATIONS.length; step += 1) await testApp.dataSource.undoLastMigration();
    const tables: Array<{ table_name: string }> = await testApp.dataSource.query(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'",
    );
    expect(tables.map((row) => row.table_name)).toEqual(['migrations']);
    await testApp.close();
  });
});
