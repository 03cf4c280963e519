import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { UserType } from '@huddle/domain';
import { Clock } from '../src/common/time/clock';
import { queryDatabase } from './support/api-process';
import type { ApiProcess } from './support/api-process';
import { createBookableAthlete } from './support/booking';
import { FakeClock } from './support/fake-clock';
import type { FakeStripeServer } from './support/fake-stripe-server';
import { createCrashHarness } from './support/crash-harness';
import type { CrashHarness } from './support/crash-harness';
import { createSignedIn } from './support/fixtures';
import type { SignedIn } from './support/fixtures';
import { readyStripeAthlete } from './support/payouts';
import { createTestApp } from './support/test-app';
import type { TestDatabase } from './support/test-database';

/**
 * The real API entrypoint (src/main.ts) as its own process, killed with SIGKILL at the worst
 * moments of a payout: after the send committed and while the transfer is on its way to Stripe
 * (Stripe never got it), and after Stripe made the transfer but before the API recorded it (the
 * answer is lost). Restarted, it pays exactly once: the transfer job is run again, with the
 * item's idempotency key from the database.
 */
describe('a payout survives kill -9 of the API: paid exactly once', () => {
  let fake: FakeStripeServer;
  let database: TestDatabase;
  let stripeEnv: Record<string, string>;
  let admin: SignedIn;
  let athlete: SignedIn;
  let harness: CrashHarness | undefined;

  beforeAll(async () => {
    harness = await createCrashHarness('payouts-crash');
    ({ fake, database, stripeEnv } = harness);
    // The set-up runs in-process: an athlete with a ready Express account and two finished requests ($320 payable).
    const clock = new FakeClock(new Date());
    const setup = await createTestApp({ database, overrides: [{ provide: Clock, useValue: clock }], env: stripeEnv });
    try {
      const fan = await createSignedIn(setup, UserType.Fan);
      admin = await createSignedIn(setup, UserType.Admin);
      athlete = await createBookableAthlete(setup);
      await readyStripeAthlete(setup, fake, clock, fan, athlete, 2);
    } finally {
      await setup.close();
    }
  }, 120_000);

  afterAll(async () => {
    await harness?.close();
  });

  const startApi = (): Promise<ApiProcess> => (harness as CrashHarness).startApi();

  const query = <T>(sql: string, params: unknown[] = []): Promise<T[]> => queryDatabase<T>(database.url, sql, params);

  async function waitForItem(itemId: string, status: string): Promise<{ status: string; provider_transfer_id: string | null; idempotency_key: string }> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      // The item's one allocation (a $160 payout of a $160 share) is its one transfer.
      const [item] = await query<{ status: string; provider_transfer_id: string | null; idempotency_key: string }>(
        `SELECT i.status, a.provider_transfer_id, a.idempotency_key FROM payout_items i JOIN payout_allocations a ON a.payout_item_id = i.id WHERE i.id = $1`,
        [itemId],
      );
      if (item?.status === status) return item;
      if (Date.now() > deadline) throw new Error(`Payout item ${itemId} is ${item?.status}, not ${status}`);
      await sleep(250);
    }
  }

  for (const when of ['before', 'after'] as const) {
    it(`killed ${when === 'before' ? 'between the send’s commit and Stripe acting on the transfer' : 'after Stripe made the transfer, before the API recorded it'}: paid once after a restart`, async () => {
      const first = await startApi();
      const held = fake.hold('POST', /^\/v1\/transfers$/, when);
      const sent = await fetch(`${first.url}/api/v1/admin/payments/payout-send`, {
        method: 'POST',
        // Its own confirmation, as the console sends it: the same lines without a key would repeat the first case's payout.
        headers: { 'Content-Type': 'application/json', 'x-access-token': admin.token, 'Idempotency-Key': `crash-${when}-${randomUUID()}` },
        body: JSON.stringify({ payout_items: [{ athlete_id: athlete.account.id, amount: 160, email: athlete.account.email, phone: null }] }),
      });
      expect(sent.status).toBe(201);
      const itemId = ((await sent.json()) as { payout: { items_view: Array<{ id: string }> } }).payout.items_view[0].id;
      await held;
      const transfersBefore = fake.connect.transfers.size;
      await first.kill();
      const [pending] = await query<{ status: string }>(`SELECT status FROM payout_items WHERE id = $1`, [itemId]);
      expect(pending.status).toBe('pending');

      const second = await startApi();
      try {
        const item = await waitForItem(itemId, 'sent');
        const transfers = [...fake.connect.transfers.values()].filter((transfer) => transfer.metadata.payout_item_id === itemId);
        expect(transfers).toHaveLength(1);
        expect(item.provider_transfer_id).toBe(transfers[0].id);
        // 'after': Stripe had made it before the kill, and the retry got the same one back.
        expect(fake.connect.transfers.size).toBe(when === 'after' ? transfersBefore : transfersBefore + 1);
        // Every create carried the allocation's key from the database; the restarted API looked for the transfer before creating one.
        expect(item.idempotency_key).toMatch(new RegExp(`^huddle:transfer:${itemId}:[0-9a-f-]{36}$`));
        const creates = fake.calls.filter((call) => call.method === 'POST' && call.path === '/v1/transfers');
        expect(creates.filter((call) => call.idempotencyKey === item.idempotency_key).length).toBeGreaterThanOrEqual(1);
        expect(creates.every((call) => call.idempotencyKey !== null)).toBe(true);
        // Drawn on the charge of the request it pays, which the local Stripe checked.
        expect(transfers[0].source_transaction).toMatch(/^ch_pi_/);
        const [{ total }] = await query<{ total: string }>(`SELECT coalesce(sum(amount_cents), 0)::text AS total FROM ledger_entries`);
        expect(total).toBe('0');
        const [{ paid }] = await query<{ paid: number }>(`SELECT count(*)::int AS paid FROM ledger_movements WHERE request_id = $1 AND movement = 'paid_out'`, [itemId]);
        expect(paid).toBe(1);
      } finally {
        await second.kill();
      }
    }, 420_000);
  }
});
