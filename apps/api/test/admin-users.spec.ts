import { readdir } from 'node:fs/promises';
import request from 'supertest';
import { ERROR_MESSAGES, ErrorCode, LIMITS, MESSAGES, UserType } from '@huddle/domain';
import { ADMIN_MESSAGES } from '@huddle/domain/admin';
import type { UserTypeCode } from '@huddle/domain';
import { Clock } from '../src/common/time/clock';
import { AppConfig } from '../src/config/app-config';
import { AccountEntity } from '../src/modules/accounts/entities/account.entity';
import { AthletesService } from '../src/modules/athletes/athletes.service';
import { PasswordHasher } from '../src/modules/auth/password-hasher.service';
import { JobsService } from '../src/modules/jobs/jobs.service';
import { api, outboxFor, PASSWORD, uniqueEmail, uploadPhoto } from './support/accounts-api';
import { bookAndPay, bookingPayload, campaignDraft, createBookableAthlete, movementsOf, settle, statusOf } from './support/booking';
import { FakeClock } from './support/fake-clock';
import { createAccount, createSignedIn, signIn } from './support/fixtures';
import type { AccountOverrides, SignedIn } from './support/fixtures';
import { fixture } from './support/media';
import { listen, StreamClient } from './support/stream-client';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

interface AuditRow {
  admin_id: string;
  action: string;
  subject_type: string;
  subject_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

async function auditOf(testApp: TestApp, subjectId: string): Promise<AuditRow[]> {
  return testApp.dataSource.query(`SELECT admin_id, action, subject_type, subject_id, before, after FROM admin_audit WHERE subject_id = $1 ORDER BY id`, [subjectId]);
}

/** The emailed set-password link's token (the mail job drained first). */
async function setPasswordTokenFor(testApp: TestApp, email: string): Promise<string> {
  await testApp.get(JobsService).drain();
  const [mail] = await outboxFor(testApp, email);
  if (!mail) throw new Error(`No email reached ${email}`);
  const token = /\/set-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text_body)?.[1];
  if (!token) throw new Error(`No set-password link in: ${mail.text_body}`);
  return token;
}

