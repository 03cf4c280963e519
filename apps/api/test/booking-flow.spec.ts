import { UserType } from '@huddle/domain';
import { api } from './support/accounts-api';
import { bookAndPay, bookingPayload, book, confirmCard, createBookableAthlete, movementsOf, settle, statusOf } from './support/booking';
import { createSignedIn } from './support/fixtures';
import type { SignedIn } from './support/fixtures';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

describe('booking and card payment through the sandbox', () => {
  let testApp: TestApp;
  let fan: SignedIn;
  let athlete: SignedIn;

  beforeAll(async () => {
    testApp = await createTestApp();
    fan = await createSignedIn(testApp, UserType.Fan);
    athlete = await createBookableAthlete(testApp);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  afterEach(async () => {
    await settle(testApp);
  });

  it('a draft is the requester’s alone until the card is held, then the athlete sees it', async () => {
    const { id, clientSecret } = await book(testApp, fan, bookingPayload('shoutout', athlete.account.id));
    await api(testApp).get(`/booking/request?id=${id}`, athlete.token).expect(404);
    const list = await api(testApp).get('/booking/request/filter?status=pending', athlete.token).expect(200);
    expect(list.body.requests.map((r: { id: string }) => r.id)).not.toContain(id);
    await api(testApp).post('/payments/set-paid', { request_id: id }, fan.token).expect(402);

    expect(await confirmCard(testApp, fan, clientSecret)).toMatchObject({ status: 'requires_capture', message: null });
    const paid = await api(testApp).post('/payments/set-paid', { request_id: id }, fan.token).expect(200);
    expect(paid.body.request).toMatchObject({ id, status: 1, paid: true, viewer: 'requester' });
    expect(paid.body.request.fee_amount).toBeUndefined();
    expect(paid.body.request.expiration_time).toBeGreaterThan(Date.now() / 1000);
    const seen = await api(testApp).get(`/booking/request?id=${id}`, athlete.token).expect(200);
    expect(seen.body.request).toMatchObject({ viewer: 'athlete', fee_amount: 2, amount_to_athlete: 8, available_actions: ['accept', 'decline'] });
    expect(seen.body.request.details.recipients_emails).toBeUndefined();
  });

  it("an athlete's pending list: paid requests only, the latest change first, pages with the total", async () => {
    const listed = await createBookableAthlete(testApp);
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1) ids.push(await bookAndPay(testApp, fan, bookingPayload('shoutout', listed.account.id)));
    // An unpaid draft and an accepted request are not pending here.
    await book(testApp, fan, bookingPayload('shoutout', listed.account.id));
    const accepted = await bookAndPay(testApp, fan, bookingPayload('shoutout', listed.account.id));
    await api(testApp).put(`/booking/request/accept?request_id=${accepted}`, {}, listed.token).expect(200);
    const page = async (number: number) => (await api(testApp).get(`/booking/request/filter?status=pending&page=${number}&page_size=2`, listed.token).expect(200)).body;
    const first = await page(1);
    expect(first).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect(first.requests.map((r: { id: string }) => r.id)).toEqual([ids[2], ids[1]]);
    expect(first.requests[0]).toMatchObject({ status: 1 });
    const second = await page(2);
    expect(second).toMatchObject({ total: 3 });
    expect(second.requests.map((r: { id: string }) => r.id)).toEqual([ids[0]]);
    expect(await page(3)).toMatchObject({ total: 3, requests: [] });
  });

  it('a declined card answers the provider’s message and can be retried', async () => {
    const { id, clientSecret } = await book(testApp, fan, bookingPayload('video_chat', athlete.account.id));
    expect(await confirmCard(testApp, fan, clientSecret, '4000 0000 0000 0002')).toMatchObject({ status: 'requires_payment_method', message: 'Your card was declined.' });
    expect(await confirmCard(testApp, fan, clientSecret, '4000 0000 0000 9995')).toMatchObject({ status: 'requires_payment_method', message: 'Your card has insufficient funds.' });
    expect(await confirmCard(testApp, fan, clientSecret, OK_CARD_SPACED)).toMatchObject({ status: 'requires_capture', message: null });
    await api(testApp).post('/payments/set-paid', { request_id: id }, fan.token).expect(200);
  });

  it('accept captures once and owes the athlete their share; the ledger balances', async () => {
    const id = await bookAndPay(testApp, fan, bookingPayload('shoutout', athlete.account.id));
    await api(testApp).put(`/booking/request/accept?request_id=${id}`, {}, athlete.token).expect(200);
    await api(testApp).put(`/booking/request/accept?request_id=${id}`, {}, athlete.token).expect(409);
    await settle(testApp);
    expect(await movementsOf(testApp, id)).toEqual(['authorised', 'captured', 'owed_to_athlete']);
    const ledger = await testApp.dataSource.query(`SELECT account, amount_cents::int AS cents FROM ledger_entries WHERE request_id = $1 AND movement = 'owed_to_athlete' ORDER BY account`, [id]);
    expect(ledger).toEqual(
      expect.arrayContaining([
        { account: `athlete_payable:${athlete.account.id}`, cents: -800 },
        { account: 'platform_fees', cents: -200 },
      ]),
    );
  });

  it('decline voids the hold', async () => {
    const id = await bookAndPay(testApp, fan, bookingPayload('endorsement', athlete.account.id));
    await api(testApp).put(`/booking/request/decline?request_id=${id}`, {}, athlete.token).expect(200);
    await settle(testApp);
    expect(await statusOf(testApp, id)).toBe(3);
    expect(await movementsOf(testApp, id)).toEqual(['authorised', 'voided']);
  });
});

const OK_CARD_SPACED = '4242 4242 4242 4242';
