import { MIGRATIONS } from '../src/database/migrations';
import { DEMO_ACCOUNTS, DemoSeeder, SEEDED_ATHLETES } from '../src/modules/demo/demo-seeder.service';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';
import { createTestDatabase } from './support/test-database';
import type { TestDatabase } from './support/test-database';

/**
 * Several API processes starting together on one empty database (API_WORKERS > 1 after a fresh
 * install, or several hosts): each app here has its own connection pool, as each process would.
 */
describe('several API processes starting together on an empty database', () => {
  let database: TestDatabase;
  let apps: TestApp[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await database.drop();
  });

  it('all start, apply each migration once, and seed the demo once', async () => {
    apps = await Promise.all([0, 1, 2].map(() => createTestApp({ database })));

    const applied: Array<{ name: string }> = await apps[0].dataSource.query('SELECT name FROM migrations ORDER BY id');
    expect(applied.map((row) => row.name)).toEqual(MIGRATIONS.map((migration) => migration.name));

    const seeded = await Promise.all(apps.map((app) => app.get(DemoSeeder).seedIfEmpty()));
    expect(seeded.filter(Boolean)).toHaveLength(1);
    const [{ count }]: Array<{ count: number }> = await apps[1].dataSource.query('SELECT count(*)::int AS count FROM accounts');
    expect(count).toBe(DEMO_ACCOUNTS.length + SEEDED_ATHLETES);
    // Three apps starting and one seeding the demo (its videos and photos encoded) took over 90 s
    // on a 2-core machine running other suites and the journeys beside it.
  }, 240_000);
});