/** The stored media files, wherever the disk store keeps them. */
async function mediaFiles(testApp: TestApp): Promise<string[]> {
  const entries = await readdir(testApp.get(AppConfig).mediaDirectory, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
    .sort();
}

/**
 * Makes every insert into `table` whose `column` is `id` fail, for the duration of `work` (as a
 * lost connection or a broken constraint would), as atomic-writes.spec does.
 */
async function failingInserts<T>(testApp: TestApp, table: 'admin_audit' | 'media_objects', column: string, id: string, work: () => Promise<T>): Promise<T> {
  // DDL takes no parameters: the id is a uuid the database generated.
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  await testApp.dataSource.query(`CREATE OR REPLACE FUNCTION test_forced_failure() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'forced failure on %', TG_TABLE_NAME; END $$`);
  await testApp.dataSource.query(`CREATE TRIGGER test_fail_${table} BEFORE INSERT ON ${table} FOR EACH ROW WHEN (NEW.${column}::text = '${id}') EXECUTE FUNCTION test_forced_failure()`);
  try {
    return await work();
  } finally {
    await testApp.dataSource.query(`DROP TRIGGER test_fail_${table} ON ${table}`);
  }
}

async function givePassword(testApp: TestApp, accountId: string): Promise<void> {
  const passwordHash = await testApp.get(PasswordHasher).hash(PASSWORD);
  await testApp.dataSource.query(`UPDATE accounts SET password_hash = $2 WHERE id = $1`, [accountId, passwordHash]);
}

describe('the administrator’s user management (/admin/user*, /mt/sync_by_id, /admin/audit)', () => {
  let testApp: TestApp;
  let admin: SignedIn;
  let reference: { schools: Array<{ id: number }> };

  /** A complete athlete: names, photo, intro video, school, sport, every service on. */
  async function completeAthlete(overrides: AccountOverrides = {}): Promise<SignedIn> {
    const athlete = await createBookableAthlete(testApp);
    await testApp.dataSource
      .getRepository(AccountEntity)
      .update({ id: athlete.account.id }, { profilePhoto: '/media/images/p.jpg', introVideo: '/media/videos/v.mp4', ...overrides });
    await testApp.get(AthletesService).save(athlete.account.id, { schoolId: reference.schools[0].id, sports: [1] }, { requireSurvey: false, requireService: false, fieldPrefix: '' });
    return athlete;
  }

  const listed = async (athlete: SignedIn): Promise<boolean> => {
    const response = await api(testApp).get(`/public/athletes/search?filter=${encodeURIComponent(athlete.account.lastName ?? '')}`).expect(200);
    return response.body.athletes.some((card: { athlete_id: string }) => card.athlete_id === athlete.account.id);
  };

  beforeAll(async () => {
    testApp = await createTestApp();
    admin = await createSignedIn(testApp, UserType.Admin);
    reference = (await api(testApp).get('/public/meta/reference-data').expect(200)).body;
  });

  afterAll(async () => {
    await testApp?.close();
  });

  describe('who may call it', () => {
    it('every route answers guests 401 and every role but the administrator 403 (1, 2, 3, 11, 12, 13)', async () => {
      const callers: Array<[string, string | undefined, number]> = [['guest', undefined, 401]];
      for (const [label, userType, completed] of [
        ['fan', UserType.Fan, true],
        ['athlete', UserType.Athlete, true],
        ['business', UserType.Business, true],
        ['incomplete fan', UserType.Fan, false],
        ['incomplete athlete', UserType.Athlete, false],
        ['incomplete business', UserType.Business, false],
      ] as Array<[string, UserTypeCode, boolean]>) {
        callers.push([label, (await createSignedIn(testApp, userType, { profileCompleted: completed })).token, 403]);
      }
      const target = await createAccount(testApp, UserType.Fan);
      const calls = (token: string | undefined): Array<[string, request.Test]> => {
        const call = (method: 'get' | 'post', path: string) => {
          const test = request(testApp.server)[method](`/api/v1${path}`);
          return token ? test.set('x-access-token', token) : test;
        };
        return [
          ['search', call('get', '/admin/user/search')],
          ['list-by-type', call('get', '/admin/user/list-by-type?user_type=1')],
          ['user', call('get', `/admin/user?user_id=${target.id}`)],
          ['add', call('post', '/admin/user/add').send({ email: uniqueEmail(), user_type: 1 })],
          ['update', call('post', '/admin/user/update').send({ user_id: target.id, first_name: 'Hacked' })],
          ['upload-photo', call('post', `/admin/user/upload-photo?athlete_id=${target.id}`)],
          ['upload-intro', call('post', `/admin/user/upload-intro?athlete_id=${target.id}`)],
          ['block', call('post', '/admin/user/block').send({ user_id: target.id, blocked: true })],
          ['sync', call('post', '/mt/sync_by_id').send({ user_id: target.id })],
          ['delete', call('post', '/admin/user/delete').send({ user_id: target.id })],
          ['audit', call('get', '/admin/audit')],
        ];
      };
      for (const [label, token, status] of callers) {
        for (const [route, test] of calls(token)) {
          const response = await test;
          expect([label, route, response.status]).toEqual([label, route, status]);
          expect(response.body.status_response.response_internal_code).toBe(status === 401 ? ErrorCode.Unauthorized : ErrorCode.Forbidden);
        }
      }
      // Nothing happened to the target.
      expect(await testApp.dataSource.getRepository(AccountEntity).findOneByOrFail({ id: target.id })).toMatchObject({ firstName: 'Test', blocked: false, deletedAt: null });
      expect(await auditOf(testApp, target.id)).toEqual([]);
    });
  });

  describe("an administrator's account", () => {
    it("is never changed here, a peer's or one's own: edits, uploads, blocks and deletions are refused, nothing stored or audited; it is still listed and shown", async () => {
      const peer = await createSignedIn(testApp, UserType.Admin, { firstName: 'Peer', lastName: `Admin${Date.now().toString(36)}` });
      const stored = async (id: string) =>
        testApp.dataSource.query(
          `SELECT first_name, last_name, email, phone, blocked, deleted_at, profile_photo, intro_video, profile_completed,
                  (SELECT count(*)::int FROM sessions s WHERE s.account_id = a.id AND s.revoked_at IS NULL) AS live_sessions,
                  (SELECT count(*)::int FROM media_objects m WHERE m.owner_account_id = a.id) AS media
             FROM accounts a WHERE a.id = $1`,
          [id],
        );
      const upload = (path: string, field: string, file: string, contentType: string, id: string) =>
        request(testApp.server).post(`/api/v1/admin/user/${path}?athlete_id=${id}`).set('x-access-token', admin.token).attach(field, fixture(file), { filename: file, contentType });
      const refused = { status: 403, response_message: ADMIN_MESSAGES.administratorNotManaged, response_internal_code: ErrorCode.Forbidden };

      for (const target of [peer.account, admin.account]) {
        const self = target.id === admin.account.id;
        const before = await stored(target.id);
        const files = await mediaFiles(testApp);
        const calls: Array<[string, () => request.Test, string]> = [
          ['update', () => api(testApp).post('/admin/user/update', { user_id: target.id, first_name: 'Hacked' }, admin.token), ADMIN_MESSAGES.administratorNotManaged],
          ['update email', () => api(testApp).post('/admin/user/update', { user_id: target.id, email: uniqueEmail('taken-over') }, admin.token), ADMIN_MESSAGES.administratorNotManaged],
          ['upload-photo', () => upload('upload-photo', 'photo', 'photo.jpg', 'image/jpeg', target.id), ADMIN_MESSAGES.administratorNotManaged],
          ['upload-intro', () => upload('upload-intro', 'video', 'intro-5s.mp4', 'video/mp4', target.id), ADMIN_MESSAGES.administratorNotManaged],
          // One's own block and deletion keep their own words.
          ['block', () => api(testApp).post('/admin/user/block', { user_id: target.id, blocked: true }, admin.token), self ? ADMIN_MESSAGES.cannotBlockSelf : ADMIN_MESSAGES.administratorNotManaged],
          ['delete', () => api(testApp).post('/admin/user/delete', { user_id: target.id }, admin.token), self ? ADMIN_MESSAGES.cannotRemoveSelf : ADMIN_MESSAGES.administratorNotManaged],
          ...(self ? [['unblock', () => api(testApp).post('/admin/user/block', { user_id: target.id, blocked: false }, admin.token), ADMIN_MESSAGES.cannotBlockSelf] as [string, () => request.Test, string]] : []),
        ];
        for (const [route, call, message] of calls) {
          const response = await call();
          expect([self, route, response.status, response.body.status_response]).toEqual([self, route, 403, { ...refused, response_message: message }]);
        }
        expect(await stored(target.id)).toEqual(before);
        // The refused uploads' staged files are gone too, and nothing was stored.
        expect(await mediaFiles(testApp)).toEqual(files);
        expect(await auditOf(testApp, target.id)).toEqual([]);
      }
      // Unblocking only lets an administrator in again (one blocked by a peer before this rule): allowed, audited.
      await testApp.dataSource.query(`UPDATE accounts SET blocked = true WHERE id = $1`, [peer.account.id]);
      await api(testApp).post('/admin/user/block', { user_id: peer.account.id, blocked: false }, admin.token).expect(200);
      expect((await auditOf(testApp, peer.account.id)).map((row) => row.action)).toEqual(['user.unblock']);
      // Both administrators still work, and still appear in the list and the detail.
      await api(testApp).get('/user/accounts', peer.token).expect(200);
      await api(testApp).get('/user/accounts', admin.token).expect(200);
      const listed = await api(testApp).get(`/admin/user/search?request=${peer.account.lastName}`, admin.token).expect(200);
      expect(listed.body.users.map((user: { id: string; user_type: number }) => [user.id, user.user_type])).toEqual([[peer.account.id, UserType.Admin]]);
      expect((await api(testApp).get(`/admin/user?user_id=${peer.account.id}`, admin.token).expect(200)).body.user).toMatchObject({ id: peer.account.id, first_name: 'Peer' });
      // Everyone else's account is still the console's to change.
      const fan = await createAccount(testApp, UserType.Fan);
      await api(testApp).post('/admin/user/update', { user_id: fan.id, first_name: 'Changed' }, admin.token).expect(200);
      await api(testApp).post('/admin/user/block', { user_id: fan.id, blocked: true }, admin.token).expect(200);
      await api(testApp).post('/admin/user/delete', { user_id: fan.id }, admin.token).expect(200);
      expect((await auditOf(testApp, fan.id)).map((row) => row.action)).toEqual(['user.update', 'user.block', 'user.remove']);
    });
  });

  describe('GET /admin/user/search and /admin/user/list-by-type', () => {
    it('finds by name, email, username or id, filters by role and completeness, never lists deleted accounts, newest first', async () => {
      const tag = `zq${Date.now().toString(36)}`;
      const fan = await createAccount(testApp, UserType.Fan, { firstName: 'Ada', lastName: `${tag} Lovelace`, username: `${tag}.ada` });
      const incomplete = await createAccount(testApp, UserType.Athlete, { firstName: 'Bo', lastName: tag, profileCompleted: false });
      const business = await createAccount(testApp, UserType.Business, { email: `${tag}@example.com` });
      const deleted = await createAccount(testApp, UserType.Fan, { lastName: tag });
      await testApp.dataSource.getRepository(AccountEntity).softDelete({ id: deleted.id });

      const ids = async (query: string, path = '/admin/user/search') => {
        const response = await api(testApp).get(`${path}?${query}`, admin.token).expect(200);
        return response.body.users.map((user: { id: string }) => user.id);
      };
      expect(await ids(`request=${tag}`)).toEqual([business.id, incomplete.id, fan.id]);
      expect(await ids(`request=${tag}.ADA`)).toEqual([fan.id]);
      expect(await ids(`request=ada ${tag}`)).toEqual([fan.id]);
      expect(await ids(`request=${business.email.toUpperCase()}`)).toEqual([business.id]);
      expect(await ids(`request=${incomplete.id}`)).toEqual([incomplete.id]);
      expect(await ids(`request=${deleted.id}`)).toEqual([]);
      expect(await ids(`request=${tag}&user_type=2`, '/admin/user/list-by-type')).toEqual([incomplete.id]);
      expect(await ids(`request=${tag}&profile_completed=0`, '/admin/user/list-by-type')).toEqual([incomplete.id]);
      expect(await ids(`request=${tag}&profile_completed=1`)).toEqual([business.id, fan.id]);
      expect(await ids(`request=${tag}&profile_completed=2`)).toEqual([business.id, incomplete.id, fan.id]);
      // LIKE's wildcards are text, not patterns.
      expect(await ids(`request=${encodeURIComponent('%')}&user_type=1&page_size=100`)).toEqual([]);

      const page = await api(testApp).get(`/admin/user/search?request=${tag}&user_type=2`, admin.token).expect(200);
      expect(page.body).toMatchObject({ total: 1, page: 1 });
      expect(page.body.users[0]).toEqual({
        id: incomplete.id,
        user_type: 2,
        role: 12,
        first_name: 'Bo',
        last_name: tag,
        email: incomplete.email,
        phone: '+15555550100',
        username: null,
        profile_photo: null,
        blocked: false,
        profile_completed: false,
        created_at: incomplete.createdAt.toISOString(),
      });
    });

    it('pages at 20 by default, and keeps a page size the administrator gave as their setting', async () => {
      const other = await createSignedIn(testApp, UserType.Admin);
      for (let index = 0; index < 3; index += 1) await createAccount(testApp, UserType.Business);
      const first = await api(testApp).get('/admin/user/search', other.token).expect(200);
      expect(first.body.page_size).toBe(LIMITS.pageSize.adminUsers);
      expect(first.body.users.length).toBe(Math.min(20, first.body.total));

      const chosen = await api(testApp).get('/admin/user/search?page_size=2&page=2', other.token).expect(200);
      expect(chosen.body).toMatchObject({ page: 2, page_size: 2 });
      expect(chosen.body.users).toHaveLength(2);
      const later = await api(testApp).get('/admin/user/list-by-type?user_type=3', other.token).expect(200);
      expect(later.body.page_size).toBe(2);
      // The setting is the administrator's own.
      expect((await api(testApp).get('/admin/user/search', admin.token).expect(200)).body.page_size).not.toBe(2);
    });

    it('refuses bad filters with the envelope', async () => {
      for (const query of ['page=0', 'page_size=101', 'user_type=7', 'profile_completed=3', 'page=x']) {
        const response = await api(testApp).get(`/admin/user/search?${query}`, admin.token).expect(400);
        expect(response.body.status_response.response_internal_code).toBe(ErrorCode.ValidationFailed);
      }
    });
  });

  describe('GET /admin/user', () => {
    it('answers the whole account, with blocked, created_at and deleted: false', async () => {
      const athlete = await completeAthlete();
      const response = await api(testApp).get(`/admin/user?user_id=${athlete.account.id}`, admin.token).expect(200);
      const own = await api(testApp).get('/user/accounts', athlete.token).expect(200);
      expect(response.body.user).toEqual({ ...own.body.account, deleted: false });
      expect(response.body.user).toMatchObject({ blocked: false, created_at: athlete.account.createdAt.toISOString(), athlete_info: expect.objectContaining({ athlete_services: expect.any(Object) }) });
    });

    it("answers an unknown, malformed or deleted id with 1404 'Nothing found'", async () => {
      const gone = await createAccount(testApp, UserType.Fan);
      await testApp.dataSource.getRepository(AccountEntity).softDelete({ id: gone.id });
      for (const id of [UNKNOWN_ID, 'not-an-id', gone.id, '']) {
        const response = await api(testApp).get(`/admin/user?user_id=${id}`, admin.token).expect(404);
        expect(response.body.status_response).toEqual({ status: 404, response_message: MESSAGES.nothingFound.title, response_internal_code: ErrorCode.NotFound });
      }
    });
  });

  describe('POST /admin/user/add and POST /user/accounts/password-set', () => {
    it('creates an incomplete account without a password and emails a single-use link; the password is set once, then the person signs in', async () => {
      const email = uniqueEmail('added');
      const added = await api(testApp).post('/admin/user/add', { email, user_type: UserType.Athlete }, admin.token).expect(201);
      expect(added.body).toMatchObject({ message: ADMIN_MESSAGES.userCreated, user: { email, user_type: 2, role: 12, profile_completed: false, blocked: false } });
      const id: string = added.body.user.id;
      // No password yet: nobody can sign in.
      await api(testApp).post('/user/sign-ins', { email, password: PASSWORD }).expect(401);

      const token = await setPasswordTokenFor(testApp, email);
      const [mail] = await outboxFor(testApp, email);
      expect(mail.text_body).toContain(`http://localhost:4200/set-password?token=${token}`);
      const stored: Array<{ token_hash: string; expires_at: Date }> = await testApp.dataSource.query(`SELECT token_hash, expires_at FROM password_set_tokens WHERE account_id = $1`, [id]);
      expect(stored).toHaveLength(1);
      expect(stored[0].token_hash).not.toContain(token);
      expect(Math.abs(stored[0].expires_at.getTime() - (Date.now() + 72 * 3600 * 1000))).toBeLessThan(60_000);

      // The sign-up's password rules, and a wrong token, change nothing.
      const short = await api(testApp).post('/user/accounts/password-set', { token, password: 'short' }).expect(400);
      expect(short.body.errors).toEqual({ password: MESSAGES.passwordTooShort });
      const wrong = await api(testApp).post('/user/accounts/password-set', { token: `${token.slice(0, -2)}xx`, password: PASSWORD }).expect(400);
      expect(wrong.body.status_response.response_message).toBe(ADMIN_MESSAGES.setPasswordLinkInvalid);
      const empty = await api(testApp).post('/user/accounts/password-set', { password: PASSWORD }).expect(400);
      expect(empty.body.errors).toEqual({ token: ADMIN_MESSAGES.setPasswordLinkInvalid });

      await api(testApp).post('/user/accounts/password-set', { token, password: PASSWORD }).expect(200);
      const again = await api(testApp).post('/user/accounts/password-set', { token, password: 'another password' }).expect(400);
      expect(again.body.status_response.response_message).toBe(ADMIN_MESSAGES.setPasswordLinkInvalid);

      const signedIn = await api(testApp).post('/user/sign-ins', { email, password: PASSWORD }).expect(200);
      expect(signedIn.body.account).toMatchObject({ id, role: 12, profile_completed: false });
      // The athlete defaults of a sign-up were made (the setup wizard starts from them).
      expect((await api(testApp).get('/user/accounts', signedIn.body.session_token).expect(200)).body.account.athlete_info).toEqual(expect.objectContaining({ athlete_id: id }));

      const [audit] = await auditOf(testApp, id);
      expect(audit).toMatchObject({ admin_id: admin.account.id, action: 'user.add', subject_type: 'user', before: null, after: { email, user_type: 2, profile_completed: false } });
    });

    it('answers 208 for a taken email and refuses bad input with the sign-up’s messages', async () => {
      const taken = await createAccount(testApp, UserType.Fan);
      const response = await api(testApp).post('/admin/user/add', { email: taken.email.toUpperCase(), user_type: 1 }, admin.token).expect(409);
      expect(response.body.status_response).toEqual({ status: 409, response_message: ERROR_MESSAGES[ErrorCode.EmailTaken], response_internal_code: ErrorCode.EmailTaken });
      const bad = await api(testApp).post('/admin/user/add', { email: 'nope', user_type: 4 }, admin.token).expect(400);
      expect(bad.body.errors).toEqual({ email: MESSAGES.emailInvalid, user_type: MESSAGES.userTypeInvalid });
      const missing = await api(testApp).post('/admin/user/add', {}, admin.token).expect(400);
      expect(missing.body.errors).toEqual({ email: MESSAGES.emailRequired, user_type: MESSAGES.userTypeInvalid });
    });

    it('refuses a link of a blocked account', async () => {
      const email = uniqueEmail('blocked-added');
      const added = await api(testApp).post('/admin/user/add', { email, user_type: UserType.Fan }, admin.token).expect(201);
      const token = await setPasswordTokenFor(testApp, email);
      await api(testApp).post('/admin/user/block', { user_id: added.body.user.id, blocked: true }, admin.token).expect(200);
      await api(testApp).post('/user/accounts/password-set', { token, password: PASSWORD }).expect(400);
    });
  });

  describe('POST /admin/user/update', () => {
    it("edits an athlete's general fields, services and social links, with the user's own settings' messages", async () => {
      const athlete = await completeAthlete();
      const response = await api(testApp)
        .post(
          '/admin/user/update',
          {
            user_id: athlete.account.id,
            first_name: 'Jordan',
            phone: '(555) 987-6543',
            description: 'Point guard',
            instagram_link: 'instagram.com/jordan',
            athlete_services: { shoutout_rate: 42, camp_enabled: false },
          },
          admin.token,
        )
        .expect(200);
      expect(response.body.message).toBe(ADMIN_MESSAGES.userUpdated);
      expect(response.body.user).toMatchObject({
        first_name: 'Jordan',
        last_name: athlete.account.lastName,
        phone: '+15559876543',
        description: 'Point guard',
        instagram_link: 'https://instagram.com/jordan',
        profile_completed: true,
        deleted: false,
        athlete_info: { athlete_services: expect.objectContaining({ shoutout_rate: 42, camp_enabled: false, shoutout_enabled: true }) },
      });

      const bad = await api(testApp)
        .post(
          '/admin/user/update',
          {
            user_id: athlete.account.id,
            email: 'nope',
            phone: '+44 20 7946 0958',
            description: 'x'.repeat(231),
            instagram_link: 'hello',
            first_name: '',
          },
          admin.token,
        )
        .expect(400);
      expect(bad.body.errors).toEqual({
        email: MESSAGES.emailInvalid,
        phone: MESSAGES.phoneIncorrect,
        description: MESSAGES.descriptionTooLong,
        instagram_link: MESSAGES.invalidLink,
        first_name: MESSAGES.required,
      });
      const nulls = await api(testApp).post('/admin/user/update', { user_id: athlete.account.id, last_name: null }, admin.token).expect(400);
      expect(nulls.body.errors).toEqual({ last_name: MESSAGES.required });

      const offAll: Record<string, boolean> = {};
      for (const type of ['personal_appearance', 'speaking_engagement', 'training_session', 'endorsement', 'video_chat', 'shoutout', 'camp']) offAll[`${type}_enabled`] = false;
      const own = await api(testApp).put('/athlete/services', offAll, athlete.token).expect(400);
      const byAdmin = await api(testApp).post('/admin/user/update', { user_id: athlete.account.id, athlete_services: offAll }, admin.token).expect(400);
      expect(byAdmin.body.errors).toEqual(own.body.errors);
      const rate = await api(testApp).post('/admin/user/update', { user_id: athlete.account.id, athlete_services: { shoutout_rate: 0.5 } }, admin.token).expect(400);
      const ownRate = await api(testApp).put('/athlete/services', { shoutout_rate: 0.5 }, athlete.token).expect(400);
      expect(rate.body.errors).toEqual(ownRate.body.errors);

      const taken = await createAccount(testApp, UserType.Fan);
      const takenEmail = await api(testApp).post('/admin/user/update', { user_id: athlete.account.id, email: taken.email }, admin.token).expect(409);
      expect(takenEmail.body.status_response.response_internal_code).toBe(ErrorCode.EmailTaken);
      // Nothing of a refused edit was stored.
      expect((await api(testApp).get(`/admin/user?user_id=${athlete.account.id}`, admin.token).expect(200)).body.user).toMatchObject({ first_name: 'Jordan', email: athlete.account.email });

      const unknown = await api(testApp).post('/admin/user/update', { user_id: UNKNOWN_ID, first_name: 'X' }, admin.token).expect(404);
      expect(unknown.body.status_response.response_message).toBe(MESSAGES.nothingFound.title);
      const fan = await createAccount(testApp, UserType.Fan);
      const notAthlete = await api(testApp).post('/admin/user/update', { user_id: fan.id, sports: [1] }, admin.token).expect(400);
      expect(notAthlete.body.errors).toEqual({ sports: ADMIN_MESSAGES.notAnAthlete });
      const fanEdit = await api(testApp).post('/admin/user/update', { user_id: fan.id, last_name: 'Renamed' }, admin.token).expect(200);
      expect(fanEdit.body.user).toMatchObject({ last_name: 'Renamed', first_name: 'Test', profile_completed: true });

      const audit = (await auditOf(testApp, athlete.account.id)).filter((row) => row.action === 'user.update');
      expect(audit).toHaveLength(1);
      expect(audit[0].before).toMatchObject({ first_name: 'Test', phone: '+15555550100', description: null, instagram_link: null });
      expect(audit[0].after).toMatchObject({ first_name: 'Jordan', phone: '+15559876543', description: 'Point guard', instagram_link: 'https://instagram.com/jordan' });
      expect(Object.keys(audit[0].after ?? {})).not.toContain('last_name');
    });

    it('recomputes completeness case by case (section 4): each missing piece makes the athlete incomplete and out of search', async () => {
      const full = await completeAthlete();
      expect(await listed(full)).toBe(true);
      await api(testApp).post('/admin/user/update', { user_id: full.account.id, description: 'Still complete' }, admin.token).expect(200);
      expect(await listed(full)).toBe(true);

      // Pieces an edit can take away.
      for (const change of [{ school_id: null }, { sports: [] }] as Array<Record<string, unknown>>) {
        const athlete = await completeAthlete();
        expect(await listed(athlete)).toBe(true);
        const response = await api(testApp).post('/admin/user/update', { user_id: athlete.account.id, ...change }, admin.token).expect(200);
        expect([change, response.body.user.profile_completed, response.body.user.role]).toEqual([change, false, 12]);
        expect(await listed(athlete)).toBe(false);
        await api(testApp).get(`/public/athletes?athlete_id=${athlete.account.id}`).expect(404);
      }
      // Pieces missing before the edit: the edit finds the athlete incomplete.
      for (const missing of [{ firstName: null }, { lastName: '  ' }, { profilePhoto: null }, { introVideo: null }] as AccountOverrides[]) {
        const athlete = await completeAthlete(missing);
        const response = await api(testApp).post('/admin/user/update', { user_id: athlete.account.id, description: 'x' }, admin.token).expect(200);
        expect([missing, response.body.user.profile_completed, response.body.user.role]).toEqual([missing, false, 12]);
        expect(await listed(athlete)).toBe(false);
      }
      // No enabled service (the services screen refuses it, so it can only come from elsewhere): sync finds it.
      const noService = await completeAthlete();
      await testApp.dataSource.query(`UPDATE athlete_services SET enabled = false WHERE athlete_id = $1`, [noService.account.id]);
      expect((await api(testApp).post('/mt/sync_by_id', { user_id: noService.account.id }, admin.token).expect(200)).body.user.profile_completed).toBe(false);
      expect(await listed(noService)).toBe(false);

      // Given back, the athlete is complete and listed again (and gets a username, as the wizard gives one).
      const back = await completeAthlete({ profileCompleted: false, username: null });
      expect(await listed(back)).toBe(false);
      const restored = await api(testApp).post('/admin/user/update', { user_id: back.account.id, sports: [2] }, admin.token).expect(200);
      expect(restored.body.user).toMatchObject({ profile_completed: true, role: 2, username: expect.any(String) });
      expect(await listed(back)).toBe(true);
    });
  });

  describe('POST /admin/user/upload-photo and upload-intro', () => {
    it("stores media for the athlete exactly as the athlete's own upload does, which the edit then saves", async () => {
      const athlete = await completeAthlete();
      const photo = await request(testApp.server)
        .post(`/api/v1/admin/user/upload-photo?athlete_id=${athlete.account.id}`)
        .set('x-access-token', admin.token)
        .attach('photo', fixture('photo.jpg'), { filename: 'photo.jpg', contentType: 'image/jpeg' })
        .expect(201);
      expect(photo.body.path).toMatch(/^\/media\/images\/.+\.jpg$/);
      const intro = await request(testApp.server)
        .post(`/api/v1/admin/user/upload-intro?athlete_id=${athlete.account.id}`)
        .set('x-access-token', admin.token)
        .attach('video', fixture('intro-5s.mp4'), { filename: 'intro.mp4', contentType: 'video/mp4' })
        .expect(201);
      const saved = await api(testApp).post('/admin/user/update', { user_id: athlete.account.id, profile_photo: photo.body.path, intro_video: intro.body.path }, admin.token).expect(200);
      expect(saved.body.user).toMatchObject({ profile_photo: photo.body.path, intro_video: intro.body.path, profile_completed: true });
      // Owned by the athlete: the athlete may save it too.
      const owners: Array<{ owner_account_id: string }> = await testApp.dataSource.query(`SELECT owner_account_id FROM media_objects WHERE key = $1`, [photo.body.path.replace(/^\/media\//, '')]);
      expect(owners.map((row) => row.owner_account_id)).toEqual([athlete.account.id]);

      // Someone else's upload cannot be saved on the athlete, as in the user's own settings.
      const other = await createSignedIn(testApp, UserType.Fan);
      const foreign = await uploadPhoto(testApp, other.token);
      const refused = await api(testApp).post('/admin/user/update', { user_id: athlete.account.id, profile_photo: foreign }, admin.token).expect(400);
      const ownRefusal = await api(testApp).put('/user/accounts', { first_name: 'T', last_name: 'U', email: athlete.account.email, phone: '+15555550100', profile_photo: foreign }, athlete.token).expect(400);
      expect(refused.body.errors).toEqual(ownRefusal.body.errors);

      const actions = (await auditOf(testApp, athlete.account.id)).map((row) => [row.action, row.after]);
      expect(actions).toEqual(
        expect.arrayContaining([
          ['user.upload-photo', { profile_photo: photo.body.path }],
          ['user.upload-intro', { intro_video: intro.body.path }],
        ]),
      );
    });

    it('keeps an upload exactly when its audit row commits: either failing leaves neither the media rows, nor the files, nor the row', async () => {
      const athlete = await completeAthlete();
      const mediaOf = async () =>
        (await testApp.dataSource.query(`SELECT count(*)::int AS n FROM media_objects WHERE owner_account_id = $1`, [athlete.account.id]))[0].n as number;
      const photo = () =>
        request(testApp.server)
          .post(`/api/v1/admin/user/upload-photo?athlete_id=${athlete.account.id}`)
          .set('x-access-token', admin.token)
          .attach('photo', fixture('photo.jpg'), { filename: 'photo.jpg', contentType: 'image/jpeg' })
          .attach('second_photo', fixture('photo.jpg'), { filename: 'second.jpg', contentType: 'image/jpeg' });
      const intro = () =>
        request(testApp.server)
          .post(`/api/v1/admin/user/upload-intro?athlete_id=${athlete.account.id}`)
          .set('x-access-token', admin.token)
          .attach('video', fixture('intro-5s.mp4'), { filename: 'intro.mp4', contentType: 'video/mp4' });
      const files = await mediaFiles(testApp);

      // The audit row cannot be written: the upload is not kept.
      await failingInserts(testApp, 'admin_audit', 'subject_id', athlete.account.id, async () => {
        for (const upload of [photo, intro]) expect((await upload()).status).toBe(500);
      });
      expect(await mediaOf()).toBe(0);
      expect(await mediaFiles(testApp)).toEqual(files);
      // The media rows cannot be written: nothing is audited.
      await failingInserts(testApp, 'media_objects', 'owner_account_id', athlete.account.id, async () => {
        for (const upload of [photo, intro]) expect((await upload()).status).toBe(500);
      });
      expect(await mediaOf()).toBe(0);
      expect(await mediaFiles(testApp)).toEqual(files);
      expect(await auditOf(testApp, athlete.account.id)).toEqual([]);

      // Both can: both are kept, the row naming what was stored.
      const storedPhoto = (await photo().expect(201)).body;
      const storedIntro = (await intro().expect(201)).body;
      expect((await auditOf(testApp, athlete.account.id)).map((row) => [row.admin_id, row.action, row.after])).toEqual([
        [admin.account.id, 'user.upload-photo', { profile_photo: storedPhoto.path, dashboard_photo: storedPhoto.second_path }],
        [admin.account.id, 'user.upload-intro', { intro_video: storedIntro.path }],
      ]);
      expect(await mediaOf()).toBeGreaterThan(2);
      expect((await mediaFiles(testApp)).length).toBeGreaterThan(files.length);
    });

    it('checks the content as the own upload does, and refuses other roles and unknown ids', async () => {
      const athlete = await completeAthlete();
      const text = await request(testApp.server)
        .post(`/api/v1/admin/user/upload-photo?athlete_id=${athlete.account.id}`)
        .set('x-access-token', admin.token)
        .attach('photo', Buffer.from('this is not an image, only some text pretending to be one'), { filename: 'photo.png', contentType: 'image/png' })
        .expect(415);
      expect(text.body.errors).toEqual({ photo: MESSAGES.imageWrongType });
      const fan = await createAccount(testApp, UserType.Fan);
      const notAthlete = await request(testApp.server)
        .post(`/api/v1/admin/user/upload-photo?athlete_id=${fan.id}`)
        .set('x-access-token', admin.token)
        .attach('photo', fixture('photo.jpg'), { filename: 'photo.jpg', contentType: 'image/jpeg' })
        .expect(400);
      expect(notAthlete.body.status_response.response_message).toBe(ADMIN_MESSAGES.notAnAthlete);
      await request(testApp.server)
        .post(`/api/v1/admin/user/upload-intro?athlete_id=${UNKNOWN_ID}`)
        .set('x-access-token', admin.token)
        .attach('video', fixture('intro-5s.mp4'), { filename: 'intro.mp4', contentType: 'video/mp4' })
        .expect(404);
      // A refused upload is not audited.
      expect(await auditOf(testApp, athlete.account.id)).toEqual([]);
      expect(await auditOf(testApp, fan.id)).toEqual([]);
    });
  });

  describe('POST /admin/user/block', () => {
    it('signs the account out everywhere at once, ends its open stream, hides it, refuses its sign-in and cancels its pending requests with holds released', async () => {
      const athlete = await completeAthlete();
      await givePassword(testApp, athlete.account.id);
      const fan = await createSignedIn(testApp, UserType.Fan);
      const secondSession = await signIn(testApp, athlete.account);
      const pending = await bookAndPay(testApp, fan, bookingPayload('shoutout', athlete.account.id));
      const accepted = await bookAndPay(testApp, fan, bookingPayload('shoutout', athlete.account.id));
      await api(testApp).put(`/booking/request/accept?request_id=${accepted}`, {}, athlete.token).expect(200);
      await settle(testApp);
      expect(await listed(athlete)).toBe(true);

      const stream = new StreamClient(await listen(testApp), athlete.token);
      try {
        await stream.waitFor('unread');
        const response = await api(testApp).post('/admin/user/block', { user_id: athlete.account.id, blocked: true }, admin.token).expect(200);
        expect(response.body).toMatchObject({ message: ADMIN_MESSAGES.userLocked, user: { id: athlete.account.id, blocked: true } });
        // The heartbeat is 25 s here: the stream ends at once, told why.
        await stream.waitFor('session_ended', 1, 5_000);
        await stream.waitForEnd(5_000);
      } finally {
        stream.close();
      }
      await api(testApp).get('/user/accounts', athlete.token).expect(401);
      await api(testApp).get('/user/accounts', secondSession.token).expect(401);
      const signInRefused = await api(testApp).post('/user/sign-ins', { email: athlete.account.email, password: PASSWORD }).expect(403);
      expect(signInRefused.body.status_response.response_message).toBe(MESSAGES.accountBlocked);
      expect(await listed(athlete)).toBe(false);
      await api(testApp).get(`/public/athletes?athlete_id=${athlete.account.id}`).expect(404);

      await settle(testApp);
      expect(await statusOf(testApp, pending)).toBe(3);
      expect(await movementsOf(testApp, pending)).toEqual(['authorised', 'voided']);
      // Only pending requests are canceled.
      expect(await statusOf(testApp, accepted)).toBe(2);

      const [audit] = (await auditOf(testApp, athlete.account.id)).filter((row) => row.action === 'user.block');
      expect(audit).toMatchObject({ admin_id: admin.account.id, before: { blocked: false }, after: { blocked: true, canceled_requests: [pending] } });
      // The canceled request's own trail (the console's request page) says so too; the accepted one's has nothing.
      const requestTrail = await api(testApp).get(`/admin/audit?subject_type=request&subject_id=${pending}`, admin.token).expect(200);
      expect(requestTrail.body.entries).toEqual([
        expect.objectContaining({ admin_id: admin.account.id, action: 'request.cancel', before: { status: 1 }, after: { status: 3, reason: 'The account was blocked' } }),
      ]);
      const acceptedTrail = await api(testApp).get(`/admin/audit?subject_type=request&subject_id=${accepted}`, admin.token).expect(200);
      expect(acceptedTrail.body.entries).toEqual([]);

      // Unblocking gives access back, not the canceled requests.
      const unblocked = await api(testApp).post('/admin/user/block', { user_id: athlete.account.id, blocked: false }, admin.token).expect(200);
      expect(unblocked.body).toMatchObject({ message: ADMIN_MESSAGES.userUnlocked, user: { blocked: false } });
      await api(testApp).post('/user/sign-ins', { email: athlete.account.email, password: PASSWORD }).expect(200);
      expect(await listed(athlete)).toBe(true);
      expect(await statusOf(testApp, pending)).toBe(3);
      expect((await auditOf(testApp, athlete.account.id)).map((row) => row.action)).toContain('user.unblock');
    });

    it("cancels a blocked requester's pending requests too, the ledger balanced", async () => {
      const athlete = await createBookableAthlete(testApp);
      const fan = await createSignedIn(testApp, UserType.Fan);
      const id = await bookAndPay(testApp, fan, bookingPayload('video_chat', athlete.account.id));
      await api(testApp).post('/admin/user/block', { user_id: fan.account.id, blocked: true }, admin.token).expect(200);
      await settle(testApp);
      expect(await statusOf(testApp, id)).toBe(3);
      expect(await movementsOf(testApp, id)).toEqual(['authorised', 'voided']);
    });

    it('never cancels a request the athlete accepted while the block ran: the block takes its pending requests locked, and one accepted meanwhile goes on', async () => {
      const athlete = await createBookableAthlete(testApp);
      const fan = await createSignedIn(testApp, UserType.Fan);
      const first = await bookAndPay(testApp, fan, bookingPayload('shoutout', athlete.account.id));
      const second = await bookAndPay(testApp, fan, bookingPayload('shoutout', athlete.account.id));
      await settle(testApp);
      // Another action holds the first request for a moment, so the block waits on it.
      const holder = testApp.dataSource.createQueryRunner();
      await holder.connect();
      await holder.startTransaction();
      await holder.query('SELECT 1 FROM requests WHERE id = $1 FOR UPDATE', [first]);
      try {
        const block = api(testApp).post('/admin/user/block', { user_id: athlete.account.id, blocked: true }, admin.token).then((response) => response);
        const waiting = async () =>
          (
            await testApp.dataSource.query(
              `SELECT count(*)::int AS n FROM pg_stat_activity
                WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock' AND query LIKE '%FOR UPDATE%'`,
            )
          )[0].n > 0;
        for (let tries = 0; tries < 200 && !(await waiting()); tries += 1) await new Promise((resolve) => setTimeout(resolve, 25));
        expect(await waiting()).toBe(true);
        // The athlete, not signed out until the block commits, accepts the second one meanwhile.
        await api(testApp).put(`/booking/request/accept?request_id=${second}`, {}, athlete.token).expect(200);
        // Its card is charged before the block goes on (the capture job's own locks then meet nothing of the block's).
        for (let tries = 0; tries < 400 && !(await movementsOf(testApp, second)).includes('captured'); tries += 1) await new Promise((resolve) => setTimeout(resolve, 25));
        await holder.rollbackTransaction();
        expect((await block).status).toBe(200);
      } finally {
        if (holder.isTransactionActive) await holder.rollbackTransaction();
        await holder.release();
      }
      await settle(testApp);
      expect(await statusOf(testApp, first)).toBe(3);
      expect(await statusOf(testApp, second)).toBe(2);
      expect(await movementsOf(testApp, second)).toEqual(['authorised', 'captured', 'owed_to_athlete']);
      const [audit] = (await auditOf(testApp, athlete.account.id)).filter((row) => row.action === 'user.block');
      expect(audit).toMatchObject({ after: { blocked: true, canceled_requests: [first] } });
    });

    it("blocks an athlete or a business with an unpaid campaign draft between them, leaving the draft to its sweep", async () => {
      const athlete = await createBookableAthlete(testApp);
      const business = await createSignedIn(testApp, UserType.Business);
      const campaignId = await campaignDraft(testApp, business, athlete.account.id, 40, 'Blocked launch');
      const [draftRequest] = await testApp.dataSource.query('SELECT id FROM requests WHERE endorsement_campaign_id = $1', [campaignId]);
      for (const blocked of [athlete, business]) {
        await api(testApp).post('/admin/user/block', { user_id: blocked.account.id, blocked: true }, admin.token).expect(200);
        const [audit] = (await auditOf(testApp, blocked.account.id)).filter((row) => row.action === 'user.block');
        expect(audit).toMatchObject({ after: { blocked: true, canceled_requests: [] } });
      }
      // Nothing may touch a campaign's request before the campaign is paid: it stays as it was.
      expect(await statusOf(testApp, draftRequest.id)).toBe(1);
    });

    it('refuses to block oneself, another administrator included, and bad input', async () => {
      const other = await createSignedIn(testApp, UserType.Admin);
      for (const caller of [admin, other]) {
        const self = await api(testApp).post('/admin/user/block', { user_id: caller.account.id, blocked: true }, caller.token).expect(403);
        expect(self.body.status_response).toEqual({ status: 403, response_message: ADMIN_MESSAGES.cannotBlockSelf, response_internal_code: ErrorCode.Forbidden });
        const remove = await api(testApp).post('/admin/user/delete', { user_id: caller.account.id }, caller.token).expect(403);
        expect(remove.body.status_response.response_message).toBe(ADMIN_MESSAGES.cannotRemoveSelf);
        await api(testApp).get('/user/accounts', caller.token).expect(200);
      }
      const bad = await api(testApp).post('/admin/user/block', { user_id: 'x' }, admin.token).expect(400);
      expect(bad.body.errors).toEqual({ user_id: MESSAGES.nothingFound.title, blocked: MESSAGES.required });
      await api(testApp).post('/admin/user/block', { user_id: UNKNOWN_ID, blocked: true }, admin.token).expect(404);
    });
  });

  describe('POST /mt/sync_by_id', () => {
    it('recomputes completeness and listing, and clears the search caches', async () => {
      const athlete = await completeAthlete();
      expect(await listed(athlete)).toBe(true);
      // Written behind the services' back: the cached search still lists the athlete.
      await testApp.dataSource.query(`UPDATE athlete_profiles SET sports = '{}' WHERE account_id = $1`, [athlete.account.id]);
      expect(await listed(athlete)).toBe(true);
      const response = await api(testApp).post('/mt/sync_by_id', { user_id: athlete.account.id }, admin.token).expect(200);
      expect(response.body).toMatchObject({ message: ADMIN_MESSAGES.userSynced, user: { id: athlete.account.id, profile_completed: false, role: 12 } });
      expect(await listed(athlete)).toBe(false);
      const [audit] = (await auditOf(testApp, athlete.account.id)).filter((row) => row.action === 'user.sync');
      expect(audit).toMatchObject({ before: { profile_completed: true }, after: { profile_completed: false } });
      await api(testApp).post('/mt/sync_by_id', { user_id: UNKNOWN_ID }, admin.token).expect(404);
    });
  });

  describe('POST /admin/user/delete', () => {
    it("does exactly what the person's own deletion does", async () => {
      const stored = async (id: string) => {
        const [row] = await testApp.dataSource.query(
          `SELECT a.deleted_at IS NOT NULL AS deleted, a.blocked, a.profile_completed, a.user_type,
                  (SELECT count(*)::int FROM sessions s WHERE s.account_id = a.id AND s.revoked_at IS NULL) AS live_sessions,
                  (SELECT count(*)::int FROM sessions s WHERE s.account_id = a.id) AS sessions,
                  (SELECT count(*)::int FROM account_identities i WHERE i.account_id = a.id) AS identities
             FROM accounts a WHERE a.id = $1`,
          [id],
        );
        return row;
      };
      const own = await createSignedIn(testApp, UserType.Fan);
      const removed = await createSignedIn(testApp, UserType.Fan);
      for (const person of [own, removed]) await testApp.dataSource.query(`INSERT INTO account_identities (account_id, provider, subject) VALUES ($1, 'facebook', $2)`, [person.account.id, person.account.id]);

      await api(testApp).delete('/user/accounts/self', own.token).expect(200);
      const stream = new StreamClient(await listen(testApp), removed.token);
      try {
        await stream.waitFor('unread');
        const response = await api(testApp).post('/admin/user/delete', { user_id: removed.account.id }, admin.token).expect(200);
        expect(response.body.message).toBe(ADMIN_MESSAGES.userRemoved);
        await stream.waitForEnd(5_000);
      } finally {
        stream.close();
      }
      expect(await stored(removed.account.id)).toEqual(await stored(own.account.id));
      expect(await stored(removed.account.id)).toMatchObject({ deleted: true, live_sessions: 0, identities: 0 });
      await api(testApp).get('/user/accounts', removed.token).expect(401);
      // Gone from the console, and the email may sign up again, as after one's own deletion.
      await api(testApp).get(`/admin/user?user_id=${removed.account.id}`, admin.token).expect(404);
      await api(testApp).post('/user/email-verifications', { user_type: 1, email: removed.account.email, password: PASSWORD, phone: '(555) 123-4567', eula_accepted: true }).expect(201);
      await api(testApp).post('/admin/user/delete', { user_id: removed.account.id }, admin.token).expect(404);

      const [audit] = await auditOf(testApp, removed.account.id);
      expect(audit).toMatchObject({ action: 'user.remove', before: { email: removed.account.email, deleted: false }, after: { deleted: true } });
    });
  });

  describe('GET /admin/audit', () => {
    it('lists every action newest first with the administrator’s name, filtered, and never a secret', async () => {
      const other = await createSignedIn(testApp, UserType.Admin, { firstName: 'Grace', lastName: 'Hopper' });
      const email = uniqueEmail('audited');
      const added = await api(testApp).post('/admin/user/add', { email, user_type: UserType.Athlete }, other.token).expect(201);
      const id: string = added.body.user.id;
      const token = await setPasswordTokenFor(testApp, email);
      await api(testApp).post('/user/accounts/password-set', { token, password: PASSWORD }).expect(200);
      await api(testApp).post('/admin/user/update', { user_id: id, first_name: 'Audited', last_name: 'Person' }, other.token).expect(200);
      await request(testApp.server)
        .post(`/api/v1/admin/user/upload-photo?athlete_id=${id}`)
        .set('x-access-token', other.token)
        .attach('photo', fixture('photo.jpg'), { filename: 'photo.jpg', contentType: 'image/jpeg' })
        .expect(201);
      await request(testApp.server)
        .post(`/api/v1/admin/user/upload-intro?athlete_id=${id}`)
        .set('x-access-token', other.token)
        .attach('video', fixture('intro-5s.mp4'), { filename: 'intro.mp4', contentType: 'video/mp4' })
        .expect(201);
      await api(testApp).post('/admin/user/block', { user_id: id, blocked: true }, other.token).expect(200);
      await api(testApp).post('/admin/user/block', { user_id: id, blocked: false }, other.token).expect(200);
      await api(testApp).post('/mt/sync_by_id', { user_id: id }, other.token).expect(200);
      await api(testApp).post('/admin/user/delete', { user_id: id }, other.token).expect(200);

      const trail = await api(testApp).get(`/admin/audit?subject_type=user&subject_id=${id}`, admin.token).expect(200);
      expect(trail.body.entries.map((entry: { action: string }) => entry.action)).toEqual([
        'user.remove',
        'user.sync',
        'user.unblock',
        'user.block',
        'user.upload-intro',
        'user.upload-photo',
        'user.update',
        'user.add',
      ]);
      expect(trail.body).toMatchObject({ total: 8, page: 1, page_size: 20 });
      for (const entry of trail.body.entries) {
        expect(entry).toMatchObject({ admin_id: other.account.id, admin_name: 'Grace Hopper', subject_type: 'user', subject_id: id, created_at: expect.any(String) });
      }
      const text = JSON.stringify(trail.body.entries.map((entry: { before: unknown; after: unknown }) => [entry.before, entry.after]));
      expect(text).not.toContain(token);
      expect(text).not.toMatch(/password|token|hash|\$argon2/i);

      const byAdmin = await api(testApp).get(`/admin/audit?admin_id=${other.account.id}&action=user.block`, admin.token).expect(200);
      expect(byAdmin.body.entries.map((entry: { subject_id: string }) => entry.subject_id)).toEqual([id]);
      const paged = await api(testApp).get(`/admin/audit?subject_id=${id}&page=2&page_size=3`, admin.token).expect(200);
      expect(paged.body.entries.map((entry: { action: string }) => entry.action)).toEqual(['user.block', 'user.upload-intro', 'user.upload-photo']);
      const bad = await api(testApp).get('/admin/audit?subject_type=planet&admin_id=x', admin.token).expect(400);
      expect(bad.body.status_response.response_internal_code).toBe(ErrorCode.ValidationFailed);
    });
  });
});

describe('the set-password link expires', () => {
  let testApp: TestApp;
  const clock = new FakeClock();

  beforeAll(async () => {
    testApp = await createTestApp({ overrides: [{ provide: Clock, useValue: clock }] });
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('works within 72 hours and never after', async () => {
    const admin = await createSignedIn(testApp, UserType.Admin);
    const early = uniqueEmail('early');
    const late = uniqueEmail('late');
    await api(testApp).post('/admin/user/add', { email: early, user_type: UserType.Fan }, admin.token).expect(201);
    await api(testApp).post('/admin/user/add', { email: late, user_type: UserType.Business }, admin.token).expect(201);
    const earlyToken = await setPasswordTokenFor(testApp, early);
    const lateToken = await setPasswordTokenFor(testApp, late);

    clock.advance(71 * 3600 * 1000);
    await api(testApp).post('/user/accounts/password-set', { token: earlyToken, password: PASSWORD }).expect(200);
    clock.advance(2 * 3600 * 1000);
    const expired = await api(testApp).post('/user/accounts/password-set', { token: lateToken, password: PASSWORD }).expect(400);
    expect(expired.body.status_response.response_message).toBe(ADMIN_MESSAGES.setPasswordLinkInvalid);
    await api(testApp).post('/user/sign-ins', { email: late, password: PASSWORD }).expect(401);
  });
});

describe('block and sync reach every API process', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    // Search caches that never expire by themselves here: only the change's message clears them.
    first = await createTestApp({ env: { SEARCH_CACHE_TTL_MS: '60000' } });
    second = await createTestApp({ database: first.database, env: { SEARCH_CACHE_TTL_MS: '60000' } });
  });

  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  async function listedOn(testApp: TestApp, athlete: SignedIn): Promise<boolean> {
    const response = await api(testApp).get(`/public/athletes/search?filter=${encodeURIComponent(athlete.account.lastName ?? '')}`).expect(200);
    return response.body.athletes.some((card: { athlete_id: string }) => card.athlete_id === athlete.account.id);
  }

  async function eventually(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (await check()) return true;
      if (Date.now() > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it("the other process's stream of a blocked account ends at once, and its search caches are cleared by a sync", async () => {
    const admin = await createSignedIn(first, UserType.Admin);
    const athlete = await createBookableAthlete(first);
    await first.dataSource.getRepository(AccountEntity).update({ id: athlete.account.id }, { profilePhoto: '/media/images/p.jpg', introVideo: '/media/videos/v.mp4' });
    const reference = (await api(first).get('/public/meta/reference-data').expect(200)).body;
    await first.get(AthletesService).save(athlete.account.id, { schoolId: reference.schools[0].id, sports: [1] }, { requireSurvey: false, requireService: false, fieldPrefix: '' });

    // The second process caches a search listing the athlete; a write behind the services' back leaves it there.
    expect(await listedOn(second, athlete)).toBe(true);
    await first.dataSource.query(`UPDATE athlete_profiles SET sports = '{}' WHERE account_id = $1`, [athlete.account.id]);
    expect(await listedOn(second, athlete)).toBe(true);
    await api(first).post('/mt/sync_by_id', { user_id: athlete.account.id }, admin.token).expect(200);
    expect(await eventually(async () => !(await listedOn(second, athlete)))).toBe(true);

    // A fan's tab open on the second process; an administrator blocks the fan on the first.
    const fan = await createSignedIn(first, UserType.Fan);
    const stream = new StreamClient(await listen(second), fan.token);
    try {
      await stream.waitFor('unread');
      await api(first).post('/admin/user/block', { user_id: fan.account.id, blocked: true }, admin.token).expect(200);
      await stream.waitFor('session_ended', 1, 5_000);
      await stream.waitForEnd(5_000);
    } finally {
      stream.close();
    }
  });
});
