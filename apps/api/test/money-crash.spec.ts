import { request as httpRequest } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import type { EntityManager } from 'typeorm';
import { UserType } from '@huddle/domain';
import { Clock } from '../src/common/time/clock';
import { checkLedger } from '../src/modules/payments/ledger';
import { queryDatabase } from './support/api-process';
import type { ApiProcess } from './support/api-process';
import { bookingPayload, createBookableAthlete } from './support/booking';
import { FakeClock } from './support/fake-clock';
import type { FakeStripeServer } from './support/fake-stripe-server';
import { createCrashHarness } from './support/crash-harness';
import type { CrashHarness } from './support/crash-harness';
import { createSignedIn } from './support/fixtures';
import type { SignedIn } from './support/fixtures';
import { fixture } from './support/media';
import { readyStripeAthlete } from './support/payouts';
import { createTestApp } from './support/test-app';
import type { TestDatabase } from './support/test-database';

interface Answer {
  status: number;
  body: Record<string, unknown> & { request?: { id: string; status: number; paid: boolean } };
}

/**
 * Issue 25: `kill -9` of the API (the real entrypoint, src/main.ts, as its own process on the
 * local Stripe) in the middle of each money step: a payment, an acceptance with its capture, a
 * delivery upload and a payout batch. Each kill lands at a chosen point: a Stripe call held
 * unanswered (before Stripe acted) or answered but never heard (after it acted), or an upload's
 * body half sent. After a restart nothing is lost or half-written (the request's state, its
 * history and its ledger agree and the ledger balances), and every job queued before the kill
 * completes once with one provider effect. Each restarted process is the next step's victim.
 */
