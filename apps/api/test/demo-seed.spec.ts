import { DataSource } from 'typeorm';
import { DEMO_ACCOUNTS, DemoSeeder } from '../src/modules/demo/demo-seeder.service';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

describe('demo seed', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('fills an empty database once with one account per role, passwords hashed with argon2id', async () => {
    const seeder = testApp.get(DemoSeeder);
    expect(await seeder.seedIfEmpty()).toBe(true);

    const rows: { email: string; user_type: number; password_hash: string; profile_completed: boolean }[] = await testApp
      .get(DataSource)
      .query('SELECT email, user_type, password_hash, profile_completed FROM accounts ORDER BY user_type');
    expect(rows.map((r) => r.user_type)).toEqual([1, 2, 3, 4]);
    expect(rows.map((r) => r.email).sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.email).sort());
    for (const row of rows) {
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(row.password_hash).not.toContain(DEMO_ACCOUNTS.find((a) => a.email === row.email)!.password);
    }

    expect(await seeder.seedIfEmpty()).toBe(false);
    const [{ count }] = await testApp.get(DataSource).query('SELECT count(*)::int AS count FROM accounts');
    expect(count).toBe(DEMO_ACCOUNTS.length);
  });
});
