import request from 'supertest';
import { MESSAGES, UserType } from '@huddle/domain';
import { Clock } from '../src/common/time/clock';
import { ACCOUNT_CLOSED } from '../src/modules/accounts/account-events';
import type { AccountClosedEvent } from '../src/modules/accounts/account-events';
import { JobsService } from '../src/modules/jobs/jobs.service';
import { RequestTimers } from '../src/modules/booking/request-timers';
import { api } from './support/accounts-api';
import { book, bookAndPay, bookingPayload, createBookableAthlete, deliverVideo, movementsOf, settle, statusOf } from './support/booking';
import { FakeClock } from './support/fake-clock';
import { createSignedIn } from './support/fixtures';
import type { SignedIn } from './support/fixtures';
import { fixture } from './support/media';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

const HOUR = 3600;
const DAY = 24 * HOUR;

describe('money and races on one request', () => {
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

  it("a deleted account's paid requests still waiting for an answer end at once: the athlete's by the system, the requester's as their own cancel; holds released; the athlete's accepted ones refunded", async () => {
    const leaving = await createBookableAthlete(testApp);
    const waitingOnAthlete = await bookAndPay(testApp, fan, bookingPayload('shoutout', leaving.account.id));
    const leavingFan = await createSignedIn(testApp, UserType.Fan);
    const waitingOnFan = await bookAndPay(testApp, leavingFan, bookingPayload('shoutout', athlete.account.id));
    const accepted = await bookAndPay(testApp, fan, bookingPayload('shoutout', leaving.account.id));
    const acceptedCamp = await bookAndPay(testApp, fan, bookingPayload('camp', leaving.account.id));
    // The leaving fan's request its athlete already accepted goes on: the athlete can still perform it.
    const acceptedForFan = await bookAndPay(testApp, leavingFan, bookingPayload('shoutout', athlete.account.id));
    for (const id of [accepted, acceptedCamp]) await api(testApp).put(`/booking/request/accept?request_id=${id}`, {}, leaving.token).expect(200);
    await api(testApp).put(`/booking/request/accept?request_id=${acceptedForFan}`, {}, athlete.token).expect(200);
    await settle(testApp);

    await api(testApp).delete('/user/accounts/self', leaving.token).expect(200);
    await api(testApp).delete('/user/accounts/self', leavingFan.token).expect(200);
    await settle(testApp);
    const history = async (id: string) =>
      (await testApp.dataSource.query(`SELECT action, actor_party FROM request_history WHERE request_id = $1 AND to_status = 3`, [id])) as Array<{ action: string; actor_party: string }>;
    expect(await statusOf(testApp, waitingOnAthlete)).toBe(3);
    expect(await history(waitingOnAthlete)).toEqual([{ action: 'athlete_gone', actor_party: 'system' }]);
    expect(await movementsOf(testApp, waitingOnAthlete)).toEqual(['authorised', 'voided']);
    expect(await statusOf(testApp, waitingOnFan)).toBe(3);
    expect(await history(waitingOnFan)).toEqual([{ action: 'cancel', actor_party: 'requester' }]);
    expect(await movementsOf(testApp, waitingOnFan)).toEqual(['authorised', 'voided']);
    // Accepted and not yet performed (a video not delivered, an event ahead): nobody will, so the payment is refunded.
    for (const id of [accepted, acceptedCamp]) {
      expect(await statusOf(testApp, id)).toBe(3);
      expect(await history(id)).toEqual([{ action: 'athlete_gone', actor_party: 'system' }]);
      expect(await movementsOf(testApp, id)).toEqual(['authorised', 'captured', 'owed_to_athlete', 'refunded']);
    }
    expect(await statusOf(testApp, acceptedForFan)).toBe(2);
    // The deletion's job carries when it happened: what had started is judged at that moment.
    const closed = await testApp.dataSource.query(`SELECT data->>'closedAt' AS closed_at FROM pgboss.job WHERE data->>'accountId' = $1`, [leaving.account.id]);
    expect(closed).toEqual([{ closed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }]);
    // The payer was told why theirs ended.
    const [told] = await testApp.dataSource.query(`SELECT data->>'text' AS text FROM notifications WHERE user_id = $1 AND data->>'link' = $2 AND data->>'title' = 'Request canceled'`, [fan.account.id, `/request/${waitingOnAthlete}`]);
    expect(told.text).toMatch(/is no longer on Huddle, so your video shoutout was canceled\. Your card hold will be released, or your payment refunded\.$/);
  });

  it('100 concurrent accept, cancel and set-paid calls: one legal outcome, one capture or one void, never both', async () => {
    for (let round = 0; round < 3; round += 1) {
      const id = await bookAndPay(testApp, fan, bookingPayload('shoutout', athlete.account.id));
      const calls = Array.from({ length: 100 }, (_, index) => {
        if (index % 3 === 0) return api(testApp).put(`/booking/request/accept?request_id=${id}`, {}, athlete.token);
        if (index % 3 === 1) return api(testApp).put(`/booking/request/cancel?request_id=${id}`, {}, fan.token);
        return api(testApp).post('/payments/set-paid', { request_id: id }, fan.token);
      });
      const answers = await Promise.all(calls.map((call) => call.then((response) => response.status)));
      const decisive = answers.filter((status, index) => index % 3 !== 2 && status === 200);
      expect(decisive).toHaveLength(1);
      expect(answers.filter((status, index) => index % 3 !== 2 && status !== 200).every((status) => status === 409)).toBe(true);
      expect(answers.filter((_, index) => index % 3 === 2).every((status) => status === 200 || status === 409)).toBe(true);
      await settle(testApp);
      const status = await statusOf(testApp, id);
      expect([2, 3]).toContain(status);
      expect(await movementsOf(testApp, id)).toEqual(status === 2 ? ['authorised', 'captured', 'owed_to_athlete'] : ['authorised', 'voided']);
      const history = await testApp.dataSource.query(`SELECT action FROM request_history WHERE request_id = $1 AND action IN ('accept', 'cancel')`, [id]);
      expect(history).toHaveLength(1);
    }
  });

  it('a timed booking overlapping a slot the athlete accepted is refused before it is paid, on its start field; beside it, the slot is free', async () => {
    const now = Math.floor(Date.now() / 1000);
    const otherAthlete = await createBookableAthlete(testApp);
    const accepted = await bookAndPay(testApp, fan, bookingPayload('camp', athlete.account.id, { now, startsIn: 20 * DAY, hours: 3 }));
    await api(testApp).put(`/booking/request/accept?request_id=${accepted}`, {}, athlete.token).expect(200);
    const clashing = await api(testApp).post('/booking/request', bookingPayload('training_session', athlete.account.id, { now, startsIn: 20 * DAY + 2 * HOUR, hours: 2 }), fan.token).expect(409);
    expect(clashing.body.status_response.response_message).toBe(MESSAGES.athleteBookedThen);
    expect(clashing.body.errors).toEqual({ 'training_session.start_time': MESSAGES.athleteBookedThen });
    const chat = await api(testApp).post('/booking/request', bookingPayload('video_chat', athlete.account.id, { now, startsIn: 20 * DAY + HOUR }), fan.token).expect(409);
    expect(chat.body.errors).toEqual({ 'video_chat.date_time': MESSAGES.athleteBookedThen });
    // Right after the camp ends (its range is half-open), and untimed services, book as before.
    await api(testApp).post('/booking/request', bookingPayload('training_session', athlete.account.id, { now, startsIn: 20 * DAY + 3 * HOUR, hours: 2 }), fan.token).expect(201);
    await api(testApp).post('/booking/request', bookingPayload('shoutout', athlete.account.id), fan.token).expect(201);
    // Another athlete at the same time is free.
    await api(testApp).post('/booking/request', bookingPayload('training_session', otherAthlete.account.id, { now, startsIn: 20 * DAY + 2 * HOUR, hours: 2 }), fan.token).expect(201);
  });

  it('an athlete cannot accept two overlapping timed requests, however the accepts race; the refusal names the clash', async () => {
    const now = Math.floor(Date.now() / 1000);
    const first = await bookAndPay(testApp, fan, { ...bookingPayload('camp', athlete.account.id, { now, startsIn: 10 * DAY, hours: 3 }), name: 'Morning camp' });
    const second = await bookAndPay(testApp, fan, bookingPayload('training_session', athlete.account.id, { now, startsIn: 10 * DAY + 2 * HOUR, hours: 2 }));
    const apart = await bookAndPay(testApp, fan, bookingPayload('personal_appearance', athlete.account.id, { now, startsIn: 11 * DAY }));
    const [a, b] = await Promise.all([
      api(testApp).put(`/booking/request/accept?request_id=${first}`, {}, athlete.token),
      api(testApp).put(`/booking/request/accept?request_id=${second}`, {}, athlete.token),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const refused = a.status === 409 ? a : b;
    expect(refused.body.status_response.response_message).toMatch(/^You already accepted ".+" at [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC, which overlaps this request$/);
    await api(testApp).put(`/booking/request/accept?request_id=${apart}`, {}, athlete.token).expect(200);
    const refusedId = a.status === 409 ? first : second;
    expect(await statusOf(testApp, refusedId)).toBe(1);
    await settle(testApp);
    expect(await movementsOf(testApp, refusedId)).toEqual(['authorised']);
  });

  it('an administrator’s cancel of an accepted request refunds it in full and takes back the athlete’s share', async () => {
    const admin = await createSignedIn(testApp, UserType.Admin);
    const id = await bookAndPay(testApp, fan, bookingPayload('video_chat', athlete.account.id));
    await api(testApp).put(`/booking/request/accept?request_id=${id}`, {}, athlete.token).expect(200);
    await settle(testApp);
    await api(testApp).put(`/admin/requests/cancel?request_id=${id}`, {}, admin.token).expect(200);
    await settle(testApp);
    expect(await movementsOf(testApp, id)).toEqual(['authorised', 'captured', 'owed_to_athlete', 'refunded']);
    const [{ payable }] = await testApp.dataSource.query(
      `SELECT coalesce(sum(amount_cents), 0)::int AS payable FROM ledger_entries WHERE request_id = $1 AND account = $2`,
      [id, `athlete_payable:${athlete.account.id}`],
    );
    expect(payable).toBe(0);
  });

  it('the athlete delivers a video: the requester gets only a watermarked copy until approval and review', async () => {
    const id = await bookAndPay(testApp, fan, bookingPayload('shoutout', athlete.account.id));
    await api(testApp).put(`/booking/request/accept?request_id=${id}`, {}, athlete.token).expect(200);
    const other = await createBookableAthlete(testApp);
    await request(testApp.server)
      .post('/api/v1/athlete/shoutouts')
      .set('x-access-token', other.token)
      .field('request_id', id)
      .attach('video', fixture('intro-5s.mp4'), { filename: 'v.mp4', contentType: 'video/mp4' })
      .expect(404);
    await request(testApp.server)
      .post('/api/v1/athlete/shoutouts')
      .set('x-access-token', athlete.token)
      .field('request_id', id)
      .attach('video', Buffer.from('not a video at all'), { filename: 'v.mp4', contentType: 'video/mp4' })
      .expect(415);
    const delivered = await request(testApp.server)
      .post('/api/v1/athlete/shoutouts')
      .set('x-access-token', athlete.token)
      .field('request_id', id)
      .attach('video', fixture('long-31s.mp4'), { filename: 'v.mp4', contentType: 'video/mp4' })
      .expect(201);
    expect(delivered.body.request).toMatchObject({ status: 4, video: { watermarked: false } });
    const original: string = delivered.body.request.details.video;

    const asRequester = await api(testApp).get(`/booking/request?id=${id}`, fan.token).expect(200);
    expect(asRequester.body.request.details.video).toBeUndefined();
    expect(asRequester.body.request.video).toMatchObject({ watermarked: true, download_url: null });
    expect(asRequester.body.request.available_actions).toEqual(['approve', 'flag']);

    await settle(testApp);
    const watermarked = await api(testApp).get(`/booking/request/video?request_id=${id}`, fan.token).expect(302);
    expect(watermarked.headers.location).not.toContain(original.split('/').pop());
    const copy = await request(testApp.server).get(`/api/v1/${watermarked.headers.location.replace(/^(\.\.\/)+/, '')}`).expect(200);
    const athleteView = await api(testApp).get(`/booking/request/video?request_id=${id}`, athlete.token).expect(302);
    expect(athleteView.headers.location).toContain(original.split('/').pop());
    const source = await request(testApp.server).get(`/api/v1/${athleteView.headers.location.replace(/^(\.\.\/)+/, '')}`).expect(200);
    expect(copy.headers['content-type']).toBe('video/mp4');
    expect(Buffer.compare(copy.body as Buffer, source.body as Buffer)).not.toBe(0);

    await api(testApp).put('/booking/request/approve', { request_id: id }, fan.token).expect(200);
    const stillMarked = await api(testApp).get(`/booking/request/video?request_id=${id}`, fan.token).expect(302);
    expect(stillMarked.headers.location).not.toContain(original.split('/').pop());
    await api(testApp).put('/booking/reviews', { request_id: id, rate: 0 }, fan.token).expect(400);
    const reviewed = await api(testApp).put('/booking/reviews', { request_id: id, rate: 5 }, fan.token).expect(200);
    expect(reviewed.body.request).toMatchObject({ reviewed: true, review: { rate: 5 }, video: { watermarked: false } });
    const unmarked = await api(testApp).get(`/booking/request/video?request_id=${id}`, fan.token).expect(302);
    expect(unmarked.headers.location).toContain(original.split('/').pop());
    const profile = await api(testApp).get(`/public/athletes?athlete_id=${athlete.account.id}`).expect(200);
    expect(profile.body.reviews.map((review: { rate: number }) => review.rate)).toContain(5);
    await settle(testApp);
  });
});

describe('request timers, on a clock the test moves', () => {
  let testApp: TestApp;
  let clock: FakeClock;
  let fan: SignedIn;
  let athlete: SignedIn;

  beforeAll(async () => {
    clock = new FakeClock(new Date());
    testApp = await createTestApp({ overrides: [{ provide: Clock, useValue: clock }] });
    fan = await createSignedIn(testApp, UserType.Fan);
    athlete = await createBookableAthlete(testApp);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  const sweep = () => testApp.get(RequestTimers).sweepDue();
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

  it('a pending request expires 6 days after payment and its hold is released', async () => {
    const id = await bookAndPay(testApp, fan, bookingPayload('shoutout', athlete.account.id, { now: nowSeconds() }));
    clock.advance((6 * DAY - 60) * 1000);
    await sweep();
    expect(await statusOf(testApp, id)).toBe(1);
    clock.advance(120 * 1000);
    expect((await sweep()).expired).toBeGreaterThanOrEqual(1);
    expect(await statusOf(testApp, id)).toBe(3);
    await settle(testApp);
    expect(await movementsOf(testApp, id)).toEqual(['authorised', 'voided']);
    const history = await testApp.dataSource.query(`SELECT action, actor_party FROM request_history WHERE request_id = $1 ORDER BY id DESC LIMIT 1`, [id]);
    expect(history[0]).toEqual({ action: 'expire', actor_party: 'system' });
  });

  it('a timed request expires an hour before its start when that comes first', async () => {
    const id = await bookAndPay(testApp, fan, bookingPayload('personal_appearance', athlete.account.id, { now: nowSeconds(), startsIn: 2 * DAY }));
    const { body } = await api(testApp).get(`/booking/request?id=${id}`, fan.token).expect(200);
    expect(body.request.expiration_time).toBe(body.request.event.start_time - HOUR);
    clock.advance((2 * DAY - HOUR + 30) * 1000);
    await sweep();
    expect(await statusOf(testApp, id)).toBe(3);
    await settle(testApp);
  });

  it("a deleted athlete's accepted event that has already started is left to its timers: it may have taken place", async () => {
    const leaving = await createBookableAthlete(testApp);
    const camp = await bookAndPay(testApp, fan, bookingPayload('camp', leaving.account.id, { now: nowSeconds(), startsIn: DAY, hours: 2 }));
    await api(testApp).put(`/booking/request/accept?request_id=${camp}`, {}, leaving.token).expect(200);
    clock.advance((DAY + 60) * 1000);
    await api(testApp).delete('/user/accounts/self', leaving.token).expect(200);
    await settle(testApp);
    expect(await statusOf(testApp, camp)).toBe(2);
    clock.advance((2 * HOUR + 2 * DAY) * 1000);
    await sweep();
    expect(await statusOf(testApp, camp)).toBe(5);
    await settle(testApp);
  });

  it("a deletion's job that runs after the event started still judges it at the deletion: not started then, so canceled and refunded", async () => {
    const leaving = await createBookableAthlete(testApp);
    const start = nowSeconds() + DAY;
    const camp = await bookAndPay(testApp, fan, bookingPayload('camp', leaving.account.id, { now: nowSeconds(), startsIn: DAY, hours: 2 }));
    await api(testApp).put(`/booking/request/accept?request_id=${camp}`, {}, leaving.token).expect(200);
    await settle(testApp);
    // The deletion was a minute before the start; its job runs (a backlog, a retry) a minute after it.
    clock.advance((DAY + 60) * 1000);
    await testApp.dataSource.transaction((manager) =>
      testApp.get(JobsService).publishIn<AccountClosedEvent>(manager, ACCOUNT_CLOSED, { accountId: leaving.account.id, userType: UserType.Athlete, closedAt: new Date((start - 60) * 1000).toISOString() }),
    );
    await settle(testApp);
    expect(await statusOf(testApp, camp)).toBe(3);
    expect(await movementsOf(testApp, camp)).toEqual(['authorised', 'captured', 'owed_to_athlete', 'refunded']);
  });

  it('a delivered video nobody approves is completed after 7 days; an event 2 days after it ended', async () => {
    const video = await bookAndPay(testApp, fan, bookingPayload('shoutout', athlete.account.id, { now: nowSeconds() }));
    const camp = await bookAndPay(testApp, fan, bookingPayload('camp', athlete.account.id, { now: nowSeconds(), startsIn: DAY, hours: 2 }));
    await api(testApp).put(`/booking/request/accept?request_id=${video}`, {}, athlete.token).expect(200);
    await api(testApp).put(`/booking/request/accept?request_id=${camp}`, {}, athlete.token).expect(200);
    await deliverVideo(testApp, athlete, video);
    clock.advance((DAY + 2 * HOUR + 2 * DAY - 60) * 1000);
    await sweep();
    expect(await statusOf(testApp, camp)).toBe(2);
    clock.advance(120 * 1000);
    await sweep();
    expect(await statusOf(testApp, camp)).toBe(5);
    expect(await statusOf(testApp, video)).toBe(4);
    clock.advance(7 * DAY * 1000);
    await sweep();
    expect(await statusOf(testApp, video)).toBe(5);
    await settle(testApp);
  });

  it('an unpaid draft is deleted after a day', async () => {
    const { id } = await book(testApp, fan, bookingPayload('video_chat', athlete.account.id, { now: nowSeconds() }));
    clock.advance(25 * HOUR * 1000);
    expect((await sweep()).deleted).toBeGreaterThanOrEqual(1);
    expect(await statusOf(testApp, id)).toBeUndefined();
    await settle(testApp);
  });
});
