import { ErrorCode, MESSAGES, UserType } from '@huddle/domain';
import { Clock } from '../src/common/time/clock';
import { DeclinedPayments } from '../src/modules/payments/declined-payments';
import { api } from './support/accounts-api';
import { bookingPayload, createBookableAthlete, OK_CARD, settle } from './support/booking';
import { FakeClock } from './support/fake-clock';
import { createSignedIn } from './support/fixtures';
import type { SignedIn } from './support/fixtures';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

const DECLINED_CARD = '4000 0000 0000 0002';
const HOUR_MS = 60 * 60 * 1000;

/** Requests from the shell's proxy carry the browser's address; the API trusts loopback proxies (TRUST_PROXY). */
const fromIp = (ip: string) => ({ 'X-Forwarded-For': ip });

interface Reply {
  status: number;
  body: { status_response: unknown };
  headers: Record<string, string>;
}

function expectRefused(response: Reply, message: string): void {
  expect(response.status).toBe(429);
  expect(response.body.status_response).toEqual({ status: 429, response_message: message, response_internal_code: ErrorCode.TooManyRequests });
}

/** A rate limit's refusal: the limit's message and when to come back. */
function expectThrottled(response: Reply, message: string): void {
  expectRefused(response, message);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe('rate limits on money routes (issue 21: card testing)', () => {
  let testApp: TestApp;
  let clock: FakeClock;
  let athlete: SignedIn;

  beforeAll(async () => {
    clock = new FakeClock();
    testApp = await createTestApp({
      overrides: [{ provide: Clock, useValue: clock }],
      env: {
        CARD_SAVE_MAX_PER_ACCOUNT: '10',
        CARD_SAVE_MAX_PER_IP: '15',
        PAYMENT_ATTEMPTS_MAX_PER_ACCOUNT: '15',
        PAYMENT_ATTEMPTS_MAX_PER_IP: '20',
        BOOKING_MAX_PER_ACCOUNT: '3',
        CHECKOUT_DECLINES_MAX: '5',
      },
    });
    athlete = await createBookableAthlete(testApp);
  });

  afterAll(async () => {
    await testApp.close();
  });

  const fan = () => createSignedIn(testApp, UserType.Fan);
  const startCardSave = (payer: SignedIn, ip: string) => api(testApp).post('/payments/payment-method', {}, payer.token).set(fromIp(ip));
  const saveCard = (payer: SignedIn, ip: string, card: string) =>
    api(testApp).post('/payments/payment-method/sandbox', { card_number: card, exp_month: 12, exp_year: 2099, cvc: '123' }, payer.token).set(fromIp(ip));
  const savedCards = async (payer: SignedIn): Promise<number> =>
    (await testApp.dataSource.query('SELECT count(*)::int AS n FROM sandbox_payment_methods WHERE owner_id = $1', [payer.account.id]))[0].n;
  const bookFrom = (payer: SignedIn, ip: string) => api(testApp).post('/booking/request', bookingPayload('shoutout', athlete.account.id), payer.token).set(fromIp(ip));
  const paymentSheet = (payer: SignedIn, ip: string, requestId: string) => api(testApp).post(`/payments/payment-sheet?request_id=${requestId}`, {}, payer.token).set(fromIp(ip));
  const confirm = (payer: SignedIn, ip: string, clientSecret: string, card: string) =>
    api(testApp).post('/payments/sandbox/confirm', { client_secret: clientSecret, card_number: card, exp_month: 12, exp_year: 2099, cvc: '123' }, payer.token).set(fromIp(ip));
  const setPaid = (payer: SignedIn, ip: string, requestId: string) => api(testApp).post('/payments/set-paid', { request_id: requestId }, payer.token).set(fromIp(ip));

  /** A fresh unpaid request of `payer` (from an address of its own, so no other limit is touched). */
  async function draftOf(payer: SignedIn): Promise<string> {
    return (await bookFrom(payer, '192.0.2.250').expect(201)).body.request.id;
  }

  describe('card saves', () => {
    it('refuses the card-save starts of one account past its limit, whatever address they come from, and saves nothing after', async () => {
      const payer = await fan();
      const answers = [];
      for (let call = 0; call < 40; call += 1) answers.push(await startCardSave(payer, `198.51.100.${call < 10 ? 1 : 2 + call}`));
      expect(answers.slice(0, 10).map((answer) => answer.status)).toEqual(Array(10).fill(201));
      expect(answers[0].body.setup_intent.client_secret).toEqual(expect.any(String));
      for (const refused of answers.slice(10)) expectThrottled(refused, MESSAGES.tooManyCardSaves);

      // Starting and saving share the allowance: the sandbox's save of a good card is refused too.
      expectThrottled(await saveCard(payer, '198.51.100.60', OK_CARD), MESSAGES.tooManyCardSaves);
      expect(await savedCards(payer)).toBe(0);
      expect((await api(testApp).get('/payments/payment-method', payer.token).expect(200)).body.payment_methods).toEqual([]);

      // Another account is not limited, even from the address the first one used.
      const other = await fan();
      expect((await startCardSave(other, '198.51.100.1')).status).toBe(201);
      expect((await saveCard(other, '198.51.100.1', OK_CARD)).status).toBe(201);
      expect(await savedCards(other)).toBe(1);
    });

    it('refuses card saves from one address past its limit across accounts', async () => {
      const payers = [await fan(), await fan(), await fan()];
      for (const payer of payers) for (let call = 0; call < 5; call += 1) expect((await startCardSave(payer, '198.51.100.70')).status).toBe(201);
      const late = await fan();
      expectThrottled(await startCardSave(late, '198.51.100.70'), MESSAGES.tooManyCardSaves);
      expect((await startCardSave(late, '198.51.100.71')).status).toBe(201);
    });

    it('stops 25 saves of a declining card: five declines, then refusals, and the account saves no card at all', async () => {
      const tester = await fan();
      const answers = [];
      for (let call = 0; call < 25; call += 1) answers.push(await saveCard(tester, '198.51.100.80', DECLINED_CARD));
      for (const declined of answers.slice(0, 5)) {
        expect(declined.status).toBe(201);
        expect(declined.body).toMatchObject({ payment_method: null, message: 'Your card was declined.' });
      }
      // The sixth finds checkout paused; from the eleventh the card-save limit refuses first (each attempt is counted).
      expectRefused(answers[5], MESSAGES.checkoutPaused(3600));
      for (const refused of answers.slice(6)) expect(refused.status).toBe(429);
      expectThrottled(answers[10], MESSAGES.tooManyCardSaves);

      // Even a good card, from another address, is not saved.
      expect((await saveCard(tester, '198.51.100.81', OK_CARD)).status).toBe(429);
      expect(await savedCards(tester)).toBe(0);
    });
  });

  describe('declined cards at checkout', () => {
    it('pauses the checkout of an account after five declines, not anyone else’s, until the window has passed', async () => {
      const tester = await fan();
      const requestId = await draftOf(tester);
      const sheet = await paymentSheet(tester, '203.0.113.10', requestId).expect(200);
      const secret: string = sheet.body.payment_intent.client_secret;
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const declined = await confirm(tester, '203.0.113.10', secret, DECLINED_CARD).expect(200);
        expect(declined.body).toMatchObject({ status: 'requires_payment_method', message: 'Your card was declined.' });
      }

      const paused = MESSAGES.checkoutPaused(3600);
      expect(paused).toBe('Too many declined card attempts. Checkout is paused for an hour.');
      expectRefused(await paymentSheet(tester, '203.0.113.10', requestId), paused);
      // A new address or a good card does not help: the account is paused.
      expectRefused(await confirm(tester, '203.0.113.11', secret, OK_CARD), paused);
      expectRefused(await startCardSave(tester, '203.0.113.11'), paused);
      // The intent the tester had a secret for is canceled at the provider: that secret cannot try more cards there.
      await settle(testApp);
      expect((await testApp.dataSource.query('SELECT status FROM sandbox_intents WHERE client_secret = $1', [secret]))[0].status).toBe('canceled');
      // Booking charges nothing, so it stays open; set-paid only re-reads the provider (not paid: 1402).
      expect((await bookFrom(tester, '203.0.113.11')).status).toBe(201);
      expect((await setPaid(tester, '203.0.113.11', requestId)).status).toBe(402);

      // Another account pays as usual, from the same address.
      const other = await fan();
      const otherRequest = await draftOf(other);
      const otherSheet = await paymentSheet(other, '203.0.113.10', otherRequest).expect(200);
      expect((await confirm(other, '203.0.113.10', otherSheet.body.payment_intent.client_secret, OK_CARD).expect(200)).body.status).toBe('requires_capture');

      // An hour after the fifth decline, checkout reopens with a new intent, and a good card pays.
      clock.advance(HOUR_MS - 60_000);
      expectRefused(await paymentSheet(tester, '203.0.113.12', requestId), paused);
      clock.advance(60_000);
      const reopened: string = (await paymentSheet(tester, '203.0.113.12', requestId).expect(200)).body.payment_intent.client_secret;
      expect(reopened).not.toBe(secret);
      expect((await confirm(tester, '203.0.113.12', secret, OK_CARD).expect(200)).body.status).toBe('canceled');
      expect((await confirm(tester, '203.0.113.12', reopened, OK_CARD).expect(200)).body.status).toBe('requires_capture');
      expect((await setPaid(tester, '203.0.113.12', requestId)).status).toBe(200);
    });

    it('counts declines spread over more than the window as separate windows', async () => {
      const tester = await fan();
      const requestId = await draftOf(tester);
      const secret: string = (await paymentSheet(tester, '203.0.113.20', requestId).expect(200)).body.payment_intent.client_secret;
      for (let attempt = 0; attempt < 4; attempt += 1) await confirm(tester, '203.0.113.20', secret, DECLINED_CARD).expect(200);
      clock.advance(HOUR_MS);
      await confirm(tester, '203.0.113.20', secret, DECLINED_CARD).expect(200);
      expect((await paymentSheet(tester, '203.0.113.20', requestId)).status).toBe(200);
    });

    it('pauses on declines any provider reports (as Stripe’s payment_failed webhook will), not only the sandbox’s', async () => {
      const tester = await fan();
      const requestId = await draftOf(tester);
      const declines = testApp.get(DeclinedPayments);
      for (let decline = 0; decline < 5; decline += 1) await declines.recordDecline(tester.account.id);
      await expect(declines.assertCheckoutOpen(tester.account.id)).rejects.toMatchObject({ code: ErrorCode.TooManyRequests, message: MESSAGES.checkoutPaused(3600) });
      expectRefused(await paymentSheet(tester, '203.0.113.30', requestId), MESSAGES.checkoutPaused(3600));
    });
  });

  describe('payment attempts', () => {
    it('limits payment attempts per account (payment sheet, confirm and set-paid together), whatever the address', async () => {
      const payer = await fan();
      const requestId = await draftOf(payer);
      const secret: string = (await paymentSheet(payer, '192.0.2.1', requestId).expect(200)).body.payment_intent.client_secret;
      for (let call = 1; call < 12; call += 1) await paymentSheet(payer, `192.0.2.${1 + call}`, requestId).expect(200);
      await setPaid(payer, '192.0.2.20', requestId).expect(402);
      await confirm(payer, '192.0.2.21', secret, '4000 0025 0000 3155').expect(200);
      await api(testApp).post('/payments/sandbox/authenticate', { client_secret: secret, approve: true }, payer.token).set(fromIp('192.0.2.22')).expect(200);
      expectThrottled(await setPaid(payer, '192.0.2.23', requestId), MESSAGES.tooManyPaymentAttempts);
      expectThrottled(await paymentSheet(payer, '192.0.2.24', requestId), MESSAGES.tooManyPaymentAttempts);

      const other = await fan();
      expect((await paymentSheet(other, '192.0.2.1', await draftOf(other))).status).toBe(200);
    });

    it('limits payment attempts per address across accounts', async () => {
      const payers = [await fan(), await fan()];
      for (const payer of payers) {
        const requestId = await draftOf(payer);
        for (let call = 0; call < 10; call += 1) await paymentSheet(payer, '192.0.2.100', requestId).expect(200);
      }
      const late = await fan();
      const requestId = await draftOf(late);
      expectThrottled(await paymentSheet(late, '192.0.2.100', requestId), MESSAGES.tooManyPaymentAttempts);
      expect((await paymentSheet(late, '192.0.2.101', requestId)).status).toBe(200);
    });
  });

  describe('bookings', () => {
    it('limits bookings and campaigns per account together, creating nothing past the limit; other accounts on the address book on', async () => {
      const requester = await fan();
      for (let booking = 0; booking < 3; booking += 1) expect((await bookFrom(requester, '192.0.2.200')).status).toBe(201);
      expectThrottled(await bookFrom(requester, '192.0.2.201'), MESSAGES.tooManyBookings);
      const rows = await testApp.dataSource.query('SELECT count(*)::int AS n FROM requests WHERE requester_id = $1', [requester.account.id]);
      expect(rows[0].n).toBe(3);
      expect((await bookFrom(await fan(), '192.0.2.200')).status).toBe(201);

      const business = await createSignedIn(testApp, UserType.Business);
      const campaign = () =>
        api(testApp).postForm(
          '/booking/request/endorsement_campaign/create',
          {
            name: 'Spring launch',
            endorsement_task: 'Post a reel wearing our new jersey',
            endorsement_link: 'example.com/jersey',
            social_media_platform: 'instagram',
            athlete_ids: athlete.account.id,
            proposed_amounts: JSON.stringify([{ athlete_id: athlete.account.id, amount: 25 }]),
          },
          business.token,
        );
      expect((await bookFrom(business, '192.0.2.210')).status).toBe(201);
      expect((await campaign()).status).toBe(201);
      expect((await campaign()).status).toBe(201);
      expectThrottled(await campaign(), MESSAGES.tooManyBookings);
      const campaigns = await testApp.dataSource.query('SELECT count(*)::int AS n FROM campaigns WHERE business_id = $1', [business.account.id]);
      expect(campaigns[0].n).toBe(2);
    });
  });
});
