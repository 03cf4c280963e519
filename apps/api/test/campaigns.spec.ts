import request from 'supertest';
import { MESSAGES, UserType } from '@huddle/domain';
import { RequestTimers } from '../src/modules/booking/request-timers';
import { Clock } from '../src/common/time/clock';
import { AccountEntity } from '../src/modules/accounts/entities/account.entity';
import { checkLedger } from '../src/modules/payments/ledger';
import { PaymentsService } from '../src/modules/payments/payments.service';
import { api } from './support/accounts-api';
import { bookingPayload, confirmCard, createBookableAthlete, movementsOf, settle, statusOf } from './support/booking';
import { FakeClock } from './support/fake-clock';
import { createSignedIn } from './support/fixtures';
import type { SignedIn } from './support/fixtures';
import { fixture } from './support/media';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

const DAY = 86400;

interface CampaignBody {
  id: string;
  status: number;
  paid: boolean;
  request_amount: number;
  refunded_amount: number;
  total_paid: number;
  athletes_count: number;
  available_actions: string[];
  requests: Array<{ id: string; status: number; request_amount: number; athlete: { id: string }; has_video: boolean; refunded: boolean }>;
}

/** The campaign form as the browser sends it (url-encoded): athlete_ids comma-joined, proposed_amounts as JSON. */
function campaignForm(prices: Array<[string, number]>, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    name: 'Spring launch',
    endorsement_task: 'Post a reel wearing our new jersey',
    endorsement_link: 'example.com/jersey',
    social_media_platform: 'instagram, tiktok',
    athlete_ids: prices.map(([id]) => id).join(','),
    proposed_amounts: JSON.stringify(prices.map(([athlete_id, amount]) => ({ athlete_id, amount }))),
    ...overrides,
  };
}

