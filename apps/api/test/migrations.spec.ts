import { UserType } from '@huddle/domain';
import { MIGRATIONS } from '../src/database/migrations';
import { BookingService } from '../src/modules/booking/booking.service';
import { createAccount } from './support/fixtures';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';
import { createTestDatabase } from './support/test-database';
import type { TestDatabase } from './support/test-database';
import { expectPartyRollupsTrue } from './support/party-rollups';

async function count(testApp: Awaited<ReturnType<typeof createTestApp>>, table: string): Promise<number> {
  const rows: Array<{ count: string }> = await testApp.dataSource.query(`SELECT count(*) AS count FROM ${table}`);
  return Number(rows[0].count);
}

describe('migrations', () => {
  let database: TestDatabase;
  // Closed after each test even when an expectation fails: a running app outlives its test file
  // (its job workers and pools), and its errors land in the next file of the same Jest worker.
  const open: TestApp[] = [];
  const started = async (options: Parameters<typeof createTestApp>[0] = {}): Promise<TestApp> => {
    const app = await createTestApp(options);
    open.push(app);
    return app;
  };

  afterEach(async () => {
    for (const app of open.splice(0)) await app.close();
  });

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.drop();
  });

  it('build the whole schema on an empty database, and a second start changes nothing', async () => {
    const first = await started({ database });
    const applied: Array<{ name: string }> = await first.dataSource.query('SELECT name FROM migrations ORDER BY id');
    expect(applied.map((row) => row.name)).toEqual(MIGRATIONS.map((migration) => migration.name));
    const tables: Array<{ table_name: string }> = await first.dataSource.query(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
    );
    expect(tables.map((row) => row.table_name)).toEqual([
      'account_identities',
      'account_type_counts',
      'accounts',
      'admin_audit',
      'admin_settings',
      'athlete_calendar_feeds',
      'athlete_days',
      'athlete_locations',
      'athlete_payouts',
      'athlete_profiles',
      'athlete_services',
      'athlete_totals',
      'business_exports',
      'business_profiles',
      'campaigns',
      'conferences',
      'custom_pushes',
      'divisions',
      'fan_surveys',
      'job_runs',
      'ledger_day_totals',
      'ledger_entries',
      'ledger_month_totals',
      'ledger_movements',
      'live_signals',
      'media_objects',
      'migrations',
      'money_incidents',
      'nil_disclosures',
      'notification_counters',
      'notifications',
      'outbox_email_attachments',
      'outbox_emails',
      'password_resets',
      'password_set_tokens',
      'payment_disputes',
      'payment_idempotency_keys',
      'payment_intents',
      'payout_accounts',
      'payout_allocations',
      'payout_items',
      'payouts',
      'provider_events',
      'rate_limit_counters',
      'reconciliation_runs',
      'request_day_counts',
      'request_history',
      'request_month_counts',
      'request_payout_marks',
      'request_share_links',
      'requester_athletes',
      'requester_days',
      'requester_totals',
      'requests',
      'reviews',
      'sandbox_connect_accounts',
      'sandbox_connect_payouts',
      'sandbox_disputes',
      'sandbox_intents',
      'sandbox_payment_methods',
      'sandbox_refunds',
      'sandbox_transfers',
      'schools',
      'sessions',
      'sports',
      'stripe_customers',
      'teams',
      'video_sessions',
    ]);
    const seeded = { sports: await count(first, 'sports'), schools: await count(first, 'schools'), teams: await count(first, 'teams') };
    expect(seeded.sports).toBe(27);
    await open.splice(open.indexOf(first), 1)[0].close();

    const second = await started({ database });
    expect(await second.dataSource.showMigrations()).toBe(false);
    expect(await count(second, 'migrations')).toBe(MIGRATIONS.length);
    expect({ sports: await count(second, 'sports'), schools: await count(second, 'schools'), teams: await count(second, 'teams') }).toEqual(seeded);
  });

  it('revert cleanly, leaving only the migrations table', async () => {
    const testApp = await started();
    for (let step = 0; step < MIGRATIONS.length; step += 1) await testApp.dataSource.undoLastMigration();
    const tables: Array<{ table_name: string }> = await testApp.dataSource.query(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'",
    );
    expect(tables.map((row) => row.table_name)).toEqual(['migrations']);
  });

  it('restrict the delivered videos and watermarked copies already stored, not the media a profile shows', async () => {
    const testApp = await started();
    const applied = async () => (await testApp.dataSource.query('SELECT name FROM migrations')).map((row: { name: string }) => row.name);
    while ((await applied()).includes('RestrictedMedia1763771500000')) await testApp.dataSource.undoLastMigration();
    const athlete = await createAccount(testApp, UserType.Athlete, { introVideo: '/media/videos/intro.mp4' });
    const fan = await createAccount(testApp, UserType.Fan);
    for (const name of ['delivered', 'marked', 'intro', 'unused']) {
      await testApp.dataSource.query(`INSERT INTO media_objects (key, owner_account_id, kind, content_type, size_bytes) VALUES ($1, $2, 'video', 'video/mp4', 1)`, [
        `videos/${name}.mp4`,
        athlete.id,
      ]);
    }
    const finished = (details: Record<string, string>) => ({
      type: 'shoutout' as const,
      athleteId: athlete.id,
      requesterId: fan.id,
      name: 'Before issue 21',
      requestAmountCents: 3000,
      feeAmountCents: 600,
      socialMediaPlatform: null,
      details,
      createdAt: new Date(),
      acceptedAt: new Date(),
      finishedAt: new Date(),
      review: null,
    });
    // The demo seed delivered the shared intro video itself: it stays what it was, public.
    await testApp.get(BookingService).importFinished([
      finished({ video: '/media/videos/delivered.mp4', watermarked_video: '/media/videos/marked.mp4' }),
      finished({ video: '/media/videos/intro.mp4' }),
    ]);
    await testApp.dataSource.runMigrations();
    const rows: Array<{ key: string; restricted: boolean }> = await testApp.dataSource.query('SELECT key, restricted FROM media_objects ORDER BY key');
    expect(rows).toEqual([
      { key: 'videos/delivered.mp4', restricted: true },
      { key: 'videos/intro.mp4', restricted: false },
      { key: 'videos/marked.mp4', restricted: true },
      { key: 'videos/unused.mp4', restricted: false },
    ]);
  });

  it("fill the administrator's day totals from the requests and ledger already there, and keep them from then on", async () => {
    const testApp = await started();
    const applied = async () => (await testApp.dataSource.query('SELECT name FROM migrations')).map((row: { name: string }) => row.name);
    while ((await applied()).includes('CountersAtScale1763772350000')) await testApp.dataSource.undoLastMigration();
    const athlete = await createAccount(testApp, UserType.Athlete);
    const fan = await createAccount(testApp, UserType.Fan);
    const insert = (status: number, cents: number, paid: boolean, createdAt: string) =>
      testApp.dataSource.query(
        `INSERT INTO requests (type, status, athlete_id, requester_id, name, request_amount_cents, fee_amount_cents, amount_to_athlete_cents, paid, paid_at, created_at)
         VALUES ('shoutout', $1, $2, $3, 'Before the day totals', $4, 0, $4, $5, CASE WHEN $5 THEN now() END, $6) RETURNING id`,
        [status, athlete.id, fan.id, cents, paid, createdAt],
      );
    const [[{ id: requestId }]] = [await insert(1, 1000, true, '2025-03-01T10:00:00Z'), await insert(1, 2000, true, '2025-03-01T23:00:00Z'), await insert(1, 4000, false, '2025-03-02T10:00:00Z')];
    await testApp.dataSource.query(
      `INSERT INTO ledger_entries (request_id, movement, account, amount_cents, created_at)
       VALUES ($1, 'authorised', 'holds', 1000, '2025-03-01T10:00:00Z'), ($1, 'authorised', 'holds_payers', -1000, '2025-03-01T10:00:00Z')`,
      [requestId],
    );
    await testApp.dataSource.runMigrations();
    const totals = async () => ({
      requests: await testApp.dataSource.query(`SELECT day::text, status, type, sum(requests)::int AS requests, sum(cents)::int AS cents FROM request_day_counts GROUP BY 1, 2, 3 ORDER BY 1, 2`),
      ledger: await testApp.dataSource.query(`SELECT day::text, account, movement, sum(cents)::int AS cents FROM ledger_day_totals GROUP BY 1, 2, 3 ORDER BY 1, 2`),
    });
    expect(await totals()).toEqual({
      requests: [{ day: '2025-03-01', status: 1, type: 'shoutout', requests: 2, cents: 3000 }],
      ledger: [
        { day: '2025-03-01', account: 'holds', movement: 'authorised', cents: 1000 },
        { day: '2025-03-01', account: 'holds_payers', movement: 'authorised', cents: -1000 },
      ],
    });
    // From then on the triggers follow: the draft paid, one request finished.
    await testApp.dataSource.query(`UPDATE requests SET paid = true, paid_at = now() WHERE request_amount_cents = 4000 AND athlete_id = $1`, [athlete.id]);
    await testApp.dataSource.query(`UPDATE requests SET status = 5, finished_at = now() WHERE id = $1`, [requestId]);
    expect((await totals()).requests).toEqual([
      { day: '2025-03-01', status: 1, type: 'shoutout', requests: 1, cents: 2000 },
      { day: '2025-03-01', status: 5, type: 'shoutout', requests: 1, cents: 1000 },
      { day: '2025-03-02', status: 1, type: 'shoutout', requests: 1, cents: 4000 },
    ]);
  });
  it("fill each request's money columns from the ledger already there, and keep them from then on", async () => {
    const testApp = await started();
    const applied = async () => (await testApp.dataSource.query('SELECT name FROM migrations')).map((row: { name: string }) => row.name);
    while ((await applied()).includes('RequestMoneyColumns1763772550000')) await testApp.dataSource.undoLastMigration();
    const athlete = await createAccount(testApp, UserType.Athlete);
    const fan = await createAccount(testApp, UserType.Fan);
    const [{ id: requestId }] = await testApp.dataSource.query(
      `INSERT INTO requests (type, status, athlete_id, requester_id, name, request_amount_cents, fee_amount_cents, amount_to_athlete_cents, paid, paid_at, accepted_at)
       VALUES ('shoutout', 2, $1, $2, 'Before the money columns', 5000, 1000, 4000, true, now(), now()) RETURNING id`,
      [athlete.id, fan.id],
    );
    const move = (movement: string, lines: Array<[string, number]>, at: string) =>
      testApp.dataSource.query(
        `INSERT INTO ledger_entries (request_id, movement, account, amount_cents, created_at)
         SELECT $1, $2, t.account, t.amount, $5 FROM unnest($3::text[], $4::bigint[]) AS t(account, amount)`,
        [requestId, movement, lines.map(([account]) => account), lines.map(([, cents]) => cents), at],
      );
    const payable = `athlete_payable:${athlete.id}`;
    await move('captured', [['holds', -5000], ['holds_payers', 5000], ['cash', 5000], ['unallocated', -5000]], '2025-03-01T10:00:00Z');
    await move('owed_to_athlete', [['unallocated', 5000], [payable, -4000], ['platform_fees', -1000]], '2025-03-01T10:05:00Z');
    await testApp.dataSource.runMigrations();
    const columns = async () =>
      (await testApp.dataSource.query(`SELECT athlete_share_cents::int AS share, owed_at, spent_cents::int AS spent FROM requests WHERE id = $1`, [requestId]))[0];
    expect(await columns()).toEqual({ share: 4000, owed_at: new Date('2025-03-01T10:05:00Z'), spent: 5000 });
    // From then on the trigger follows: a refund takes the share and the cash back.
    await move('refunded', [['cash', -5000], [payable, 4000], ['platform_fees', 1000]], '2025-03-02T10:00:00Z');
    expect(await columns()).toEqual({ share: 0, owed_at: new Date('2025-03-01T10:05:00Z'), spent: 0 });
  });

  it('fill the per-party rollups and the month totals from the rows already there, and keep them from then on', async () => {
    const testApp = await started();
    const applied = async () => (await testApp.dataSource.query('SELECT name FROM migrations')).map((row: { name: string }) => row.name);
    while ((await applied()).includes('PartyTotals1763772650000')) await testApp.dataSource.undoLastMigration();
    const athlete = await createAccount(testApp, UserType.Athlete);
    const fan = await createAccount(testApp, UserType.Fan);
    const insert = (name: string, status: number, cents: number) =>
      testApp.dataSource.query(
        `INSERT INTO requests (type, status, athlete_id, requester_id, name, request_amount_cents, fee_amount_cents, amount_to_athlete_cents, paid, paid_at, accepted_at, created_at)
         VALUES ('shoutout', $3, $1, $2, $4, $5, 0, $5, true, now(), now(), '2025-03-01T10:00:00Z') RETURNING id`,
        [athlete.id, fan.id, status, name, cents],
      );
    await insert('Before the rollups', 2, 5000);
    await testApp.dataSource.runMigrations();
    const kept = async () => ({
      athlete: await testApp.dataSource.query(`SELECT kind, status, sum(requests)::int AS n FROM athlete_totals WHERE athlete_id = $1 GROUP BY 1, 2 HAVING sum(requests) <> 0`, [athlete.id]),
      requester: await testApp.dataSource.query(`SELECT sum(amount_cents)::int AS cents FROM requester_totals WHERE requester_id = $1`, [fan.id]),
      month: await testApp.dataSource.query(`SELECT month, sum(requests)::int AS n FROM request_month_counts GROUP BY 1 HAVING sum(requests) <> 0`),
      accounts: await testApp.dataSource.query(`SELECT user_type, sum(users)::int AS users FROM account_type_counts GROUP BY 1 HAVING sum(users) <> 0 ORDER BY 1`),
    });
    expect(await kept()).toEqual({
      athlete: [{ kind: 'shoutout', status: 2, n: 1 }],
      requester: [{ cents: 5000 }],
      month: [{ month: new Date('2025-03-01T00:00:00Z'), n: 1 }],
      accounts: [{ user_type: 1, users: 1 }, { user_type: 2, users: 1 }],
    });
    // From then on the triggers follow: a second request, and the first finished.
    await insert('After the rollups', 1, 700);
    await testApp.dataSource.query(`UPDATE requests SET status = 5, finished_at = now() WHERE name = 'Before the rollups'`);
    await createAccount(testApp, UserType.Fan);
    expect(await kept()).toEqual({
      athlete: expect.arrayContaining([{ kind: 'shoutout', status: 5, n: 1 }, { kind: 'shoutout', status: 1, n: 1 }]),
      requester: [{ cents: 5700 }],
      month: [{ month: new Date('2025-03-01T00:00:00Z'), n: 2 }],
      accounts: [{ user_type: 1, users: 2 }, { user_type: 2, users: 1 }],
    });
    expect(await expectPartyRollupsTrue(testApp.dataSource)).toBeGreaterThan(4);
  });
});
