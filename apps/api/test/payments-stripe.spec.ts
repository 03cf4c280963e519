import Stripe from 'stripe';
import { UserType } from '@huddle/domain';
import { JobsService } from '../src/modules/jobs/jobs.service';
import { PaymentsService } from '../src/modules/payments/payments.service';
import { api } from './support/accounts-api';
import { bookingPayload, book, createBookableAthlete, movementsOf, settle, statusOf } from './support/booking';
import { FakeStripeServer } from './support/fake-stripe-server';
import { createSignedIn } from './support/fixtures';
import type { SignedIn } from './support/fixtures';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';
import request from 'supertest';

const WEBHOOK_SECRET = 'whsec_huddle_test_secret';
const CONNECT_WEBHOOK_SECRET = 'whsec_huddle_connect_secret';
const stripe = new Stripe('sk_test_unused');

describe('card payments through the Stripe adapter (the real SDK against a local Stripe)', () => {
  let fake: FakeStripeServer;
  let testApp: TestApp;
  let fan: SignedIn;
  let athlete: SignedIn;
  let eventNumber = 0;

  beforeAll(async () => {
    fake = new FakeStripeServer();
    const url = await fake.start();
    testApp = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_huddle',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_WEBHOOK_SECRET,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_huddle',
        STRIPE_API_URL: url,
        CHECKOUT_DECLINES_MAX: '5',
      },
    });
    fan = await createSignedIn(testApp, UserType.Fan);
    athlete = await createBookableAthlete(testApp);
  });

  afterAll(async () => {
    await testApp?.close();
    await fake?.stop();
  });

  function webhook(type: string, intentId: string, options: { id?: string; timestamp?: number; secret?: string } = {}) {
    eventNumber += 1;
    const payload = JSON.stringify({
      id: options.id ?? `evt_test_${eventNumber}`,
      object: 'event',
      type,
      data: { object: { id: intentId, object: 'payment_intent' } },
    });
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, timestamp: options.timestamp });
    return request(testApp.server).post('/api/v1/payments/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', header).send(payload);
  }

  /** A signed event about any object (a charge, a refund, a dispute, a connected account). */
  function eventAbout(type: string, object: Record<string, unknown>, options: { id?: string; account?: string; secret?: string } = {}) {
    eventNumber += 1;
    const payload = JSON.stringify({ id: options.id ?? `evt_test_${eventNumber}`, object: 'event', type, account: options.account, data: { object } });
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET });
    return request(testApp.server).post('/api/v1/payments/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', header).send(payload);
  }

  async function incidentsOf(subjectId: string): Promise<Array<{ kind: string; dedup_key: string }>> {
    return testApp.dataSource.query(`SELECT kind, dedup_key FROM money_incidents WHERE subject_id = $1 ORDER BY created_at, kind`, [subjectId]);
  }

  async function historyOf(id: string): Promise<string[]> {
    const rows: Array<{ action: string }> = await testApp.dataSource.query(`SELECT action FROM request_history WHERE request_id = $1 ORDER BY id`, [id]);
    return rows.map((row) => row.action);
  }

  async function paidThroughWebhook(): Promise<{ id: string; intentId: string }> {
    const { id, clientSecret } = await book(testApp, fan, bookingPayload('shoutout', athlete.account.id));
    const intentId = clientSecret.split('_secret_')[0];
    expect(fake.intents.get(intentId)).toMatchObject({ amount: 1000, capture_method: 'manual', metadata: { request_id: id } });
    fake.authorise(intentId);
    await webhook('payment_intent.amount_capturable_updated', intentId).expect(200);
    await settle(testApp);
    return { id, intentId };
  }

  it('the payment sheet names Stripe and its publishable key; a repeat reuses the intent', async () => {
    const { id, clientSecret } = await book(testApp, fan, bookingPayload('video_chat', athlete.account.id));
    const again = await api(testApp).post(`/payments/payment-sheet?request_id=${id}`, {}, fan.token).expect(200);
    expect(again.body).toMatchObject({ provider: 'stripe', publishable_key: 'pk_test_huddle', payment_intent: { client_secret: clientSecret } });
    expect(fake.count('POST', /^\/v1\/payment_intents$/)).toBe(1);
    // Stripe's own receipt goes to the payer too: the customer and the intent carry their email.
    const intent = fake.intents.get(clientSecret.split('_secret_')[0]);
    expect(intent?.receipt_email).toBe(fan.account.email);
    expect(fake.customers.get(intent?.customer ?? '')?.email).toBe(fan.account.email);
    await api(testApp).post('/payments/sandbox/confirm', { client_secret: clientSecret, card_number: '4242424242424242', exp_month: 1, exp_year: 2099, cvc: '123' }, fan.token).expect(404);
  });

  it('a verified webhook marks the request paid once, however often and in whatever order events come', async () => {
    const { id, intentId } = await paidThroughWebhook();
    expect(await statusOf(testApp, id)).toBe(1);
    expect(await historyOf(id)).toEqual(['create', 'pay']);
    // The same event again, a duplicate under a new id, and an old event delivered late.
    await webhook('payment_intent.amount_capturable_updated', intentId, { id: `evt_test_${eventNumber}` }).expect(200);
    await webhook('payment_intent.amount_capturable_updated', intentId).expect(200);
    await webhook('payment_intent.created', intentId).expect(200);
    await settle(testApp);
    expect(await historyOf(id)).toEqual(['create', 'pay']);
    expect(await movementsOf(testApp, id)).toEqual(['authorised']);
    // set-paid after the webhook: the same answer, nothing new.
    await api(testApp).post('/payments/set-paid', { request_id: id }, fan.token).expect(200);
    expect(await historyOf(id)).toEqual(['create', 'pay']);
  });

  it('refuses a webhook with a bad signature or an old timestamp', async () => {
    const { id, clientSecret } = await book(testApp, fan, bookingPayload('shoutout', athlete.account.id));
    const intentId = clientSecret.split('_secret_')[0];
    fake.authorise(intentId);
    const forged = await webhook('payment_intent.amount_capturable_updated', intentId, { secret: 'whsec_wrong' }).expect(400);
    expect(forged.body.status_response.response_message).toBe('The webhook signature is not valid');
    await webhook('payment_intent.amount_capturable_updated', intentId, { timestamp: Math.floor(Date.now() / 1000) - 301 }).expect(400);
    await settle(testApp);
    expect(await historyOf(id)).toEqual(['create']);
  });

  it('accept captures once with an idempotency key, even when the capture job runs twice', async () => {
    const { id, intentId } = await paidThroughWebhook();
    await api(testApp).put(`/booking/request/accept?request_id=${id}`, {}, athlete.token).expect(200);
    await settle(testApp);
    await testApp.get(JobsService).enqueue('payments.capture', { requestId: id, athleteId: athlete.account.id, amountCents: 1000, feeCents: 200, athleteCents: 800 });
    await settle(testApp);
    expect(fake.intents.get(intentId)?.status).toBe('succeeded');
    expect(fake.count('POST', new RegExp(`/v1/payment_intents/${intentId}/capture`))).toBe(1);
    expect(await movementsOf(testApp, id)).toEqual(['authorised', 'captured', 'owed_to_athlete']);
    const mutating = fake.calls.filter((call) => call.method === 'POST');
    expect(mutating.every((call) => call.idempotencyKey !== null)).toBe(true);
  });

  it('decline voids the hold at Stripe; an administrator’s cancel after acceptance refunds it', async () => {
    const declined = await paidThroughWebhook();
    await api(testApp).put(`/booking/request/decline?request_id=${declined.id}`, {}, athlete.token).expect(200);
    await settle(testApp);
    expect(fake.intents.get(declined.intentId)?.status).toBe('canceled');
    expect(await movementsOf(testApp, declined.id)).toEqual(['authorised', 'voided']);

    const admin = await createSignedIn(testApp, UserType.Admin);
    const refunded = await paidThroughWebhook();
    await api(testApp).put(`/booking/request/accept?request_id=${refunded.id}`, {}, athlete.token).expect(200);
    await settle(testApp);
    await api(testApp).put(`/admin/requests/cancel?request_id=${refunded.id}`, {}, admin.token).expect(200);
    await settle(testApp);
    expect(fake.intents.get(refunded.intentId)).toMatchObject({ status: 'succeeded', refunded: true });
    expect(fake.count('POST', /^\/v1\/refunds$/)).toBe(1);
    expect(await movementsOf(testApp, refunded.id)).toEqual(['authorised', 'captured', 'owed_to_athlete', 'refunded']);
    // A retry days later, when Stripe no longer knows the key: the refund is found by the key it carries, not made again.
    fake.forgetIdempotencyKeys();
    await testApp.get(JobsService).enqueue('payments.refund', { requestId: refunded.id, athleteId: athlete.account.id, amountCents: 1000, feeCents: 200, athleteCents: 800 });
    await settle(testApp);
    expect([...fake.refunds.values()].filter((refund) => refund.payment_intent === refunded.intentId)).toHaveLength(1);
  });

  it("a campaign is one automatically captured PaymentIntent; a decline refunds that athlete's share alone, once", async () => {
    const business = await createSignedIn(testApp, UserType.Business);
    const second = await createBookableAthlete(testApp);
    const created = await api(testApp)
      .postForm(
        '/booking/request/endorsement_campaign/create',
        {
          name: 'Launch',
          endorsement_task: 'Post about us',
          athlete_ids: `${athlete.account.id},${second.account.id}`,
          proposed_amounts: JSON.stringify([
            { athlete_id: athlete.account.id, amount: 30 },
            { athlete_id: second.account.id, amount: 45.5 },
          ]),
        },
        business.token,
      )
      .expect(201);
    const campaignId: string = created.body.campaign.id;
    const sheet = await api(testApp).post(`/payments/payment-sheet?endorsement_campaign_id=${campaignId}`, {}, business.token).expect(200);
    const intentId = (sheet.body.payment_intent.client_secret as string).split('_secret_')[0];
    expect(fake.intents.get(intentId)).toMatchObject({ amount: 7550, capture_method: 'automatic', metadata: { request_id: campaignId } });
    fake.authorise(intentId);
    await webhook('payment_intent.succeeded', intentId).expect(200);
    await settle(testApp);
    const seen = await api(testApp).get(`/booking/request/campaign?endorsement_campaign=${campaignId}`, business.token).expect(200);
    expect(seen.body.campaign).toMatchObject({ paid: true, status: 1, total_paid: 75.5 });
    const declined = seen.body.campaign.requests.find((r: { athlete: { id: string } }) => r.athlete.id === second.account.id).id;
    await api(testApp).put(`/booking/request/decline?request_id=${declined}`, {}, second.token).expect(200);
    await settle(testApp);
    // The job again (a retry after a crash): the share is not refunded twice.
    await testApp.get(JobsService).enqueue('payments.refund-share', {
      requestId: declined,
      campaignId,
      campaignName: 'Launch',
      businessId: business.account.id,
      athleteId: second.account.id,
      amountCents: 4550,
      feeCents: 910,
      athleteCents: 3640,
      allocated: false,
    });
    await settle(testApp);
    expect(fake.intents.get(intentId)).toMatchObject({ amount_refunded: 4550, refunded: false });
    expect(fake.calls.filter((call) => call.path === '/v1/refunds' && call.idempotencyKey === `huddle:refund:${declined}`)).toHaveLength(1);
    expect(await movementsOf(testApp, declined)).toEqual(['authorised', 'captured', 'returned']);
  });

  it('a hold Stripe canceled (lapsed, or canceled in the Dashboard) cancels the accepted request instead of pretending it was charged', async () => {
    const { id, intentId } = await paidThroughWebhook();
    fake.lapse(intentId);
    await api(testApp).put(`/booking/request/accept?request_id=${id}`, {}, athlete.token).expect(200);
    await settle(testApp);
    expect(fake.count('POST', new RegExp(`/v1/payment_intents/${intentId}/capture`))).toBe(0);
    expect(await statusOf(testApp, id)).toBe(3);
    expect(await historyOf(id)).toEqual(['create', 'pay', 'accept', 'hold_lapse']);
    expect(await movementsOf(testApp, id)).toEqual(['authorised', 'voided']);
    expect(await incidentsOf(id)).toEqual([{ kind: 'hold_lost', dedup_key: `hold_lost:${id}` }]);
    // Stripe's own payment_intent.canceled arriving afterwards, twice: nothing more happens.
    await webhook('payment_intent.canceled', intentId).expect(200);
    await webhook('payment_intent.canceled', intentId, { id: `evt_test_${eventNumber}` }).expect(200);
    await settle(testApp);
    expect(await historyOf(id)).toEqual(['create', 'pay', 'accept', 'hold_lapse']);
    expect(await incidentsOf(id)).toHaveLength(1);
  });

  it('payment_intent.canceled on a pending request (canceled in the Dashboard) ends it: nothing can be captured any more', async () => {
    const { id, intentId } = await paidThroughWebhook();
    fake.lapse(intentId);
    await webhook('payment_intent.canceled', intentId).expect(200);
    await settle(testApp);
    expect(await statusOf(testApp, id)).toBe(3);
    expect(await historyOf(id)).toEqual(['create', 'pay', 'hold_lapse']);
    expect(await movementsOf(testApp, id)).toEqual(['authorised', 'voided']);
  });

  it('a hold Stripe reports canceled while a decline is releasing it is that release: the payer is told, no incident', async () => {
    const { id, intentId } = await paidThroughWebhook();
    // The void job reads the hold first: that read waits while Stripe reports the hold canceled.
    let release = (): void => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const voidReads = fake.delay('GET', new RegExp(`^/v1/payment_intents/${intentId}$`), released);
    await api(testApp).put(`/booking/request/decline?request_id=${id}`, {}, athlete.token).expect(200);
    await voidReads;
    fake.lapse(intentId);
    await webhook('payment_intent.canceled', intentId).expect(200);
    const eventHandled = async () => (await testApp.dataSource.query(`SELECT 1 FROM provider_events WHERE type = 'payment_intent.canceled' AND id = $1`, [`evt_test_${eventNumber}`])).length > 0;
    for (let tries = 0; !(await eventHandled()) && tries < 100; tries += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await eventHandled()).toBe(true);
    release();
    await settle(testApp);
    expect(await incidentsOf(id)).toEqual([]);
    expect(await movementsOf(testApp, id)).toEqual(['authorised', 'voided']);
    const [{ authorised }] = await testApp.dataSource.query(`SELECT authorised FROM requests WHERE id = $1`, [id]);
    expect(authorised).toBe(false);
    const told = await testApp.dataSource.query(`SELECT 1 FROM notifications WHERE request_id = $1 AND data->>'title' = 'Card hold released'`, [id]);
    expect(told).toHaveLength(1);
  });

  it('a campaign draft deleted as its payment went through: its return is in the ledger only once Stripe says the refund succeeded', async () => {
    const business = await createSignedIn(testApp, UserType.Business);
    const created = await api(testApp)
      .postForm(
        '/booking/request/endorsement_campaign/create',
        { name: 'Gone', endorsement_task: 'Post about us', athlete_ids: athlete.account.id, proposed_amounts: JSON.stringify([{ athlete_id: athlete.account.id, amount: 30 }]) },
        business.token,
      )
      .expect(201);
    const campaignId: string = created.body.campaign.id;
    const sheet = await api(testApp).post(`/payments/payment-sheet?endorsement_campaign_id=${campaignId}`, {}, business.token).expect(200);
    const intentId = (sheet.body.payment_intent.client_secret as string).split('_secret_')[0];
    // The card went through; neither set-paid nor the event came before the sweep deleted the draft.
    fake.authorise(intentId);
    fake.nextRefundStatus = 'pending';
    try {
      await testApp.dataSource.transaction(async (manager) => {
        await manager.query('DELETE FROM campaigns WHERE id = $1', [campaignId]);
        await testApp.get(PaymentsService).voidIn(manager, { requestId: campaignId });
      });
      // The void job refunded and found the refund pending; its next try (run at once here) finds
      // Stripe's refunded amount whole but the refund still pending: nothing recorded either time.
      const tries = async (): Promise<number> =>
        ((await testApp.dataSource.query(`SELECT retry_count FROM pgboss.job WHERE name = 'payments.void' AND data->>'requestId' = $1`, [campaignId]))[0]?.retry_count as number) ?? 0;
      const retryNow = () => testApp.dataSource.query(`UPDATE pgboss.job SET start_after = now() WHERE name = 'payments.void' AND data->>'requestId' = $1 AND state = 'retry'`, [campaignId]);
      for (let waited = 0; (await tries()) < 2 && waited < 150; waited += 1) {
        await retryNow();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await tries()).toBeGreaterThanOrEqual(2);
      expect(fake.count('POST', /^\/v1\/refunds$/)).toBeGreaterThan(0);
      expect(await movementsOf(testApp, campaignId)).toEqual([]);
    } finally {
      fake.nextRefundStatus = 'succeeded';
    }
    const refund = [...fake.refunds.values()].find((candidate) => candidate.payment_intent === intentId);
    fake.settleRefund(refund?.id as string, 'succeeded');
    // Its next try, again at once, records the charge and its return.
    for (let waited = 0; (await movementsOf(testApp, campaignId)).length === 0 && waited < 200; waited += 1) {
      await testApp.dataSource.query(`UPDATE pgboss.job SET start_after = now() WHERE name = 'payments.void' AND data->>'requestId' = $1 AND state = 'retry'`, [campaignId]);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await settle(testApp);
    expect(await movementsOf(testApp, campaignId)).toEqual(['authorised', 'captured', 'returned']);
  });

  it('a refund stays unrecorded and untold while Stripe says pending, and is confirmed once it succeeded', async () => {
    const admin = await createSignedIn(testApp, UserType.Admin);
    const { id, intentId } = await paidThroughWebhook();
    await api(testApp).put(`/booking/request/accept?request_id=${id}`, {}, athlete.token).expect(200);
    await settle(testApp);
    fake.nextRefundStatus = 'pending';
    try {
      await api(testApp).put(`/admin/requests/cancel?request_id=${id}`, {}, admin.token).expect(200);
      // The refund job ran and found the refund pending: nothing recorded, nobody told.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await movementsOf(testApp, id)).toEqual(['authorised', 'captured', 'owed_to_athlete']);
      const told = await testApp.dataSource.query(`SELECT 1 FROM notifications WHERE request_id = $1 AND data->>'title' = 'Refund issued'`, [id]);
      expect(told).toHaveLength(0);
      const refund = [...fake.refunds.values()].find((candidate) => candidate.payment_intent === intentId);
      fake.settleRefund(refund?.id as string, 'succeeded');
      await settle(testApp);
    } finally {
      fake.nextRefundStatus = 'succeeded';
    }
    expect(await movementsOf(testApp, id)).toEqual(['authorised', 'captured', 'owed_to_athlete', 'refunded']);
    // Every try of the refund carried the one key kept for it: Stripe made one refund.
    const tries = fake.calls.filter((call) => call.path === '/v1/refunds' && call.method === 'POST' && call.idempotencyKey === `huddle:refund:${id}`);
    expect(tries.length).toBeGreaterThanOrEqual(1);
    expect([...fake.refunds.values()].filter((refund) => refund.payment_intent === intentId)).toHaveLength(1);
    const told = await testApp.dataSource.query(`SELECT data->>'text' AS text FROM notifications WHERE request_id = $1 AND data->>'title' = 'Refund issued'`, [id]);
    expect(told).toEqual([{ text: expect.stringMatching(/^Refund of \$10\.00 issued to your Visa ending in 4242/) }]);
  }, 60_000);

  it('a refund made in the Dashboard or one that failed is a money incident, never a silent change of the ledger', async () => {
    const { id, intentId } = await paidThroughWebhook();
    await api(testApp).put(`/booking/request/accept?request_id=${id}`, {}, athlete.token).expect(200);
    await settle(testApp);
    const outside = fake.refundOutside(intentId, 400);
    await eventAbout('charge.refunded', { id: `ch_${intentId}`, object: 'charge', payment_intent: intentId }).expect(200);
    await eventAbout('refund.created', { id: outside.id, object: 'refund', payment_intent: intentId }).expect(200);
    await settle(testApp);
    fake.settleRefund(outside.id, 'failed', 'expired_or_canceled_card');
    await eventAbout('refund.failed', { id: outside.id, object: 'refund', payment_intent: intentId }).expect(200);
    await settle(testApp);
    expect(await incidentsOf(id)).toEqual([
      { kind: 'refund_outside_huddle', dedup_key: `refund_outside:${outside.id}` },
      { kind: 'refund_failed', dedup_key: `refund_failed:${outside.id}` },
    ]);
    expect(await movementsOf(testApp, id)).toEqual(['authorised', 'captured', 'owed_to_athlete']);
    expect(await statusOf(testApp, id)).toBe(2);
  });

  it('a refund made in the Dashboard whose events never came is acted on by the daily reconciliation, as they would have been', async () => {
    const { id, intentId } = await paidThroughWebhook();
    await api(testApp).put(`/booking/request/accept?request_id=${id}`, {}, athlete.token).expect(200);
    await settle(testApp);
    const outside = fake.refundOutside(intentId, 400);
    const payments = testApp.get(PaymentsService);
    const run = await payments.reconcile({ days: 30, graceSeconds: 0 });
    // The refund is told once, by its own incident: the ledger's gap it explains is no second difference.
    expect(run.differences.filter((difference) => difference.subjectId === id)).toEqual([]);
    await settle(testApp);
    // The outside refund is recorded as its events would have (so its share is held out of payouts).
    expect((await incidentsOf(id)).map((incident) => incident.dedup_key)).toEqual([`refund_outside:${outside.id}`]);
    // The next run finds it again: still the one incident.
    await payments.reconcile({ days: 30, graceSeconds: 0 });
    await settle(testApp);
    expect(await incidentsOf(id)).toHaveLength(1);
    expect(await movementsOf(testApp, id)).toEqual(['authorised', 'captured', 'owed_to_athlete']);
    // A gap beyond the refunds the provider lists as made outside Huddle is still a difference of its own.
    const intent = fake.intents.get(intentId);
    if (!intent) throw new Error(`No intent ${intentId}`);
    intent.amount_refunded += 300;
    const beyond = await payments.reconcile({ days: 30, graceSeconds: 0 });
    expect(beyond.differences.filter((difference) => difference.subjectId === id)).toEqual([
      expect.objectContaining({ code: 'refunds', message: 'The provider refunded 700 cents, the ledger 0' }),
    ]);
  });

  it('a dispute is kept with its deadline and its money moves in the ledger, once, whatever order its events come in', async () => {
    const { id, intentId } = await paidThroughWebhook();
    await api(testApp).put(`/booking/request/accept?request_id=${id}`, {}, athlete.token).expect(200);
    await settle(testApp);
    const dispute = fake.dispute(intentId, 'needs_response');
    const about = { id: dispute.id, object: 'dispute', payment_intent: intentId };
    // The closing event is delivered first, then the opening ones, one of them twice.
    fake.dispute(intentId, 'won', dispute.id);
    await eventAbout('charge.dispute.closed', about).expect(200);
    await eventAbout('charge.dispute.created', about, { id: 'evt_dispute_created' }).expect(200);
    await eventAbout('charge.dispute.created', about, { id: 'evt_dispute_created' }).expect(200);
    await eventAbout('charge.dispute.funds_withdrawn', about).expect(200);
    await eventAbout('charge.dispute.funds_reinstated', about).expect(200);
    await settle(testApp);
    expect(await movementsOf(testApp, id)).toEqual(['authorised', 'captured', 'dispute_reinstated', 'dispute_withdrawn', 'owed_to_athlete']);
    const [kept] = await testApp.dataSource.query(`SELECT status, amount_cents, evidence_due_by, closed_at FROM payment_disputes WHERE id = $1`, [dispute.id]);
    expect(kept).toMatchObject({ status: 'won', amount_cents: 1000 });
    expect(kept.evidence_due_by).toBeInstanceOf(Date);
    expect(kept.closed_at).toBeInstanceOf(Date);
    expect(await incidentsOf(id)).toEqual([{ kind: 'dispute_opened', dedup_key: `dispute:${dispute.id}` }]);

    // A lost one: the disputed money is the platform's loss.
    const other = await paidThroughWebhook();
    await api(testApp).put(`/booking/request/accept?request_id=${other.id}`, {}, athlete.token).expect(200);
    await settle(testApp);
    const lost = fake.dispute(other.intentId, 'lost');
    await eventAbout('charge.dispute.closed', { id: lost.id, object: 'dispute', payment_intent: other.intentId }).expect(200);
    await settle(testApp);
    expect(await movementsOf(testApp, other.id)).toEqual(['authorised', 'captured', 'dispute_lost', 'dispute_withdrawn', 'owed_to_athlete']);
    const [{ losses }] = await testApp.dataSource.query(`SELECT sum(amount_cents)::int AS losses FROM ledger_entries WHERE request_id = $1 AND account = 'dispute_losses'`, [other.id]);
    expect(losses).toBe(1000);
  });

  it('a declined card reported by Stripe counts toward pausing that payer’s checkout', async () => {
    const payer = await createSignedIn(testApp, UserType.Fan);
    const intents: string[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const { clientSecret } = await book(testApp, payer, bookingPayload('shoutout', athlete.account.id));
      intents.push(clientSecret.split('_secret_')[0]);
    }
    for (const intentId of intents.slice(0, 3)) await webhook('payment_intent.payment_failed', intentId).expect(200);
    // The same event delivered three times counts once: four declines, checkout still open.
    for (let delivery = 0; delivery < 3; delivery += 1) await webhook('payment_intent.payment_failed', intents[3], { id: 'evt_declined_twice' }).expect(200);
    await settle(testApp);
    const { id } = await api(testApp).post('/booking/request', bookingPayload('shoutout', athlete.account.id), payer.token).expect(201).then((response) => response.body.request);
    await api(testApp).post(`/payments/payment-sheet?request_id=${id}`, {}, payer.token).expect(200);
    await webhook('payment_intent.payment_failed', intents[4]).expect(200);
    await settle(testApp);
    const paused = await api(testApp).post(`/payments/payment-sheet?request_id=${id}`, {}, payer.token).expect(429);
    expect(paused.body.status_response.response_message).toMatch(/Checkout is paused/);
    // Another payer's checkout is not paused.
    const other = await api(testApp).post('/booking/request', bookingPayload('shoutout', athlete.account.id), fan.token).expect(201);
    const otherSheet = await api(testApp).post(`/payments/payment-sheet?request_id=${other.body.request.id}`, {}, fan.token).expect(200);
    await settle(testApp);

    // The client secrets already handed out cannot keep trying cards at Stripe: the paused payer's
    // intents still waiting for a card were canceled there, each once, with a key of Huddle's.
    const paidFor = [...fake.intents.values()].filter((intent) => intents.includes(intent.id) || intent.metadata.request_id === id);
    expect(paidFor).toHaveLength(6);
    expect(paidFor.every((intent) => intent.status === 'canceled')).toBe(true);
    const cancels = fake.calls.filter((call) => call.method === 'POST' && /^\/v1\/payment_intents\/[^/]+\/cancel$/.test(call.path));
    expect(cancels.filter((call) => call.idempotencyKey?.startsWith('huddle:card-testing:'))).toHaveLength(6);
    expect(fake.intents.get(otherSheet.body.payment_intent.client_secret.split('_secret_')[0])?.status).toBe('requires_payment_method');
    // Once the pause is over, the request's checkout gets a new intent (the old one stays dead).
    await testApp.dataSource.query(`DELETE FROM rate_limit_counters WHERE key = $1`, [`declined-payments:account:${payer.account.id}`]);
    const reopened = await api(testApp).post(`/payments/payment-sheet?request_id=${id}`, {}, payer.token).expect(200);
    const fresh = fake.intents.get(reopened.body.payment_intent.client_secret.split('_secret_')[0]);
    expect(fresh).toMatchObject({ status: 'requires_payment_method', metadata: { request_id: id } });
    expect(paidFor.map((intent) => intent.id)).not.toContain(fresh?.id);
    const again = await api(testApp).post(`/payments/payment-sheet?request_id=${id}`, {}, payer.token).expect(200);
    expect(again.body.payment_intent.client_secret).toBe(reopened.body.payment_intent.client_secret);

    // A second pause cancels the new intent too, with a key of its own (the first one's would
    // replay the first cancel and leave the new client secret open), and a checkout after it gets a third.
    for (let decline = 0; decline < 5; decline += 1) await testApp.get(PaymentsService).recordDecline(payer.account.id);
    await settle(testApp);
    expect(fake.intents.get(fresh?.id ?? '')?.status).toBe('canceled');
    const cancelsOfFresh = fake.calls.filter((call) => call.path === `/v1/payment_intents/${fresh?.id}/cancel`);
    expect(cancelsOfFresh.map((call) => call.idempotencyKey)).toEqual([`huddle:card-testing:${id}:${fresh?.id}`]);
    await testApp.dataSource.query(`DELETE FROM rate_limit_counters WHERE key = $1`, [`declined-payments:account:${payer.account.id}`]);
    const third = await api(testApp).post(`/payments/payment-sheet?request_id=${id}`, {}, payer.token).expect(200);
    expect(third.body.payment_intent.client_secret).not.toBe(reopened.body.payment_intent.client_secret);
  });

  it('a card save declined at Stripe (setup_intent.setup_failed) counts as a decline of its payer, once per event', async () => {
    const payer = await createSignedIn(testApp, UserType.Fan);
    const setups: string[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const started = await api(testApp).post('/payments/payment-method', {}, payer.token).expect(201);
      setups.push(started.body.setup_intent.client_secret.split('_secret_')[0]);
    }
    const failed = (setupId: string, eventId?: string) => eventAbout('setup_intent.setup_failed', { id: setupId, object: 'setup_intent' }, { id: eventId });
    for (const setupId of setups.slice(0, 3)) await failed(setupId).expect(200);
    for (let delivery = 0; delivery < 3; delivery += 1) await failed(setups[3], 'evt_setup_failed_twice').expect(200);
    // Another platform's SetupIntent (no customer of Huddle's) counts for nobody.
    await failed('seti_unknown').expect(200);
    await settle(testApp);
    const { id } = await api(testApp).post('/booking/request', bookingPayload('shoutout', athlete.account.id), payer.token).expect(201).then((response) => response.body.request);
    await api(testApp).post(`/payments/payment-sheet?request_id=${id}`, {}, payer.token).expect(200);
    await failed(setups[4]).expect(200);
    await settle(testApp);
    const paused = await api(testApp).post(`/payments/payment-sheet?request_id=${id}`, {}, payer.token).expect(429);
    expect(paused.body.status_response.response_message).toMatch(/Checkout is paused/);
    const intent = [...fake.intents.values()].find((candidate) => candidate.metadata.request_id === id);
    expect(intent?.status).toBe('canceled');
  });

  it('Connect events signed by the Connect endpoint’s own secret are verified too, and routed to payouts', async () => {
    await eventAbout('account.updated', { id: 'acct_other_platform', object: 'account' }, { id: 'evt_connect_1', account: 'acct_other_platform', secret: CONNECT_WEBHOOK_SECRET }).expect(200);
    await eventAbout('account.updated', { id: 'acct_other_platform', object: 'account' }, { id: 'evt_connect_2', secret: 'whsec_neither' }).expect(400);
    await settle(testApp);
    const seen = await testApp.dataSource.query(`SELECT id, type FROM provider_events WHERE id LIKE 'evt_connect_%' ORDER BY id`);
    expect(seen).toEqual([{ id: 'evt_connect_1', type: 'account.updated' }]);
  });
});
