import { UserType } from '@huddle/domain';
import type { AdminCounters } from '@huddle/domain';
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

  const counters = async (): Promise<AdminCounters> => {
    const { body } = await api(testApp).get('/admin/counters', admin.token).expect(200);
    delete body.status_response;
    return body;
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

  async function request(fields: { type: string; status: number; athleteId: string; requesterId: string; cents: number; paid: boolean; campaignId?: string | null }): Promise<void> {
    const fee = Math.round(fields.cents * 0.2);
    await testApp.dataSource.query(
      `INSERT INTO requests (type, status, athlete_id, requester_id, name, request_amount_cents, fee_amount_cents, amount_to_athlete_cents, paid, paid_at, endorsement_campaign_id, finished_at)
       VALUES ($1, $2::smallint, $3, $4, 'Counted', $5, $6, $7, $8::boolean, CASE WHEN $8::boolean THEN now() END, $9, CASE WHEN $2::smallint = 5 THEN now() END)`,
      [fields.type, fields.status, fields.athleteId, fields.requesterId, fields.cents, fee, fields.cents - fee, fields.paid, fields.campaignId ?? null],
    );
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

  it('is closed to anonymous callers (401) and to roles 1-3 and 11-13 (403)', async () => {
    await api(testApp).get('/admin/counters').expect(401);
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
