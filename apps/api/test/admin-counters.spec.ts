import { UserType } from '@huddle/domain';
import { adminCounters } from '@huddle/domain/admin';
import { adminCountersOf, periodParts } from '../src/modules/admin/admin-counters.query';
import { LEDGER_LINES, recordMovement } from '../src/modules/payments/ledger';
import type { AdminCounters } from '@huddle/domain/admin';
import { api } from './support/accounts-api';
import { createAccount, createSignedIn } from './support/fixtures';
import type { SignedIn } from './support/fixtures';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

describe("the administrator's counters (GET /admin/counters)", () => {
  let testApp: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    testApp = await createTestApp();
    admin = await createSignedIn(testApp, UserType.Admin);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  type Answer = AdminCounters & { period: { from: number | null; to: number | null }; money: Record<'captured' | 'fees' | 'refunded' | 'paid_out' | 'payable', number> };

  const answerFor = async (query = ''): Promise<Answer> => {
    const { body } = await api(testApp).get(`/admin/counters${query}`, admin.token).expect(200);
    delete body.status_response;
    return body;
  };

  /** The counters alone (the period and money have their own tests). */
  const counters = async (query = ''): Promise<AdminCounters> => {
    const { period: _period, money: _money, ...rest } = await answerFor(query);
    return rest;
  };

  /** `before` plus the hand-counted differences, key by key (money rounded to cents). */
  function plus(before: AdminCounters, delta: { [K in keyof AdminCounters]?: AdminCounters[K] extends number ? number : Record<string, number> }): AdminCounters {
    const result = structuredClone(before) as unknown as Record<string, unknown>;
    for (const [key, value] of Object.entries(delta)) {
      if (typeof value === 'number') result[key] = Math.round(((result[key] as number) + value) * 100) / 100;
      else {
        const map = { ...(result[key] as Record<string, number>) };
        for (const [inner, add] of Object.entries(value as Record<string, number>)) map[inner] = Math.round(((map[inner] ?? 0) + add) * 100) / 100;
        result[key] = map;
      }
    }
    return result as unknown as AdminCounters;
  }

  async function request(fields: {
    type: string;
    status: number;
    athleteId: string;
    requesterId: string;
    cents: number;
    paid: boolean;
    campaignId?: string | null;
    createdAt?: string | Date;
  }): Promise<void> {
    const fee = Math.round(fields.cents * 0.2);
    await testApp.dataSource.query(
      `INSERT INTO requests (type, status, athlete_id, requester_id, name, request_amount_cents, fee_amount_cents, amount_to_athlete_cents, paid, paid_at, endorsement_campaign_id, finished_at, created_at)
       VALUES ($1, $2::smallint, $3, $4, 'Counted', $5, $6, $7, $8::boolean, CASE WHEN $8::boolean THEN now() END, $9, CASE WHEN $2::smallint = 5 THEN now() END, coalesce($10::timestamptz, now()))`,
      [fields.type, fields.status, fields.athleteId, fields.requesterId, fields.cents, fee, fields.cents - fee, fields.paid, fields.campaignId ?? null, fields.createdAt ?? null],
    );
  }

  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

  /** Money through the ledger's own movements (payments' ledger.ts), then dated when it moved. */
  async function money(subject: string, at: Date | string, moves: (manager: Parameters<typeof recordMovement>[0]) => Promise<void>): Promise<void> {
    await testApp.dataSource.transaction(async (manager) => {
      await moves(manager);
      await manager.query(`UPDATE ledger_entries SET created_at = $2 WHERE request_id = $1`, [subject, at]);
    });
  }

  async function campaign(businessId: string, paid: boolean, totalCents: number): Promise<string> {
    const [row] = await testApp.dataSource.query(
      `INSERT INTO campaigns (business_id, name, task, total_cents, paid, paid_at) VALUES ($1, 'Counted campaign', 'Post a reel', $2, $3::boolean, CASE WHEN $3::boolean THEN now() END) RETURNING id`,
      [businessId, totalCents, paid],
    );
    return row.id;
  }

  it('answers every key, zero when nothing is counted', async () => {
    const answer = await counters();
    expect(Object.keys(answer.users_by_type)).toEqual(['1', '2', '3', '4']);
    expect(Object.keys(answer.uncompleted_profiles_by_type)).toEqual(['1', '2', '3']);
    expect(Object.keys(answer.requests_by_status)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(Object.keys(answer.requests_by_type).sort()).toEqual(
      ['camp', 'endorsement', 'endorsement_campaign', 'personal_appearance', 'shoutout', 'speaking_engagement', 'training_session', 'video_chat'].sort(),
    );
    expect(Object.keys(answer.paid_pending_by_request_type).sort()).toEqual(
      ['camp', 'endorsement', 'personal_appearance', 'shoutout', 'speaking_engagement', 'training_session', 'video_chat'].sort(),
    );
    expect(typeof answer.requests_total).toBe('number');
    expect(typeof answer.paid_pending_total).toBe('number');
  });

  it('counts live accounts by type and completeness, paid requests by status and type, and the dollars still pending, as counted by hand', async () => {
    const before = await counters();

    // Accounts: deleted ones are not counted at all; blocked ones are.
    const fans = [
      await createAccount(testApp, UserType.Fan),
      await createAccount(testApp, UserType.Fan),
      await createAccount(testApp, UserType.Fan, { profileCompleted: false }),
      await createAccount(testApp, UserType.Fan, { blocked: true }),
    ];
    const deletedFan = await createAccount(testApp, UserType.Fan, { profileCompleted: false });
    await testApp.dataSource.query(`UPDATE accounts SET deleted_at = now() WHERE id = $1`, [deletedFan.id]);
    const athletes = [
      await createAccount(testApp, UserType.Athlete),
      await createAccount(testApp, UserType.Athlete),
      await createAccount(testApp, UserType.Athlete, { profileCompleted: false }),
      await createAccount(testApp, UserType.Athlete, { profileCompleted: false }),
    ];
    const deletedAthlete = await createAccount(testApp, UserType.Athlete);
    await testApp.dataSource.query(`UPDATE accounts SET deleted_at = now() WHERE id = $1`, [deletedAthlete.id]);
    const businesses = [await createAccount(testApp, UserType.Business), await createAccount(testApp, UserType.Business, { profileCompleted: false })];
    await createAccount(testApp, UserType.Admin);

    // Requests: six paid ones of single athletes, a draft (not counted), a paid campaign's two requests, an unpaid campaign's one.
    const [athlete, other] = athletes;
    const [fan] = fans;
    await request({ type: 'shoutout', status: 1, athleteId: athlete.id, requesterId: fan.id, cents: 5025, paid: true });
    await request({ type: 'shoutout', status: 2, athleteId: other.id, requesterId: fan.id, cents: 6000, paid: true });
    await request({ type: 'camp', status: 4, athleteId: athlete.id, requesterId: fan.id, cents: 30000, paid: true });
    await request({ type: 'video_chat', status: 6, athleteId: athlete.id, requesterId: fans[1].id, cents: 10000, paid: true });
    await request({ type: 'personal_appearance', status: 5, athleteId: athlete.id, requesterId: fan.id, cents: 20000, paid: true });
    await request({ type: 'training_session', status: 3, athleteId: other.id, requesterId: fan.id, cents: 15000, paid: true });
    await request({ type: 'speaking_engagement', status: 1, athleteId: athlete.id, requesterId: fan.id, cents: 50000, paid: false });
    await request({ type: 'shoutout', status: 1, athleteId: deletedAthlete.id, requesterId: fan.id, cents: 1000, paid: true });
    const paidCampaign = await campaign(businesses[0].id, true, 6500);
    await request({ type: 'endorsement', status: 1, athleteId: athlete.id, requesterId: businesses[0].id, cents: 4000, paid: true, campaignId: paidCampaign });
    await request({ type: 'endorsement', status: 2, athleteId: other.id, requesterId: businesses[0].id, cents: 2500, paid: true, campaignId: paidCampaign });
    const unpaidCampaign = await campaign(businesses[0].id, false, 7000);
    await request({ type: 'endorsement', status: 1, athleteId: athlete.id, requesterId: businesses[0].id, cents: 7000, paid: false, campaignId: unpaidCampaign });

    expect(await counters()).toEqual(
      plus(before, {
        users_by_type: { '1': 4, '2': 4, '3': 2, '4': 1 },
        uncompleted_profiles_by_type: { '1': 1, '2': 2, '3': 1 },
        // A request of an account deleted since is still a request that was paid.
        requests_by_status: { '1': 3, '2': 2, '3': 1, '4': 1, '5': 1, '6': 1 },
        requests_total: 9,
        // Pending (1), accepted (2), pending review (4), in progress (6): 50.25 + 60 + 300 + 100 + 10 + 40 + 25.
        paid_pending_total: 585.25,
        paid_pending_by_request_type: { shoutout: 120.25, camp: 300, video_chat: 100, endorsement: 65 },
        requests_by_type: { shoutout: 3, camp: 1, video_chat: 1, personal_appearance: 1, training_session: 1, endorsement: 2, endorsement_campaign: 1 },
      }),
    );
  });

  it('counts only the requests and campaigns created in the period; users stay totals', async () => {
    const [last30, last90, last365, all] = [await counters('?period=30d'), await counters('?period=90d'), await counters('?period=365d'), await counters('?period=all')];
    const fan = await createAccount(testApp, UserType.Fan);
    const athlete = await createAccount(testApp, UserType.Athlete);
    const business = await createAccount(testApp, UserType.Business);
    // An account from long before the period still counts: users are totals.
    await testApp.dataSource.query(`UPDATE accounts SET created_at = $2 WHERE id = $1`, [fan.id, daysAgo(400)]);
    const base = { athleteId: athlete.id, requesterId: fan.id, paid: true };
    await request({ ...base, type: 'shoutout', status: 1, cents: 1000, createdAt: daysAgo(10) });
    await request({ ...base, type: 'camp', status: 5, cents: 2000, createdAt: daysAgo(40) });
    await request({ ...base, type: 'video_chat', status: 2, cents: 3000, createdAt: daysAgo(100) });
    await request({ ...base, type: 'shoutout', status: 3, cents: 4000, createdAt: daysAgo(400) });
    await request({ ...base, type: 'camp', status: 1, cents: 9900, paid: false, createdAt: daysAgo(5) });
    const [campaignNow, campaignOld] = [await campaign(business.id, true, 500), await campaign(business.id, true, 500)];
    await testApp.dataSource.query(`UPDATE campaigns SET created_at = $2 WHERE id = $1`, [campaignOld, daysAgo(200)]);
    await request({ athleteId: athlete.id, requesterId: business.id, paid: true, type: 'endorsement', status: 1, cents: 500, campaignId: campaignNow });

    const users = { users_by_type: { '1': 1, '2': 1, '3': 1 } };
    expect(await counters('?period=30d')).toEqual(
      plus(last30, { ...users, requests_by_status: { '1': 2 }, requests_total: 2, paid_pending_total: 15, paid_pending_by_request_type: { shoutout: 10, endorsement: 5 }, requests_by_type: { shoutout: 1, endorsement: 1, endorsement_campaign: 1 } }),
    );
    expect(await counters('?period=90d')).toEqual(
      plus(last90, { ...users, requests_by_status: { '1': 2, '5': 1 }, requests_total: 3, paid_pending_total: 15, paid_pending_by_request_type: { shoutout: 10, endorsement: 5 }, requests_by_type: { shoutout: 1, camp: 1, endorsement: 1, endorsement_campaign: 1 } }),
    );
    expect(await counters('?period=365d')).toEqual(
      plus(last365, {
        ...users,
        requests_by_status: { '1': 2, '2': 1, '5': 1 },
        requests_total: 4,
        paid_pending_total: 45,
        paid_pending_by_request_type: { shoutout: 10, video_chat: 30, endorsement: 5 },
        requests_by_type: { shoutout: 1, camp: 1, video_chat: 1, endorsement: 1, endorsement_campaign: 2 },
      }),
    );
    expect(await counters('?period=all')).toEqual(
      plus(all, {
        ...users,
        requests_by_status: { '1': 2, '2': 1, '3': 1, '5': 1 },
        requests_total: 5,
        paid_pending_total: 45,
        paid_pending_by_request_type: { shoutout: 10, video_chat: 30, endorsement: 5 },
        requests_by_type: { shoutout: 2, camp: 1, video_chat: 1, endorsement: 1, endorsement_campaign: 2 },
      }),
    );
    // The default is everything.
    expect(await counters()).toEqual(await counters('?period=all'));
  });

  it('counts the days from and to (UTC, both included) exactly, and answers the period it counted', async () => {
    const fan = await createAccount(testApp, UserType.Fan);
    const athlete = await createAccount(testApp, UserType.Athlete);
    const base = { athleteId: athlete.id, requesterId: fan.id, paid: true };
    await request({ ...base, type: 'shoutout', status: 1, cents: 1000, createdAt: '2021-05-31T23:59:59Z' });
    await request({ ...base, type: 'shoutout', status: 5, cents: 1500, createdAt: '2021-06-01T00:00:00Z' });
    await request({ ...base, type: 'camp', status: 1, cents: 2000, createdAt: '2021-06-15T12:00:00Z' });
    await request({ ...base, type: 'video_chat', status: 2, cents: 3050, createdAt: '2021-06-30T23:59:59Z' });
    await request({ ...base, type: 'video_chat', status: 2, cents: 7000, createdAt: '2021-07-01T00:00:00Z' });

    const answer = await answerFor('?from=2021-06-01&to=2021-06-30');
    expect(answer.period).toEqual({ from: Date.UTC(2021, 5, 1) / 1000, to: Date.UTC(2021, 6, 1) / 1000 });
    expect(answer.requests_by_status).toEqual({ '1': 1, '2': 1, '3': 0, '4': 0, '5': 1, '6': 0 });
    expect(answer.requests_total).toBe(3);
    expect(answer.paid_pending_total).toBe(50.5);
    expect(answer.paid_pending_by_request_type).toMatchObject({ shoutout: 0, camp: 20, video_chat: 30.5 });
    expect(answer.requests_by_type).toMatchObject({ shoutout: 1, camp: 1, video_chat: 1, endorsement_campaign: 0 });
    expect(answer.money).toEqual({ captured: 0, fees: 0, refunded: 0, paid_out: 0, payable: 0 });
    // One open end: everything up to the 1st of June 2021 (its day included).
    expect((await answerFor('?to=2021-06-01')).requests_total).toBe(2);
    expect((await answerFor('?period=all')).period).toEqual({ from: null, to: null });
  });

  it("totals the ledger's money of the period: captured, fees, refunded, paid out and payable, as counted by hand", async () => {
    const athlete = await createAccount(testApp, UserType.Athlete);
    const [before30, before90, beforeAll] = [(await answerFor('?period=30d')).money, (await answerFor('?period=90d')).money, (await answerFor()).money];
    const [a, b, c, payout, old] = ['a', 'b', 'c', 'd', 'e'].map((letter) => `00000000-0000-4000-8000-${letter.repeat(12)}`);
    const split = (amountCents: number, feeCents: number) => ({ amountCents, feeCents, athleteCents: amountCents - feeCents, athleteId: athlete.id });
    // A: $100 captured and split 20/80, this week.
    await money(a, daysAgo(2), async (m) => {
      await recordMovement(m, a, 'authorised', LEDGER_LINES.authorised(10000));
      await recordMovement(m, a, 'captured', LEDGER_LINES.captured(10000));
      await recordMovement(m, a, 'owed_to_athlete', LEDGER_LINES.owedToAthlete(split(10000, 2000)));
    });
    // B: $50 captured, split 10/40, then refunded in full.
    await money(b, daysAgo(3), async (m) => {
      await recordMovement(m, b, 'authorised', LEDGER_LINES.authorised(5000));
      await recordMovement(m, b, 'captured', LEDGER_LINES.captured(5000));
      await recordMovement(m, b, 'owed_to_athlete', LEDGER_LINES.owedToAthlete(split(5000, 1000)));
      await recordMovement(m, b, 'refunded', LEDGER_LINES.refunded(split(5000, 1000)));
    });
    // The athlete paid $30 of it.
    await money(payout, daysAgo(1), async (m) => {
      await recordMovement(m, payout, 'paid_out', LEDGER_LINES.paidOut(athlete.id, 3000));
    });
    // C: $200.25 captured and split 40.05/160.20, 40 days ago; only held, nothing captured, is not money in.
    await money(c, daysAgo(40), async (m) => {
      await recordMovement(m, c, 'authorised', LEDGER_LINES.authorised(20025));
      await recordMovement(m, c, 'captured', LEDGER_LINES.captured(20025));
      await recordMovement(m, c, 'owed_to_athlete', LEDGER_LINES.owedToAthlete(split(20025, 4005)));
    });
    // Old: a $70 hold, 400 days ago, voided.
    await money(old, daysAgo(400), async (m) => {
      await recordMovement(m, old, 'authorised', LEDGER_LINES.authorised(7000));
      await recordMovement(m, old, 'voided', LEDGER_LINES.voided(7000));
    });

    const delta = (before: Answer['money'], add: Answer['money']) =>
      Object.fromEntries(Object.entries(before).map(([key, value]) => [key, Math.round((value + add[key as keyof Answer['money']]) * 100) / 100]));
    // 30 days: 100 + 50 in, fees 20 (B's 10 refunded), 50 refunded, 30 paid out, owed 80 - 30.
    expect((await answerFor('?period=30d')).money).toEqual(delta(before30, { captured: 150, fees: 20, refunded: 50, paid_out: 30, payable: 50 }));
    // 90 days: C too.
    expect((await answerFor('?period=90d')).money).toEqual(delta(before90, { captured: 350.25, fees: 60.05, refunded: 50, paid_out: 30, payable: 210.2 }));
    expect((await answerFor()).money).toEqual(delta(beforeAll, { captured: 350.25, fees: 60.05, refunded: 50, paid_out: 30, payable: 210.2 }));
  });

  it('follows every change of a request through the day totals, and counts a rolling period from its very second', async () => {
    const fan = await createAccount(testApp, UserType.Fan);
    const athlete = await createAccount(testApp, UserType.Athlete);
    const base = { athleteId: athlete.id, requesterId: fan.id, paid: true };
    const minutes = (count: number) => count * 60_000;
    const [last30, all] = [await counters('?period=30d'), await counters()];
    // Either side of the rolling period's start (30 days ago, to the second): on the same part day.
    await request({ ...base, type: 'camp', status: 1, cents: 1100, createdAt: new Date(Date.now() - 30 * 86_400_000 + minutes(5)) });
    await request({ ...base, type: 'camp', status: 1, cents: 2200, createdAt: new Date(Date.now() - 30 * 86_400_000 - minutes(5)) });
    expect(await counters('?period=30d')).toEqual(plus(last30, { requests_by_status: { '1': 1 }, requests_total: 1, paid_pending_total: 11, paid_pending_by_request_type: { camp: 11 }, requests_by_type: { camp: 1 } }));
    // A status changes, a price changes, a draft is paid, a request is deleted.
    await testApp.dataSource.query(`UPDATE requests SET status = 5, finished_at = now() WHERE athlete_id = $1 AND request_amount_cents = 1100`, [athlete.id]);
    await testApp.dataSource.query(`UPDATE requests SET request_amount_cents = 2500 WHERE athlete_id = $1 AND request_amount_cents = 2200`, [athlete.id]);
    await request({ ...base, type: 'shoutout', status: 1, cents: 700, paid: false, createdAt: new Date(Date.now() - minutes(1)) });
    await testApp.dataSource.query(`UPDATE requests SET paid = true, paid_at = now() WHERE athlete_id = $1 AND request_amount_cents = 700`, [athlete.id]);
    await request({ ...base, type: 'video_chat', status: 2, cents: 900, createdAt: new Date(Date.now() - minutes(2)) });
    await testApp.dataSource.query(`DELETE FROM requests WHERE athlete_id = $1 AND request_amount_cents = 900`, [athlete.id]);
    expect(await counters('?period=30d')).toEqual(
      plus(last30, { requests_by_status: { '1': 1, '5': 1 }, requests_total: 2, paid_pending_total: 7, paid_pending_by_request_type: { shoutout: 7 }, requests_by_type: { camp: 1, shoutout: 1 } }),
    );
    expect(await counters()).toEqual(
      plus(all, { requests_by_status: { '1': 2, '5': 1 }, requests_total: 3, paid_pending_total: 32, paid_pending_by_request_type: { camp: 25, shoutout: 7 }, requests_by_type: { camp: 2, shoutout: 1 } }),
    );
  });

  it('reads a partial first or last day more than half inside the period as its whole day less the rows outside, with the same answer', async () => {
    const athlete = await createAccount(testApp, UserType.Athlete);
    const fan = await createAccount(testApp, UserType.Fan);
    // Days nothing else in this file touches (March 2020), with requests and captured money around
    // 03:00 and 21:00 of the 10th, the 1st (hours -216 to -192) and the 31st (hours 504 to 528).
    const at = (hours: number) => new Date(Date.UTC(2020, 2, 10) + hours * 3_600_000);
    const times = [-215, -211, 1, 3, 5, 20.5, 21, 22, 525, 527];
    for (const [index, hours] of times.entries()) {
      await request({ type: 'shoutout', status: 1, athleteId: athlete.id, requesterId: fan.id, cents: 100 * (index + 1), paid: true, createdAt: at(hours) });
      const subject = `00000000-0000-4000-8000-${String(index + 1).padStart(12, '7')}`;
      await money(subject, at(hours), async (m) => {
        await recordMovement(m, subject, 'authorised', LEDGER_LINES.authorised(1000 * (index + 1)));
        await recordMovement(m, subject, 'captured', LEDGER_LINES.captured(1000 * (index + 1)));
      });
    }
    const counted = async (from: Date, to: Date) => {
      const rows = await adminCountersOf(testApp.dataSource.manager, { from, to });
      return { requests: adminCounters(rows).requests_total, cents: rows.requests.reduce((sum, row) => sum + row.cents, 0), captured: rows.money.captured };
    };
    /** What the period holds, by hand: the items created at or after `from` hours (before `to` hours). */
    const byHand = (fromHours: number, toHours: number) => {
      const inside = times.map((hours, index) => ({ hours, n: index + 1 })).filter(({ hours }) => hours >= fromHours && hours < toHours);
      return { requests: inside.length, cents: inside.reduce((sum, { n }) => sum + 100 * n, 0), captured: inside.reduce((sum, { n }) => sum + 1000 * n, 0) };
    };
    // From 03:00: 21 hours of the day inside, read as the whole day less 00:00-03:00; from 21:00, 3 hours read as rows.
    expect(periodParts({ from: at(3), to: at(48) })).toMatchObject({ headFrom: null, outHeadFrom: at(0), outHeadTo: at(3) });
    expect(periodParts({ from: at(21), to: at(48) })).toMatchObject({ headFrom: at(21), headTo: at(24), outHeadFrom: null });
    expect(await counted(at(3), at(48))).toEqual(byHand(3, 48));
    expect(await counted(at(21), at(48))).toEqual(byHand(21, 48));
    expect(await counted(at(0), at(48))).toEqual(byHand(0, 48));
    // The same day as a last day: to 22:00 (read whole, less 22:00-24:00) and to 03:00 (rows).
    expect(periodParts({ from: at(-24), to: at(22) })).toMatchObject({ tailFrom: null, outTailFrom: at(22), outTailTo: at(24) });
    expect(await counted(at(-24), at(22))).toEqual(byHand(-24, 22));
    expect(await counted(at(-24), at(3))).toEqual(byHand(-24, 3));
    // A first day that is a month's 1st and a last day that is its 31st: the whole month from the
    // month totals, less 00:00-03:00 of the 1st and 22:00-24:00 of the 31st.
    expect(periodParts({ from: at(-213), to: at(526) })).toMatchObject({ headFrom: null, tailFrom: null, months: ['2020-03-01', '2020-04-01'], outHeadFrom: at(-216), outTailTo: at(528) });
    expect(await counted(at(-213), at(526))).toEqual(byHand(-213, 526));
    expect(byHand(-213, 526)).toEqual({ requests: 8, cents: 4400, captured: 44000 });
    expect(byHand(3, 48)).toEqual({ requests: 5, cents: 3000, captured: 30000 });
  });

  it('folds the rows its day and month totals piled up into one per day (or month) and key, the numbers unchanged', async () => {
    // A rolling period's start moves with the clock: everything else must stay.
    const still = async (query: string) => {
      const { period: _period, ...rest } = await answerFor(query);
      return rest;
    };
    const before = await answerFor();
    const before30 = await still('?period=30d');
    // What many small changes leave behind: rows that add up to nothing, over many days.
    await testApp.dataSource.query(
      `INSERT INTO request_day_counts (day, status, type, requests, cents)
       SELECT current_date - (g % 400), 1 + g % 6, 'shoutout', sign, sign * 1000 FROM generate_series(1, 3000) g, (VALUES (1), (-1)) AS s(sign)`,
    );
    await testApp.dataSource.query(
      `INSERT INTO ledger_day_totals (day, account, movement, cents)
       SELECT current_date - (g % 400), 'cash', 'captured', sign * 500 FROM generate_series(1, 3000) g, (VALUES (1), (-1)) AS s(sign)`,
    );
    await testApp.dataSource.query(
      `INSERT INTO request_month_counts (month, status, type, requests, cents)
       SELECT date_trunc('month', current_date - (g % 400))::date, 1 + g % 6, 'shoutout', sign, sign * 1000 FROM generate_series(1, 3000) g, (VALUES (1), (-1)) AS s(sign)`,
    );
    await testApp.dataSource.query(
      `INSERT INTO ledger_month_totals (month, account, movement, cents)
       SELECT date_trunc('month', current_date - (g % 400))::date, 'cash', 'captured', sign * 500 FROM generate_series(1, 3000) g, (VALUES (1), (-1)) AS s(sign)`,
    );
    expect(await answerFor()).toEqual(before);
    const [requests] = await testApp.dataSource.query(
      `SELECT count(*) FILTER (WHERE NOT folded)::int AS unfolded, count(*)::int AS rows, count(DISTINCT (day, status, type))::int AS keys FROM request_day_counts`,
    );
    const [ledger] = await testApp.dataSource.query(
      `SELECT count(*) FILTER (WHERE NOT folded)::int AS unfolded, count(*)::int AS rows, count(DISTINCT (day, account, movement))::int AS keys FROM ledger_day_totals`,
    );
    expect({ requests, ledger }).toEqual({ requests: { unfolded: 0, rows: requests.keys, keys: requests.keys }, ledger: { unfolded: 0, rows: ledger.keys, keys: ledger.keys } });
    const [months] = await testApp.dataSource.query(
      `SELECT count(*) FILTER (WHERE NOT folded)::int AS unfolded, count(*)::int AS rows, count(DISTINCT (month, status, type))::int AS keys FROM request_month_counts`,
    );
    expect(months).toEqual({ unfolded: 0, rows: months.keys, keys: months.keys });
    expect(await answerFor()).toEqual(before);
    expect(await still('?period=30d')).toEqual(before30);
  });

  it('answers a bad period with the envelope (1400), never a 500', async () => {
    for (const query of ['?period=7y', '?period=30d&from=2021-01-01', '?from=2021-02-01&to=2021-01-01', '?from=yesterday', '?to=2021-13-45', '?from=2021-02-30']) {
      const response = await api(testApp).get(`/admin/counters${query}`, admin.token);
      expect({ query, status: response.status }).toEqual({ query, status: 400 });
      expect(response.body.status_response.response_internal_code).toBe(1400);
      expect(typeof response.body.status_response.response_message).toBe('string');
    }
  });

  it('is closed to anonymous callers (401) and to roles 1-3 and 11-13 (403)', async () => {
    await api(testApp).get('/admin/counters').expect(401);
    await api(testApp).get('/admin/counters?period=30d').expect(401);
    for (const [userType, completed] of [
      [UserType.Fan, true],
      [UserType.Athlete, true],
      [UserType.Business, true],
      [UserType.Fan, false],
      [UserType.Athlete, false],
      [UserType.Business, false],
    ] as const) {
      const caller = await createSignedIn(testApp, userType, { profileCompleted: completed });
      const response = await api(testApp).get('/admin/counters', caller.token).expect(403);
      expect(response.body.status_response.response_internal_code).toBe(1403);
    }
  });
});
