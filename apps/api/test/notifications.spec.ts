import request from 'supertest';
import { UserType } from '@huddle/domain';
import type { LiveNotification } from '@huddle/domain';
import { api, outboxFor } from './support/accounts-api';
import { bookAndPay, bookingPayload, createBookableAthlete, settle } from './support/booking';
import { createSignedIn } from './support/fixtures';
import type { SignedIn } from './support/fixtures';
import { listen, StreamClient } from './support/stream-client';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';
import { createTestDatabase } from './support/test-database';
import type { TestDatabase } from './support/test-database';

interface ListPayload {
  notifications: LiveNotification[];
  unread_count: number;
  total: number;
}

async function listOf(testApp: TestApp, who: SignedIn, query = ''): Promise<ListPayload> {
  return (await api(testApp).get(`/user/notifications/list${query}`, who.token).expect(200)).body as ListPayload;
}

async function emailOf(testApp: TestApp, who: SignedIn): Promise<string> {
  const [row]: Array<{ email: string }> = await testApp.dataSource.query('SELECT email FROM accounts WHERE id = $1', [who.account.id]);
  return row.email;
}

describe('notifications', () => {
  let testApp: TestApp;
  let athlete: SignedIn;
  let fan: SignedIn;

  beforeAll(async () => {
    testApp = await createTestApp({ env: { NOTIFICATIONS_HEARTBEAT_SECONDS: '1' } });
    athlete = await createBookableAthlete(testApp);
    fan = await createSignedIn(testApp, UserType.Fan);
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('tells the right people of each step, in the app and by email, with a link to the request', async () => {
    const requestId = await bookAndPay(testApp, fan, bookingPayload('shoutout', athlete.account.id));
    const [paid] = (await listOf(testApp, athlete)).notifications;
    expect(paid).toMatchObject({ data: { title: 'New request', link: `/request/${requestId}` }, is_read: false, request_id: requestId, request_type: 'shoutout', user_id: athlete.account.id });
    expect((await listOf(testApp, fan)).notifications).toEqual([]);

    await api(testApp).put(`/booking/request/accept?request_id=${requestId}`, {}, athlete.token).expect(200);
    const [accepted] = (await listOf(testApp, fan)).notifications;
    expect(accepted.data).toMatchObject({ title: 'Request accepted', link: `/request/${requestId}` });
    expect((await listOf(testApp, athlete)).notifications).toHaveLength(1);

    await settle(testApp);
    const athleteMail = await outboxFor(testApp, await emailOf(testApp, athlete));
    const fanMail = await outboxFor(testApp, await emailOf(testApp, fan));
    expect(athleteMail.map((mail) => mail.subject)).toContain('Huddle: New request');
    expect(fanMail.map((mail) => mail.subject)).toContain('Huddle: Request accepted');
    expect(fanMail.find((mail) => mail.subject === 'Huddle: Request accepted')?.text_body).toContain(`http://localhost:4200/request/${requestId}`);
  });

  it('sends no email to someone who turned email off in their settings; the in-app notification still comes', async () => {
    const quiet = await createSignedIn(testApp, UserType.Fan);
    const { account } = (await api(testApp).get('/user/accounts', quiet.token).expect(200)).body;
    expect(account.email_notifications).toBe(true);
    const edit = { first_name: account.first_name, last_name: account.last_name, email: account.email, phone: account.phone, email_notifications: false };
    const saved = await api(testApp).put('/user/accounts', edit, quiet.token).expect(200);
    expect(saved.body.account.email_notifications).toBe(false);

    const requestId = await bookAndPay(testApp, quiet, bookingPayload('shoutout', athlete.account.id));
    await api(testApp).put(`/booking/request/decline?request_id=${requestId}`, {}, athlete.token).expect(200);
    await settle(testApp);
    expect((await listOf(testApp, quiet)).notifications.map((row) => row.data.title)).toEqual(['Card hold released', 'Request declined']);
    expect(await outboxFor(testApp, account.email)).toEqual([]);
  });

  it('writes nothing when the change rolls back: no notification, no email, no stream event', async () => {
    const base = await listen(testApp);
    const requester = await createSignedIn(testApp, UserType.Fan);
    const requestId = await bookAndPay(testApp, requester, bookingPayload('shoutout', athlete.account.id));
    // Fails this request's accept at COMMIT, after everything in the transaction (its notification included) was written.
    await testApp.dataSource.query(`CREATE FUNCTION fail_accept() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.request_id = '${requestId}' AND NEW.action = 'accept' THEN RAISE EXCEPTION 'the change fails at commit'; END IF; RETURN NEW; END $$`);
    await testApp.dataSource.query(`CREATE CONSTRAINT TRIGGER fail_accept AFTER INSERT ON request_history DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION fail_accept()`);
    const stream = new StreamClient(base, requester.token);
    try {
      await stream.waitFor('unread');
      const refused = await api(testApp).put(`/booking/request/accept?request_id=${requestId}`, {}, athlete.token);
      expect(refused.status).toBeGreaterThanOrEqual(500);
      await settle(testApp);
      expect((await listOf(testApp, requester)).notifications).toEqual([]);
      expect(await outboxFor(testApp, await emailOf(testApp, requester))).toEqual([]);
      const [{ status }]: Array<{ status: number }> = await testApp.dataSource.query('SELECT status FROM requests WHERE id = $1', [requestId]);
      expect(status).toBe(1);
      expect(stream.events.filter((event) => event.event === 'notification')).toEqual([]);
    } finally {
      stream.close();
      await testApp.dataSource.query('DROP TRIGGER fail_accept ON request_history');
      await testApp.dataSource.query('DROP FUNCTION fail_accept()');
    }
    // Without the failure the same accept commits, and its notification with it.
    await api(testApp).put(`/booking/request/accept?request_id=${requestId}`, {}, athlete.token).expect(200);
    expect((await listOf(testApp, requester)).notifications.map((row) => row.data.title)).toEqual(['Request accepted']);
  });

  it('lists newest first with paging and the unread count; read and delete touch only the caller’s own', async () => {
    const owner = await createBookableAthlete(testApp);
    const booker = await createSignedIn(testApp, UserType.Business);
    for (let index = 0; index < 3; index += 1) await bookAndPay(testApp, booker, bookingPayload('shoutout', owner.account.id));
    const all = await listOf(testApp, owner);
    expect(all.total).toBe(3);
    expect(all.unread_count).toBe(3);
    expect(all.notifications.map((row) => row.seq)).toEqual([3, 2, 1]);
    const page = await listOf(testApp, owner, '?page=2&page_size=2');
    expect(page.notifications.map((row) => row.seq)).toEqual([1]);
    expect(page.total).toBe(3);

    // Someone else's ids change nothing, and say nothing of them.
    const [newest, middle, oldest] = all.notifications;
    const stranger = await createSignedIn(testApp, UserType.Fan);
    const foreign = await api(testApp).put('/user/notifications/set_read', { ids: JSON.stringify([newest.id]) }, stranger.token).expect(200);
    expect(foreign.body.unread_count).toBe(0);
    await request(testApp.server).delete('/api/v1/user/notifications/delete').set('x-access-token', stranger.token).type('form').send({ ids: JSON.stringify([newest.id]) }).expect(200);
    expect((await listOf(testApp, owner)).total).toBe(3);

    // The spec's form encoding: ids as a JSON array in a form field.
    const read = await request(testApp.server).put('/api/v1/user/notifications/set_read').set('x-access-token', owner.token).type('form').send({ ids: JSON.stringify([newest.id, middle.id]) }).expect(200);
    expect(read.body.unread_count).toBe(1);
    const after = await listOf(testApp, owner);
    expect(after.notifications.map((row) => row.is_read)).toEqual([true, true, false]);
    const deleted = await request(testApp.server).delete('/api/v1/user/notifications/delete').set('x-access-token', owner.token).type('form').send({ ids: JSON.stringify([oldest.id]) }).expect(200);
    expect(deleted.body.unread_count).toBe(0);
    expect((await listOf(testApp, owner)).notifications.map((row) => row.id)).toEqual([newest.id, middle.id]);

    // 'Mark all read' reads every one, those beyond the page the screen loaded too; nobody else's.
    for (let index = 0; index < 3; index += 1) await bookAndPay(testApp, booker, bookingPayload('shoutout', owner.account.id));
    // Another athlete's unread ones stay unread.
    const other = await createBookableAthlete(testApp);
    await bookAndPay(testApp, booker, bookingPayload('shoutout', other.account.id));
    expect((await listOf(testApp, owner, '?page=1&page_size=1')).unread_count).toBe(3);
    const allRead = await api(testApp).put('/user/notifications/set_all_read', {}, owner.token).expect(200);
    expect(allRead.body.unread_count).toBe(0);
    expect((await listOf(testApp, owner)).notifications.every((row) => row.is_read)).toBe(true);
    expect((await listOf(testApp, other)).unread_count).toBe(1);
    await api(testApp).put('/user/notifications/set_all_read', {}).expect(401);
  });

  it('never numbers two notifications alike, even after the newest was deleted; the open stream gets the next one', async () => {
    const base = await listen(testApp);
    const owner = await createBookableAthlete(testApp);
    const booker = await createSignedIn(testApp, UserType.Fan);
    await bookAndPay(testApp, booker, bookingPayload('shoutout', owner.account.id));
    await bookAndPay(testApp, booker, bookingPayload('shoutout', owner.account.id));
    const [newest] = (await listOf(testApp, owner)).notifications;
    expect(newest.seq).toBe(2);
    await request(testApp.server).delete('/api/v1/user/notifications/delete').set('x-access-token', owner.token).type('form').send({ ids: JSON.stringify([newest.id]) }).expect(200);
    const stream = new StreamClient(base, owner.token);
    try {
      const [hello] = await stream.waitFor('unread');
      expect(hello.id).toBe('2');
      await bookAndPay(testApp, booker, bookingPayload('shoutout', owner.account.id));
      const [event] = await stream.waitFor('notification');
      expect(event.id).toBe('3');
      expect((await listOf(testApp, owner)).notifications.map((row) => row.seq)).toEqual([3, 1]);
    } finally {
      stream.close();
    }
  });

  it('ends a stream whose session ended (logout elsewhere) at the next heartbeat', async () => {
    const owner = await createSignedIn(testApp, UserType.Fan);
    const stream = new StreamClient(await listen(testApp), owner.token);
    try {
      await stream.waitFor('unread');
      await api(testApp).delete('/user/sessions', owner.token).expect(200);
      // NOTIFICATIONS_HEARTBEAT_SECONDS is 1 here.
      await stream.waitForEnd(5_000);
    } finally {
      stream.close();
    }
  });

  it('refuses bad ids with the envelope, guests with 401 and administrators with 403', async () => {
    for (const ids of ['not json', '[]', '["x"]', JSON.stringify(Array.from({ length: 101 }, () => '0b5e3c1a-8a57-4f1e-9d43-2f0f8c7e9a10'))]) {
      const response = await api(testApp).put('/user/notifications/set_read', { ids }, fan.token).expect(400);
      expect(response.body.status_response.response_internal_code).toBe(1400);
    }
    await api(testApp).get('/user/notifications/list').expect(401);
    await api(testApp).get('/user/notifications/stream').expect(401);
    const admin = await createSignedIn(testApp, UserType.Admin);
    await api(testApp).get('/user/notifications/list', admin.token).expect(403);
  });

  it('streams the unread count, then each new notification as it commits, with heartbeats; Last-Event-ID replays what was missed', async () => {
    const base = await listen(testApp);
    const owner = await createBookableAthlete(testApp);
    const booker = await createSignedIn(testApp, UserType.Fan);
    const stream = new StreamClient(base, owner.token);
    try {
      const [hello] = await stream.waitFor('unread');
      expect(stream.status).toBe(200);
      expect(stream.contentType).toMatch(/^text\/event-stream/);
      expect(hello.data).toEqual({ unread_count: 0 });
      // The opening count says where the stream stands, so a reconnect before any notification misses nothing.
      expect(hello.id).toBe('0');

      const first = await bookAndPay(testApp, booker, bookingPayload('shoutout', owner.account.id));
      const [event] = await stream.waitFor('notification');
      expect(event.id).toBe('1');
      expect(event.data).toMatchObject({ unread_count: 1, notification: { seq: 1, request_id: first, data: { title: 'New request' } } });
    } finally {
      stream.close();
    }

    // While nobody listens, two more; a client back with Last-Event-ID: 1 gets exactly those, in order.
    await bookAndPay(testApp, booker, bookingPayload('shoutout', owner.account.id));
    await bookAndPay(testApp, booker, bookingPayload('shoutout', owner.account.id));
    const back = new StreamClient(base, owner.token, { 'last-event-id': '1' });
    const byQuery = new StreamClient(base, owner.token, {}, '?last_event_id=2');
    try {
      const missed = await back.waitFor('notification', 2);
      expect(missed.map((event) => event.id)).toEqual(['2', '3']);
      const [third] = await byQuery.waitFor('notification', 1);
      expect(third.id).toBe('3');
      // A read elsewhere reaches the open stream as a new unread count.
      const ids = (await listOf(testApp, owner)).notifications.map((row) => row.id);
      await api(testApp).put('/user/notifications/set_read', { ids: JSON.stringify(ids) }, owner.token).expect(200);
      const counts = await back.waitFor('unread', 2);
      expect(counts[counts.length - 1].data).toEqual({ unread_count: 0 });
      // NOTIFICATIONS_HEARTBEAT_SECONDS is 1 here: a heartbeat event keeps an idle stream open, and the client sure of it.
      const beats = (await back.waitFor('heartbeat', 1, 5_000)).length;
      expect(beats).toBeGreaterThanOrEqual(1);
      expect(back.status).toBe(200);
    } finally {
      back.close();
      byQuery.close();
    }
  });
});

describe('stopping the API with streams open', () => {
  it('ends the streams, so the server closes instead of waiting for them', async () => {
    const testApp = await createTestApp();
    const owner = await createSignedIn(testApp, UserType.Athlete);
    const stream = new StreamClient(await listen(testApp), owner.token);
    try {
      await stream.waitFor('unread');
      // An open event stream never ends by itself: without ending it, close() would wait forever.
      await testApp.close();
      await stream.waitForEnd(5_000);
    } finally {
      stream.close();
    }
  });
});

describe('a payment that could not be taken', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ env: { JOBS_RETRY_LIMIT: '1', JOBS_RETRY_DELAY_SECONDS: '1' } });
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('tells the requester, and the athlete to wait before delivering, in the app and by email, once the capture failed its last try', async () => {
    const athlete = await createBookableAthlete(testApp);
    const fan = await createSignedIn(testApp, UserType.Fan);
    const requestId = await bookAndPay(testApp, fan, bookingPayload('shoutout', athlete.account.id));
    // The provider no longer holds the card (as when a hold lapsed): every capture try is refused.
    await testApp.dataSource.query(
      `UPDATE sandbox_intents SET status = 'requires_payment_method' WHERE id = (SELECT provider_intent_id FROM payment_intents WHERE request_id = $1)`,
      [requestId],
    );
    await api(testApp).put(`/booking/request/accept?request_id=${requestId}`, {}, athlete.token).expect(200);
    expect((await listOf(testApp, fan)).notifications.map((row) => row.data.title)).toEqual(['Request accepted']);
    await settle(testApp);

    const titles = (await listOf(testApp, fan)).notifications.map((row) => row.data.title);
    expect(titles).toEqual(['Payment failed', 'Request accepted']);
    const mail = await outboxFor(testApp, await emailOf(testApp, fan));
    expect(mail.map((row) => row.subject)).toContain('Huddle: Payment failed');
    // The athlete, who may deliver an accepted request, is told nothing was collected.
    const athleteTold = (await listOf(testApp, athlete)).notifications.map((row) => row.data);
    expect(athleteTold[0]).toMatchObject({ title: 'Payment not collected', link: `/request/${requestId}` });
    expect((await outboxFor(testApp, await emailOf(testApp, athlete))).map((row) => row.subject)).toContain('Huddle: Payment not collected');
    const dead: Array<{ name: string }> = await testApp.dataSource.query(`SELECT name FROM pgboss.job WHERE state = 'failed' AND data->>'requestId' = $1`, [requestId]);
    expect(dead.map((row) => row.name)).toEqual(['payments.capture']);
  });
});

describe('notifications across two API processes', () => {
  let database: TestDatabase;
  let apps: TestApp[];

  beforeAll(async () => {
    database = await createTestDatabase();
    apps = [await createTestApp({ database }), await createTestApp({ database })];
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.drop();
  });

  it('delivers a change made through one process to a stream client connected to the other', async () => {
    const [writer, reader] = apps;
    const owner = await createBookableAthlete(writer);
    const booker = await createSignedIn(writer, UserType.Fan);
    const stream = new StreamClient(await listen(reader), owner.token);
    try {
      await stream.waitFor('unread');
      const requestId = await bookAndPay(writer, booker, bookingPayload('video_chat', owner.account.id));
      const [event] = await stream.waitFor('notification');
      expect(event.data).toMatchObject({ notification: { request_id: requestId, user_id: owner.account.id } });
    } finally {
      stream.close();
    }
  });
});
