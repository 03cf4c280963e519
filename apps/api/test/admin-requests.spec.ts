import { randomUUID } from 'node:crypto';
import type request from 'supertest';
import { ErrorCode, UserType } from '@huddle/domain';
import { Clock } from '../src/common/time/clock';
import { api } from './support/accounts-api';
import { book, bookAndPay, bookingPayload, campaignDraft, confirmCard, createBookableAthlete, settle } from './support/booking';
import { FakeClock } from './support/fake-clock';
import { createSignedIn } from './support/fixtures';
import type { SignedIn } from './support/fixtures';
import { clockSeconds, finishedRequest } from './support/payouts';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

interface Row {
  id: string;
  type: string;
  status: number;
  payout_status: string;
  payout_paid: number;
  athlete_id: string;
  requester_id: string;
  endorsement_campaign_id: string | null;
  profile: { id: string };
}

describe("the administrator's requests and campaigns (/admin/requests/filter, /admin/requests/by-id)", () => {
  let testApp: TestApp;
  let clock: FakeClock;
  let admin: SignedIn;
  let fan: SignedIn;
  let otherFan: SignedIn;
  let athlete: SignedIn;
  let otherAthlete: SignedIn;
  let business: SignedIn;
  // The fan's requests, oldest first: finished (payout unpaid), finished (marked paid), a pending shoutout, a camp with another athlete.
  let finishedUnpaid: string;
  let finishedPaid: string;
  let pendingShoutout: string;
  let otherAthletesCamp: string;
  let otherFansChat: string;
  let draft: string;
  let campaignId: string;
  let campaignRequest: string;

  beforeAll(async () => {
    clock = new FakeClock(new Date());
    testApp = await createTestApp({ overrides: [{ provide: Clock, useValue: clock }] });
    admin = await createSignedIn(testApp, UserType.Admin);
    fan = await createSignedIn(testApp, UserType.Fan);
    otherFan = await createSignedIn(testApp, UserType.Fan);
    business = await createSignedIn(testApp, UserType.Business);
    athlete = await createBookableAthlete(testApp);
    otherAthlete = await createBookableAthlete(testApp);

    finishedUnpaid = await finishedRequest(testApp, clock, fan, athlete);
    clock.advance(60_000);
    finishedPaid = await finishedRequest(testApp, clock, fan, athlete);
    await api(testApp).put('/admin/payments/payout-status', { id: finishedPaid, status: 'paid' }, admin.token).expect(200);
    clock.advance(60_000);
    pendingShoutout = await bookAndPay(testApp, fan, bookingPayload('shoutout', athlete.account.id, { now: clockSeconds(clock) }));
    clock.advance(60_000);
    otherAthletesCamp = await bookAndPay(testApp, fan, bookingPayload('camp', otherAthlete.account.id, { now: clockSeconds(clock) }));
    clock.advance(60_000);
    otherFansChat = await bookAndPay(testApp, otherFan, bookingPayload('video_chat', athlete.account.id, { now: clockSeconds(clock) }));
    clock.advance(60_000);
    draft = (await book(testApp, fan, bookingPayload('training_session', athlete.account.id, { now: clockSeconds(clock) }))).id;
    clock.advance(60_000);

    campaignId = await campaignDraft(testApp, business, athlete.account.id, 40);
    const sheet = await api(testApp).post(`/payments/payment-sheet?endorsement_campaign_id=${campaignId}`, {}, business.token).expect(200);
    await confirmCard(testApp, business, sheet.body.payment_intent.client_secret);
    const paid = await api(testApp).post('/payments/set-paid', { endorsement_campaign_id: campaignId }, business.token).expect(200);
    campaignRequest = paid.body.campaign.requests[0].id;
    await settle(testApp);
  }, 120_000);

  afterAll(async () => {
    await testApp?.close();
  });

  const filter = async (query: string): Promise<{ requests: Row[]; total: number; page: number; page_size: number }> =>
    (await api(testApp).get(`/admin/requests/filter?${query}`, admin.token).expect(200)).body;
  const ids = (rows: Row[]) => rows.map((row) => row.id);

  describe('filter', () => {
    it("lists a requester's paid requests newest first, never a draft or someone else's, each with its payout status", async () => {
      const page = await filter(`user_id=${fan.account.id}`);
      expect(page).toMatchObject({ total: 4, page: 1, page_size: 20 });
      expect(ids(page.requests)).toEqual([otherAthletesCamp, pendingShoutout, finishedPaid, finishedUnpaid]);
      expect(ids(page.requests)).not.toContain(draft);
      expect(ids(page.requests)).not.toContain(otherFansChat);
      const byId = new Map(page.requests.map((row) => [row.id, row]));
      expect(byId.get(finishedUnpaid)).toMatchObject({ status: 5, payout_status: 'unpaid', payout_paid: 0, athlete_id: athlete.account.id, requester_id: fan.account.id, endorsement_campaign_id: null });
      // Marked paid by hand: the whole share reached the athlete.
      const paidRow = byId.get(finishedPaid);
      expect(paidRow).toMatchObject({ status: 5, payout_status: 'paid' });
      expect(paidRow?.payout_paid).toBeGreaterThan(0);
      expect(byId.get(pendingShoutout)).toMatchObject({ status: 1, type: 'shoutout', payout_status: 'unpaid', payout_paid: 0 });
      // The requester's rows name the athlete; ...
      expect(byId.get(otherAthletesCamp)?.profile.id).toBe(otherAthlete.account.id);
    });

    it("lists an athlete's requests from every requester, a campaign's request among them, naming the requester", async () => {
      const page = await filter(`user_id=${athlete.account.id}`);
      expect(ids(page.requests)).toEqual([campaignRequest, otherFansChat, pendingShoutout, finishedPaid, finishedUnpaid]);
      expect(ids(page.requests)).not.toContain(otherAthletesCamp);
      const chat = page.requests.find((row) => row.id === otherFansChat);
      expect(chat?.profile.id).toBe(otherFan.account.id);
      expect(page.requests[0]).toMatchObject({ type: 'endorsement', endorsement_campaign_id: campaignId, requester_id: business.account.id });
      const other = await filter(`user_id=${otherAthlete.account.id}`);
      expect(ids(other.requests)).toEqual([otherAthletesCamp]);
    });

    it('pages with a total', async () => {
      const first = await filter(`user_id=${fan.account.id}&page=1&page_size=3`);
      const second = await filter(`user_id=${fan.account.id}&page=2&page_size=3`);
      const past = await filter(`user_id=${fan.account.id}&page=3&page_size=3`);
      expect([first.total, second.total, past.total]).toEqual([4, 4, 4]);
      expect([...ids(first.requests), ...ids(second.requests)]).toEqual([otherAthletesCamp, pendingShoutout, finishedPaid, finishedUnpaid]);
      expect(second).toMatchObject({ page: 2, page_size: 3 });
      expect(past.requests).toEqual([]);
    });

    it('filters by request type (endorsement_campaign for a campaign, endorsement for one booked alone) and by payout status', async () => {
      expect(ids((await filter(`user_id=${fan.account.id}&request_type=shoutout`)).requests)).toEqual([pendingShoutout]);
      expect(ids((await filter(`user_id=${fan.account.id}&request_type=personal_appearance`)).requests)).toEqual([finishedPaid, finishedUnpaid]);
      expect(ids((await filter(`user_id=${athlete.account.id}&request_type=endorsement_campaign`)).requests)).toEqual([campaignRequest]);
      expect((await filter(`user_id=${athlete.account.id}&request_type=endorsement`)).total).toBe(0);
      const paid = await filter(`user_id=${fan.account.id}&payout_status=paid`);
      expect([paid.total, ids(paid.requests)]).toEqual([1, [finishedPaid]]);
      const unpaid = await filter(`user_id=${fan.account.id}&payout_status=unpaid&page_size=2`);
      expect([unpaid.total, ids(unpaid.requests)]).toEqual([3, [otherAthletesCamp, pendingShoutout]]);
      const unpaidAppearances = await filter(`user_id=${athlete.account.id}&payout_status=unpaid&request_type=personal_appearance`);
      expect(ids(unpaidAppearances.requests)).toEqual([finishedUnpaid]);
      expect((await filter(`user_id=${randomUUID()}`)).total).toBe(0);
    });

    it('refuses a malformed user id, type or payout status with the field', async () => {
      const cases: Array<[string, string]> = [
        ['user_id=nope', 'user_id'],
        [`user_id=${fan.account.id}&request_type=lunch`, 'request_type'],
        [`user_id=${fan.account.id}&payout_status=maybe`, 'payout_status'],
        [`user_id=${fan.account.id}&page_size=101`, 'page_size'],
      ];
      for (const [query, field] of cases) {
        const response = await api(testApp).get(`/admin/requests/filter?${query}`, admin.token).expect(400);
        expect(Object.keys(response.body.errors)).toEqual([field]);
      }
    });
  });

  describe('by-id', () => {
    it('answers a request as the administrator sees it: both parties, history, flag, payment with payout status, money timeline', async () => {
      const { body } = await api(testApp).get(`/admin/requests/by-id?id=${finishedPaid}`, admin.token).expect(200);
      const seen = body.request;
      expect(body.campaign).toBeUndefined();
      expect(seen).toMatchObject({
        id: finishedPaid,
        viewer: 'admin',
        status: 5,
        athlete: { id: athlete.account.id, first_name: athlete.account.firstName },
        requester: { id: fan.account.id, first_name: fan.account.firstName },
        flagged: false,
        payment: { amount: 200, athlete_id: athlete.account.id, sender: fan.account.id, payout_status: 'paid' },
        fee_amount: 40,
        amount_to_athlete: 160,
      });
      expect(seen.history.map((entry: { action: string }) => entry.action)).toEqual(expect.arrayContaining(['create', 'accept', 'approve']));
      expect(seen.money.length).toBeGreaterThan(0);
      const unpaid = await api(testApp).get(`/admin/requests/by-id?id=${finishedUnpaid}`, admin.token).expect(200);
      expect(unpaid.body.request.payment.payout_status).toBe('unpaid');
    });

    it("shows the requester's flag", async () => {
      await testApp.dataSource.query(`UPDATE requests SET flagged_at = now() WHERE id = $1`, [finishedUnpaid]);
      const { body } = await api(testApp).get(`/admin/requests/by-id?id=${finishedUnpaid}`, admin.token).expect(200);
      expect(body.request.flagged).toBe(true);
      await testApp.dataSource.query(`UPDATE requests SET flagged_at = NULL WHERE id = $1`, [finishedUnpaid]);
    });

    it("answers '@{campaign id}' with the campaign, its athletes with their statuses and shares, and each request's id", async () => {
      const { body } = await api(testApp).get(`/admin/requests/by-id?id=@${campaignId}`, admin.token).expect(200);
      expect(body.request).toBeUndefined();
      expect(body.campaign).toMatchObject({ id: campaignId, type: 'endorsement_campaign', name: 'Spring launch', paid: true, athletes_count: 1, available_actions: [] });
      expect(body.campaign.requests).toEqual([expect.objectContaining({ id: campaignRequest, status: 1, request_amount: 40, athlete: expect.objectContaining({ id: athlete.account.id }) })]);
    });

    it("answers 1404 'Request not found' for unknown and malformed ids", async () => {
      for (const id of [randomUUID(), 'nope', `@${randomUUID()}`, '@nope', '@', `@${finishedPaid}`, campaignId, '']) {
        const response = await api(testApp).get(`/admin/requests/by-id?id=${encodeURIComponent(id)}`, admin.token);
        expect([id, response.status, response.body.status_response.response_internal_code, response.body.status_response.response_message]).toEqual([
          id,
          404,
          ErrorCode.NotFound,
          'Request not found',
        ]);
      }
    });

    it("keeps the administrator's cancel beside them (same prefix): a full refund, audited", async () => {
      const response = await api(testApp).put(`/admin/requests/cancel?request_id=${pendingShoutout}`, {}, admin.token).expect(200);
      expect(response.body.request.status).toBe(3);
      const audit = await testApp.dataSource.query(`SELECT action FROM admin_audit WHERE subject_type = 'request' AND subject_id = $1`, [pendingShoutout]);
      expect(audit).toEqual([{ action: 'request.cancel' }]);
      await settle(testApp);
    });
  });

  it('closes both routes to anonymous callers (401) and to roles 1-3 and 11-13 (403)', async () => {
    const refused = [
      fan.token,
      athlete.token,
      business.token,
      (await createSignedIn(testApp, UserType.Fan, { profileCompleted: false })).token,
      (await createSignedIn(testApp, UserType.Athlete, { profileCompleted: false })).token,
      (await createSignedIn(testApp, UserType.Business, { profileCompleted: false })).token,
    ];
    const calls: Array<(token?: string) => request.Test> = [
      (token) => api(testApp).get(`/admin/requests/filter?user_id=${fan.account.id}`, token),
      (token) => api(testApp).get(`/admin/requests/by-id?id=${finishedPaid}`, token),
      (token) => api(testApp).get(`/admin/requests/by-id?id=@${campaignId}`, token),
    ];
    for (const call of calls) {
      expect((await call()).status).toBe(401);
      for (const token of refused) {
        const response = await call(token);
        expect([response.status, response.body.status_response.response_internal_code]).toEqual([403, ErrorCode.Forbidden]);
      }
    }
  });
});
