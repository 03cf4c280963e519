import { UserType } from '@huddle/domain';
import { Clock } from '../src/common/time/clock';
import { RequestTimers } from '../src/modules/booking/request-timers';
import { api } from './support/accounts-api';
import { book, bookAndPay, bookingPayload, confirmCard, createBookableAthlete, settle } from './support/booking';
import { FakeClock } from './support/fake-clock';
import { createSignedIn } from './support/fixtures';
import type { SignedIn } from './support/fixtures';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

const DAY = 24 * 3600;

type Entry = { action: string; label: string; actor: string; actor_name: string | null };

/**
 * A request's history names whoever caused each step, by one rule: paying is the requester's
 * doing however Huddle heard of it (the requester's set-paid, or the provider's event handled by
 * a job), a business goes by its business name, and a step the system took is Huddle's.
 */
describe("a request's history", () => {
  let testApp: TestApp;
  const clock = new FakeClock();
  let fan: SignedIn;
  let business: SignedIn;
  let athlete: SignedIn;

  beforeAll(async () => {
    testApp = await createTestApp({ overrides: [{ provide: Clock, useValue: clock }] });
    fan = await createSignedIn(testApp, UserType.Fan, { firstName: 'Riley', lastName: 'Parker' });
    business = await createSignedIn(testApp, UserType.Business, { firstName: 'Morgan', lastName: 'Lee' });
    await testApp.dataSource.query('INSERT INTO business_profiles (account_id, name) VALUES ($1, $2)', [business.account.id, 'Lee Promotions']);
    athlete = await createBookableAthlete(testApp);
    await testApp.dataSource.query(`UPDATE accounts SET first_name = 'Jordan', last_name = 'Miles' WHERE id = $1`, [athlete.account.id]);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
  const historyOf = async (id: string, who: SignedIn): Promise<Entry[]> =>
    (await api(testApp).get(`/booking/request?id=${id}`, who.token).expect(200)).body.request.history.map(({ action, label, actor, actor_name }: Entry) => ({ action, label, actor, actor_name }));

  it("names the requester on 'Card held' (the card is held, not charged) when they marked it paid themselves", async () => {
    const id = await bookAndPay(testApp, fan, bookingPayload('shoutout', athlete.account.id, { now: nowSeconds() }));
    const paid = (await historyOf(id, athlete)).find((entry) => entry.action === 'pay');
    expect(paid).toEqual({ action: 'pay', label: 'Card held', actor: 'requester', actor_name: 'Riley Parker' });
  });

  it("names the requester, a business by its business name, on 'Card held' when the provider's event paid it", async () => {
    const { id, clientSecret } = await book(testApp, business, bookingPayload('shoutout', athlete.account.id, { now: nowSeconds() }));
    await confirmCard(testApp, business, clientSecret);
    await settle(testApp);
    // The job that heard the provider recorded it as the system's step.
    const recorded: Array<{ actor_party: string }> = await testApp.dataSource.query(`SELECT actor_party FROM request_history WHERE request_id = $1 AND action = 'pay'`, [id]);
    expect(recorded).toEqual([{ actor_party: 'system' }]);
    await api(testApp).put(`/booking/request/accept?request_id=${id}`, {}, athlete.token).expect(200);
    for (const viewer of [athlete, business]) {
      expect(await historyOf(id, viewer)).toEqual([
        { action: 'create', label: expect.any(String), actor: 'requester', actor_name: 'Lee Promotions' },
        { action: 'pay', label: 'Card held', actor: 'requester', actor_name: 'Lee Promotions' },
        { action: 'accept', label: expect.any(String), actor: 'athlete', actor_name: 'Jordan Miles' },
      ]);
    }
    // The athlete's page and list name the business as its history does; the business sees a person.
    const page = await api(testApp).get(`/booking/request?id=${id}`, athlete.token).expect(200);
    expect(page.body.request.requester).toMatchObject({ first_name: 'Morgan', last_name: 'Lee', business_name: 'Lee Promotions' });
    const listed = await api(testApp).get('/booking/request/filter?status=accepted', athlete.token).expect(200);
    expect(listed.body.requests.find((entry: { id: string }) => entry.id === id)?.profile).toMatchObject({ business_name: 'Lee Promotions' });
    const own = await api(testApp).get('/booking/request/filter?status=accepted', business.token).expect(200);
    expect(own.body.requests.find((entry: { id: string }) => entry.id === id)?.profile).toMatchObject({ first_name: 'Jordan', business_name: null });
    await settle(testApp);
  });

  it('names Huddle on a step the system took (an expiry)', async () => {
    const id = await bookAndPay(testApp, fan, bookingPayload('shoutout', athlete.account.id, { now: nowSeconds() }));
    clock.advance(7 * DAY * 1000);
    await testApp.get(RequestTimers).sweepDue();
    const expired = (await historyOf(id, fan)).at(-1);
    expect(expired).toMatchObject({ action: 'expire', actor: 'system', actor_name: 'Huddle' });
    await settle(testApp);
  });

  it('the money desk names a flagged delivery’s parties as their history does', async () => {
    // The business flags a delivered video: the desk names it as its history does.
    const id = await bookAndPay(testApp, business, bookingPayload('shoutout', athlete.account.id, { now: nowSeconds() }));
    await testApp.dataSource.query(
      `UPDATE requests SET status = 4, accepted_at = now(), delivered_at = now(),
              details = details || '{"video": "/media/videos/00000000-0000-4000-8000-000000000000.mp4"}'::jsonb WHERE id = $1`,
      [id],
    );
    await api(testApp).put(`/booking/request/flag?request_id=${id}`, {}, business.token).expect(200);
    const admin = await createSignedIn(testApp, UserType.Admin);
    const desk = await api(testApp).get('/admin/money', admin.token).expect(200);
    expect(desk.body.flagged_requests.find((row: { id: string }) => row.id === id)).toMatchObject({ athlete_name: 'Jordan Miles', requester_name: 'Lee Promotions' });
    await settle(testApp);
  });
});
