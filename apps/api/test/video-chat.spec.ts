import { createHmac, timingSafeEqual } from 'node:crypto';
import { UserType } from '@huddle/domain';
import { Clock } from '../src/common/time/clock';
import { AuthSecret } from '../src/modules/auth/auth.module';
import { RequestTimers } from '../src/modules/booking/request-timers';
import { api } from './support/accounts-api';
import { bookAndPay, bookingPayload, createBookableAthlete, settle, statusOf } from './support/booking';
import { FakeClock } from './support/fake-clock';
import { createSignedIn } from './support/fixtures';
import type { SignedIn } from './support/fixtures';
import { listen, StreamClient } from './support/stream-client';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

const MINUTE = 60;

/** A JWT's claims, checked as Twilio checks them: HS256 over header.payload with the API key secret. */
function verifyJwt(token: string, secret: string): Record<string, unknown> {
  const [header, payload, signature] = token.split('.');
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature ?? '', 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new Error('bad signature');
  expect(JSON.parse(Buffer.from(header, 'base64url').toString('utf8'))).toMatchObject({ alg: 'HS256', typ: 'JWT', cty: 'twilio-fpa;v=1' });
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
}
const DAY = 86400;

interface Join {
  provider: string;
  appId: string;
  channelName: string;
  uid: string;
  token: string;
  partner_uid: string;
  started_at: number;
  ends_at: number;
  token_expires_at: number;
}

