import request from 'supertest';
import { UserType } from '@huddle/domain';
import { Clock } from '../src/common/time/clock';
import { AccountEntity } from '../src/modules/accounts/entities/account.entity';
import { RequestTimers } from '../src/modules/booking/request-timers';
import { api } from './support/accounts-api';
import { bookAndPay, bookingPayload, confirmCard, createBookableAthlete, movementsOf, settle, statusOf } from './support/booking';
import { FakeClock } from './support/fake-clock';
import { createSignedIn } from './support/fixtures';
import type { SignedIn } from './support/fixtures';
import { fixture } from './support/media';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

const MINUTE = 60;
const HOUR = 3600;
const DAY = 24 * HOUR;
const CAPTURED = ['authorised', 'captured', 'owed_to_athlete'];
const REFUNDED = ['authorised', 'captured', 'owed_to_athlete', 'refunded'];

/**
 * Fair timers (issue 21): the system's defaults never pay an athlete for what did not happen. A
 * video chat its athlete never started is refunded, a flagged shoutout waits for an administrator,
 * an accepted video not delivered in time is refunded; each on a clock the test moves, through the
 * real sweep, the request core and the sandbox provider, the ledger balanced after every test.
 */
describe('fair timers, on a clock the test moves', () => {
  let testApp: TestApp;
  let clock: FakeClock;
  let fan: SignedIn;
  let business: SignedIn;
  let admin: SignedIn;
  let athlete: SignedIn;
  let second: SignedIn;

  beforeAll(async () => {
    clock = new FakeClock(new Date());
    testApp = await createTestApp({ overrides: [{ provide: Clock, useValue: clock }] });
    fan = await createSignedIn(testApp, UserType.Fan, { firstName: 'Riley', lastName: 'Parker' });
    business = await createSignedIn(testApp, UserType.Business);
    admin = await createSignedIn(testApp, UserType.Admin);
    athlete = await createBookableAthlete(testApp);
    await testApp.dataSource.getRepository(AccountEntity).update(athlete.account.id, { firstName: 'Jordan', lastName: 'Miles' });
    second = await createBookableAthlete(testApp);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  afterEach(async () => {
    await settle(testApp);
  });

  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
  const sweep = () => testApp.get(RequestTimers).sweepDue();
  const advanceTo = (at: number) => clock.advance((at - nowSeconds()) * 1000);

  /** The text of the last notification titled `title` the user received. */
  async function lastToldTo(userId: string, title: string): Promise<string | undefined> {
    const rows: Array<{ text: string }> = await testApp.dataSource.query(
      `SELECT data->>'text' AS text FROM notifications WHERE user_id = $1 AND data->>'title' = $2 ORDER BY seq DESC LIMIT 1`,
      [userId, title],
    );
    return rows[0]?.text;
  }

  async function lastHistory(id: string): Promise<{ action: string; actor_party: string; from_status: number; to_status: number }> {
    const rows = await testApp.dataSource.query(`SELECT action, actor_party, from_status, to_status FROM request_history WHERE request_id = $1 ORDER BY id DESC LIMIT 1`, [id]);
    return rows[0];
  }

  async function auditOf(id: string): Promise<Array<{ admin_id: string; action: string; before: unknown; after: unknown }>> {
    return testApp.dataSource.query(`SELECT admin_id, action, before, after FROM admin_audit WHERE subject_type = 'request' AND subject_id = $1 ORDER BY id`, [id]);
  }

  const viewAs = async (id: string, who: SignedIn) => (await api(testApp).get(`/booking/request?id=${id}`, who.token).expect(200)).body.request;

  /** A paid request accepted by `by` (endorsements with the disclosure acknowledged), its card captured. */
  async function accepted(type: 'shoutout' | 'endorsement' | 'video_chat', by: SignedIn = athlete, startsIn = DAY): Promise<{ id: string; dateTime: number }> {
    const payload = bookingPayload(type, by.account.id, { now: nowSeconds(), startsIn });
    const id = await bookAndPay(testApp, type === 'endorsement' ? business : fan, payload);
    await api(testApp).put(`/booking/request/accept?request_id=${id}&disclosure_acknowledged=true`, {}, by.token).expect(200);
    await settle(testApp);
    const chat = payload.video_chat as { date_time: number } | undefined;
    return { id, dateTime: chat?.date_time ?? 0 };
  }

  async function deliver(id: string, type: 'shoutout' | 'endorsement', by: SignedIn = athlete): Promise<void> {
    await request(testApp.server)
      .post(`/api/v1/athlete/${type}s`)
      .set('x-access-token', by.token)
      .field('request_id', id)
      .attach('video', fixture('intro-5s.mp4'), { filename: 'v.mp4', contentType: 'video/mp4' })
      .expect(201);
  }

  async function flagged(): Promise<string> {
    const { id } = await accepted('shoutout');
    await deliver(id, 'shoutout');
    await api(testApp).put(`/booking/request/flag?request_id=${id}`, {}, fan.token).expect(200);
    return id;
  }

  describe('a video chat', () => {
    it('its athlete never started is canceled once its window is over and refunded in full; both told', async () => {
      const { id, dateTime } = await accepted('video_chat');
      expect(await movementsOf(testApp, id)).toEqual(CAPTURED);
      // The window stays open until 30 minutes after the booked time: the call can still happen.
      advanceTo(dateTime + 30 * MINUTE);
      expect((await sweep()).noShows).toBe(0);
      expect(await statusOf(testApp, id)).toBe(2);
      clock.advance(61 * 1000);
      expect((await sweep()).noShows).toBe(1);
      expect(await statusOf(testApp, id)).toBe(3);
      expect(await lastHistory(id)).toEqual({ action: 'no_show', actor_party: 'system', from_status: 2, to_status: 3 });
      // Told at the decision what will happen; the refund confirmed once the provider made it.
      expect(await lastToldTo(fan.account.id, 'Video chat canceled')).toBe('Jordan did not start your video chat. Your payment will be refunded.');
      expect(await lastToldTo(athlete.account.id, 'Video chat canceled')).toBe('You did not start the video chat with Riley P., so it was canceled. The payment will be refunded.');
      await settle(testApp);
      expect(await movementsOf(testApp, id)).toEqual(REFUNDED);
      expect(await lastToldTo(fan.account.id, 'Refund issued')).toMatch(/^Refund of \$\d+\.\d\d issued to your Visa ending in 4242 on .+ for your video chat with Jordan\.$/);
      const view = await viewAs(id, fan);
      expect(view.history.at(-1)).toMatchObject({ action: 'no_show', label: 'Canceled: the athlete did not start the video chat', actor: 'system' });
      // Days later nothing else happens to it: it is not completed in the athlete's favour.
      clock.advance(3 * DAY * 1000);
      await sweep();
      expect(await statusOf(testApp, id)).toBe(3);
    });

    it('its athlete started and the requester never joined completes for the athlete, never refunded', async () => {
      const { id, dateTime } = await accepted('video_chat');
      advanceTo(dateTime);
      await api(testApp).put(`/booking/request/start-video-chat?request_id=${id}`, {}, athlete.token).expect(200);
      // Its window closes with the call under way: a started call is no no-show.
      advanceTo(dateTime + 31 * MINUTE);
      const done = await sweep();
      expect(done.noShows).toBe(0);
      expect(await statusOf(testApp, id)).toBe(5);
      expect(await lastHistory(id)).toMatchObject({ action: 'complete_video_chat', actor_party: 'system', from_status: 6, to_status: 5 });
      await settle(testApp);
      expect(await movementsOf(testApp, id)).toEqual(CAPTURED);
    });
  });

  describe('a flagged shoutout', () => {
    it('is never completed by the timers; the administrator approves it and the athlete’s share stays owed', async () => {
      const id = await flagged();
      const { id: unflagged } = await accepted('shoutout', second);
      await deliver(unflagged, 'shoutout', second);
      clock.advance((7 * DAY + MINUTE) * 1000);
      await sweep();
      // The same sweep completed the delivery nobody flagged.
      expect(await statusOf(testApp, unflagged)).toBe(5);
      expect(await statusOf(testApp, id)).toBe(4);
      clock.advance(30 * DAY * 1000);
      await sweep();
      expect(await statusOf(testApp, id)).toBe(4);
      expect((await viewAs(id, admin)).available_actions).toEqual(['admin_cancel', 'admin_approve']);

      const approved = await api(testApp).put(`/admin/requests/approve?request_id=${id}`, {}, admin.token).expect(200);
      expect(approved.body.request).toMatchObject({ status: 5, flagged: true });
      expect(await lastHistory(id)).toEqual({ action: 'admin_approve', actor_party: 'admin', from_status: 4, to_status: 5 });
      expect(await auditOf(id)).toEqual([{ admin_id: admin.account.id, action: 'request.approve', before: { status: 4, flagged: true }, after: { status: 5, flagged: true } }]);
      expect(await lastToldTo(athlete.account.id, 'Request approved')).toBe('Huddle reviewed your video shoutout for Riley P. and approved it.');
      expect(await lastToldTo(fan.account.id, 'Report reviewed')).toBe('Huddle reviewed the video shoutout you reported and approved it.');
      await settle(testApp);
      expect(await movementsOf(testApp, id)).toEqual(CAPTURED);
      // Once is enough: a second approval is refused and audits nothing.
      await api(testApp).put(`/admin/requests/approve?request_id=${id}`, {}, admin.token).expect(409);
      expect(await auditOf(id)).toHaveLength(1);
    });

    it('the administrator cancels is refunded in full, and the cancel is audited', async () => {
      const id = await flagged();
      clock.advance(8 * DAY * 1000);
      await sweep();
      expect(await statusOf(testApp, id)).toBe(4);
      await api(testApp).put(`/admin/requests/cancel?request_id=${id}`, {}, admin.token).expect(200);
      expect(await statusOf(testApp, id)).toBe(3);
      expect(await auditOf(id)).toEqual([{ admin_id: admin.account.id, action: 'request.cancel', before: { status: 4, flagged: true }, after: { status: 3, flagged: true } }]);
      await settle(testApp);
      expect(await movementsOf(testApp, id)).toEqual(REFUNDED);
      await api(testApp).put(`/admin/requests/approve?request_id=${id}`, {}, admin.token).expect(409);
    });

    it('only an administrator may approve it, and only a flagged delivery; a refusal changes and audits nothing', async () => {
      const id = await flagged();
      const approve = (requestId: string, token?: string) => api(testApp).put(`/admin/requests/approve?request_id=${requestId}`, {}, token);
      await approve(id).expect(401);
      await approve(id, 'guest:7c1f').expect(401);
      for (const who of [fan, athlete, business]) {
        const refused = await approve(id, who.token).expect(403);
        expect(refused.body.status_response.response_message).toEqual(expect.any(String));
      }
      expect(await statusOf(testApp, id)).toBe(4);

      const pending = await bookAndPay(testApp, fan, bookingPayload('shoutout', athlete.account.id, { now: nowSeconds() }));
      const { id: acceptedOnly } = await accepted('shoutout');
      const { id: delivered } = await accepted('shoutout');
      await deliver(delivered, 'shoutout');
      const camp = await bookAndPay(testApp, fan, bookingPayload('camp', athlete.account.id, { now: nowSeconds(), startsIn: 20 * DAY }));
      for (const other of [pending, acceptedOnly, delivered, camp]) {
        const refused = await approve(other, admin.token).expect(409);
        expect(refused.body.status_response.response_message).toEqual(expect.any(String));
      }
      await approve('00000000-0000-4000-8000-000000000000', admin.token).expect(404);
      await approve('not-an-id', admin.token).expect(400);
      for (const other of [id, pending, acceptedOnly, delivered, camp]) expect(await auditOf(other)).toEqual([]);
      expect(await statusOf(testApp, delivered)).toBe(4);
      // Leave nothing behind for the next tests' sweeps.
      for (const other of [id, pending, acceptedOnly, delivered, camp]) await api(testApp).put(`/admin/requests/cancel?request_id=${other}`, {}, admin.token).expect(200);
    });
  });

  describe('a delivery deadline', () => {
    it('an accepted shoutout not delivered within 7 days is canceled and refunded, both told; one delivered in time is not touched', async () => {
      const { id } = await accepted('shoutout');
      const { id: onTime } = await accepted('shoutout', second);
      const acceptedAt: number = (await viewAs(id, fan)).accepted_at;
      // Both parties see the deadline; it is gone once there is nothing to deliver.
      expect((await viewAs(id, fan)).delivery_deadline).toBe(acceptedAt + 7 * DAY);
      expect((await viewAs(id, athlete)).delivery_deadline).toBe(acceptedAt + 7 * DAY);
      clock.advance(6 * DAY * 1000);
      await deliver(onTime, 'shoutout', second);
      expect((await viewAs(onTime, fan)).delivery_deadline).toBeNull();

      advanceTo(acceptedAt + 7 * DAY - MINUTE);
      expect((await sweep()).undelivered).toBe(0);
      expect(await statusOf(testApp, id)).toBe(2);
      clock.advance(2 * MINUTE * 1000);
      expect((await sweep()).undelivered).toBe(1);
      expect(await statusOf(testApp, id)).toBe(3);
      expect(await statusOf(testApp, onTime)).toBe(4);
      expect(await lastHistory(id)).toEqual({ action: 'missed_delivery', actor_party: 'system', from_status: 2, to_status: 3 });
      expect(await lastToldTo(fan.account.id, 'Request canceled')).toBe('Jordan did not deliver your video shoutout in time. Your payment will be refunded.');
      expect(await lastToldTo(athlete.account.id, 'Request canceled')).toBe('The video shoutout for Riley P. was not delivered in time, so it was canceled. The payment will be refunded.');
      await settle(testApp);
      expect(await movementsOf(testApp, id)).toEqual(REFUNDED);
      expect(await movementsOf(testApp, onTime)).toEqual(CAPTURED);
      // Too late to deliver now.
      await request(testApp.server)
        .post('/api/v1/athlete/shoutouts')
        .set('x-access-token', athlete.token)
        .field('request_id', id)
        .attach('video', fixture('intro-5s.mp4'), { filename: 'v.mp4', contentType: 'video/mp4' })
        .expect(409);
    });

    it("a campaign's endorsement not delivered in time refunds its share alone; the delivered one stays", async () => {
      const created = await api(testApp)
        .postForm(
          '/booking/request/endorsement_campaign/create',
          {
            name: 'Spring launch',
            endorsement_task: 'Post a reel wearing our new jersey',
            endorsement_link: 'example.com/jersey',
            social_media_platform: 'instagram',
            athlete_ids: `${athlete.account.id},${second.account.id}`,
            proposed_amounts: JSON.stringify([
              { athlete_id: athlete.account.id, amount: 20 },
              { athlete_id: second.account.id, amount: 30 },
            ]),
          },
          business.token,
        )
        .expect(201);
      const campaignId: string = created.body.campaign.id;
      const sheet = await api(testApp).post(`/payments/payment-sheet?endorsement_campaign_id=${campaignId}`, {}, business.token).expect(200);
      await confirmCard(testApp, business, sheet.body.payment_intent.client_secret);
      const paid = await api(testApp).post('/payments/set-paid', { endorsement_campaign_id: campaignId }, business.token).expect(200);
      const requestOf = (who: SignedIn): string => paid.body.campaign.requests.find((entry: { athlete: { id: string } }) => entry.athlete.id === who.account.id).id;
      const late = requestOf(athlete);
      const delivered = requestOf(second);
      for (const [id, who] of [
        [late, athlete],
        [delivered, second],
      ] as const) {
        await api(testApp).put(`/booking/request/accept?request_id=${id}&disclosure_acknowledged=true`, {}, who.token).expect(200);
      }
      await settle(testApp);
      const acceptedAt: number = (await viewAs(late, business)).accepted_at;
      expect((await viewAs(late, business)).delivery_deadline).toBe(acceptedAt + 7 * DAY);
      clock.advance(3 * DAY * 1000);
      await deliver(delivered, 'endorsement', second);

      advanceTo(acceptedAt + 7 * DAY + MINUTE);
      await sweep();
      expect(await statusOf(testApp, late)).toBe(3);
      expect(await statusOf(testApp, delivered)).toBe(4);
      expect(await lastHistory(late)).toMatchObject({ action: 'missed_delivery', actor_party: 'system' });
      expect(await lastToldTo(business.account.id, 'Endorsement canceled')).toBe('Jordan did not deliver the endorsement of "Spring launch" in time. Their share will be refunded to your card.');
      await settle(testApp);
      expect(await movementsOf(testApp, late)).toEqual(REFUNDED);
      expect(await movementsOf(testApp, delivered)).toEqual(CAPTURED);
      const campaign = (await api(testApp).get(`/booking/request/campaign?endorsement_campaign=${campaignId}`, business.token).expect(200)).body.campaign;
      expect(campaign).toMatchObject({ refunded_amount: 20 });
      expect(await lastToldTo(business.account.id, 'Refund issued')).toMatch(/^\$20\.00 for .+'s share of "Spring launch" was refunded to your card\.$/);
      // Finish the delivered one so later sweeps find nothing of this test.
      await api(testApp).put('/booking/request/approve', { request_id: delivered }, business.token).expect(200);
    });
  });

  it('DELIVERY_DEADLINE_DAYS is validated at start', async () => {
    await expect(createTestApp({ env: { DELIVERY_DEADLINE_DAYS: '0' } })).rejects.toThrow(/DELIVERY_DEADLINE_DAYS/);
  });
});
