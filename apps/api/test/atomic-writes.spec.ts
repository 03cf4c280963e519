import { UserType } from '@huddle/domain';
import { api, signUp, uploadIntro, uploadPhoto } from './support/accounts-api';
import type { SignedUp } from './support/accounts-api';
import { Transactions } from '../src/database/transactions';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

interface Reference {
  schools: Array<{ id: number }>;
  conferences: Array<{ id: number }>;
  teams: Array<{ id: number }>;
}

/**
 * Each request that writes to several tables writes all or nothing. A trigger created by the test
 * makes the request's last write fail for one account (as a lost connection or a broken constraint
 * would), and nothing of the earlier writes may be left behind.
 */
describe('multi-table writes are one transaction', () => {
  let testApp: TestApp;
  let reference: Reference;

  beforeAll(async () => {
    testApp = await createTestApp();
    reference = (await api(testApp).get('/public/meta/reference-data').expect(200)).body;
    await testApp.dataSource.query(`
      CREATE FUNCTION test_forced_failure() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'forced failure on %', TG_TABLE_NAME;
      END $$`);
  });

  afterAll(async () => {
    await testApp.close();
  });

  const query = <T>(sql: string, parameters: unknown[]): Promise<T[]> => testApp.dataSource.query(sql, parameters);

  /** Makes every write of `operation` on `table` fail for rows whose `column` is the account's id, for the duration of `work`. */
  async function failingWrites<T>(table: string, column: string, operation: 'INSERT OR UPDATE' | 'UPDATE', account: SignedUp, work: () => Promise<T>): Promise<T> {
    // The id is a uuid the API generated; DDL takes no parameters.
    expect(account.id).toMatch(/^[0-9a-f-]{36}$/);
    const trigger = `test_fail_${table}`;
    await testApp.dataSource.query(
      `CREATE TRIGGER ${trigger} BEFORE ${operation} ON ${table} FOR EACH ROW WHEN (NEW.${column} = '${account.id}') EXECUTE FUNCTION test_forced_failure()`,
    );
    try {
      return await work();
    } finally {
      await testApp.dataSource.query(`DROP TRIGGER ${trigger} ON ${table}`);
    }
  }

  const athleteInfo = () => ({
    school_id: reference.schools[0].id,
    sports: [2, 1],
    athlete_services: { shoutout_enabled: true, shoutout_rate: 30, camp_enabled: true, camp_rate: 40 },
    locations: [{ name: 'Home', address: 'Los Angeles, CA, USA', latitude: 34.05, longitude: -118.24, radius: 4 }],
  });

  async function athleteState(id: string) {
    const [profile] = await query<{ sports: number[]; school_id: number | null }>('SELECT sports, school_id FROM athlete_profiles WHERE account_id = $1', [id]);
    const services = await query<{ service_type: string; enabled: boolean; rate_cents: number }>(
      'SELECT service_type, enabled, rate_cents FROM athlete_services WHERE athlete_id = $1 ORDER BY service_type',
      [id],
    );
    const locations = await query<{ id: string }>('SELECT id FROM athlete_locations WHERE athlete_id = $1', [id]);
    const [account] = await query<{ first_name: string | null; profile_completed: boolean; intro_video: string | null }>(
      'SELECT first_name, profile_completed, intro_video FROM accounts WHERE id = $1',
      [id],
    );
    return { profile, services, locations: locations.length, account };
  }

  it.each(['/user/finish-registration', '/user/save-athlete-profile'])('%s leaves the athlete as it was when the account row cannot be written', async (path) => {
    const athlete = await signUp(testApp, UserType.Athlete);
    const [photo, video] = [await uploadPhoto(testApp, athlete.token), await uploadIntro(testApp, athlete.token)];
    const before = await athleteState(athlete.id);
    const body = {
      athlete_personal_info: { first_name: 'Jordan', last_name: 'Miles', profile_photo: photo, dashboard_photo: photo, intro_video: video },
      athlete_info: athleteInfo(),
    };
    const failed = await failingWrites('accounts', 'id', 'UPDATE', athlete, () => api(testApp).post(path, body, athlete.token));
    expect(failed.status).toBe(500);
    expect(await athleteState(athlete.id)).toEqual(before);

    // The same request succeeds once nothing stands in its way: the failure was the only difference.
    await api(testApp).post(path, body, athlete.token).expect(200);
    const after = await athleteState(athlete.id);
    expect(after.profile.sports).toEqual([2, 1]);
    expect(after.locations).toBe(1);
  });

  it('fan finish-registration stores no survey when the account row cannot be written', async () => {
    const fan = await signUp(testApp, UserType.Fan);
    const photo = await uploadPhoto(testApp, fan.token);
    const body = { first_name: 'Casey', last_name: 'Fan', profile_photo: photo, conferences: [reference.conferences[0].id], sports: [1], teams: [reference.teams[0].id] };
    const failed = await failingWrites('accounts', 'id', 'UPDATE', fan, () => api(testApp).post('/user/fan/finish-registration', body, fan.token));
    expect(failed.status).toBe(500);
    expect(await query('SELECT 1 FROM fan_surveys WHERE account_id = $1', [fan.id])).toHaveLength(0);
    await api(testApp).post('/user/fan/finish-registration', body, fan.token).expect(200);
    expect(await query('SELECT 1 FROM fan_surveys WHERE account_id = $1', [fan.id])).toHaveLength(1);
  });

  it('business finish-registration stores no business details when the account row cannot be written', async () => {
    const business = await signUp(testApp, UserType.Business);
    const photo = await uploadPhoto(testApp, business.token);
    const body = {
      first_name: 'Alex',
      last_name: 'Owner',
      profile_photo: photo,
      business_info: { name: 'Acme', email: 'team@acme.example', phone: '(555) 000-1111', website: 'www.acme.example' },
    };
    const failed = await failingWrites('accounts', 'id', 'UPDATE', business, () => api(testApp).post('/user/business/finish-registration', body, business.token));
    expect(failed.status).toBe(500);
    expect(await query('SELECT 1 FROM business_profiles WHERE account_id = $1', [business.id])).toHaveLength(0);
  });

  it('PUT /user/accounts keeps the old names when the business details cannot be written', async () => {
    const business = await signUp(testApp, UserType.Business);
    const body = {
      first_name: 'Changed',
      last_name: 'Name',
      email: business.email,
      phone: '(555) 123-4567',
      business_info: { name: 'Acme Drinks', email: 'hello@acme.example', phone: '(555) 000-1111', website: 'acme.example' },
    };
    const failed = await failingWrites('business_profiles', 'account_id', 'INSERT OR UPDATE', business, () => api(testApp).put('/user/accounts', body, business.token));
    expect(failed.status).toBe(500);
    const [account] = await query<{ first_name: string | null }>('SELECT first_name FROM accounts WHERE id = $1', [business.id]);
    expect(account.first_name).toBeNull();
    await api(testApp).put('/user/accounts', body, business.token).expect(200);
  });

  it('account deletion deletes nothing when the sessions cannot be revoked', async () => {
    const fan = await signUp(testApp, UserType.Fan);
    const failed = await failingWrites('sessions', 'account_id', 'UPDATE', fan, () => api(testApp).delete('/user/accounts/self', fan.token));
    expect(failed.status).toBe(500);
    const [account] = await query<{ deleted_at: Date | null }>('SELECT deleted_at FROM accounts WHERE id = $1', [fan.id]);
    expect(account.deleted_at).toBeNull();
    // Still signed in, still the same account; deleting works once nothing fails.
    expect((await api(testApp).get('/user/accounts', fan.token).expect(200)).body.account.id).toBe(fan.id);
    await api(testApp).delete('/user/accounts/self', fan.token).expect(200);
    await api(testApp).get('/user/accounts', fan.token).expect(401);
  });

  it('a transaction PostgreSQL aborts to break a deadlock is run again, whole: both sides commit, each once', async () => {
    const transactions = testApp.get(Transactions);
    await query(`CREATE TABLE test_deadlock_sides (side text PRIMARY KEY, runs int NOT NULL)`, []);
    let reached = 0;
    let release: () => void = () => undefined;
    const bothHoldTheirFirst = new Promise<void>((resolve) => (release = resolve));
    const side = (name: string, first: number, second: number) =>
      transactions.run(async () => {
        const manager = transactions.manager;
        await manager.query(`INSERT INTO test_deadlock_sides (side, runs) VALUES ($1, 1) ON CONFLICT (side) DO UPDATE SET runs = test_deadlock_sides.runs + 1`, [name]);
        await manager.query('SELECT pg_advisory_xact_lock($1)', [first]);
        // The first time round, each waits for the other to hold its first lock: then they cross.
        reached += 1;
        if (reached === 2) release();
        if (reached <= 2) await bothHoldTheirFirst;
        await manager.query('SELECT pg_advisory_xact_lock($1)', [second]);
      });
    await Promise.all([side('a', 91_001, 91_002), side('b', 91_002, 91_001)]);
    const rows = await query<{ side: string; runs: number }>(`SELECT side, runs FROM test_deadlock_sides ORDER BY side`, []);
    // The aborted side's first run left nothing (its row is from its second run): each committed once.
    expect(rows).toEqual([
      { side: 'a', runs: 1 },
      { side: 'b', runs: 1 },
    ]);
    expect(reached).toBe(3);
  });
});
