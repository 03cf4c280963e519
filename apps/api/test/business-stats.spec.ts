import request from 'supertest';
import { UserType } from '@huddle/domain';
import { Clock } from '../src/common/time/clock';
import { businessStatsOf } from '../src/modules/booking/business-stats.query';
import { FOLD_ALL_PARTIES_SQL } from '../src/database/party-rollups';
import { api } from './support/accounts-api';
import { bookAndPay, bookingPayload, confirmCard, createBookableAthlete, movementsOf, settle, statusOf } from './support/booking';
import { FakeClock } from './support/fake-clock';
import { createSignedIn } from './support/fixtures';
import type { SignedIn } from './support/fixtures';
import { fixture } from './support/media';
import { clockSeconds, finishedRequest } from './support/payouts';
import { expectPartyRollupsTrue } from './support/party-rollups';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

const HOUR = 3600;
const DAY = 86400;

interface Bucket {
  start: number;
  label: string;
  spent: number;
}

interface BusinessStats {
  time_zone: string;
  totals: { spent: number; accepted: number; rejected: number };
  by_status: Record<string, number>;
  by_type: Array<{ type: string; count: number; spent: number; accepted: number; rejected: number }>;
  by_athlete: Array<{ athlete_id: string; name: string; count: number; spent: number }>;
  other_athletes: { athletes: number; count: number; spent: number };
  chart: { weeks: Bucket[]; months: Bucket[] };
}

interface Counters {
  pending: number;
  accepted: number;
  canceled: number;
  pending_review: number;
  finished: number;
  in_progress: number;
  business_stats?: BusinessStats;
  locker_room?: unknown;
}

/**
 * The business's /stats (issue 23) against a history computed by hand, made through the API with a
 * clock the test moves. The business books athlete A and athlete B:
 *
 * Thursday 26 November 2026, 12:00 UTC:
 * - personal appearance with A ($200), finished;
 * - video chat with A ($100) accepted then canceled by an administrator (refunded);
 * - shoutout with A ($10) declined;
 * - campaign 1: A's $50 share accepted, B's $30 share declined (its money goes back);
 * - campaign 2: A's $25 share, the campaign canceled while pending (given back).
 * Monday 30 November 03:00 UTC (Sunday 21:00 in Chicago): endorsement with A ($150), delivered.
 * Tuesday 1 December 03:00 UTC (Monday 30 November 21:00 in Chicago): training session with B ($60).
 * Tuesday 1 December 07:00 UTC (01:00 in Chicago): camp with A ($60) accepted, speaking engagement
 * with A ($20) pending, video chat with A ($100) accepted and started at 07:50.
 * Another business books A ($200 appearance, accepted) and a fan books A on 1 December ($100 video chat, pending).
 * Seen at 07:50 UTC on 1 December.
 */
