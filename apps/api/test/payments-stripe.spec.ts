import Stripe from 'stripe';
import { UserType } from '@huddle/domain';
import { JobsService } from '../src/modules/jobs/jobs.service';
import { api } from './support/accounts-api';
import { bookingPayload, book, createBookableAthlete, movementsOf, settle, statusOf } from './support/booking';
import { FakeStripeServer } from './support/fake-stripe-server';
import { createSignedIn } from './support/fixtures';
import type { SignedIn } from './support/fixtures';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';
import request from 'supertest';

const WEBHOOK_SECRET = 'whsec_huddle_test_secret';
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
      env: { STRIPE_SECRET_KEY: 'sk_test_huddle', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_PUBLISHABLE_KEY: 'pk_test_huddle', STRIPE_API_URL: url },
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
});
