import request from 'supertest';
import { UserType } from '@huddle/domain';
import { Clock } from '../src/common/time/clock';
import { api } from './support/accounts-api';
import { bookAndPay, bookingPayload, confirmCard, createBookableAthlete, settle, statusOf } from './support/booking';
import { FakeClock } from './support/fake-clock';
import { createSignedIn } from './support/fixtures';
import type { SignedIn } from './support/fixtures';
import { fixture } from './support/media';
import { clockSeconds, connectSandboxAccount, finishedRequest } from './support/payouts';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';
import { expectPartyRollupsTrue } from './support/party-rollups';

const HOUR = 3600;
const DAY = 86400;

interface Bucket {
  start: number;
  label: string;
  earnings: number;
}

interface LockerRoom {
  time_zone: string;
  week_start: number;
  month_start: number;
  earnings: { total: number; week: number; month: number };
  money: { owed: number; payable: number; on_its_way: number; paid_out: number };
  requests: { total: number; pending: number; week: number; month: number; by_type: Array<{ type: string; total: number; pending: number }> };
  chart: { weeks: Bucket[]; months: Bucket[] };
}

interface Counters {
  pending: number;
  accepted: number;
  canceled: number;
  pending_review: number;
  finished: number;
  in_progress: number;
  locker_room?: LockerRoom;
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/**
 * The athlete's locker room (issue 23) against a history computed by hand. The fixtures (every
 * status, every type, a refund, a campaign share given back, a payout, requests on both sides of a
 * midnight and of 1 December in UTC and in Chicago) are made through the API with a clock the test
 * moves; the athlete's split is 80% (a $200 appearance pays $160).
 *
 * Thursday 26 November 2026, 12:00 UTC:
 * - personal appearance, finished 3 h later ($160 earned), $100 of it paid out;
 * - video chat accepted then canceled by an administrator (refunded: $0), shoutout declined;
 * - campaign 1: $50 share accepted ($40), another athlete's $30 share accepted ($24, theirs);
 * - campaign 2: a $25 share, the campaign canceled while pending (given back: $0).
 * Monday 30 November 03:00 UTC (Sunday 21:00 in Chicago): endorsement ($150 -> $120), video delivered.
 * Tuesday 1 December 03:00 UTC (Monday 30 November 21:00 in Chicago): training session ($60 -> $48).
 * Tuesday 1 December 07:00 UTC (01:00 in Chicago): camp ($60 -> $48) accepted, speaking engagement
 * pending, video chat ($100 -> $80) accepted and started 50 minutes later; another athlete's pending one.
 * Seen at 07:50 UTC on 1 December.
 */
describe('the locker room: GET /booking/request/counters for an athlete', () => {
  let testApp: TestApp;
  let clock: FakeClock;
  let fan: SignedIn;
  let business: SignedIn;
  let admin: SignedIn;
  let athlete: SignedIn;
  let other: SignedIn;

  const counters = async (who: SignedIn, tz?: string): Promise<Counters> =>
    (await api(testApp).get(`/booking/request/counters${tz ? `?tz=${encodeURIComponent(tz)}` : ''}`, who.token).expect(200)).body.counters;
  const accept = (id: string, who: SignedIn = athlete) => api(testApp).put(`/booking/request/accept?request_id=${id}&disclosure_acknowledged=true`, {}, who.token).expect(200);
  const at = (isoTime: string) => clock.advance(new Date(isoTime).getTime() - clock.now().getTime());

  async function paidCampaign(prices: Array<[SignedIn, number]>): Promise<Array<{ id: string; athlete: { id: string } }>> {
    const form = {
      name: 'Winter launch',
      endorsement_task: 'Post a reel wearing our new jersey',
      endorsement_link: 'example.com/jersey',
      social_media_platform: 'instagram',
      athlete_ids: prices.map(([who]) => who.account.id).join(','),
      proposed_amounts: JSON.stringify(prices.map(([who, amount]) => ({ athlete_id: who.account.id, amount }))),
    };
    const created = await api(testApp).postForm('/booking/request/endorsement_campaign/create', form, business.token).expect(201);
    const id: string = created.body.campaign.id;
    const sheet = await api(testApp).post(`/payments/payment-sheet?endorsement_campaign_id=${id}`, {}, business.token).expect(200);
    await confirmCard(testApp, business, sheet.body.payment_intent.client_secret);
    const paid = await api(testApp).post('/payments/set-paid', { endorsement_campaign_id: id }, business.token).expect(200);
    return paid.body.campaign.requests;
  }

  beforeAll(async () => {
    clock = new FakeClock(new Date('2026-11-26T12:00:00Z'));
    testApp = await createTestApp({ overrides: [{ provide: Clock, useValue: clock }] });
    fan = await createSignedIn(testApp, UserType.Fan);
    business = await createSignedIn(testApp, UserType.Business);
    admin = await createSignedIn(testApp, UserType.Admin);
    athlete = await createBookableAthlete(testApp);
    other = await createBookableAthlete(testApp);

    // Thursday 26 November, 12:00 UTC.
    await finishedRequest(testApp, clock, fan, athlete);
    await connectSandboxAccount(testApp, athlete);
    await request(testApp.server)
      .post('/api/v1/admin/payments/payout-send')
      .set('x-access-token', admin.token)
      .send({ payout_items: [{ athlete_id: athlete.account.id, amount: 100, email: athlete.account.email, phone: athlete.account.phone }] })
      .expect(201);
    const refunded = await bookAndPay(testApp, fan, bookingPayload('video_chat', athlete.account.id, { now: clockSeconds(clock), startsIn: DAY }));
    await accept(refunded);
    await settle(testApp);
    await api(testApp).put(`/admin/requests/cancel?request_id=${refunded}`, {}, admin.token).expect(200);
    const declined = await bookAndPay(testApp, fan, bookingPayload('shoutout', athlete.account.id, { now: clockSeconds(clock) }));
    await api(testApp).put(`/booking/request/decline?request_id=${declined}`, {}, athlete.token).expect(200);
    const shares = await paidCampaign([
      [athlete, 50],
      [other, 30],
    ]);
    for (const share of shares) await accept(share.id, share.athlete.id === athlete.account.id ? athlete : other);
    const given = await paidCampaign([[athlete, 25]]);
    const campaignId: string = (await testApp.dataSource.query(`SELECT endorsement_campaign_id AS id FROM requests WHERE id = $1`, [given[0].id]))[0].id;
    await api(testApp).put(`/booking/request/campaign/cancel?campaign_id=${campaignId}`, {}, business.token).expect(200);
    await settle(testApp);

    // Monday 30 November, 03:00 UTC: an endorsement, accepted and delivered (pending review).
    at('2026-11-30T03:00:00Z');
    const endorsement = await bookAndPay(testApp, fan, bookingPayload('endorsement', athlete.account.id, { now: clockSeconds(clock) }));
    await accept(endorsement);
    await request(testApp.server)
      .post('/api/v1/athlete/endorsements')
      .set('x-access-token', athlete.token)
      .field('request_id', endorsement)
      .attach('video', fixture('intro-5s.mp4'), { filename: 'v.mp4', contentType: 'video/mp4' })
      .expect(201);
    await settle(testApp);

    // Tuesday 1 December, 03:00 UTC: a training session.
    at('2026-12-01T03:00:00Z');
    await accept(await bookAndPay(testApp, fan, bookingPayload('training_session', athlete.account.id, { now: clockSeconds(clock), startsIn: 3 * DAY })));

    // Tuesday 1 December, 07:00 UTC.
    at('2026-12-01T07:00:00Z');
    await accept(await bookAndPay(testApp, fan, bookingPayload('camp', athlete.account.id, { now: clockSeconds(clock), startsIn: 5 * DAY })));
    await bookAndPay(testApp, fan, bookingPayload('speaking_engagement', athlete.account.id, { now: clockSeconds(clock), startsIn: 10 * DAY }));
    await bookAndPay(testApp, fan, bookingPayload('shoutout', other.account.id, { now: clockSeconds(clock) }));
    const chat = await bookAndPay(testApp, fan, bookingPayload('video_chat', athlete.account.id, { now: clockSeconds(clock), startsIn: HOUR }));
    await accept(chat);
    await settle(testApp);
    at('2026-12-01T07:50:00Z');
    await api(testApp).put(`/booking/request/start-video-chat?request_id=${chat}`, {}, athlete.token).expect(200);
    expect(await statusOf(testApp, chat)).toBe(6);
    await settle(testApp);
  }, 180_000);

  afterAll(async () => {
    await testApp?.close();
  });

  it("carries on every request exactly what the ledger holds of its money (the read models' columns)", async () => {
    const ledger = await testApp.dataSource.query(
      `SELECT r.id,
              (SELECT -sum(e.amount_cents) FROM ledger_entries e WHERE e.request_id = r.id AND e.account = 'athlete_payable:' || r.athlete_id::text)::text AS share,
              (SELECT min(e.created_at) FROM ledger_entries e WHERE e.request_id = r.id AND e.account = 'athlete_payable:' || r.athlete_id::text AND e.movement = 'owed_to_athlete') AS owed_at,
              (SELECT coalesce(sum(e.amount_cents), 0) FROM ledger_entries e WHERE e.request_id = r.id AND e.account = 'cash' AND e.movement IN ('captured', 'refunded', 'returned'))::text AS spent
         FROM requests r ORDER BY r.id`,
    );
    const columns = await testApp.dataSource.query(`SELECT id, athlete_share_cents::text AS share, owed_at, spent_cents::text AS spent FROM requests ORDER BY id`);
    expect(columns).toEqual(ledger);
    // The fixture moved money every way: shares owed, refunded and given back, cash captured and returned.
    expect(columns.filter((row: { share: string | null }) => row.share !== null).length).toBeGreaterThanOrEqual(5);
    expect(columns.some((row: { share: string | null }) => row.share === '0')).toBe(true);
    expect(columns.filter((row: { spent: string }) => row.spent !== '0').length).toBeGreaterThanOrEqual(5);
  });

  it('reads its rollups: they hold exactly what the requests say, and folding them changes no answer', async () => {
    const before = [await counters(athlete, 'America/Chicago'), await counters(athlete)];
    expect(await expectPartyRollupsTrue(testApp.dataSource)).toBeGreaterThan(20);
    expect([await counters(athlete, 'America/Chicago'), await counters(athlete)]).toEqual(before);
  });

  it('counts every status and every type, pending per type', async () => {
    const answer = await counters(athlete);
    expect(answer).toMatchObject({ pending: 1, accepted: 3, canceled: 3, pending_review: 1, finished: 1, in_progress: 1 });
    const room = answer.locker_room!;
    expect(room.requests).toMatchObject({ total: 10, pending: 1 });
    expect(room.requests.by_type).toEqual([
      { type: 'personal_appearance', total: 1, pending: 0 },
      { type: 'speaking_engagement', total: 1, pending: 1 },
      { type: 'training_session', total: 1, pending: 0 },
      { type: 'endorsement', total: 1, pending: 0 },
      { type: 'video_chat', total: 2, pending: 0 },
      { type: 'shoutout', total: 1, pending: 0 },
      { type: 'camp', total: 1, pending: 0 },
      { type: 'endorsement_campaign', total: 2, pending: 0 },
    ]);
  });

  it('earns from the ledger, net of the refund and of the share given back, by week and month in UTC', async () => {
    const room = (await counters(athlete))!.locker_room!;
    expect(room.time_zone).toBe('UTC');
    expect(iso(room.week_start)).toBe('2026-11-30T00:00:00.000Z');
    expect(iso(room.month_start)).toBe('2026-12-01T00:00:00.000Z');
    // 160 + 40 + 120 + 48 + 48 + 80; this week from Monday 00:00 UTC: 120 + 48 + 48 + 80; December: 48 + 48 + 80.
    expect(room.earnings).toEqual({ total: 496, week: 296, month: 176 });
    expect(room.requests).toMatchObject({ week: 5, month: 4 });
    expect(room.chart.weeks).toHaveLength(12);
    expect(room.chart.weeks.slice(-2)).toEqual([
      { start: Date.parse('2026-11-23T00:00:00Z') / 1000, label: 'Nov 23', earnings: 200 },
      { start: Date.parse('2026-11-30T00:00:00Z') / 1000, label: 'Nov 30', earnings: 296 },
    ]);
    expect(room.chart.weeks.slice(0, -2).every((bucket) => bucket.earnings === 0)).toBe(true);
    expect(room.chart.months.slice(-2).map((bucket) => [bucket.label, bucket.earnings])).toEqual([
      ['Nov 2026', 320],
      ['Dec 2026', 176],
    ]);
  });

  it("puts the same requests in other periods in Chicago's zone", async () => {
    const room = (await counters(athlete, 'America/Chicago')).locker_room!;
    expect(room.time_zone).toBe('America/Chicago');
    expect(iso(room.week_start)).toBe('2026-11-30T06:00:00.000Z');
    expect(iso(room.month_start)).toBe('2026-12-01T06:00:00.000Z');
    // Sunday 21:00 and Monday 21:00 in Chicago: the endorsement is last week's, the training session November's.
    expect(room.earnings).toEqual({ total: 496, week: 176, month: 128 });
    expect(room.requests).toMatchObject({ week: 4, month: 3 });
    expect(room.chart.weeks.slice(-2).map((bucket) => [bucket.label, bucket.earnings])).toEqual([
      ['Nov 23', 320],
      ['Nov 30', 176],
    ]);
    expect(room.chart.months.slice(-2).map((bucket) => [bucket.label, bucket.earnings])).toEqual([
      ['Nov 2026', 368],
      ['Dec 2026', 128],
    ]);
    const sum = (buckets: Bucket[]) => Math.round(buckets.reduce((total, bucket) => total + bucket.earnings * 100, 0)) / 100;
    expect(sum(room.chart.weeks)).toBe(496);
    expect(sum(room.chart.months)).toBe(496);
  });

  it('shows the money as the payouts page does: payable, on its way, paid out', async () => {
    const room = (await counters(athlete)).locker_room!;
    // $160 finished, $100 of it paid; owed: 40 + 120 + 48 + 48 + 80 captured on requests not finished.
    expect(room.money).toEqual({ owed: 336, payable: 60, on_its_way: 0, paid_out: 100 });
    const page = (await api(testApp).get('/payouts/summary', athlete.token).expect(200)).body;
    expect(room.money).toEqual({ owed: page.owed, payable: page.payable, on_its_way: page.on_its_way, paid_out: page.paid });
  });

  it('agrees with the request feed', async () => {
    const tab = async (status: string) => (await api(testApp).get(`/booking/request/filter?status=${status}&page_size=50`, athlete.token).expect(200)).body;
    const [pending, accepted, finished] = [await tab('pending'), await tab('accepted'), await tab('finished')];
    const answer = await counters(athlete);
    expect(pending.total).toBe(answer.pending);
    expect(accepted.total).toBe(answer.accepted + answer.pending_review + answer.in_progress);
    expect(finished.total).toBe(answer.finished + answer.canceled);
    expect(pending.total + accepted.total + finished.total).toBe(answer.locker_room!.requests.total);
    const types = [...pending.requests, ...accepted.requests, ...finished.requests].map((row: { type: string }) => row.type);
    const feedPending = (type: string) => pending.requests.filter((row: { type: string }) => row.type === type).length;
    for (const row of answer.locker_room!.requests.by_type) {
      if (row.type === 'endorsement_campaign') continue; // the feed lists a share with its own type, endorsement
      expect({ type: row.type, pending: feedPending(row.type) }).toEqual({ type: row.type, pending: row.pending });
    }
    expect(types.filter((type) => type === 'endorsement' || type === 'endorsement_campaign')).toHaveLength(3);
  });

  it("never mixes in another athlete's numbers", async () => {
    const answer = await counters(other);
    expect(answer).toMatchObject({ pending: 1, accepted: 1, canceled: 0, pending_review: 0, finished: 0, in_progress: 0 });
    expect(answer.locker_room!.earnings).toEqual({ total: 24, week: 0, month: 0 });
    expect(answer.locker_room!.money).toEqual({ owed: 24, payable: 0, on_its_way: 0, paid_out: 0 });
    expect(answer.locker_room!.requests).toMatchObject({ total: 2, pending: 1, week: 1, month: 1 });
    const fresh = await createBookableAthlete(testApp);
    const empty = (await counters(fresh)).locker_room!;
    expect(empty.earnings).toEqual({ total: 0, week: 0, month: 0 });
    expect(empty.requests.total).toBe(0);
    expect(empty.chart.weeks.every((bucket) => bucket.earnings === 0)).toBe(true);
  });

  it('fans get what they got before, businesses their counts, neither a locker room', async () => {
    const asFan = await counters(fan, 'America/Chicago');
    expect(asFan).toEqual({ pending: 2, accepted: 2, canceled: 2, pending_review: 1, finished: 1, in_progress: 1 });
    const asBusiness = await counters(business);
    // A business's statistics (business_stats) have their own spec, business-stats.spec.ts.
    expect(asBusiness).toMatchObject({ pending: 0, accepted: 2, canceled: 1, pending_review: 0, finished: 0, in_progress: 0 });
    expect(asBusiness.locker_room).toBeUndefined();
    await api(testApp).get('/booking/request/counters', admin.token).expect(403);
    await request(testApp.server).get('/api/v1/booking/request/counters').expect(401);
  });

  it('refuses a time zone that is not one, with the envelope', async () => {
    for (const tz of ['Mars/Olympus', "UTC'--", 'x'.repeat(80)]) {
      const response = await api(testApp).get(`/booking/request/counters?tz=${encodeURIComponent(tz)}`, athlete.token).expect(400);
      expect(response.body.status_response).toMatchObject({ response_internal_code: 1400 });
      expect(response.body.errors.tz).toBe('Choose a valid time zone');
    }
  });
});
