import { UserType } from '@huddle/domain';
import { Clock } from '../src/common/time/clock';
import { PaymentsService } from '../src/modules/payments/payments.service';
import { api } from './support/accounts-api';
import { book, bookAndPay, bookingPayload, confirmCard, createBookableAthlete, movementsOf, settle, statusOf } from './support/booking';
import { FakeClock } from './support/fake-clock';
import { incidentsOf, moneyParties, providerIntentOf, toldTo } from './support/money';
import { createSignedIn } from './support/fixtures';
import type { SignedIn } from './support/fixtures';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

const HOUR = 3600;

describe('money true: holds, confirmations and incidents (sandbox provider)', () => {
  let testApp: TestApp;
  let fan: SignedIn;
  let athlete: SignedIn;
  let admin: SignedIn;

  beforeAll(async () => {
    testApp = await createTestApp();
    ({ fan, athlete, admin } = await moneyParties(testApp));
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('a hold canceled at the provider is never taken as a capture: the request is canceled, both told why, the administrator sees it', async () => {
    const id = await bookAndPay(testApp, fan, bookingPayload('shoutout', athlete.account.id));
    // Someone canceled the PaymentIntent in the provider's dashboard.
    await testApp.dataSource.query(`UPDATE sandbox_intents SET status = 'canceled' WHERE id = $1`, [await providerIntentOf(testApp, id)]);
    await api(testApp).put(`/booking/request/accept?request_id=${id}`, {}, athlete.token).expect(200);
    await settle(testApp);

    expect(await statusOf(testApp, id)).toBe(3);
    expect(await movementsOf(testApp, id)).toEqual(['authorised', 'voided']);
    const history = await testApp.dataSource.query(`SELECT action, actor_party, note FROM request_history WHERE request_id = $1 ORDER BY id DESC LIMIT 1`, [id]);
    expect(history[0]).toMatchObject({ action: 'hold_lapse', actor_party: 'system' });
    expect((await toldTo(testApp, fan.account.id)).at(-1)).toEqual(['Request canceled', expect.stringMatching(/^The card hold expired before it could be charged, so your video shoutout .+ Nothing was charged\.$/)]);
    expect((await toldTo(testApp, athlete.account.id)).at(-1)).toEqual(['Request canceled', expect.stringMatching(/Do not deliver it\.$/)]);
    expect(await incidentsOf(testApp, id)).toEqual([{ kind: 'hold_lost', status: 'open', message: expect.stringMatching(/nothing was charged/) }]);
    expect((await toldTo(testApp, admin.account.id)).at(-1)).toEqual(['Card hold gone before capture', expect.stringContaining('$10.00')]);
    // The athlete cannot deliver into a canceled request.
    const view = await api(testApp).get(`/booking/request?id=${id}`, athlete.token).expect(200);
    expect(view.body.request.status).toBe(3);
  });

  it('a hold past its capture deadline is released, not captured, even while the provider still shows it held', async () => {
    const id = await bookAndPay(testApp, fan, bookingPayload('video_chat', athlete.account.id));
    const intentId = await providerIntentOf(testApp, id);
    await testApp.dataSource.query(`UPDATE sandbox_intents SET capture_before = now() - interval '1 minute' WHERE id = $1`, [intentId]);
    await api(testApp).put(`/booking/request/accept?request_id=${id}`, {}, athlete.token).expect(200);
    await settle(testApp);
    expect(await statusOf(testApp, id)).toBe(3);
    expect(await movementsOf(testApp, id)).toEqual(['authorised', 'voided']);
    const [intent] = await testApp.dataSource.query(`SELECT status FROM sandbox_intents WHERE id = $1`, [intentId]);
    expect(intent.status).toBe('canceled');
    expect(await incidentsOf(testApp, id)).toHaveLength(1);
  });

  it('an administrator’s cancel racing the acceptance is Huddle’s own void, not a lost hold', async () => {
    const id = await bookAndPay(testApp, fan, bookingPayload('shoutout', athlete.account.id));
    await api(testApp).put(`/booking/request/accept?request_id=${id}`, {}, athlete.token).expect(200);
    await api(testApp).put(`/admin/requests/cancel?request_id=${id}`, {}, admin.token).expect(200);
    await settle(testApp);
    expect(await statusOf(testApp, id)).toBe(3);
    expect(await incidentsOf(testApp, id)).toEqual([]);
    const history: Array<{ action: string }> = await testApp.dataSource.query(`SELECT action FROM request_history WHERE request_id = $1`, [id]);
    expect(history.map((row) => row.action)).not.toContain('hold_lapse');
  });

  it('a cancel before acceptance releases the hold: the request no longer reads authorised once the provider released it', async () => {
    const requester = await createSignedIn(testApp, UserType.Fan);
    const id = await bookAndPay(testApp, requester, bookingPayload('shoutout', athlete.account.id));
    const before = await api(testApp).get(`/booking/request?id=${id}`, requester.token).expect(200);
    expect(before.body.request).toMatchObject({ paid: true, authorised: true });
    await api(testApp).put(`/booking/request/cancel?request_id=${id}`, {}, requester.token).expect(200);
    await settle(testApp);
    const after = await api(testApp).get(`/booking/request?id=${id}`, requester.token).expect(200);
    expect(after.body.request).toMatchObject({ authorised: false });
    expect(after.body.request.money.map((line: { kind: string }) => line.kind)).toEqual(['held', 'released']);
  });

  it('a decline says the hold will be released; the confirmation with its amount and card comes once the provider released it, by email too', async () => {
    const id = await bookAndPay(testApp, fan, bookingPayload('shoutout', athlete.account.id));
    await api(testApp).put(`/booking/request/decline?request_id=${id}`, {}, athlete.token).expect(200);
    await settle(testApp);
    const told = await toldTo(testApp, fan.account.id);
    const decision = told.findIndex(([title]) => title === 'Request declined');
    const confirmed = told.findIndex(([title]) => title === 'Card hold released');
    expect(told[decision][1]).toMatch(/Your card hold will be released\.$/);
    // The confirmation comes after the decision (the void job's own transaction), once.
    expect(confirmed).toBeGreaterThan(decision);
    expect(told[confirmed][1]).toMatch(/^Your card hold of \$10\.00 was released on .+ \(video shoutout with .+, your Visa ending in 4242\)\.$/);
    expect(told.filter(([title]) => title === 'Card hold released')).toHaveLength(1);
    const mail = await testApp.dataSource.query(`SELECT subject, text_body FROM outbox_emails WHERE to_address = $1 ORDER BY created_at DESC LIMIT 1`, [fan.account.email]);
    expect(mail[0].text_body).toContain('Your card hold of $10.00 was released');
    // The request page's payment block and money timeline (spec §3), as the requester sees them.
    const seen = await api(testApp).get(`/booking/request?id=${id}`, fan.token).expect(200);
    expect(seen.body.request.payment).toEqual({
      amount: 10,
      athlete_id: athlete.account.id,
      athlete_name: expect.any(String),
      sender: fan.account.id,
      sender_name: expect.any(String),
      // The athlete's payout is the athlete's and the administrator's business.
      payout_status: null,
      payout_paid: null,
    });
    expect(seen.body.request.money).toEqual([
      { kind: 'held', amount: 10, at: expect.any(Number), text: 'Card hold of $10.00 placed' },
      { kind: 'released', amount: 10, at: expect.any(Number), text: 'Card hold of $10.00 released' },
    ]);
    // `authorised` says a hold is in place: once released it no longer is (it was paid, so paid stays true).
    expect(seen.body.request).toMatchObject({ paid: true, authorised: false });
    // Another fan cannot read it at all.
    const stranger = await createSignedIn(testApp, UserType.Fan);
    await api(testApp).get(`/booking/request?id=${id}`, stranger.token).expect(404);
  });

  it('acceptance sends the payer a receipt once the card is charged; an administrator’s refund is confirmed once issued', async () => {
    const id = await bookAndPay(testApp, fan, bookingPayload('shoutout', athlete.account.id));
    await api(testApp).put(`/booking/request/accept?request_id=${id}`, {}, athlete.token).expect(200);
    await settle(testApp);
    expect((await toldTo(testApp, fan.account.id)).at(-1)).toEqual(['Payment received', expect.stringMatching(/^\$10\.00 was charged to your Visa ending in 4242 for your video shoutout with .+ on .+\.$/)]);
    await api(testApp).put(`/admin/requests/cancel?request_id=${id}`, {}, admin.token).expect(200);
    await settle(testApp);
    const canceled = (await toldTo(testApp, fan.account.id)).filter(([title]) => title === 'Request canceled');
    expect(canceled.at(-1)?.[1]).toMatch(/will be released, or your payment refunded\.$/);
    expect((await toldTo(testApp, fan.account.id)).at(-1)).toEqual(['Refund issued', expect.stringMatching(/^Refund of \$10\.00 issued to your Visa ending in 4242 on .+ for your video shoutout with .+\.$/)]);
    expect(await movementsOf(testApp, id)).toEqual(['authorised', 'captured', 'owed_to_athlete', 'refunded']);
    const seen = await api(testApp).get(`/booking/request?id=${id}`, athlete.token).expect(200);
    expect(seen.body.request.money.map((event: { text: string }) => event.text)).toEqual(['Card hold of $10.00 placed', 'Charged $10.00', 'Refund of $10.00 issued']);
    expect(seen.body.request.payment.payout_status).toBe('unpaid');
  });
});

describe('money true on a clock the test moves', () => {
  let testApp: TestApp;
  let clock: FakeClock;
  let fan: SignedIn;
  let athlete: SignedIn;

  beforeAll(async () => {
    clock = new FakeClock(new Date());
    testApp = await createTestApp({ overrides: [{ provide: Clock, useValue: clock }], env: { REQUEST_EXPIRY_HOURS: '166' } });
    fan = await createSignedIn(testApp, UserType.Fan);
    athlete = await createBookableAthlete(testApp);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('expiry counts from the card’s authorisation, not from when Huddle heard of it, and ends before the hold does', async () => {
    const authorisedAt = Math.floor(clock.now().getTime() / 1000);
    const { id, clientSecret } = await book(testApp, fan, bookingPayload('shoutout', athlete.account.id, { now: authorisedAt }));
    await confirmCard(testApp, fan, clientSecret);
    // The webhook and the browser are both late by a day.
    clock.advance(24 * HOUR * 1000);
    await api(testApp).post('/payments/set-paid', { request_id: id }, fan.token).expect(200);
    const [row] = await testApp.dataSource.query(`SELECT expiration_time FROM requests WHERE id = $1`, [id]);
    // 166 hours from the authorisation: the hold's 7 days less the 2 hours a capture needs.
    expect(Math.floor(new Date(row.expiration_time).getTime() / 1000)).toBe(authorisedAt + 166 * HOUR);
    await settle(testApp);
  });

  it('the sandbox lets an uncaptured hold lapse after 7 days, as the provider does', async () => {
    const id = await bookAndPay(testApp, fan, bookingPayload('shoutout', athlete.account.id, { now: Math.floor(clock.now().getTime() / 1000) }));
    await settle(testApp);
    expect((await testApp.get(PaymentsService).authorisation(id)).authorised).toBe(true);
    clock.advance((7 * 24 * HOUR + 1) * 1000);
    expect((await testApp.get(PaymentsService).authorisation(id)).authorised).toBe(false);
    const [intent] = await testApp.dataSource.query(`SELECT status FROM sandbox_intents WHERE id = $1`, [await providerIntentOf(testApp, id)]);
    expect(intent.status).toBe('canceled');
  });

  it('REQUEST_EXPIRY_HOURS cannot outlive a card hold', async () => {
    await expect(createTestApp({ env: { REQUEST_EXPIRY_HOURS: '168' } })).rejects.toThrow(/REQUEST_EXPIRY_HOURS/);
  });
});
