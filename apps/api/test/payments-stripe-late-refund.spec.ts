import Stripe from 'stripe';
import request from 'supertest';
import { UserType } from '@huddle/domain';
import { api } from './support/accounts-api';
import { book, bookingPayload, createBookableAthlete, movementsOf, settle } from './support/booking';
import { FakeStripeServer } from './support/fake-stripe-server';
import { PaymentsService } from '../src/modules/payments/payments.service';
import { createSignedIn } from './support/fixtures';
import type { SignedIn } from './support/fixtures';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

const WEBHOOK_SECRET = 'whsec_huddle_test_secret';
const stripe = new Stripe('sk_test_unused');

/**
 * A Huddle refund Stripe keeps `pending` longer than its job retries: the job gives up (a money
 * incident, nothing recorded, nobody told), and when Stripe later reports it succeeded
 * (refund.updated), Huddle records it once, sends the payer's receipt and resolves the incident.
 */
describe('a refund that succeeds after its job gave up (the real SDK against a local Stripe)', () => {
  let fake: FakeStripeServer;
  let testApp: TestApp;
  let fan: SignedIn;
  let admin: SignedIn;
  let athlete: SignedIn;
  let eventNumber = 0;

  beforeAll(async () => {
    fake = new FakeStripeServer();
    const url = await fake.start();
    testApp = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_huddle',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_huddle',
        STRIPE_API_URL: url,
        // A job gives up after one retry, a second later.
        JOBS_RETRY_LIMIT: '1',
        JOBS_RETRY_DELAY_SECONDS: '1',
      },
    });
    fan = await createSignedIn(testApp, UserType.Fan);
    admin = await createSignedIn(testApp, UserType.Admin);
    athlete = await createBookableAthlete(testApp);
  });

  afterAll(async () => {
    await testApp?.close();
    await fake?.stop();
  });

  function eventAbout(type: string, object: Record<string, unknown>, id = `evt_late_${(eventNumber += 1)}`) {
    const payload = JSON.stringify({ id, object: 'event', type, data: { object } });
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    return request(testApp.server).post('/api/v1/payments/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', header).send(payload);
  }

  const refundNotices = (requestId: string): Promise<Array<{ text: string }>> =>
    testApp.dataSource.query(`SELECT data->>'text' AS text FROM notifications WHERE request_id = $1 AND data->>'title' = 'Refund issued'`, [requestId]);

  /** A paid, accepted request an administrator cancels while Stripe keeps its refund pending past the job's retries. */
  async function refundLeftPending(): Promise<{ id: string; intentId: string }> {
    const { id, clientSecret } = await book(testApp, fan, bookingPayload('shoutout', athlete.account.id));
    const intentId = clientSecret.split('_secret_')[0];
    fake.authorise(intentId);
    await eventAbout('payment_intent.amount_capturable_updated', { id: intentId, object: 'payment_intent' }).expect(200);
    await settle(testApp);
    await api(testApp).put(`/booking/request/accept?request_id=${id}`, {}, athlete.token).expect(200);
    await settle(testApp);
    fake.nextRefundStatus = 'pending';
    try {
      await api(testApp).put(`/admin/requests/cancel?request_id=${id}`, {}, admin.token).expect(200);
      await settle(testApp);
    } finally {
      fake.nextRefundStatus = 'succeeded';
    }
    return { id, intentId };
  }

  it('records it once from refund.updated, tells the payer, and resolves the incident its job opened', async () => {
    const { id, intentId } = await refundLeftPending();
    // The job gave up while Stripe still said pending: an incident, nothing recorded; the payer hears it is delayed, never that it was issued.
    expect(await movementsOf(testApp, id)).toEqual(['authorised', 'captured', 'owed_to_athlete']);
    expect(await refundNotices(id)).toEqual([]);
    const delayed = await testApp.dataSource.query(`SELECT user_id, data->>'text' AS text FROM notifications WHERE request_id = $1 AND data->>'title' = 'Refund delayed'`, [id]);
    expect(delayed).toEqual([{ user_id: fan.account.id, text: expect.stringMatching(/^We could not issue your refund of \$10\.00 yet\./) }]);
    const [opened] = await testApp.dataSource.query(`SELECT id, kind, status FROM money_incidents WHERE subject_id = $1`, [id]);
    expect(opened).toMatchObject({ kind: 'refund_failed', status: 'open' });
    const refunds = [...fake.refunds.values()].filter((refund) => refund.payment_intent === intentId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0].metadata).toEqual({ huddle_key: `huddle:refund:${id}` });

    // Days later Stripe finishes it; its event comes twice, and another one about it once.
    fake.settleRefund(refunds[0].id, 'succeeded');
    const refundObject = { id: refunds[0].id, object: 'refund', payment_intent: intentId };
    await eventAbout('refund.updated', refundObject, 'evt_refund_done').expect(200);
    await eventAbout('refund.updated', refundObject, 'evt_refund_done').expect(200);
    await eventAbout('charge.refund.updated', refundObject).expect(200);
    await settle(testApp);

    expect(await movementsOf(testApp, id)).toEqual(['authorised', 'captured', 'owed_to_athlete', 'refunded']);
    expect(await refundNotices(id)).toEqual([{ text: expect.stringMatching(/^Refund of \$10\.00 issued to your Visa ending in 4242/) }]);
    const mail = await testApp.dataSource.query(`SELECT subject FROM outbox_emails WHERE to_address = $1 AND text_body LIKE '%Refund of $10.00 issued%'`, [fan.account.email]);
    expect(mail).toHaveLength(1);
    // Still one refund at Stripe: the handler found Huddle's by its key.
    expect([...fake.refunds.values()].filter((refund) => refund.payment_intent === intentId)).toHaveLength(1);
    const [resolved] = await testApp.dataSource.query(`SELECT status, resolved_by, resolution FROM money_incidents WHERE id = $1`, [opened.id]);
    expect(resolved).toMatchObject({ status: 'resolved', resolved_by: null, resolution: expect.stringContaining('refund.updated') });
    const desk = await api(testApp).get('/admin/money', admin.token).expect(200);
    expect(desk.body.incidents.map((incident: { id: string }) => incident.id)).not.toContain(opened.id);
  }, 90_000);

  it('records it from the daily reconciliation when its events never came, which then reports no difference for it', async () => {
    const { id, intentId } = await refundLeftPending();
    const refund = [...fake.refunds.values()].find((candidate) => candidate.payment_intent === intentId);
    fake.settleRefund(refund?.id as string, 'succeeded');
    // No event: the reconciliation finds Stripe's refunded amount ahead of the ledger and acts on the refunds.
    const run = await testApp.get(PaymentsService).reconcile({ days: 30, graceSeconds: 0 });
    await settle(testApp);
    expect(await movementsOf(testApp, id)).toEqual(['authorised', 'captured', 'owed_to_athlete', 'refunded']);
    expect(await refundNotices(id)).toEqual([{ text: expect.stringMatching(/^Refund of \$10\.00 issued/) }]);
    // What it just recorded is no difference: nothing for an administrator to resolve by hand.
    expect(run.differences.filter((difference) => difference.subjectId === id)).toEqual([]);
    const open = await testApp.dataSource.query(`SELECT kind FROM money_incidents WHERE subject_id = $1 AND status = 'open'`, [id]);
    expect(open).toEqual([]);
  }, 90_000);
});
