import { randomUUID } from 'node:crypto';
import { UserType } from '@huddle/domain';
import { Clock } from '../src/common/time/clock';
import { JobsService } from '../src/modules/jobs/jobs.service';
import { PROVIDER_CONNECT_EVENT } from '../src/modules/payments/payments-events';
import type { ProviderConnectEvent } from '../src/modules/payments/payments-events';
import { PaymentsService } from '../src/modules/payments/payments.service';
import { PayoutsService } from '../src/modules/payouts/payouts.service';
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

  beforeAll(async () => {
    fake = new FakeStripeServer();
    const url = await fake.start();
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

  it('pays a finished request with one transfer per item, its idempotency key from our database replayed on a retry', async () => {
    await finishedRequest(testApp, clock, fan, athlete, payWithStripe);
    const sent = await api(testApp)
      .post('/admin/payments/payout-send', { payout_items: [{ athlete_id: athlete.account.id, amount: 160, email: athlete.account.email, phone: null }] }, admin.token)
      .expect(201);
    await settle(testApp);
    const [item] = await testApp.dataSource.query(`SELECT id, status, provider_transfer_id, idempotency_key FROM payout_items WHERE payout_id = $1`, [sent.body.payout.id]);
    expect(item).toMatchObject({ status: 'sent', idempotency_key: `huddle:transfer:${item.id}` });
    const transfer = fake.connect.transfers.get(item.provider_transfer_id);
    expect(transfer).toMatchObject({
      amount: 16000,
      currency: 'usd',
      destination: await accountId(),
      transfer_group: sent.body.payout.provider_payout_id,
      metadata: { payout_item_id: item.id, athlete_id: athlete.account.id },
    });
    expect(fake.calls.filter((call) => call.method === 'POST' && call.path === '/v1/transfers').map((call) => call.idempotencyKey)).toEqual([item.idempotency_key]);

    // The process died after Stripe's answer, before the record: the retried job finds the transfer
    // it made (by the item in its metadata, which outlives Stripe's 24-hour idempotency keys) and makes no other.
    await testApp.dataSource.query(`UPDATE payout_items SET status = 'pending', provider_transfer_id = NULL WHERE id = $1`, [item.id]);
    await testApp.get(PayoutsService).transfer(item.id);
    expect(fake.count('POST', /^\/v1\/transfers$/)).toBe(1);
    expect(fake.connect.transfers.size).toBe(1);
    // Stripe has forgotten the key: still no second transfer.
    fake.forgetIdempotencyKeys();
    await testApp.dataSource.query(`UPDATE payout_items SET status = 'pending', provider_transfer_id = NULL WHERE id = $1`, [item.id]);
    await testApp.get(PayoutsService).transfer(item.id);
    expect(fake.connect.transfers.size).toBe(1);
    expect(await testApp.dataSource.query(`SELECT status, provider_transfer_id FROM payout_items WHERE id = $1`, [item.id])).toEqual([
      { status: 'sent', provider_transfer_id: item.provider_transfer_id },
    ]);
    expect(await ledgerOwed(testApp, athlete.account.id)).toBe(0);
    expect((await testApp.get(PaymentsService).ledgerCheck()).violations).toEqual([]);
  });

  it('transfer.reversed makes the money payable again once, however often it comes; payout.failed is a money incident', async () => {
    const [item] = await testApp.dataSource.query(`SELECT id, provider_transfer_id FROM payout_items WHERE athlete_id = $1 AND status = 'sent'`, [athlete.account.id]);
    fake.connect.reverse(item.provider_transfer_id);
    for (let repeat = 0; repeat < 3; repeat += 1) {
      await publishConnectEvent({ type: 'transfer.reversed', objectType: 'transfer', objectId: item.provider_transfer_id, accountId: null });
    }
    await settle(testApp);
    expect(await testApp.dataSource.query(`SELECT status FROM payout_items WHERE id = $1`, [item.id])).toEqual([{ status: 'reversed' }]);
    expect(await ledgerOwed(testApp, athlete.account.id)).toBe(16000);
    expect(await testApp.dataSource.query(`SELECT count(*)::int AS n FROM ledger_movements WHERE request_id = $1`, [item.id])).toEqual([{ n: 2 }]);

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