describe('live video chat', () => {
  let testApp: TestApp;
  let clock: FakeClock;
  let fan: SignedIn;
  let otherFan: SignedIn;
  let admin: SignedIn;
  let athlete: SignedIn;
  let otherAthlete: SignedIn;

  beforeAll(async () => {
    clock = new FakeClock(new Date());
    testApp = await createTestApp({ overrides: [{ provide: Clock, useValue: clock }] });
    fan = await createSignedIn(testApp, UserType.Fan);
    otherFan = await createSignedIn(testApp, UserType.Fan);
    admin = await createSignedIn(testApp, UserType.Admin);
    athlete = await createBookableAthlete(testApp);
    otherAthlete = await createBookableAthlete(testApp);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  afterEach(async () => {
    await settle(testApp);
  });

  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

  /** A paid, accepted video chat booked `startsIn` seconds from the clock's now. */
  async function acceptedChat(startsIn = DAY): Promise<{ id: string; dateTime: number }> {
    const payload = bookingPayload('video_chat', athlete.account.id, { now: nowSeconds(), startsIn });
    const id = await bookAndPay(testApp, fan, payload);
    await api(testApp).put(`/booking/request/accept?request_id=${id}`, {}, athlete.token).expect(200);
    return { id, dateTime: (payload.video_chat as { date_time: number }).date_time };
  }

  const start = (id: string, who: SignedIn = athlete) => api(testApp).put(`/booking/request/start-video-chat?request_id=${id}`, {}, who.token);
  const join = (id: string, who: SignedIn) => api(testApp).get(`/booking/request/video-chat?request_id=${id}`, who.token);
  const signal = (id: string, who: SignedIn, token: string, kind = 'offer', data = '{"type":"offer","sdp":"v=0"}') =>
    api(testApp).post('/booking/request/video-chat/signal', { request_id: id, token, kind, data }, who.token);

  it('opens 10 minutes before its time for its athlete only; both parties join with tokens bound to the room, the caller and the session', async () => {
    const { id, dateTime } = await acceptedChat();
    await join(id, fan).expect(409);
    const early = await start(id).expect(409);
    expect(early.body.status_response.response_message).toBe('The video chat opens 10 minutes before its time');
    clock.advance((dateTime - 10 * MINUTE - nowSeconds()) * 1000);
    await start(id, fan).expect(403);
    await start(id, otherAthlete).expect(404);
    const started = await start(id).expect(200);
    expect(started.body.request).toMatchObject({ status: 6, available_actions: ['complete_video_chat'] });
    await start(id).expect(409);

    const athleteJoin: Join = (await join(id, athlete).expect(200)).body;
    const fanJoin: Join = (await join(id, fan).expect(200)).body;
    expect(athleteJoin).toMatchObject({ provider: 'embedded', appId: 'huddle-embedded', channelName: `huddle-${id}`, partner_uid: fanJoin.uid });
    expect(fanJoin.partner_uid).toBe(athleteJoin.uid);
    expect(athleteJoin.uid).not.toBe(fanJoin.uid);
    // Started 10 minutes early: the 5 minutes count from the booked time, not from the start.
    expect(athleteJoin.started_at).toBe(dateTime - 10 * MINUTE);
    expect(athleteJoin.ends_at).toBe(dateTime + 5 * MINUTE);
    expect(athleteJoin.token_expires_at).toBe(athleteJoin.ends_at + 2 * MINUTE);
    // The token names the room and the caller, and expires with the session (the server's seal).
    const opened = testApp.get(AuthSecret).open<{ ch: string; uid: string }>('video-chat-token', fanJoin.token, clock.now());
    expect(opened).toMatchObject({ ch: `huddle-${id}`, uid: fanJoin.uid, exp: fanJoin.token_expires_at * 1000 });
    expect(testApp.get(AuthSecret).open('video-chat-token', fanJoin.token, new Date(fanJoin.token_expires_at * 1000))).toBeNull();
    // Nobody else joins: another fan, another athlete (404 as for a missing request), an administrator (403).
    await join(id, otherFan).expect(404);
    await join(id, otherAthlete).expect(404);
    await join(id, admin).expect(403);

    const notes = await api(testApp).get('/user/notifications/list', fan.token).expect(200);
    expect(notes.body.notifications[0].data.title).toBe('Video chat started');
  });

  it("relays a party's signal to the other party's stream, only with the caller's own token", async () => {
    const { id, dateTime } = await acceptedChat();
    clock.advance((dateTime - nowSeconds()) * 1000);
    await start(id).expect(200);
    const athleteJoin: Join = (await join(id, athlete).expect(200)).body;
    const fanJoin: Join = (await join(id, fan).expect(200)).body;
    const stream = new StreamClient(await listen(testApp), athlete.token);
    try {
      await stream.waitFor('unread');
      await signal(id, fan, fanJoin.token).expect(200);
      const [event] = await stream.waitFor('signal');
      expect(event.id).toBeNull();
      expect(event.data.signal).toMatchObject({ request_id: id, from: fanJoin.uid, kind: 'offer', data: '{"type":"offer","sdp":"v=0"}' });
    } finally {
      stream.close();
    }
    // Someone else's token, a forged one, another call's: refused, nothing sent.
    await signal(id, fan, athleteJoin.token).expect(403);
    await signal(id, fan, `${fanJoin.token.slice(0, -2)}xx`).expect(403);
    await signal(id, otherFan, fanJoin.token).expect(404);
    const bad = await signal(id, fan, fanJoin.token, 'exec').expect(400);
    expect(bad.body.status_response.response_internal_code).toBe(1400);
    await signal(id, fan, fanJoin.token, 'candidate', 'x'.repeat(17 * 1024)).expect(400);
    const rows = await testApp.dataSource.query('SELECT user_id, sender FROM live_signals WHERE request_id = $1', [id]);
    expect(rows).toEqual([{ user_id: athlete.account.id, sender: fanJoin.uid }]);

    // After the session and its slack, the token is dead and no one joins.
    clock.advance((fanJoin.token_expires_at - nowSeconds()) * 1000);
    await signal(id, fan, fanJoin.token).expect(403);
    await join(id, fan).expect(409);
  });

  it('either party finishing the call finishes the request (2 -> 6 -> 5) once, and the other one is told', async () => {
    const { id, dateTime } = await acceptedChat();
    clock.advance((dateTime - nowSeconds()) * 1000);
    await start(id).expect(200);
    const check = async (who: SignedIn) => (await api(testApp).get(`/booking/request/complete-video-chat-check?request_id=${id}`, who.token).expect(200)).body;
    expect(await check(athlete)).toMatchObject({ video_chat_completed: false, status: 6 });
    await api(testApp).put(`/booking/request/video-chat/leave?request_id=${id}`, {}, otherFan.token).expect(404);
    const left = await api(testApp).put(`/booking/request/video-chat/leave?request_id=${id}`, {}, fan.token).expect(200);
    expect(left.body.request).toMatchObject({ status: 5, video_chat_completed: true });
    expect(await check(athlete)).toMatchObject({ video_chat_completed: true, status: 5 });
    // The other party's screen finishes too, at the same moment: the same answer, nothing twice.
    await api(testApp).put('/booking/request/complete-video-chat', { request_id: id }, athlete.token).expect(200);
    const history = await testApp.dataSource.query(`SELECT action, from_status, to_status FROM request_history WHERE request_id = $1 ORDER BY id`, [id]);
    expect(history.map((row: { action: string }) => row.action)).toEqual(['create', 'pay', 'accept', 'start_video_chat', 'complete_video_chat']);
    const notes = await api(testApp).get('/user/notifications/list', athlete.token).expect(200);
    expect(notes.body.notifications[0].data.title).toBe('Video chat finished');
    await api(testApp).put('/booking/reviews', { request_id: id, rate: 5 }, fan.token).expect(200);
  });

  it('a call started early is not finished before its booked time plus its 5 minutes', async () => {
    const { id, dateTime } = await acceptedChat();
    clock.advance((dateTime - 10 * MINUTE - nowSeconds()) * 1000);
    await start(id).expect(200);
    clock.advance((10 + 5 + 2) * MINUTE * 1000 - 1000);
    await testApp.get(RequestTimers).sweepDue();
    expect(await statusOf(testApp, id)).toBe(6);
    clock.advance(2000);
    await testApp.get(RequestTimers).sweepDue();
    expect(await statusOf(testApp, id)).toBe(5);
  });

  it('a call whose time ran out is finished by the timers; one that never started can be approved once its window is over', async () => {
    const left = await acceptedChat();
    clock.advance((left.dateTime - nowSeconds()) * 1000);
    await start(left.id).expect(200);
    clock.advance((5 + 2) * MINUTE * 1000 - 1000);
    await testApp.get(RequestTimers).sweepDue();
    expect(await statusOf(testApp, left.id)).toBe(6);
    clock.advance(2000);
    await testApp.get(RequestTimers).sweepDue();
    expect(await statusOf(testApp, left.id)).toBe(5);

    const missed = await acceptedChat(DAY);
    clock.advance((missed.dateTime - nowSeconds() + 29 * MINUTE) * 1000);
    await api(testApp).put('/booking/request/approve', { request_id: missed.id }, fan.token).expect(409);
    clock.advance(2 * MINUTE * 1000);
    await start(missed.id).expect(409);
    await api(testApp).put('/booking/request/approve', { request_id: missed.id }, fan.token).expect(200);
    expect(await statusOf(testApp, missed.id)).toBe(5);
  });
});

describe('live video chat on Twilio', () => {
  let testApp: TestApp;
  let fan: SignedIn;
  let athlete: SignedIn;
  const SECRET = 'twilio-api-key-secret-for-tests';

  beforeAll(async () => {
    testApp = await createTestApp({ env: { TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef', TWILIO_API_KEY_SID: 'SK0123456789abcdef0123456789abcdef', TWILIO_API_KEY_SECRET: SECRET } });
    fan = await createSignedIn(testApp, UserType.Fan);
    athlete = await createBookableAthlete(testApp);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('gives each party an AccessToken with a VideoGrant for the request room, its identity and a short life', async () => {
    const payload = bookingPayload('video_chat', athlete.account.id, { startsIn: 5 * MINUTE });
    const id = await bookAndPay(testApp, fan, payload);
    await api(testApp).put(`/booking/request/accept?request_id=${id}`, {}, athlete.token).expect(200);
    await api(testApp).put(`/booking/request/start-video-chat?request_id=${id}`, {}, athlete.token).expect(200);
    const joined: Join = (await api(testApp).get(`/booking/request/video-chat?request_id=${id}`, fan.token).expect(200)).body;
    expect(joined).toMatchObject({ provider: 'twilio', appId: 'AC0123456789abcdef0123456789abcdef', channelName: `huddle-${id}` });
    const decoded = verifyJwt(joined.token, SECRET) as {
      iss: string;
      sub: string;
      exp: number;
      grants: { identity: string; video: { room: string } };
    };
    expect(decoded).toMatchObject({ iss: 'SK0123456789abcdef0123456789abcdef', sub: 'AC0123456789abcdef0123456789abcdef', grants: { identity: joined.uid, video: { room: `huddle-${id}` } } });
    expect(decoded.exp).toBeLessThanOrEqual(joined.token_expires_at + 5);
    // Booked 5 minutes ahead and started now: the session ends 5 minutes after the booked time, the token 2 after that.
    expect(decoded.exp - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(12 * MINUTE + 5);
    expect(decoded.exp - Math.floor(Date.now() / 1000)).toBeGreaterThan(11 * MINUTE);
    expect(() => verifyJwt(joined.token, 'another secret')).toThrow('bad signature');
    // The embedded signalling is not Twilio's: refused.
    await api(testApp).post('/booking/request/video-chat/signal', { request_id: id, token: joined.token, kind: 'offer', data: '{}' }, fan.token).expect(403);
    await settle(testApp);
  });
});
