import { randomUUID } from 'node:crypto';
import { UserType } from '@huddle/domain';
import { Clock } from '../src/common/time/clock';
import { JobsService } from '../src/modules/jobs/jobs.service';
import { PROVIDER_CONNECT_EVENT } from '../src/modules/payments/payments-events';
import type { ProviderConnectEvent } from '../src/modules/payments/payments-events';
import { PaymentsService } from '../src/modules/payments/payments.service';
import { PayoutsService } from '../src/modules/payouts/payouts.service';
import { StripePayoutProvider } from '../src/modules/payouts/stripe-payout-provider';
import { api } from './support/accounts-api';
import { book, createBookableAthlete, settle } from './support/booking';
import { FakeClock } from './support/fake-clock';
import { FakeStripeServer } from './support/fake-stripe-server';
import { createSignedIn } from './support/fixtures';
import type { SignedIn } from './support/fixtures';
import { finishedRequest, ledgerOwed } from './support/payouts';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

describe('payouts through the Stripe Connect adapter (the real SDK against a local Stripe)', () => {
  let fake: FakeStripeServer;
  let testApp: TestApp;
  let clock: FakeClock;
  let fan: SignedIn;
  let admin: SignedIn;
  let athlete: SignedIn;
  let stripeUrl: string;

  beforeAll(async () => {
    fake = new FakeStripeServer();
    const url = await fake.start();
    stripeUrl = url;
    clock = new FakeClock(new Date());
    testApp = await createTestApp({
      overrides: [{ provide: Clock, useValue: clock }],
      env: { STRIPE_SECRET_KEY: 'sk_test_huddle', STRIPE_WEBHOOK_SECRET: 'whsec_huddle_test_secret', STRIPE_PUBLISHABLE_KEY: 'pk_test_huddle', STRIPE_API_URL: url },
    });
    fan = await createSignedIn(testApp, UserType.Fan);
    admin = await createSignedIn(testApp, UserType.Admin);
    athlete = await createBookableAthlete(testApp);
  });

  afterAll(async () => {
    await testApp?.close();
    await fake?.stop();
  });

  const publishConnectEvent = (event: Omit<ProviderConnectEvent, 'eventId'>) =>
    testApp.dataSource.transaction((manager) => testApp.get(JobsService).publishIn(manager, PROVIDER_CONNECT_EVENT, { eventId: `evt_${randomUUID()}`, ...event }));

  /** Checkout with Stripe: the browser confirms the card at Stripe, then set-paid asks Stripe whether it is held. */
  const payWithStripe = async (payload: Record<string, unknown>): Promise<string> => {
    const { id, clientSecret } = await book(testApp, fan, payload);
    fake.authorise(clientSecret.split('_secret_')[0]);
    await api(testApp).post('/payments/set-paid', { request_id: id }, fan.token).expect(200);
    return id;
  };

  async function accountId(): Promise<string> {
    const [{ provider_account_id: id }] = await testApp.dataSource.query(`SELECT provider_account_id FROM payout_accounts WHERE athlete_id = $1`, [athlete.account.id]);
    return id;
  }

  it('creates one Express account with transfers, links to Stripe’s onboarding, and keeps its state from account.updated', async () => {
    const started = await api(testApp).post('/payouts/account', {}, athlete.token).expect(200);
    expect(started.body.onboarding_url).toMatch(/^https:\/\/connect\.stripe\.test\/setup\/e\/acct_/);
    expect(started.body.account).toMatchObject({ state: 'onboarding', provider: 'stripe', line: 'Finish setting up your payout account' });
    await api(testApp).post('/payouts/account', {}, athlete.token).expect(200);
    expect(fake.connect.accounts.size).toBe(1);
    const [account] = [...fake.connect.accounts.values()];
    expect(account).toMatchObject({ type: 'express', email: athlete.account.email, metadata: { athlete_id: athlete.account.id } });
    expect(fake.count('POST', /^\/v1\/account_links$/)).toBe(2);

    fake.connect.completeOnboarding(account.id, false);
    await publishConnectEvent({ type: 'account.updated', objectType: 'account', objectId: account.id, accountId: account.id });
    await settle(testApp);
    const restricted = await testApp.dataSource.query(`SELECT details_submitted, payouts_enabled, requirements_due FROM payout_accounts WHERE athlete_id = $1`, [athlete.account.id]);
    expect(restricted).toEqual([{ details_submitted: true, payouts_enabled: false, requirements_due: ['external_account'] }]);

    fake.connect.completeOnboarding(account.id, true);
    await publishConnectEvent({ type: 'account.updated', objectType: 'account', objectId: account.id, accountId: account.id });
    await settle(testApp);
    const ready = await api(testApp).get('/payouts/account', athlete.token).expect(200);
    expect(ready.body.account).toMatchObject({ state: 'ready', line: 'Payouts ready', requirements: [] });
  });

  /** The requests' charges at the local Stripe, by request id (each intent's one charge is ch_<intent id>). */
  function chargeOfRequest(requestId: string): string {
    const intent = [...fake.intents.values()].find((candidate) => candidate.metadata.request_id === requestId);
    if (!intent) throw new Error(`No intent for ${requestId}`);
    return `ch_${intent.id}`;
  }

  async function allocationsOf(itemId: string): Promise<Array<{ id: string; request_id: string; amount_cents: number; status: string; idempotency_key: string; provider_transfer_id: string; source_transaction: string }>> {
    return testApp.dataSource.query(
      `SELECT a.id, a.request_id, a.amount_cents, a.status, a.idempotency_key, a.provider_transfer_id, a.source_transaction
         FROM payout_allocations a JOIN requests r ON r.id = a.request_id WHERE a.payout_item_id = $1 ORDER BY r.finished_at, r.id`,
      [itemId],
    );
  }

  it('pays a finished request right after its capture: a transfer drawn on its charge (source_transaction), its key from our database replayed on a retry', async () => {
    const requestId = await finishedRequest(testApp, clock, fan, athlete, payWithStripe);
    // The capture is today's: nothing of it is available in the platform's balance yet.
    expect(fake.connect.availableBalance).toBe(0);
    const sent = await api(testApp)
      .post('/admin/payments/payout-send', { payout_items: [{ athlete_id: athlete.account.id, amount: 160, email: athlete.account.email, phone: null }] }, admin.token)
      .expect(201);
    await settle(testApp);
    const [item] = await testApp.dataSource.query(`SELECT id, status FROM payout_items WHERE payout_id = $1`, [sent.body.payout.id]);
    expect(item).toMatchObject({ status: 'sent' });
    const [allocation] = await allocationsOf(item.id);
    expect(allocation).toMatchObject({ request_id: requestId, amount_cents: 16000, status: 'sent', idempotency_key: `huddle:transfer:${item.id}:${allocation.id}`, source_transaction: chargeOfRequest(requestId) });
    const transfer = fake.connect.transfers.get(allocation.provider_transfer_id);
    expect(transfer).toMatchObject({
      amount: 16000,
      currency: 'usd',
      destination: await accountId(),
      transfer_group: sent.body.payout.provider_payout_id,
      source_transaction: chargeOfRequest(requestId),
      metadata: { payout_item_id: item.id, athlete_id: athlete.account.id, request_id: requestId, allocation_id: allocation.id },
    });
    expect(fake.calls.filter((call) => call.method === 'POST' && call.path === '/v1/transfers').map((call) => call.idempotencyKey)).toEqual([allocation.idempotency_key]);
    // The sent list reads as before: one line per athlete with the item's amount.
    const list = await api(testApp).get('/admin/payments/payout-sent-list?page=1&order=desc', admin.token).expect(200);
    expect(list.body.payouts[0].items_view).toEqual([expect.objectContaining({ id: item.id, amount: 160, status: 'sent' })]);

    // The process died after Stripe's answer, before the record: the retried job finds the transfer
    // it made (by its key in the metadata, which outlives Stripe's 24-hour idempotency keys) and makes no other.
    const forget = async () => {
      await testApp.dataSource.query(`UPDATE payout_allocations SET status = 'pending', provider_transfer_id = NULL WHERE id = $1`, [allocation.id]);
      await testApp.dataSource.query(`UPDATE payout_items SET status = 'pending' WHERE id = $1`, [item.id]);
    };
    await forget();
    await testApp.get(PayoutsService).transfer(item.id);
    expect(fake.count('POST', /^\/v1\/transfers$/)).toBe(1);
    expect(fake.connect.transfers.size).toBe(1);
    // Stripe has forgotten the key: still no second transfer.
    fake.forgetIdempotencyKeys();
    await forget();
    await testApp.get(PayoutsService).transfer(item.id);
    expect(fake.connect.transfers.size).toBe(1);
    expect((await allocationsOf(item.id)).map((row) => [row.status, row.provider_transfer_id])).toEqual([['sent', allocation.provider_transfer_id]]);
    expect(await testApp.dataSource.query(`SELECT status FROM payout_items WHERE id = $1`, [item.id])).toEqual([{ status: 'sent' }]);
    expect(await ledgerOwed(testApp, athlete.account.id)).toBe(0);
    expect((await testApp.get(PaymentsService).ledgerCheck()).violations).toEqual([]);
  });

  it('an item paying two requests is two transfers, each drawn on its own request’s charge and never more than that charge has left', async () => {
    const older = await finishedRequest(testApp, clock, fan, athlete, payWithStripe);
    clock.advance(60_000);
    const newer = await finishedRequest(testApp, clock, fan, athlete, payWithStripe);
    const sent = await api(testApp)
      .post('/admin/payments/payout-send', { payout_items: [{ athlete_id: athlete.account.id, amount: 240, email: athlete.account.email, phone: null }] }, admin.token)
      .expect(201);
    await settle(testApp);
    const itemId: string = sent.body.payout.items_view[0].id;
    expect(sent.body.payout.items_view).toEqual([expect.objectContaining({ amount: 240 })]);
    const allocations = await allocationsOf(itemId);
    expect(allocations.map((row) => [row.request_id, row.amount_cents, row.status, row.source_transaction])).toEqual([
      [older, 16000, 'sent', chargeOfRequest(older)],
      [newer, 8000, 'sent', chargeOfRequest(newer)],
    ]);
    expect(new Set(allocations.map((row) => row.idempotency_key)).size).toBe(2);
    for (const row of allocations) expect(fake.connect.transfers.get(row.provider_transfer_id)).toMatchObject({ amount: row.amount_cents, source_transaction: row.source_transaction });
    expect(await testApp.dataSource.query(`SELECT status FROM payout_items WHERE id = $1`, [itemId])).toEqual([{ status: 'sent' }]);
    const told = await testApp.dataSource.query(`SELECT data->>'text' AS text FROM notifications WHERE user_id = $1 AND data->>'title' = 'Payout sent' ORDER BY created_at DESC LIMIT 1`, [athlete.account.id]);
    expect(told).toEqual([{ text: 'Huddle sent you a payout of $240.00.' }]);

    // The local Stripe holds Huddle to Stripe's rules: a charge cannot give more than it has left,
    // an uncaptured or unknown charge gives nothing, and the balance (empty today) backs no transfer.
    const stripe = new StripePayoutProvider({ secretKey: 'sk_test_huddle', apiUrl: stripeUrl });
    const destination = await accountId();
    const attempt = (sourceTransaction: string | null, amountCents: number) =>
      stripe.createTransfer({ amountCents, destination, transferGroup: 'tg_test', sourceTransaction, metadata: {}, idempotencyKey: `test:${randomUUID()}` });
    // The newer charge was $200 and $80 of it went to the athlete: $120 is left on it.
    await expect(attempt(chargeOfRequest(newer), 12001)).rejects.toMatchObject({ code: 'transfer_source_balance_parameters_mismatch' });
    await expect(attempt('ch_pi_unknown', 100)).rejects.toMatchObject({ code: 'resource_missing' });
    await expect(attempt(null, 100)).rejects.toMatchObject({ code: 'balance_insufficient' });
    // What the newer charge has left can still go.
    await expect(attempt(chargeOfRequest(newer), 12000)).resolves.toMatchObject({ amountCents: 12000, sourceTransaction: chargeOfRequest(newer) });
    expect((await testApp.get(PaymentsService).ledgerCheck()).violations).toEqual([]);
  });

  it('transfer.reversed gives back the part of the payout that transfer made, once, however often it comes; payout.failed is a money incident', async () => {
    const [item] = await testApp.dataSource.query(`SELECT id FROM payout_items WHERE athlete_id = $1 AND amount_cents = 24000`, [athlete.account.id]);
    const [first, second] = await allocationsOf(item.id);
    const owedBefore = await ledgerOwed(testApp, athlete.account.id);
    fake.connect.reverse(second.provider_transfer_id);
    for (let repeat = 0; repeat < 3; repeat += 1) {
      await publishConnectEvent({ type: 'transfer.reversed', objectType: 'transfer', objectId: second.provider_transfer_id, accountId: null });
    }
    await settle(testApp);
    // One transfer of two came back: that part is payable again, the item still paid the rest.
    expect((await allocationsOf(item.id)).map((row) => row.status)).toEqual(['sent', 'reversed']);
    expect(await testApp.dataSource.query(`SELECT status FROM payout_items WHERE id = $1`, [item.id])).toEqual([{ status: 'sent' }]);
    expect(await ledgerOwed(testApp, athlete.account.id)).toBe(owedBefore + 8000);
    expect(await testApp.dataSource.query(`SELECT movement FROM ledger_movements WHERE request_id = $1`, [second.id])).toEqual([{ movement: 'payout_returned' }]);

    fake.connect.reverse(first.provider_transfer_id);
    await publishConnectEvent({ type: 'transfer.reversed', objectType: 'transfer', objectId: first.provider_transfer_id, accountId: null });
    await publishConnectEvent({ type: 'transfer.reversed', objectType: 'transfer', objectId: first.provider_transfer_id, accountId: null });
    await settle(testApp);
    expect(await testApp.dataSource.query(`SELECT status FROM payout_items WHERE id = $1`, [item.id])).toEqual([{ status: 'reversed' }]);
    expect(await ledgerOwed(testApp, athlete.account.id)).toBe(owedBefore + 24000);
    expect(await testApp.dataSource.query(`SELECT count(*)::int AS n FROM ledger_movements WHERE request_id = ANY($1::uuid[])`, [[item.id, first.id, second.id]])).toEqual([{ n: 3 }]);
    // The transfers' reconciliation agrees: each reversed part's money is payable again.
    const differences = await testApp.get(PayoutsService).reconcileTransfers({ days: 30, graceSeconds: 0 });
    expect(differences.filter((difference) => difference.itemId === item.id)).toEqual([]);

    const account = await accountId();
    const payoutId = fake.connect.failPayout(account, 16000, 'The bank account has been closed.');
    await publishConnectEvent({ type: 'payout.failed', objectType: 'payout', objectId: payoutId, accountId: account });
    await publishConnectEvent({ type: 'payout.failed', objectType: 'payout', objectId: payoutId, accountId: account });
    await settle(testApp);
    const incidents = await testApp.dataSource.query(`SELECT kind, message FROM money_incidents WHERE subject_id = $1`, [payoutId]);
    expect(incidents).toHaveLength(1);
    expect(incidents[0]).toMatchObject({ kind: 'transfer_failed', message: expect.stringContaining('The bank account has been closed.') });
    expect((await testApp.get(PaymentsService).ledgerCheck()).violations).toEqual([]);
  });
});