describe("the business's stats: GET /booking/request/counters for a business", () => {
  let testApp: TestApp;
  let clock: FakeClock;
  let fan: SignedIn;
  let business: SignedIn;
  let rival: SignedIn;
  let admin: SignedIn;
  let athleteA: SignedIn;
  let athleteB: SignedIn;
  let pendingSpeaking: string;

  const counters = async (who: SignedIn, tz?: string): Promise<Counters> =>
    (await api(testApp).get(`/booking/request/counters${tz ? `?tz=${encodeURIComponent(tz)}` : ''}`, who.token).expect(200)).body.counters;
  const accept = (id: string, who: SignedIn) => api(testApp).put(`/booking/request/accept?request_id=${id}&disclosure_acknowledged=true`, {}, who.token).expect(200);
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
    rival = await createSignedIn(testApp, UserType.Business);
    admin = await createSignedIn(testApp, UserType.Admin);
    athleteA = await createBookableAthlete(testApp);
    athleteB = await createBookableAthlete(testApp);

    // Thursday 26 November, 12:00 UTC.
    await finishedRequest(testApp, clock, business, athleteA);
    at('2026-11-26T12:00:00Z');
    const refunded = await bookAndPay(testApp, business, bookingPayload('video_chat', athleteA.account.id, { now: clockSeconds(clock), startsIn: DAY }));
    await accept(refunded, athleteA);
    await settle(testApp);
    await api(testApp).put(`/admin/requests/cancel?request_id=${refunded}`, {}, admin.token).expect(200);
    const declined = await bookAndPay(testApp, business, bookingPayload('shoutout', athleteA.account.id, { now: clockSeconds(clock) }));
    await api(testApp).put(`/booking/request/decline?request_id=${declined}`, {}, athleteA.token).expect(200);
    const shares = await paidCampaign([
      [athleteA, 50],
      [athleteB, 30],
    ]);
    for (const share of shares) {
      if (share.athlete.id === athleteA.account.id) await accept(share.id, athleteA);
      else await api(testApp).put(`/booking/request/decline?request_id=${share.id}`, {}, athleteB.token).expect(200);
    }
    const given = await paidCampaign([[athleteA, 25]]);
    const campaignId: string = (await testApp.dataSource.query(`SELECT endorsement_campaign_id AS id FROM requests WHERE id = $1`, [given[0].id]))[0].id;
    await api(testApp).put(`/booking/request/campaign/cancel?campaign_id=${campaignId}`, {}, business.token).expect(200);
    await accept(await bookAndPay(testApp, rival, bookingPayload('personal_appearance', athleteA.account.id, { now: clockSeconds(clock), startsIn: 2 * DAY })), athleteA);
    await settle(testApp);
    const declinedShare = shares.find((share) => share.athlete.id === athleteB.account.id)!.id;
    expect(await statusOf(testApp, declinedShare)).toBe(3);

    // Monday 30 November, 03:00 UTC: an endorsement, accepted and delivered (pending review).
    at('2026-11-30T03:00:00Z');
    const endorsement = await bookAndPay(testApp, business, bookingPayload('endorsement', athleteA.account.id, { now: clockSeconds(clock) }));
    await accept(endorsement, athleteA);
    await request(testApp.server)
      .post('/api/v1/athlete/endorsements')
      .set('x-access-token', athleteA.token)
      .field('request_id', endorsement)
      .attach('video', fixture('intro-5s.mp4'), { filename: 'v.mp4', contentType: 'video/mp4' })
      .expect(201);
    await settle(testApp);

    // Tuesday 1 December, 03:00 UTC: a training session with B.
    at('2026-12-01T03:00:00Z');
    await accept(await bookAndPay(testApp, business, bookingPayload('training_session', athleteB.account.id, { now: clockSeconds(clock), startsIn: 3 * DAY })), athleteB);
    await settle(testApp);

    // Tuesday 1 December, 07:00 UTC.
    at('2026-12-01T07:00:00Z');
    await accept(await bookAndPay(testApp, business, bookingPayload('camp', athleteA.account.id, { now: clockSeconds(clock), startsIn: 5 * DAY })), athleteA);
    pendingSpeaking = await bookAndPay(testApp, business, bookingPayload('speaking_engagement', athleteA.account.id, { now: clockSeconds(clock), startsIn: 10 * DAY }));
    await bookAndPay(testApp, fan, bookingPayload('video_chat', athleteA.account.id, { now: clockSeconds(clock), startsIn: 2 * DAY }));
    const chat = await bookAndPay(testApp, business, bookingPayload('video_chat', athleteA.account.id, { now: clockSeconds(clock), startsIn: HOUR }));
    await accept(chat, athleteA);
    await settle(testApp);
    at('2026-12-01T07:50:00Z');
    await api(testApp).put(`/booking/request/start-video-chat?request_id=${chat}`, {}, athleteA.token).expect(200);
    expect(await statusOf(testApp, chat)).toBe(6);
    await settle(testApp);
  }, 240_000);

  afterAll(async () => {
    await testApp?.close();
  });

  it('counts every status, and totals spent (the ledger), accepted and rejected', async () => {
    const answer = await counters(business);
    expect(answer).toMatchObject({ pending: 1, accepted: 3, canceled: 4, pending_review: 1, finished: 1, in_progress: 1 });
    expect(answer.locker_room).toBeUndefined();
    const stats = answer.business_stats!;
    expect(stats.by_status).toEqual({ pending: 1, accepted: 3, canceled: 4, pending_review: 1, finished: 1, in_progress: 1 });
    // The pending speaking engagement is only held on the card: nothing captured, nothing spent.
    expect(await movementsOf(testApp, pendingSpeaking)).not.toContain('captured');
    // Spent: 200 + 50 + 150 + 60 + 60 + 100; accepted: the same requests at their price;
    // rejected: the refunded video chat 100, the declined shoutout 10, B's declined share 30, the canceled campaign's 25.
    expect(stats.totals).toEqual({ spent: 620, accepted: 620, rejected: 165 });
  });

  it('breaks it down by type, a campaign share by share', async () => {
    const stats = (await counters(business)).business_stats!;
    expect(stats.by_type).toEqual([
      { type: 'personal_appearance', count: 1, spent: 200, accepted: 200, rejected: 0 },
      { type: 'speaking_engagement', count: 1, spent: 0, accepted: 0, rejected: 0 },
      { type: 'training_session', count: 1, spent: 60, accepted: 60, rejected: 0 },
      { type: 'endorsement', count: 1, spent: 150, accepted: 150, rejected: 0 },
      { type: 'video_chat', count: 2, spent: 100, accepted: 100, rejected: 100 },
      { type: 'shoutout', count: 1, spent: 0, accepted: 0, rejected: 10 },
      { type: 'camp', count: 1, spent: 60, accepted: 60, rejected: 0 },
      { type: 'endorsement_campaign', count: 3, spent: 50, accepted: 50, rejected: 55 },
    ]);
  });

  it('breaks it down by athlete, most spent first, with their names', async () => {
    const stats = (await counters(business)).business_stats!;
    const nameOf = async (who: SignedIn): Promise<string> => {
      const [row] = await testApp.dataSource.query(`SELECT first_name, last_name FROM accounts WHERE id = $1`, [who.account.id]);
      return `${row.first_name} ${row.last_name}`;
    };
    expect(stats.by_athlete).toEqual([
      { athlete_id: athleteA.account.id, name: await nameOf(athleteA), count: 9, spent: 560 },
      { athlete_id: athleteB.account.id, name: await nameOf(athleteB), count: 2, spent: 60 },
    ]);
    expect(stats.other_athletes).toEqual({ athletes: 0, count: 0, spent: 0 });
  });

  it('names the athletes most spent on, and the rest together (the export names them all)', async () => {
    const manager = testApp.dataSource.manager;
    const now = testApp.get(Clock).now();
    const one = await businessStatsOf(manager, business.account.id, now, 'UTC', { athletes: 1 });
    expect(one.byAthlete.map((row) => [row.athleteId, row.count, row.spentCents])).toEqual([[athleteA.account.id, 9, 56000]]);
    expect(one.otherAthletes).toEqual({ athletes: 1, count: 2, spentCents: 6000 });
    const all = await businessStatsOf(manager, business.account.id, now, 'UTC', { athletes: null });
    expect(all.byAthlete.map((row) => row.athleteId)).toEqual([athleteA.account.id, athleteB.account.id]);
    expect(all.otherAthletes).toEqual({ athletes: 0, count: 0, spentCents: 0 });
  });

  it('reads its rollups: they hold exactly what the requests say, and folding them changes no answer', async () => {
    const before = [await counters(business, 'America/Chicago'), await counters(business)];
    expect(await expectPartyRollupsTrue(testApp.dataSource)).toBeGreaterThan(10);
    expect([await counters(business, 'America/Chicago'), await counters(business)]).toEqual(before);
  });

  it('names the athletes right when rows were appended after a fold: an athlete overtaking, one leaving, one arriving, one netting to nothing', async () => {
    const newcomer = await createSignedIn(testApp, UserType.Athlete);
    const passing = await createSignedIn(testApp, UserType.Athlete);
    const runner = testApp.dataSource.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    try {
      for (const statement of FOLD_ALL_PARTIES_SQL) await runner.query(statement);
      const id = business.account.id;
      // After the fold: B overtakes A, A's requests all go (refunded and gone), a new athlete comes, another comes and goes.
      await runner.query(
        `INSERT INTO requester_athletes (requester_id, athlete_id, requests, spent_cents) VALUES
           ($1, $2, 3, 100000), ($1, $3, -9, -56000), ($1, $3, 0, 0), ($1, $4, 1, 500), ($1, $5, 1, 700), ($1, $5, -1, -700)`,
        [id, athleteB.account.id, athleteA.account.id, newcomer.account.id, passing.account.id],
      );
      // What a plain sum of every row says, beside the read model's split of settled and appended rows.
      const expected: Array<{ athlete_id: string; requests: number; spent: number }> = await runner.query(
        `SELECT athlete_id, sum(requests)::int AS requests, sum(spent_cents)::int AS spent FROM requester_athletes WHERE requester_id = $1
          GROUP BY 1 HAVING sum(requests) <> 0 ORDER BY 3 DESC, 2 DESC, 1`,
        [id],
      );
      expect(expected.map((row) => [row.athlete_id, row.requests, row.spent])).toEqual([
        [athleteB.account.id, 5, 106000],
        [newcomer.account.id, 1, 500],
      ]);
      const now = testApp.get(Clock).now();
      const all = await businessStatsOf(runner.manager, id, now, 'UTC', { athletes: null });
      expect(all.byAthlete.map((row) => [row.athleteId, row.count, row.spentCents])).toEqual(expected.map((row) => [row.athlete_id, row.requests, row.spent]));
      expect(all.unfolded).toBe(6);
      const first = await businessStatsOf(runner.manager, id, now, 'UTC', { athletes: 1 });
      expect(first.byAthlete.map((row) => row.athleteId)).toEqual([athleteB.account.id]);
      expect(first.otherAthletes.athletes).toBe(1);
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });

  it('spends over 12 weeks and 12 months in UTC, by the acceptance', async () => {
    const stats = (await counters(business)).business_stats!;
    expect(stats.time_zone).toBe('UTC');
    expect(stats.chart.weeks).toHaveLength(12);
    expect(stats.chart.months).toHaveLength(12);
    expect(stats.chart.weeks.slice(-2)).toEqual([
      { start: Date.parse('2026-11-23T00:00:00Z') / 1000, label: 'Nov 23', spent: 250 },
      { start: Date.parse('2026-11-30T00:00:00Z') / 1000, label: 'Nov 30', spent: 370 },
    ]);
    expect(stats.chart.weeks.slice(0, -2).every((bucket) => bucket.spent === 0)).toBe(true);
    expect(stats.chart.months.slice(-2)).toEqual([
      { start: Date.parse('2026-11-01T00:00:00Z') / 1000, label: 'Nov 2026', spent: 400 },
      { start: Date.parse('2026-12-01T00:00:00Z') / 1000, label: 'Dec 2026', spent: 220 },
    ]);
  });

  it("puts the same spending in other periods in Chicago's zone", async () => {
    const stats = (await counters(business, 'America/Chicago')).business_stats!;
    expect(stats.time_zone).toBe('America/Chicago');
    // The endorsement (Sunday 21:00) falls in the week of 23 November, the training session (Monday 21:00) in November.
    expect(stats.chart.weeks.slice(-2).map((bucket) => [bucket.label, bucket.spent])).toEqual([
      ['Nov 23', 400],
      ['Nov 30', 220],
    ]);
    expect(stats.chart.months.slice(-2)).toEqual([
      { start: Date.parse('2026-11-01T05:00:00Z') / 1000, label: 'Nov 2026', spent: 460 },
      { start: Date.parse('2026-12-01T06:00:00Z') / 1000, label: 'Dec 2026', spent: 160 },
    ]);
    const sum = (buckets: Bucket[]) => Math.round(buckets.reduce((total, bucket) => total + bucket.spent * 100, 0)) / 100;
    expect(sum(stats.chart.weeks)).toBe(620);
    expect(sum(stats.chart.months)).toBe(620);
  });

  it("never mixes in another business's requests", async () => {
    const stats = (await counters(rival)).business_stats!;
    expect(stats.totals).toEqual({ spent: 200, accepted: 200, rejected: 0 });
    expect(stats.by_athlete).toEqual([expect.objectContaining({ athlete_id: athleteA.account.id, count: 1, spent: 200 })]);
    const fresh = await createSignedIn(testApp, UserType.Business);
    const empty = (await counters(fresh)).business_stats!;
    expect(empty.totals).toEqual({ spent: 0, accepted: 0, rejected: 0 });
    expect(empty.by_athlete).toEqual([]);
    expect(empty.by_type.every((row) => row.count === 0)).toBe(true);
    expect(empty.chart.months.every((bucket) => bucket.spent === 0)).toBe(true);
  });

  it('fans get exactly what they got before; a bad zone gets the envelope', async () => {
    expect(await counters(fan, 'America/Chicago')).toEqual({ pending: 1, accepted: 0, canceled: 0, pending_review: 0, finished: 0, in_progress: 0 });
    const response = await api(testApp).get(`/booking/request/counters?tz=${encodeURIComponent('Mars/Olympus')}`, business.token).expect(400);
    expect(response.body.errors.tz).toBe('Choose a valid time zone');
  });
});
