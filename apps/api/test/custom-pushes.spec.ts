import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { ErrorCode, MESSAGES, UserType } from '@huddle/domain';
import { ADMIN_MESSAGES, CUSTOM_PUSH_BATCH } from '@huddle/domain/admin';
import { JobsService } from '../src/modules/jobs/jobs.service';
import { BroadcastNotifications } from '../src/modules/notifications/broadcast-notifications.service';
import { CustomPushesService, DELIVER_CUSTOM_PUSH } from '../src/modules/pushes/custom-pushes.service';
import { api } from './support/accounts-api';
import { createSignedIn } from './support/fixtures';
import type { SignedIn } from './support/fixtures';
import { listen, StreamClient } from './support/stream-client';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

interface PushBody {
  name?: unknown;
  subject?: unknown;
  message?: unknown;
  destination?: unknown;
}

describe('custom pushes (/admin/custom-push)', () => {
  let testApp: TestApp;
  let admin: SignedIn;
  let otherAdmin: SignedIn;
  let fan: SignedIn;
  let incompleteFan: SignedIn;
  let blockedFan: SignedIn;
  let deletedFan: SignedIn;
  let athlete: SignedIn;
  let business: SignedIn;
  let refused: Record<string, string>;

  beforeAll(async () => {
    testApp = await createTestApp();
    admin = await createSignedIn(testApp, UserType.Admin);
    otherAdmin = await createSignedIn(testApp, UserType.Admin);
    fan = await createSignedIn(testApp, UserType.Fan);
    incompleteFan = await createSignedIn(testApp, UserType.Fan, { profileCompleted: false });
    blockedFan = await createSignedIn(testApp, UserType.Fan, { blocked: true });
    deletedFan = await createSignedIn(testApp, UserType.Fan);
    await testApp.dataSource.query(`UPDATE accounts SET deleted_at = now() WHERE id = $1`, [deletedFan.account.id]);
    athlete = await createSignedIn(testApp, UserType.Athlete);
    business = await createSignedIn(testApp, UserType.Business);
    refused = {
      fan: fan.token,
      athlete: athlete.token,
      business: business.token,
      incompleteFan: incompleteFan.token,
      incompleteAthlete: (await createSignedIn(testApp, UserType.Athlete, { profileCompleted: false })).token,
      incompleteBusiness: (await createSignedIn(testApp, UserType.Business, { profileCompleted: false })).token,
    };
  });

  afterAll(async () => {
    await testApp?.close();
  });

  const unique = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;
  const body = (destination: object, subject = unique('Subject')): PushBody => ({ name: unique('Name'), subject, message: `Message of ${subject}`, destination });
  const create = async (payload: PushBody, token = admin.token) => (await api(testApp).post('/admin/custom-push', payload, token).expect(201)).body.push;
  const send = (id: string, token = admin.token) => api(testApp).post('/admin/custom-push/send', { id }, token);
  const pushOf = async (id: string) => (await api(testApp).get(`/admin/custom-push?id=${id}`, admin.token).expect(200)).body.push;
  const drained = () => testApp.get(JobsService).drain(60_000);
  /** Who got a notification with this title, and how many each. */
  const received = async (subject: string): Promise<Map<string, number>> => {
    const rows: Array<{ user_id: string; count: number }> = await testApp.dataSource.query(
      `SELECT user_id, count(*)::int AS count FROM notifications WHERE data->>'title' = $1 GROUP BY user_id`,
      [subject],
    );
    return new Map(rows.map((row) => [row.user_id, row.count]));
  };
  /** Who should receive a push to these roles: live, unblocked, not administrators. */
  const liveOfRoles = async (roles: number[]): Promise<string[]> => {
    const rows: Array<{ id: string }> = await testApp.dataSource.query(
      `SELECT id FROM accounts WHERE user_type = ANY($1::smallint[]) AND deleted_at IS NULL AND NOT blocked AND user_type <> 4 ORDER BY id`,
      [roles],
    );
    return rows.map((row) => row.id);
  };
  const auditOf = async (pushId: string) =>
    testApp.dataSource.query(`SELECT admin_id, action, before, after FROM admin_audit WHERE subject_type = 'push' AND subject_id = $1 ORDER BY id`, [pushId]);

  describe('access', () => {
    const routes = (id: string): Array<[string, (token?: string) => request.Test]> => [
      ['GET /search', (token) => api(testApp).get('/admin/custom-push/search', token)],
      ['GET ?id', (token) => api(testApp).get(`/admin/custom-push?id=${id}`, token)],
      ['POST', (token) => api(testApp).post('/admin/custom-push', body({ roles: [1] }), token)],
      ['PUT ?id', (token) => api(testApp).put(`/admin/custom-push?id=${id}`, body({ roles: [1] }), token)],
      ['DELETE ?id', (token) => api(testApp).delete(`/admin/custom-push?id=${id}`, token)],
      ['POST /send', (token) => api(testApp).post('/admin/custom-push/send', { id }, token)],
    ];

    it('refuses every route to anonymous callers (401) and to roles 1-3 and 11-13 (403), changing nothing', async () => {
      const draft = await create(body({ roles: [1] }));
      for (const [route, call] of routes(draft.id)) {
        const anonymous = await call();
        expect([route, anonymous.status, anonymous.body.status_response.response_internal_code]).toEqual([route, 401, ErrorCode.Unauthorized]);
        for (const [role, token] of Object.entries(refused)) {
          const response = await call(token);
          expect([route, role, response.status, response.body.status_response.response_internal_code]).toEqual([route, role, 403, ErrorCode.Forbidden]);
        }
      }
      expect((await pushOf(draft.id)).status).toBe('draft');
      expect((await auditOf(draft.id)).map((row: { action: string }) => row.action)).toEqual(['push.create']);
    });
  });

  describe('create, edit, search and delete', () => {
    it('creates a draft, answers the toast, and audits it', async () => {
      const payload = body({ roles: [3, 1, 1] });
      const response = await api(testApp).post('/admin/custom-push', payload, admin.token).expect(201);
      expect(response.body.message).toBe('Custom push has been created');
      const push = response.body.push;
      expect(push).toMatchObject({
        name: payload.name,
        subject: payload.subject,
        message: payload.message,
        destination: { roles: [1, 3], user_ids: [], users: [] },
        status: 'draft',
        recipients_total: 0,
        recipients_done: 0,
        sent_at: null,
      });
      const audit = await auditOf(push.id);
      expect(audit).toEqual([{ admin_id: admin.account.id, action: 'push.create', before: null, after: expect.objectContaining({ name: payload.name, roles: [1, 3], status: 'draft' }) }]);
    });

    it('keeps chosen users with their names and emails', async () => {
      const push = await create(body({ user_ids: [fan.account.id, athlete.account.id] }));
      expect(push.destination.roles).toEqual([]);
      expect(push.destination.user_ids.sort()).toEqual([fan.account.id, athlete.account.id].sort());
      expect(push.destination.users).toEqual(
        expect.arrayContaining([
          { id: fan.account.id, name: `${fan.account.firstName} ${fan.account.lastName}`, email: fan.account.email },
          { id: athlete.account.id, name: `${athlete.account.firstName} ${athlete.account.lastName}`, email: athlete.account.email },
        ]),
      );
    });

    it('answers each validation message by field', async () => {
      const post = (payload: PushBody) => api(testApp).post('/admin/custom-push', payload, admin.token).expect(400);
      const empty = await post({});
      expect(empty.body.status_response.response_internal_code).toBe(ErrorCode.ValidationFailed);
      expect(empty.body.errors).toEqual({ name: MESSAGES.required, subject: MESSAGES.required, message: MESSAGES.required, destination: MESSAGES.pushDestinationRequired });
      expect((await post({ ...body({ roles: [1] }), name: '   ', subject: '', message: null })).body.errors).toEqual({
        name: 'This field is required',
        subject: 'This field is required',
        message: 'This field is required',
      });
      expect((await post({ ...body({ roles: [1] }), name: 'n'.repeat(101), subject: 's'.repeat(151), message: 'm'.repeat(501) })).body.errors).toEqual({
        name: 'Must be at most 100 characters',
        subject: 'Must be at most 150 characters',
        message: 'Must be at most 500 characters',
      });
      expect((await post(body({ roles: [] }))).body.errors).toEqual({ destination: 'Choose at least one role or one user' });
      expect((await post(body({ user_ids: [] }))).body.errors).toEqual({ destination: 'Choose at least one role or one user' });
      expect((await post(body({ roles: [1], user_ids: [fan.account.id] }))).body.errors).toEqual({ destination: 'Choose at least one role or one user' });
      expect((await post(body({ roles: [1, 4] }))).body.errors).toEqual({ 'destination.roles': ADMIN_MESSAGES.pushRoleInvalid });
      expect((await post(body({ roles: [0] }))).body.errors).toEqual({ 'destination.roles': ADMIN_MESSAGES.pushRoleInvalid });
      expect((await post(body({ roles: ['1'] }))).body.errors).toEqual({ 'destination.roles': ADMIN_MESSAGES.pushRoleInvalid });
      expect((await post(body({ user_ids: ['not-an-id'] }))).body.errors).toEqual({ 'destination.user_ids': ADMIN_MESSAGES.pushUsersUnavailable });
      for (const unavailable of [deletedFan.account.id, otherAdmin.account.id, randomUUID()]) {
        expect((await post(body({ user_ids: [fan.account.id, unavailable] }))).body.errors).toEqual({ 'destination.user_ids': 'Some of these users cannot receive pushes' });
      }
      const [{ count }] = await testApp.dataSource.query(`SELECT count(*)::int AS count FROM admin_audit WHERE action = 'push.create' AND after->>'name' IS NULL`);
      expect(count).toBe(0);
    });

    it('updates a draft with the same checks and audits before and after', async () => {
      const draft = await create(body({ roles: [1] }));
      const changed = body({ user_ids: [business.account.id] });
      const response = await api(testApp).put(`/admin/custom-push?id=${draft.id}`, changed, admin.token).expect(200);
      expect(response.body.message).toBe('Custom push has been updated');
      expect(response.body.push).toMatchObject({ id: draft.id, name: changed.name, subject: changed.subject, destination: { roles: [], user_ids: [business.account.id] } });
      const invalid = await api(testApp).put(`/admin/custom-push?id=${draft.id}`, { ...changed, subject: '' }, admin.token).expect(400);
      expect(invalid.body.errors).toEqual({ subject: 'This field is required' });
      const audit = await auditOf(draft.id);
      expect(audit.map((row: { action: string }) => row.action)).toEqual(['push.create', 'push.update']);
      expect(audit[1].before).toMatchObject({ name: draft.name, roles: [1], user_ids: [] });
      expect(audit[1].after).toMatchObject({ name: changed.name, roles: [], user_ids: [business.account.id] });
    });

    it('answers 1404 for unknown and malformed ids on every route that takes one', async () => {
      for (const id of [randomUUID(), 'nope', '@x']) {
        for (const response of [
          await api(testApp).get(`/admin/custom-push?id=${id}`, admin.token),
          await api(testApp).put(`/admin/custom-push?id=${id}`, body({ roles: [1] }), admin.token),
          await api(testApp).delete(`/admin/custom-push?id=${id}`, admin.token),
          await send(id),
        ]) {
          expect([id, response.status, response.body.status_response.response_message]).toEqual([id, 404, 'Custom push not found']);
        }
      }
    });

    it('searches by name or subject (any case), newest first, paged', async () => {
      const tag = randomUUID().slice(0, 8);
      const first = await create({ ...body({ roles: [1] }), name: `Spring ${tag} sale` });
      const second = await create({ ...body({ roles: [2] }), subject: `Games of ${tag.toUpperCase()} week` });
      await create(body({ roles: [3] }));
      const found = await api(testApp).get(`/admin/custom-push/search?request=${tag}`, admin.token).expect(200);
      expect(found.body).toMatchObject({ total: 2, page: 1, page_size: 20 });
      expect(found.body.pushes.map((push: { id: string }) => push.id)).toEqual([second.id, first.id]);
      const paged = await api(testApp).get(`/admin/custom-push/search?request=${tag}&page=2&page_size=1`, admin.token).expect(200);
      expect(paged.body).toMatchObject({ total: 2, page: 2, page_size: 1 });
      expect(paged.body.pushes.map((push: { id: string }) => push.id)).toEqual([first.id]);
      const wildcard = await api(testApp).get(`/admin/custom-push/search?request=${encodeURIComponent('%')}`, admin.token).expect(200);
      expect(wildcard.body.total).toBe(0);
      const all = await api(testApp).get('/admin/custom-push/search', admin.token).expect(200);
      expect(all.body.total).toBeGreaterThanOrEqual(3);
    });

    it('deletes a push with the toast and an audit row', async () => {
      const draft = await create(body({ roles: [1] }));
      const response = await api(testApp).delete(`/admin/custom-push?id=${draft.id}`, admin.token).expect(200);
      expect(response.body.message).toBe('Custom push has been deleted');
      await api(testApp).get(`/admin/custom-push?id=${draft.id}`, admin.token).expect(404);
      const audit = await auditOf(draft.id);
      expect(audit.map((row: { action: string }) => row.action)).toEqual(['push.create', 'push.delete']);
      expect(audit[1]).toMatchObject({ before: { name: draft.name, status: 'draft' }, after: null });
    });
  });

  describe('sending', () => {
    it('reaches every live fan and business exactly once, never administrators, blocked or deleted accounts; incomplete profiles included', async () => {
      const draft = await create(body({ roles: [1, 3] }));
      const response = await send(draft.id).expect(200);
      expect(response.body.message).toBe('Pushes has been sent');
      expect(['sending', 'sent']).toContain(response.body.push.status);
      await drained();
      const expected = await liveOfRoles([1, 3]);
      const got = await received(draft.subject);
      expect([...got.keys()].sort()).toEqual(expected);
      expect([...got.values()].every((count) => count === 1)).toBe(true);
      expect(got.has(incompleteFan.account.id)).toBe(true);
      for (const excluded of [admin, otherAdmin, blockedFan, deletedFan, athlete]) expect(got.has(excluded.account.id)).toBe(false);
      const push = await pushOf(draft.id);
      expect(push).toMatchObject({ status: 'sent', recipients_total: expected.length, recipients_done: expected.length });
      expect(push.sent_at).toEqual(expect.any(Number));
      // The notification is the push's subject and message, about no request, opening nothing.
      const [row] = await testApp.dataSource.query(`SELECT data, request_id, reference_id, request_type FROM notifications WHERE user_id = $1 AND data->>'title' = $2`, [
        fan.account.id,
        draft.subject,
      ]);
      expect(row).toEqual({ data: { title: draft.subject, text: draft.message, link: null }, request_id: null, reference_id: null, request_type: null });
      const listed = await api(testApp).get('/user/notifications/list', fan.token).expect(200);
      expect(JSON.stringify(listed.body)).toContain(draft.subject);
    });

    it('reaches exactly the chosen users, skipping one blocked since it was chosen', async () => {
      const chosen = await createSignedIn(testApp, UserType.Athlete);
      const later = await createSignedIn(testApp, UserType.Fan);
      const draft = await create(body({ user_ids: [chosen.account.id, business.account.id, later.account.id] }));
      await testApp.dataSource.query(`UPDATE accounts SET blocked = true WHERE id = $1`, [later.account.id]);
      await send(draft.id).expect(200);
      await drained();
      const got = await received(draft.subject);
      expect([...got.keys()].sort()).toEqual([chosen.account.id, business.account.id].sort());
      expect([...got.values()]).toEqual([1, 1]);
      expect(await pushOf(draft.id)).toMatchObject({ status: 'sent', recipients_total: 2, recipients_done: 2 });
    });

    it('sends once when Send is pressed twice, or twenty times at once; a sent push cannot be edited or sent again', async () => {
      const twice = await create(body({ roles: [2] }));
      await send(twice.id).expect(200);
      await drained();
      const again = await send(twice.id).expect(200);
      expect(again.body.push).toMatchObject({ id: twice.id, status: 'sent' });
      await drained();

      const racing = await create(body({ roles: [1] }));
      const answers = await Promise.all(Array.from({ length: 20 }, () => send(racing.id)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
      await drained();
      for (const push of [twice, racing]) {
        const got = await received(push.subject);
        expect(got.size).toBeGreaterThan(0);
        expect([...got.values()].every((count) => count === 1)).toBe(true);
        const jobs = await testApp.dataSource.query(`SELECT id FROM pgboss.job WHERE name = $1 AND data->>'pushId' = $2`, [DELIVER_CUSTOM_PUSH, push.id]);
        expect(jobs).toHaveLength(1);
        const sends = (await auditOf(push.id)).filter((row: { action: string }) => row.action === 'push.send');
        expect(sends).toEqual([{ admin_id: admin.account.id, action: 'push.send', before: { status: 'draft' }, after: { status: 'sending', recipients_total: got.size } }]);
      }
      const edit = await api(testApp).put(`/admin/custom-push?id=${racing.id}`, body({ roles: [1] }), admin.token).expect(409);
      expect(edit.body.status_response.response_message).toBe(ADMIN_MESSAGES.pushNotEditable);
    });

    it('delivers live to an open stream', async () => {
      const base = await listen(testApp);
      const stream = new StreamClient(base, fan.token);
      try {
        await stream.waitFor('unread');
        const draft = await create(body({ roles: [1] }));
        await send(draft.id).expect(200);
        const events = await stream.waitFor('notification', 1, 20_000);
        const live = events.map((event) => event.data.notification as { data: { title: string; text: string; link: string | null }; request_id: string | null });
        expect(live).toEqual([expect.objectContaining({ data: { title: draft.subject, text: draft.message, link: null }, request_id: null })]);
      } finally {
        stream.close();
      }
      await drained();
    });

    it('refuses deleting a push while it is being sent, and resumes a job run twice or alongside another without notifying anyone twice', async () => {
      const draft = await create(body({ roles: [1] }));
      // Held as the job would find it after a crash: sending, part of it done.
      const recipients = await liveOfRoles([1]);
      const half = recipients[Math.floor(recipients.length / 2)];
      await testApp.dataSource.query(`UPDATE custom_pushes SET status = 'sending', sent_at = now(), sent_by = $2, recipients_total = $3 WHERE id = $1`, [
        draft.id,
        admin.account.id,
        recipients.length,
      ]);
      const refusedDelete = await api(testApp).delete(`/admin/custom-push?id=${draft.id}`, admin.token).expect(409);
      expect(refusedDelete.body.status_response.response_message).toBe(ADMIN_MESSAGES.pushBeingSent);
      const service = testApp.get(CustomPushesService);
      // A first run that committed its batch up to `half` (done = those at or before it) ...
      const before = recipients.filter((id) => id <= half);
      await testApp.dataSource.transaction(async (manager) => {
        await manager.query(
          `INSERT INTO notifications (user_id, seq, data) SELECT u, coalesce((SELECT last_seq FROM notification_counters WHERE user_id = u), 0) + 1, $2
             FROM unnest($1::uuid[]) AS u`,
          [before, JSON.stringify({ title: draft.subject, text: draft.message, link: null })],
        );
        await manager.query(
          `INSERT INTO notification_counters AS c (user_id, last_seq) SELECT u, 1 FROM unnest($1::uuid[]) AS u ON CONFLICT (user_id) DO UPDATE SET last_seq = c.last_seq + 1`,
          [before],
        );
        await manager.query(`UPDATE custom_pushes SET recipients_done = $2, last_recipient_id = $3 WHERE id = $1`, [draft.id, before.length, half]);
      });
      // ... then the retry and a duplicate run at once.
      await Promise.all([service.deliver(draft.id), service.deliver(draft.id), service.deliver(draft.id)]);
      const got = await received(draft.subject);
      expect([...got.keys()].sort()).toEqual(recipients);
      expect([...got.values()].every((count) => count === 1)).toBe(true);
      expect(await pushOf(draft.id)).toMatchObject({ status: 'sent', recipients_done: recipients.length, recipients_total: recipients.length });
    });

    it('sends to a few thousand users in batches of 1,000, each its own transaction, with progress', async () => {
      const bulk = 2 * CUSTOM_PUSH_BATCH + 500;
      await testApp.dataSource.query(
        `INSERT INTO accounts (user_type, email, first_name, last_name, profile_completed)
         SELECT 2, 'bulk-' || g || '-' || $1 || '@example.com', 'Bulk', 'Athlete ' || g, true FROM generate_series(1, $2) g`,
        [randomUUID().slice(0, 8), bulk],
      );
      const draft = await create(body({ roles: [2] }));
      const expected = await liveOfRoles([2]);
      expect(expected.length).toBeGreaterThan(bulk);
      const sent = await send(draft.id).expect(200);
      expect(sent.body.push).toMatchObject({ status: 'sending', recipients_total: expected.length });
      // Progress rises batch by batch while the job works.
      const seen = new Set<number>();
      for (let tries = 0; tries < 600; tries += 1) {
        const push = await pushOf(draft.id);
        seen.add(push.recipients_done);
        if (push.status === 'sent') break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await drained();
      const push = await pushOf(draft.id);
      expect(push).toMatchObject({ status: 'sent', recipients_total: expected.length, recipients_done: expected.length });
      expect([...seen].every((done) => done % CUSTOM_PUSH_BATCH === 0 || done === expected.length)).toBe(true);
      const got = await received(draft.subject);
      expect(got.size).toBe(expected.length);
      expect([...got.values()].every((count) => count === 1)).toBe(true);
      // One transaction a batch: the notifications carry their transaction's start time.
      const [{ batches }] = await testApp.dataSource.query(`SELECT count(DISTINCT created_at)::int AS batches FROM notifications WHERE data->>'title' = $1`, [draft.subject]);
      expect(batches).toBe(Math.ceil(expected.length / CUSTOM_PUSH_BATCH));
    }, 120_000);

    it('resumes on Send a push whose job gave up (no progress for twice the job expiry): once, after the last recipient done, audited', async () => {
      const draft = await create(body({ roles: [3] }));
      const recipients = await liveOfRoles([3]);
      const half = recipients[Math.floor(recipients.length / 2)];
      const done = recipients.filter((id) => id <= half);
      // Its job died after notifying the first half (notified here as it would have), and nothing ran since.
      await testApp.dataSource.transaction(async (manager) => {
        await manager.query(`UPDATE custom_pushes SET status = 'sending', sent_at = now(), sent_by = $2, recipients_total = $3 WHERE id = $1`, [
          draft.id,
          admin.account.id,
          recipients.length,
        ]);
        await testApp.get(BroadcastNotifications).writeIn(manager, done, { title: draft.subject, text: draft.message, link: null }, null);
        await manager.query(`UPDATE custom_pushes SET recipients_done = $2, last_recipient_id = $3 WHERE id = $1`, [draft.id, done.length, half]);
      });
      // Moving recently: Send leaves it to its job.
      await send(draft.id).expect(200);
      const jobsOf = async () => testApp.dataSource.query(`SELECT id FROM pgboss.job WHERE name = $1 AND data->>'pushId' = $2`, [DELIVER_CUSTOM_PUSH, draft.id]);
      expect(await jobsOf()).toHaveLength(0);
      await testApp.dataSource.query(`UPDATE custom_pushes SET updated_at = now() - interval '2 hours' WHERE id = $1`, [draft.id]);
      const answers = await Promise.all([send(draft.id), send(draft.id), send(draft.id)]);
      expect(answers.map((answer) => [answer.status, answer.body.message])).toEqual(Array(3).fill([200, 'Pushes has been sent']));
      await drained();
      expect(await jobsOf()).toHaveLength(1);
      const got = await received(draft.subject);
      expect([...got.keys()].sort()).toEqual(recipients);
      expect([...got.values()].every((count) => count === 1)).toBe(true);
      expect(await pushOf(draft.id)).toMatchObject({ status: 'sent', recipients_done: recipients.length });
      expect((await auditOf(draft.id)).map((row: { action: string }) => row.action)).toEqual(['push.create', 'push.resume']);
    });

    it('keeps the batches a crashed run committed and resumes after them: nobody twice, nobody missed', async () => {
      const draft = await create(body({ roles: [2] }));
      // Sent as the send route does, but without its job, so this test plays the job's runs itself.
      await testApp.dataSource.query(`UPDATE custom_pushes SET status = 'sending', sent_at = now(), sent_by = $2 WHERE id = $1`, [draft.id, admin.account.id]);
      const recipients = await liveOfRoles([2]);
      expect(recipients.length).toBeGreaterThan(2 * CUSTOM_PUSH_BATCH);
      // The second batch dies half-way (the process crashed, the database refused): its transaction is rolled back.
      const victim = recipients[CUSTOM_PUSH_BATCH + 500];
      await testApp.dataSource.query(`CREATE FUNCTION crash_on_victim() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.user_id = '${victim}' AND NEW.data->>'title' = '${draft.subject}' THEN RAISE EXCEPTION 'crashed'; END IF; RETURN NEW; END $$`);
      await testApp.dataSource.query(`CREATE TRIGGER crash_on_victim BEFORE INSERT ON notifications FOR EACH ROW EXECUTE FUNCTION crash_on_victim()`);
      const service = testApp.get(CustomPushesService);
      try {
        await expect(service.deliver(draft.id)).rejects.toThrow('crashed');
      } finally {
        await testApp.dataSource.query(`DROP TRIGGER crash_on_victim ON notifications; DROP FUNCTION crash_on_victim()`);
      }
      const afterCrash = await received(draft.subject);
      expect([...afterCrash.keys()].sort()).toEqual(recipients.slice(0, CUSTOM_PUSH_BATCH));
      expect(await pushOf(draft.id)).toMatchObject({ status: 'sending', recipients_done: CUSTOM_PUSH_BATCH });
      // The retry goes on after the last batch that committed.
      await service.deliver(draft.id);
      const got = await received(draft.subject);
      expect([...got.keys()].sort()).toEqual(recipients);
      expect([...got.values()].every((count) => count === 1)).toBe(true);
      expect(await pushOf(draft.id)).toMatchObject({ status: 'sent', recipients_done: recipients.length, recipients_total: recipients.length });
    }, 120_000);
  });
});