describe('endorsement campaigns', () => {
  let testApp: TestApp;
  let clock: FakeClock;
  let business: SignedIn;
  let otherBusiness: SignedIn;
  let fan: SignedIn;
  let admin: SignedIn;
  let athletes: SignedIn[];

  beforeAll(async () => {
    clock = new FakeClock(new Date());
    testApp = await createTestApp({ overrides: [{ provide: Clock, useValue: clock }] });
    business = await createSignedIn(testApp, UserType.Business);
    otherBusiness = await createSignedIn(testApp, UserType.Business);
    fan = await createSignedIn(testApp, UserType.Fan);
    admin = await createSignedIn(testApp, UserType.Admin);
    athletes = [];
    for (let i = 0; i < 3; i += 1) athletes.push(await createBookableAthlete(testApp));
  });

  afterAll(async () => {
    await testApp?.close();
  });

  afterEach(async () => {
    await settle(testApp);
  });

  const create = (form: Record<string, string>, as: SignedIn = business) => api(testApp).postForm('/booking/request/endorsement_campaign/create', form, as.token);
  const view = async (id: string, as: SignedIn = business): Promise<CampaignBody> =>
    (await api(testApp).get(`/booking/request/campaign?endorsement_campaign=${id}`, as.token).expect(200)).body.campaign;
  const accept = (requestId: string, athlete: SignedIn) => api(testApp).put(`/booking/request/accept?request_id=${requestId}&disclosure_acknowledged=true`, {}, athlete.token);
  const requestOf = (campaign: CampaignBody, athlete: SignedIn): string => {
    const entry = campaign.requests.find((r) => r.athlete.id === athlete.account.id);
    if (!entry) throw new Error('athlete not in the campaign');
    return entry.id;
  };
  const campaignCount = async (): Promise<number> => (await testApp.dataSource.query('SELECT count(*)::int AS n FROM campaigns'))[0].n;

  /** Creates and pays a campaign with 4242 (the payment captured at once); answers it as its business sees it. */
  async function paidCampaign(prices: Array<[SignedIn, number]>, payer: SignedIn = business): Promise<CampaignBody> {
    const created = await create(campaignForm(prices.map(([athlete, amount]) => [athlete.account.id, amount])), payer).expect(201);
    const id: string = created.body.campaign.id;
    const sheet = await api(testApp).post(`/payments/payment-sheet?endorsement_campaign_id=${id}`, {}, payer.token).expect(200);
    expect(await confirmCard(testApp, payer, sheet.body.payment_intent.client_secret)).toMatchObject({ status: 'succeeded', message: null });
    const paid = await api(testApp).post('/payments/set-paid', { endorsement_campaign_id: id }, payer.token).expect(200);
    return paid.body.campaign;
  }

  async function refundedOf(campaignId: string): Promise<number> {
    const rows = await testApp.dataSource.query(
      `SELECT s.amount_refunded_cents FROM sandbox_intents s JOIN payment_intents p ON p.provider_intent_id = s.id WHERE p.request_id = $1`,
      [campaignId],
    );
    return rows[0].amount_refunded_cents;
  }

  describe('creation', () => {
    it('refuses each invalid field with the spec message and writes nothing', async () => {
      const [a, b] = athletes.map((athlete) => athlete.account.id);
      const before = await campaignCount();
      const cases: Array<[Record<string, string>, string, string]> = [
        [campaignForm([[a, 20]], { endorsement_task: '' }), 'endorsement_task', MESSAGES.required],
        [campaignForm([[a, 20]], { endorsement_task: 'x'.repeat(501) }), 'endorsement_task', MESSAGES.textTooLong],
        [campaignForm([[a, 20]], { name: ' ' }), 'name', MESSAGES.required],
        [campaignForm([[a, 20]], { endorsement_link: 'not a link' }), 'endorsement_link', MESSAGES.invalidLink],
        [campaignForm([[a, 20]], { social_media_platform: 'myspace' }), 'social_media_platform', MESSAGES.unknownChoice],
        [campaignForm([], {}), 'athlete_ids', MESSAGES.chooseAthlete],
        [campaignForm([[a, 20]], { athlete_ids: `${a},${b}` }), `proposed_amounts.${b}`, MESSAGES.required],
        [campaignForm([[a, 10.123]]), `proposed_amounts.${a}`, MESSAGES.enterValidAmount],
        [campaignForm([[a, 1.49]]), `proposed_amounts.${a}`, MESSAGES.amountBetween(1.5, 99999999)],
        [campaignForm([[a, 99999999]]), `proposed_amounts.${a}`, MESSAGES.amountBetween(1.5, 99999999)],
        [campaignForm([[a, 20]], { proposed_amounts: '[{"athlete_id": "' + a + '", "amount": "12,5"}]' }), 'proposed_amounts.0.amount', MESSAGES.enterValidAmount],
      ];
      for (const [form, field, message] of cases) {
        const response = await create(form).expect(400);
        expect(response.body.status_response).toMatchObject({ response_internal_code: 1400 });
        expect({ field, message: response.body.errors?.[field] }).toEqual({ field, message });
      }
      expect(await campaignCount()).toBe(before);
    });

    it('refuses athletes who cannot be booked (blocked, incomplete, no endorsements, not an athlete)', async () => {
      const blocked = await createBookableAthlete(testApp);
      await testApp.dataSource.getRepository(AccountEntity).update(blocked.account.id, { blocked: true });
      const incomplete = await createSignedIn(testApp, UserType.Athlete, { profileCompleted: false });
      const before = await campaignCount();
      for (const id of [blocked.account.id, incomplete.account.id, fan.account.id, '00000000-0000-4000-8000-000000000000']) {
        const response = await create(campaignForm([[athletes[0].account.id, 20], [id, 20]])).expect(404);
        expect(response.body.errors.athlete_ids).toMatch(/cannot be booked/);
      }
      expect(await campaignCount()).toBe(before);
    });

    it('only a business may create one', async () => {
      await create(campaignForm([[athletes[0].account.id, 20]]), fan).expect(403);
      await create(campaignForm([[athletes[0].account.id, 20]]), athletes[1]).expect(403);
      await request(testApp.server).post('/api/v1/booking/request/endorsement_campaign/create').type('form').send(campaignForm([[athletes[0].account.id, 20]])).expect(401);
    });

    it('makes one endorsement request per athlete, unseen until paid, then one payment for the total invites them all', async () => {
      const prices: Array<[string, number]> = [
        [athletes[0].account.id, 25],
        [athletes[1].account.id, 40.5],
        [athletes[2].account.id, 1.5],
      ];
      const created = await create(campaignForm(prices)).expect(201);
      const campaign: CampaignBody = created.body.campaign;
      expect(campaign).toMatchObject({ status: 1, paid: false, athletes_count: 3, request_amount: 67, total_paid: 0, available_actions: [] });
      const rows = await testApp.dataSource.query(
        `SELECT athlete_id, type, status, paid, request_amount_cents, details FROM requests WHERE endorsement_campaign_id = $1 ORDER BY request_amount_cents`,
        [campaign.id],
      );
      expect(rows).toEqual([
        { athlete_id: athletes[2].account.id, type: 'endorsement', status: 1, paid: false, request_amount_cents: 150, details: { task: 'Post a reel wearing our new jersey', link: 'https://example.com/jersey' } },
        expect.objectContaining({ athlete_id: athletes[0].account.id, request_amount_cents: 2500 }),
        expect.objectContaining({ athlete_id: athletes[1].account.id, request_amount_cents: 4050 }),
      ]);
      const requestId = campaign.requests[0].id;
      await api(testApp).get(`/booking/request?id=${requestId}`, athletes[0].token).expect(404);
      await api(testApp).post('/payments/set-paid', { endorsement_campaign_id: campaign.id }, business.token).expect(402);

      const sheet = await api(testApp).post(`/payments/payment-sheet?endorsement_campaign_id=${campaign.id}`, {}, business.token).expect(200);
      expect(sheet.body.amount).toBe(67);
      await api(testApp).post(`/payments/payment-sheet?endorsement_campaign_id=${campaign.id}`, {}, otherBusiness.token).expect(404);
      expect(await confirmCard(testApp, business, sheet.body.payment_intent.client_secret)).toMatchObject({ status: 'succeeded' });
      const paid = await api(testApp).post('/payments/set-paid', { endorsement_campaign_id: campaign.id }, business.token).expect(200);
      expect(paid.body.campaign).toMatchObject({ status: 1, paid: true, total_paid: 67, request_amount: 67, available_actions: ['cancel'] });
      // The provider's event arrives too: nothing changes the second time.
      await settle(testApp);
      await api(testApp).post('/payments/set-paid', { endorsement_campaign_id: campaign.id }, business.token).expect(200);

      for (const [index, athlete] of athletes.entries()) {
        const own = paid.body.campaign.requests.find((r: { athlete: { id: string } }) => r.athlete.id === athlete.account.id);
        const seen = await api(testApp).get(`/booking/request?id=${own.id}`, athlete.token).expect(200);
        expect(seen.body.request).toMatchObject({ type: 'endorsement', status: 1, paid: true, campaign_name: 'Spring launch', endorsement_campaign_id: campaign.id });
        expect(seen.body.request.request_amount).toBe(prices[index][1]);
        expect(await movementsOf(testApp, own.id)).toEqual(['authorised', 'captured']);
        const notes = await api(testApp).get('/user/notifications/list', athlete.token).expect(200);
        expect(notes.body.notifications[0]).toMatchObject({ data: { title: 'Campaign invitation' }, endorsement_campaign_id: campaign.id });
        // Each athlete sees only their own request of it.
        const others = paid.body.campaign.requests.filter((r: { id: string }) => r.id !== own.id);
        for (const other of others) await api(testApp).get(`/booking/request?id=${other.id}`, athlete.token).expect(404);
        const list = await api(testApp).get('/booking/request/filter?status=pending', athlete.token).expect(200);
        expect(list.body.requests.map((r: { id: string }) => r.id)).toContain(own.id);
      }
      const listed = await api(testApp).get('/booking/request/filter?status=pending', business.token).expect(200);
      const entry = listed.body.requests.find((r: { id: string }) => r.id === `@${campaign.id}`);
      expect(entry).toMatchObject({ type: 'endorsement_campaign', status: 1, athletes_count: 3, request_amount: 67, name: 'Spring launch' });
      expect(listed.body.requests.map((r: { id: string }) => r.id)).not.toContain(requestId);
    });
  });

  describe('money that only moves with the campaign', () => {
    it("a campaign's request is never paid or canceled on its own, and no price above one card payment is taken", async () => {
      const created = await create(campaignForm([[athletes[0].account.id, 20]])).expect(201);
      const requestId: string = created.body.campaign.requests[0].id;
      await api(testApp).post(`/payments/payment-sheet?request_id=${requestId}`, {}, business.token).expect(404);
      await api(testApp).post('/payments/set-paid', { request_id: requestId }, business.token).expect(404);
      const refused = await api(testApp).put(`/admin/requests/cancel?request_id=${requestId}`, {}, admin.token).expect(409);
      expect(refused.body.status_response.response_message).toBe('This request is not paid yet');
      expect(await statusOf(testApp, requestId)).toBe(1);

      const [a, b] = athletes.map((athlete) => athlete.account.id);
      const tooMuch = await create(campaignForm([[a, 1_000_000]])).expect(400);
      expect(tooMuch.body.errors[`proposed_amounts.${a}`]).toBeUndefined();
      expect(tooMuch.body.errors.proposed_amounts).toBe(MESSAGES.cardLimit);
      const total = await create(campaignForm([[a, 600_000], [b, 500_000]])).expect(400);
      expect(total.body.errors.proposed_amounts).toBe(MESSAGES.cardLimit);
      const offer = await api(testApp)
        .post('/booking/request', { ...bookingPayload('endorsement', a), request_amount: 30_000_000 }, business.token)
        .expect(400);
      expect(offer.body.errors.request_amount).toBe(MESSAGES.cardLimit);
    });

    it('a draft whose payment went through late is marked paid by the sweep, not deleted', async () => {
      const created = await create(campaignForm([[athletes[0].account.id, 20]])).expect(201);
      const id: string = created.body.campaign.id;
      const sheet = await api(testApp).post(`/payments/payment-sheet?endorsement_campaign_id=${id}`, {}, business.token).expect(200);
      // The card form went through, but neither set-paid nor the provider's event has arrived yet.
      await testApp.dataSource.query(`UPDATE sandbox_intents SET status = 'succeeded' WHERE client_secret = $1`, [sheet.body.payment_intent.client_secret]);
      clock.advance(25 * 3600 * 1000);
      await testApp.get(RequestTimers).sweepDue();
      expect(await view(id)).toMatchObject({ paid: true, status: 1 });
    });

    it('a draft deleted as its payment went through is refunded in full, and the ledger keeps the charge and its return', async () => {
      const created = await create(campaignForm([[athletes[0].account.id, 20]])).expect(201);
      const id: string = created.body.campaign.id;
      const sheet = await api(testApp).post(`/payments/payment-sheet?endorsement_campaign_id=${id}`, {}, business.token).expect(200);
      await confirmCard(testApp, business, sheet.body.payment_intent.client_secret);
      // What the sweep does when the card goes through between its look at the payment and its delete.
      await testApp.dataSource.transaction(async (manager) => {
        await manager.query('DELETE FROM campaigns WHERE id = $1', [id]);
        await testApp.get(PaymentsService).voidIn(manager, { requestId: id });
      });
      // Reconciliation still finds the payment by the campaign's own id, its shares gone: until
      // the void job gave the money back, it is a difference.
      const payments = testApp.get(PaymentsService);
      const kept = await payments.reconcile({ days: 30, graceSeconds: 0 });
      expect(kept.differences.filter((difference) => difference.subjectId === id)).toEqual([
        { subjectId: id, code: 'draft_kept', message: 'Charged at the provider for a deleted campaign draft, but not given back' },
      ]);
      await settle(testApp);
      const [intent] = await testApp.dataSource.query('SELECT amount_cents, amount_refunded_cents FROM sandbox_intents WHERE client_secret = $1', [sheet.body.payment_intent.client_secret]);
      expect(intent.amount_refunded_cents).toBe(intent.amount_cents);
      expect(await movementsOf(testApp, id)).toEqual(['authorised', 'captured', 'returned']);
      expect((await checkLedger(testApp.dataSource.manager)).violations).toEqual([]);
      const square = await payments.reconcile({ days: 30, graceSeconds: 0 });
      expect(square.differences.filter((difference) => difference.subjectId === id)).toEqual([]);
    });

    it('an athlete blocked after the draft was made is not charged for: checkout says so, and a payment that raced the block refunds their share', async () => {
      const [staying, blocked] = [await createBookableAthlete(testApp), await createBookableAthlete(testApp)];
      const names = async (athlete: SignedIn) => {
        const [row] = await testApp.dataSource.query(`SELECT first_name || ' ' || last_name AS name FROM accounts WHERE id = $1`, [athlete.account.id]);
        return row.name as string;
      };
      const athleteNotices = async (athlete: SignedIn) =>
        (await testApp.dataSource.query(`SELECT data->>'title' AS title FROM notifications WHERE user_id = $1`, [athlete.account.id])).map((row: { title: string }) => row.title);
      const block = () => api(testApp).post('/admin/user/block', { user_id: blocked.account.id, blocked: true }, admin.token).expect(200);
      const unblock = () => api(testApp).post('/admin/user/block', { user_id: blocked.account.id, blocked: false }, admin.token).expect(200);

      // Blocked before checkout: the business is told, and nothing is charged.
      const early: string = (await create(campaignForm([[staying.account.id, 20], [blocked.account.id, 30]])).expect(201)).body.campaign.id;
      await block();
      const refused = await api(testApp).post(`/payments/payment-sheet?endorsement_campaign_id=${early}`, {}, business.token).expect(409);
      expect(refused.body.status_response.response_message).toBe(`${await names(blocked)} is no longer on Huddle: create the campaign again without this athlete`);
      expect(await testApp.dataSource.query('SELECT 1 FROM payment_intents WHERE request_id = $1', [early])).toEqual([]);
      await unblock();

      // Blocked while the card form was open: the campaign is paid, the blocked athlete's share canceled and refunded at once.
      const late: string = (await create(campaignForm([[staying.account.id, 20], [blocked.account.id, 30]])).expect(201)).body.campaign.id;
      const sheet = await api(testApp).post(`/payments/payment-sheet?endorsement_campaign_id=${late}`, {}, business.token).expect(200);
      await block();
      await confirmCard(testApp, business, sheet.body.payment_intent.client_secret);
      await api(testApp).post('/payments/set-paid', { endorsement_campaign_id: late }, business.token).expect(200);
      await settle(testApp);
      const paid = await view(late);
      expect(paid.paid).toBe(true);
      const share = (athlete: SignedIn) => paid.requests.find((entry) => entry.athlete.id === athlete.account.id);
      expect(share(staying)).toMatchObject({ status: 1 });
      expect(share(blocked)).toMatchObject({ status: 3, refunded: true });
      expect(await refundedOf(late)).toBe(3000);
      expect(await movementsOf(testApp, share(blocked)!.id)).toEqual(['authorised', 'captured', 'returned']);
      const [history] = await testApp.dataSource.query(`SELECT actor_party FROM request_history WHERE request_id = $1 AND action = 'athlete_gone'`, [share(blocked)!.id]);
      expect(history).toEqual({ actor_party: 'system' });
      // The blocked athlete was never invited; the business heard of the cancel and of its refund.
      expect(await athleteNotices(blocked)).toEqual([]);
      expect(await athleteNotices(staying)).toContain('Campaign invitation');
      const told = await testApp.dataSource.query(`SELECT data->>'text' AS text FROM notifications WHERE user_id = $1 AND data->>'link' = $2`, [business.account.id, `/request/@${late}`]);
      expect(told.map((row: { text: string }) => row.text)).toEqual(
        expect.arrayContaining([`${(await names(blocked)).split(' ')[0]} is no longer on Huddle, so their endorsement of "Spring launch" was canceled. Their share will be refunded to your card.`]),
      );
      expect((await checkLedger(testApp.dataSource.manager)).violations).toEqual([]);
      await unblock();
    });

    it('two campaigns sharing athletes are paid and canceled side by side without a deadlock', async () => {
      for (let round = 0; round < 3; round += 1) {
        const forward = athletes.map((athlete, index): [SignedIn, number] => [athlete, 10 + index]);
        const backward = [...forward].reverse();
        const drafts = await Promise.all([forward, backward].map((prices) => create(campaignForm(prices.map(([athlete, amount]) => [athlete.account.id, amount]))).expect(201)));
        const ids = drafts.map((draft) => draft.body.campaign.id as string);
        for (const id of ids) {
          const sheet = await api(testApp).post(`/payments/payment-sheet?endorsement_campaign_id=${id}`, {}, business.token).expect(200);
          await confirmCard(testApp, business, sheet.body.payment_intent.client_secret);
        }
        const paid = await Promise.all(ids.map((id) => api(testApp).post('/payments/set-paid', { endorsement_campaign_id: id }, business.token)));
        expect(paid.map((answer) => answer.status)).toEqual([200, 200]);
        const canceled = await Promise.all(ids.map((id) => api(testApp).put(`/booking/request/campaign/cancel?campaign_id=${id}`, {}, business.token)));
        expect(canceled.map((answer) => answer.status)).toEqual([200, 200]);
        await settle(testApp);
      }
    });
  });

  describe('reading and cancelling', () => {
    it('another business, a fan and an athlete cannot read or cancel it; an administrator can read it', async () => {
      const campaign = await paidCampaign([[athletes[0], 30]]);
      await api(testApp).get(`/booking/request/campaign?endorsement_campaign=${campaign.id}`, otherBusiness.token).expect(404);
      await api(testApp).put(`/booking/request/campaign/cancel?campaign_id=${campaign.id}`, {}, otherBusiness.token).expect(404);
      await api(testApp).get(`/booking/request/campaign?endorsement_campaign=${campaign.id}`, fan.token).expect(403);
      await api(testApp).get(`/booking/request/campaign?endorsement_campaign=${campaign.id}`, athletes[0].token).expect(403);
      await api(testApp).put(`/booking/request/campaign/cancel?campaign_id=${campaign.id}`, {}, athletes[0].token).expect(403);
      await api(testApp).get('/booking/request/campaign?endorsement_campaign=not-a-uuid', business.token).expect(400);
      expect((await view(campaign.id, admin)).available_actions).toEqual([]);
      expect((await view(campaign.id)).status).toBe(1);
    });

    it('cancelling a pending campaign cancels every request and refunds everything; the ledger balances', async () => {
      const campaign = await paidCampaign([
        [athletes[0], 30],
        [athletes[1], 12.34],
      ]);
      const canceled = await api(testApp).put(`/booking/request/campaign/cancel?campaign_id=${campaign.id}`, {}, business.token).expect(200);
      expect(canceled.body.campaign).toMatchObject({ status: 3, request_amount: 0, available_actions: [] });
      await settle(testApp);
      const after = await view(campaign.id);
      expect(after.refunded_amount).toBe(42.34);
      // The campaign's money as the business reads it: one charge for the total, then each share's refund.
      const texts = (after as unknown as { money: Array<{ text: string }> }).money.map((line) => line.text);
      expect(texts[0]).toBe('Charged $42.34');
      expect([...texts.slice(1)].sort()).toEqual(['Refund of $12.34 issued', 'Refund of $30.00 issued']);
      expect(after.requests.every((r) => r.status === 3 && r.refunded)).toBe(true);
      expect(await refundedOf(campaign.id)).toBe(4234);
      for (const entry of after.requests) expect(await movementsOf(testApp, entry.id)).toEqual(['authorised', 'captured', 'returned']);
      const notes = await api(testApp).get('/user/notifications/list', business.token).expect(200);
      const refunds = notes.body.notifications.filter((n: { data: { title: string }; endorsement_campaign_id: string }) => n.data.title === 'Refund issued' && n.endorsement_campaign_id === campaign.id);
      expect(refunds).toHaveLength(2);
      await api(testApp).put(`/booking/request/campaign/cancel?campaign_id=${campaign.id}`, {}, business.token).expect(409);
    });
  });

  describe('a business that deletes its account', () => {
    it('every share still waiting for an answer is canceled and refunded, in a campaign an athlete accepted too; the accepted share goes on', async () => {
      const leaving = await createSignedIn(testApp, UserType.Business);
      const open = await paidCampaign([[athletes[0], 25], [athletes[1], 15]], leaving);
      const answered = await paidCampaign([[athletes[1], 20], [athletes[2], 10]], leaving);
      await accept(requestOf(answered, athletes[1]), athletes[1]).expect(200);
      await settle(testApp);

      await api(testApp).delete('/user/accounts/self', leaving.token).expect(200);
      await settle(testApp);
      const statuses = async (campaignId: string) =>
        (await testApp.dataSource.query(`SELECT athlete_id, status FROM requests WHERE endorsement_campaign_id = $1 ORDER BY athlete_id`, [campaignId])) as Array<{ athlete_id: string; status: number }>;
      expect((await statuses(open.id)).map((row) => row.status)).toEqual([3, 3]);
      expect(await refundedOf(open.id)).toBe(4000);
      const history = await testApp.dataSource.query(
        `SELECT DISTINCT h.action, h.actor_party FROM request_history h JOIN requests q ON q.id = h.request_id WHERE q.endorsement_campaign_id = ANY($1::uuid[]) AND h.to_status = 3`,
        [[open.id, answered.id]],
      );
      expect(history).toEqual([{ action: 'cancel', actor_party: 'requester' }]);
      // Its athletes are told, not asked any more.
      const told = await testApp.dataSource.query(`SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND data->>'title' = 'Campaign canceled'`, [athletes[0].account.id]);
      expect(told[0].n).toBeGreaterThanOrEqual(1);
      const kept = await statuses(answered.id);
      expect(kept.find((row) => row.athlete_id === athletes[1].account.id)?.status).toBe(2);
      expect(kept.find((row) => row.athlete_id === athletes[2].account.id)?.status).toBe(3);
      expect(await refundedOf(answered.id)).toBe(1000);
      expect((await checkLedger(testApp.dataSource.manager)).violations).toEqual([]);
    });
  });

  describe('each athlete on their own', () => {
    it('walks the derived status through every case of spec §4, refunding declines and keeping the sums without them', async () => {
      const campaign = await paidCampaign([
        [athletes[0], 50],
        [athletes[1], 20],
        [athletes[2], 10],
      ]);
      const [first, second, third] = athletes.map((athlete) => requestOf(campaign, athlete));
      expect(campaign.status).toBe(1); // all pending

      // An endorsement's accept needs the disclosure acknowledgement.
      const refused = await api(testApp).put(`/booking/request/accept?request_id=${first}`, {}, athletes[0].token).expect(400);
      expect(refused.body.errors.disclosure_acknowledged).toBe('Please confirm you will disclose this paid partnership');
      expect(await statusOf(testApp, first)).toBe(1);

      await api(testApp).put(`/booking/request/decline?request_id=${third}`, {}, athletes[2].token).expect(200);
      let current = await view(campaign.id);
      expect(current).toMatchObject({ status: 1, request_amount: 70 }); // pending or canceled
      await settle(testApp);
      current = await view(campaign.id);
      expect(current.refunded_amount).toBe(10);
      expect(await refundedOf(campaign.id)).toBe(1000);
      expect(current.requests.find((r) => r.id === third)?.refunded).toBe(true);

      const accepted = await accept(first, athletes[0]).expect(200);
      expect(accepted.body.request.disclosure_acknowledged).toBe(true);
      current = await view(campaign.id);
      expect(current).toMatchObject({ status: 2, available_actions: [] }); // accepted
      expect(await movementsOf(testApp, first)).toEqual(['authorised', 'captured', 'owed_to_athlete']);
      await api(testApp).put(`/booking/request/campaign/cancel?campaign_id=${campaign.id}`, {}, business.token).expect(409);

      await request(testApp.server)
        .post('/api/v1/athlete/endorsements')
        .set('x-access-token', athletes[0].token)
        .field('request_id', first)
        .attach('video', fixture('intro-5s.mp4'), { filename: 'v.mp4', contentType: 'video/mp4' })
        .expect(201);
      await settle(testApp);
      current = await view(campaign.id);
      expect(current.status).toBe(4); // pending review
      expect(current.requests.map((r) => [r.id, r.status, r.has_video])).toEqual([
        [third, 3, false],
        [second, 1, false],
        [first, 4, true],
      ]); // by status priority: 3, 1, 4

      await accept(second, athletes[1]).expect(200);
      expect((await view(campaign.id)).status).toBe(4); // 4 wins over 2
      await api(testApp).put('/booking/request/approve', { request_id: first }, business.token).expect(200);
      expect((await view(campaign.id)).status).toBe(2); // 5, 2, 3: accepted
      await api(testApp).put('/admin/requests/cancel?request_id=' + second, {}, admin.token).expect(200);
      await settle(testApp);
      current = await view(campaign.id);
      expect(current).toMatchObject({ status: 5, request_amount: 50, refunded_amount: 30 }); // finished and canceled: finished
      expect(await movementsOf(testApp, second)).toEqual(['authorised', 'captured', 'owed_to_athlete', 'refunded']);
      expect(await refundedOf(campaign.id)).toBe(3000);
      const notes = await api(testApp).get('/user/notifications/list', business.token).expect(200);
      const titles = notes.body.notifications.map((n: { data: { title: string } }) => n.data.title);
      for (const title of ['Athlete declined', 'Athlete accepted', 'Endorsement delivered', 'Refund issued', 'Campaign complete']) expect(titles).toContain(title);
      await api(testApp).put('/booking/reviews', { request_id: first, rate: 5 }, business.token).expect(200);
    });

    it("an invitation nobody answers expires and its share is refunded", async () => {
      const campaign = await paidCampaign([
        [athletes[0], 15],
        [athletes[1], 25],
      ]);
      await accept(requestOf(campaign, athletes[0]), athletes[0]).expect(200);
      clock.advance((6 * DAY + 60) * 1000);
      await testApp.get(RequestTimers).sweepDue();
      await settle(testApp);
      const current = await view(campaign.id);
      expect(current).toMatchObject({ status: 2, request_amount: 15, refunded_amount: 25 });
    });

    it('an unpaid campaign draft is deleted after a day with its requests', async () => {
      const created = await create(campaignForm([[athletes[0].account.id, 20]])).expect(201);
      clock.advance(25 * 3600 * 1000);
      await testApp.get(RequestTimers).sweepDue();
      expect((await testApp.dataSource.query('SELECT count(*)::int AS n FROM requests WHERE endorsement_campaign_id = $1', [created.body.campaign.id]))[0].n).toBe(0);
      await api(testApp).get(`/booking/request/campaign?endorsement_campaign=${created.body.campaign.id}`, business.token).expect(404);
    });
  });

  it('50 concurrent cancels and accepts: one legal outcome, and the money adds up', async () => {
    for (let round = 0; round < 3; round += 1) {
      const campaign = await paidCampaign([
        [athletes[0], 11],
        [athletes[1], 22],
        [athletes[2], 33],
      ]);
      const ids = athletes.map((athlete) => requestOf(campaign, athlete));
      const calls = Array.from({ length: 50 }, (_, index) => {
        if (index % 2 === 0) return api(testApp).put(`/booking/request/campaign/cancel?campaign_id=${campaign.id}`, {}, business.token);
        const which = index % 3;
        return accept(ids[which], athletes[which]);
      });
      const answers = await Promise.all(calls.map((call) => call.then((response) => response.status)));
      expect(answers.every((status) => status === 200 || status === 409)).toBe(true);
      await settle(testApp);
      const statuses = await Promise.all(ids.map((id) => statusOf(testApp, id)));
      const cancels = answers.filter((status, index) => index % 2 === 0 && status === 200).length;
      const current = await view(campaign.id);
      if (statuses.every((status) => status === 3)) {
        // The cancel won: nobody accepted, everything refunded.
        expect(cancels).toBeGreaterThanOrEqual(1);
        expect(current).toMatchObject({ status: 3, refunded_amount: 66, request_amount: 0 });
      } else {
        // An accept won: the campaign was not cancelled, and nothing was refunded.
        expect(cancels).toBe(0);
        expect(statuses.every((status) => status === 1 || status === 2)).toBe(true);
        expect(current.status).toBe(2);
        expect(current.refunded_amount).toBe(0);
      }
      for (const [index, id] of ids.entries()) {
        const moved = await movementsOf(testApp, id);
        expect(moved).toEqual(statuses[index] === 2 ? ['authorised', 'captured', 'owed_to_athlete'] : statuses[index] === 3 ? ['authorised', 'captured', 'returned'] : ['authorised', 'captured']);
        const history = await testApp.dataSource.query(`SELECT count(*)::int AS n FROM request_history WHERE request_id = $1 AND action IN ('accept', 'cancel')`, [id]);
        expect(history[0].n).toBe(statuses[index] === 1 ? 0 : 1);
      }
      expect(await refundedOf(campaign.id)).toBe(Math.round(current.refunded_amount * 100));
    }
  });
});