describe('money survives kill -9 of the API mid-step', () => {
  let fake: FakeStripeServer;
  let database: TestDatabase;
  let stripeEnv: Record<string, string>;
  let fan: SignedIn;
  let admin: SignedIn;
  let athlete: SignedIn;
  let dataDir: string;
  let harness: CrashHarness | undefined;
  let running: ApiProcess | null = null;

  beforeAll(async () => {
    harness = await createCrashHarness('money-crash');
    ({ fake, database, dataDir, stripeEnv } = harness);
    // The set-up runs in-process: a fan, an administrator, and an athlete with a ready Express account and two finished requests ($320 payable).
    const clock = new FakeClock(new Date());
    const setup = await createTestApp({ database, overrides: [{ provide: Clock, useValue: clock }], env: { ...stripeEnv, DATA_DIR: dataDir } });
    try {
      fan = await createSignedIn(setup, UserType.Fan);
      admin = await createSignedIn(setup, UserType.Admin);
      athlete = await createBookableAthlete(setup);
      await readyStripeAthlete(setup, fake, clock, fan, athlete, 2);
    } finally {
      await setup.close();
    }
    running = await startApi();
  }, 420_000);

  afterAll(async () => {
    await harness?.close();
  });

  const startApi = (): Promise<ApiProcess> => (harness as CrashHarness).startApi();

  /** kill -9 of the running API, then a new process on the same database: the next step's API. */
  async function crashAndRestart(): Promise<ApiProcess> {
    await current().kill();
    running = null;
    running = await startApi();
    return running;
  }

  function current(): ApiProcess {
    if (!running) throw new Error('No API is running');
    return running;
  }

  async function call(method: string, path: string, body: object | null, token: string): Promise<Answer> {
    const response = await fetch(`${current().url}/api/v1${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', 'x-access-token': token },
      body: body === null ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Answer['body'] };
  }

  const query = <T>(sql: string, params: unknown[] = []): Promise<T[]> => queryDatabase<T>(database.url, sql, params);

  async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, ms = 60_000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = await read();
      if (done(value)) return value;
      if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}\n${running?.output().slice(-3000) ?? ''}`);
      await sleep(250);
    }
  }

  /** Every run of a job of `name` whose data has `key` = `value`, live or archived: its state and retries. */
  async function runsOf(name: string, key: string, value: string): Promise<Array<{ state: string; retry_count: number }>> {
    return query(
      `SELECT state, retry_count FROM pgboss.job WHERE name = $1 AND data->>$2 = $3
       UNION ALL SELECT state, retry_count FROM pgboss.archive WHERE name = $1 AND data->>$2 = $3`,
      [name, key, value],
    );
  }

  async function movementsOf(subjectId: string): Promise<Record<string, number>> {
    const rows = await query<{ movement: string; n: number }>(`SELECT movement, count(*)::int AS n FROM ledger_movements WHERE request_id = $1 GROUP BY movement`, [subjectId]);
    return Object.fromEntries(rows.map((row) => [row.movement, row.n]));
  }

  async function requestRow(id: string): Promise<{ status: number; paid: boolean; history: string[] }> {
    const [row] = await query<{ status: number; paid: boolean }>(`SELECT status, paid FROM requests WHERE id = $1`, [id]);
    const history = await query<{ action: string }>(`SELECT action FROM request_history WHERE request_id = $1 ORDER BY id`, [id]);
    return { ...row, history: history.map((entry) => entry.action) };
  }

  /** The ledger's own check (every movement sums to zero, no contradictory movements, nobody paid more than owed), on the database the processes share. */
  async function expectLedgerBalanced(): Promise<void> {
    const manager = { query: (sql: string, params?: unknown[]) => query(sql, params) } as unknown as EntityManager;
    const check = await checkLedger(manager);
    expect(check.violations).toEqual([]);
    expect(check.balanced).toBe(true);
  }

  const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0];

  async function bookedWithStripe(type: 'shoutout' | 'video_chat'): Promise<{ id: string; intentId: string }> {
    const created = await call('POST', '/booking/request', bookingPayload(type, athlete.account.id), fan.token);
    expect(created.status).toBe(201);
    const id = created.body.request?.id as string;
    const sheet = await call('POST', `/payments/payment-sheet?request_id=${id}`, {}, fan.token);
    expect(sheet.status).toBe(200);
    const intentId = intentIdOf((sheet.body.payment_intent as { client_secret: string }).client_secret);
    fake.authorise(intentId);
    return { id, intentId };
  }

  /** Paying again after the restart: paid once, one pay in its history, one hold in the ledger and at Stripe. */
  async function expectPaidOnceAfterRestart(id: string, intentId: string): Promise<void> {
    const paid = await call('POST', '/payments/set-paid', { request_id: id }, fan.token);
    expect(paid.status).toBe(200);
    expect(paid.body.request).toMatchObject({ paid: true, status: 1 });
    expect(await requestRow(id)).toEqual({ status: 1, paid: true, history: ['create', 'pay'] });
    expect(await movementsOf(id)).toEqual({ authorised: 1 });
    expect(fake.intents.get(intentId)?.status).toBe('requires_capture');
    await expectLedgerBalanced();
  }

  it('a payment: killed while set-paid reads the card from Stripe; nothing was written, and paying again after the restart pays once', async () => {
    const { id, intentId } = await bookedWithStripe('shoutout');
    const held = fake.hold('GET', new RegExp(`^/v1/payment_intents/${intentId}$`), 'before');
    const paying = call('POST', '/payments/set-paid', { request_id: id }, fan.token).then(
      () => 'answered',
      () => 'connection lost',
    );
    await held;
    await crashAndRestart();
    expect(await paying).toBe('connection lost');
    // Nothing half-written: still the requester's unpaid draft, no hold in the ledger.
    expect(await requestRow(id)).toEqual({ status: 1, paid: false, history: ['create'] });
    expect(await movementsOf(id)).toEqual({});

    await expectPaidOnceAfterRestart(id, intentId);
  }, 420_000);

  it('a payment: killed after set-paid recorded the hold in the ledger, before its transaction marked the request paid; after the restart it is paid once, the hold recorded once', async () => {
    const { id, intentId } = await bookedWithStripe('shoutout');
    // The kill point: another session holds the request's row, so set-paid's transaction waits
    // for it after the authorised movement (one statement of its own) was written.
    const holder = new Client({ connectionString: database.url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM requests WHERE id = $1 FOR UPDATE', [id]);
      const paying = call('POST', '/payments/set-paid', { request_id: id }, fan.token).then(
        () => 'answered',
        () => 'connection lost',
      );
      await until('the hold recorded', () => movementsOf(id), (movements) => movements.authorised === 1);
      await crashAndRestart();
      expect(await paying).toBe('connection lost');
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
    // Half-way but consistent: the card is held at Stripe and in the ledger; the request is still the unpaid draft.
    expect(await requestRow(id)).toEqual({ status: 1, paid: false, history: ['create'] });
    expect(await movementsOf(id)).toEqual({ authorised: 1 });
    await expectLedgerBalanced();

    await expectPaidOnceAfterRestart(id, intentId);
  }, 420_000);

  it('an acceptance: killed after Stripe captured but before the API heard it; the capture job runs again and the card is charged once', async () => {
    const { id, intentId } = await bookedWithStripe('shoutout');
    expect((await call('POST', '/payments/set-paid', { request_id: id }, fan.token)).status).toBe(200);
    const captures = () => fake.calls.filter((entry) => entry.method === 'POST' && entry.path === `/v1/payment_intents/${intentId}/capture`);
    const held = fake.hold('POST', new RegExp(`^/v1/payment_intents/${intentId}/capture$`), 'after');
    const accepted = await call('PUT', `/booking/request/accept?request_id=${id}`, {}, athlete.token);
    expect(accepted.status).toBe(200);
    await held;
    // Stripe took the money; the API that asked never learns it.
    expect(fake.intents.get(intentId)?.status).toBe('succeeded');
    await crashAndRestart();
    // The acceptance committed with its job before the kill: still accepted, the capture not yet recorded.
    expect((await requestRow(id)).status).toBe(2);

    const runs = await until('the capture job', () => runsOf('payments.capture', 'requestId', id), (rows) => rows.some((row) => row.state === 'completed'));
    expect(runs).toHaveLength(1);
    expect(runs[0].state).toBe('completed');
    expect(await requestRow(id)).toEqual({ status: 2, paid: true, history: ['create', 'pay', 'accept'] });
    expect(await movementsOf(id)).toEqual({ authorised: 1, captured: 1, owed_to_athlete: 1 });
    // One charge: every capture call carried the same idempotency key, so Stripe's replay answered the retry.
    expect(fake.intents.get(intentId)).toMatchObject({ status: 'succeeded', amount_refunded: 0 });
    expect(new Set(captures().map((entry) => entry.idempotencyKey)).size).toBe(1);
    await expectLedgerBalanced();
  }, 420_000);

  async function deliveredRequest(): Promise<string> {
    const { id } = await bookedWithStripe('shoutout');
    expect((await call('POST', '/payments/set-paid', { request_id: id }, fan.token)).status).toBe(200);
    expect((await call('PUT', `/booking/request/accept?request_id=${id}`, {}, athlete.token)).status).toBe(200);
    await until('the capture', () => movementsOf(id), (moved) => moved.captured === 1);
    return id;
  }

  /** Sends the first part of a delivery's multipart body and never the rest; answers once the API read some of it. */
  async function halfUpload(requestId: string): Promise<void> {
    const boundary = 'huddlecrashboundary';
    const video = fixture('long-31s.mp4');
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="request_id"\r\n\r\n${requestId}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="v.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    );
    const upload = httpRequest({
      host: '127.0.0.1',
      port: current().port,
      method: 'POST',
      path: '/api/v1/athlete/shoutouts',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(head.length + video.length + boundary.length + 8), 'x-access-token': athlete.token },
    });
    upload.on('error', () => undefined);
    upload.write(head);
    upload.write(video.subarray(0, Math.floor(video.length / 2)));
    // The API is streaming the half it has into its staging area.
    await sleep(1500);
  }

  it('a delivery upload: killed with half the video received; the request waits for its video, and the upload after the restart delivers it once, its watermark rendered once', async () => {
    const id = await deliveredRequest();
    await halfUpload(id);
    await crashAndRestart();
    // Nothing half-written: still accepted, no video, no delivery in the history, no render queued.
    expect(await requestRow(id)).toEqual({ status: 2, paid: true, history: ['create', 'pay', 'accept'] });
    const [{ video }] = await query<{ video: string | null }>(`SELECT details->>'video' AS video FROM requests WHERE id = $1`, [id]);
    expect(video).toBeNull();
    expect(await runsOf('booking.render-watermark', 'requestId', id)).toEqual([]);

    const form = new FormData();
    form.set('request_id', id);
    form.set('video', new Blob([fixture('long-31s.mp4')], { type: 'video/mp4' }), 'v.mp4');
    const delivered = await fetch(`${current().url}/api/v1/athlete/shoutouts`, { method: 'POST', headers: { 'x-access-token': athlete.token }, body: form });
    expect(delivered.status).toBe(201);
    // Killed again while the watermark is rendering (or still queued): the render runs again after the restart, once to its end.
    await crashAndRestart();
    const runs = await until('the watermark job', () => runsOf('booking.render-watermark', 'requestId', id), (rows) => rows.some((row) => row.state === 'completed'), 120_000);
    expect(runs).toHaveLength(1);
    expect(await requestRow(id)).toEqual({ status: 4, paid: true, history: ['create', 'pay', 'accept', 'deliver'] });
    const watched = await fetch(`${current().url}/api/v1/booking/request/video?request_id=${id}`, { headers: { 'x-access-token': fan.token }, redirect: 'manual' });
    expect(watched.status).toBe(302);
    expect(await movementsOf(id)).toEqual({ authorised: 1, captured: 1, owed_to_athlete: 1 });
    await expectLedgerBalanced();
  }, 480_000);

  const owedTo = async (athleteId: string): Promise<number> =>
    (await query<{ owed: number }>(`SELECT (-coalesce(sum(amount_cents), 0))::int AS owed FROM ledger_entries WHERE account = $1`, [`athlete_payable:${athleteId}`]))[0].owed;

  it('a payout batch: killed after Stripe made the first of its two transfers, before the API recorded it; after the restart each transfer exists once and the athlete is paid $320 once', async () => {
    const owedBefore = await owedTo(athlete.account.id);
    const held = fake.hold('POST', /^\/v1\/transfers$/, 'after');
    const sent = await call('POST', '/admin/payments/payout-send', { payout_items: [{ athlete_id: athlete.account.id, amount: 320, email: athlete.account.email, phone: null }] }, admin.token);
    expect(sent.status).toBe(201);
    const itemId = (sent.body.payout as { items_view: Array<{ id: string }> }).items_view[0].id;
    await held;
    const transfersBefore = [...fake.connect.transfers.values()].filter((transfer) => transfer.metadata.payout_item_id === itemId);
    expect(transfersBefore).toHaveLength(1);
    await crashAndRestart();

    await until('the payout item', async () => (await query<{ status: string }>(`SELECT status FROM payout_items WHERE id = $1`, [itemId]))[0].status, (status) => status === 'sent');
    const transfers = [...fake.connect.transfers.values()].filter((transfer) => transfer.metadata.payout_item_id === itemId);
    // Two allocations (one per finished request's charge), each one transfer: the one made before the kill found again, not made twice.
    expect(transfers).toHaveLength(2);
    expect(transfers.reduce((sum, transfer) => sum + transfer.amount, 0)).toBe(32_000);
    expect(new Set(transfers.map((transfer) => transfer.source_transaction)).size).toBe(2);
    const allocations = await query<{ provider_transfer_id: string }>(`SELECT provider_transfer_id FROM payout_allocations WHERE payout_item_id = $1 ORDER BY provider_transfer_id`, [itemId]);
    expect(allocations.map((row) => row.provider_transfer_id)).toEqual(transfers.map((transfer) => transfer.id).sort());
    const runs = await runsOf('payouts.transfer', 'itemId', itemId);
    expect(runs).toHaveLength(1);
    expect(runs[0].state).toBe('completed');
    expect(await movementsOf(itemId)).toEqual({ paid_out: 1 });
    // What stays owed is the two accepted shoutouts' shares, not yet finished.
    expect(await owedTo(athlete.account.id)).toBe(owedBefore - 32_000);
    await expectLedgerBalanced();
  }, 420_000);
});
