import request from 'supertest';
import { DEFAULT_RATES, ERROR_MESSAGES, ErrorCode, MESSAGES, SESSION_HINT_COOKIE, UserType } from '@huddle/domain';
import { AccountEntity } from '../src/modules/accounts/entities/account.entity';
import { SESSION_COOKIE } from '../src/modules/auth/session-token';
import { JobsService } from '../src/modules/jobs/jobs.service';
import { api, PASSWORD, signUp, uniqueEmail } from './support/accounts-api';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

const validSignUp = (overrides: Record<string, unknown> = {}) => ({
  user_type: UserType.Fan,
  email: uniqueEmail('signup'),
  password: PASSWORD,
  phone: '+15551234567',
  eula_accepted: true,
  ...overrides,
});

function cookieOf(response: request.Response, name: string): string | undefined {
  const cookies = response.headers['set-cookie'] as unknown as string[] | undefined;
  return cookies?.find((cookie) => cookie.startsWith(`${name}=`));
}

function sessionCookieOf(response: request.Response): string | undefined {
  return cookieOf(response, SESSION_COOKIE);
}

describe('sign-up, sign-in and logout', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    // Generous limits here: this file is about credentials; rate-limit.spec.ts tests the limits.
    testApp = await createTestApp({ env: { SIGN_IN_MAX_PER_IP: '1000', SIGN_IN_MAX_PER_EMAIL: '1000' } });
  });

  afterAll(async () => {
    await testApp.close();
  });

  describe('POST /user/email-verifications', () => {
    it.each([
      [UserType.Fan, 11],
      [UserType.Athlete, 12],
      [UserType.Business, 13],
    ])('creates an incomplete account of user type %i (role %i), signed in by cookie and token', async (userType, role) => {
      const email = uniqueEmail('Mixed.Case');
      const response = await api(testApp)
        .post('/user/email-verifications', validSignUp({ user_type: userType, email: `  ${email.toUpperCase()} `, phone: '(555) 765-4321' }))
        .expect(201);
      expect(response.body.status_response).toEqual({ status: 201, response_message: 'OK', response_internal_code: 0 });
      expect(response.body.account).toMatchObject({ user_type: userType, role, profile_completed: false, email: email.toLowerCase(), phone: '+15557654321' });
      expect(response.body.session_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(sessionCookieOf(response)).toContain(`${SESSION_COOKIE}=${response.body.session_token}`);
      expect(sessionCookieOf(response)).toContain('HttpOnly');
      // The hint beside it tells the shell a session may exist; scripts read it, so it holds no credential.
      const hint = cookieOf(response, SESSION_HINT_COOKIE);
      expect(hint).toMatch(new RegExp(`^${SESSION_HINT_COOKIE}=1;`));
      expect(hint).not.toContain('HttpOnly');
      expect(hint).not.toContain(response.body.session_token);

      const me = await api(testApp).get('/user/accounts', response.body.session_token).expect(200);
      expect(me.body.account.id).toBe(response.body.account.id);
      const rows: Array<{ password_hash: string }> = await testApp.dataSource.query('SELECT password_hash FROM accounts WHERE id = $1', [response.body.account.id]);
      expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
      expect(JSON.stringify(response.body)).not.toContain('argon2');
    });

    it('gives a new athlete every service off at its default rate, stored in cents', async () => {
      const athlete = await signUp(testApp, UserType.Athlete);
      const services = athlete.response.body.account.athlete_info.athlete_services;
      for (const [type, rate] of Object.entries(DEFAULT_RATES)) {
        expect([type, services[`${type}_enabled`], services[`${type}_rate`]]).toEqual([type, false, rate]);
      }
      // The rows come from the account's set-up job, committed with the account.
      await testApp.get(JobsService).drain();
      const rows: Array<{ service_type: string; rate_cents: number; enabled: boolean }> = await testApp.dataSource.query(
        'SELECT service_type, rate_cents, enabled FROM athlete_services WHERE athlete_id = $1 ORDER BY service_type',
        [athlete.id],
      );
      expect(rows).toHaveLength(7);
      expect(rows.find((row) => row.service_type === 'personal_appearance')).toEqual({ service_type: 'personal_appearance', rate_cents: 20000, enabled: false });
      expect(athlete.response.body.account.business_info).toBeNull();
    });

    it('reports every missing field with its own message', async () => {
      const response = await api(testApp).post('/user/email-verifications', { user_type: UserType.Fan }).expect(400);
      expect(response.body.status_response.response_internal_code).toBe(ErrorCode.ValidationFailed);
      expect(response.body.errors).toEqual({
        email: MESSAGES.emailRequired,
        password: MESSAGES.passwordRequired,
        phone: MESSAGES.phoneRequired,
        eula_accepted: MESSAGES.eulaRequired,
      });
    });

    it.each([
      ['phone', { phone: '+44 20 7946 0958' }, MESSAGES.phoneIncorrect],
      ['phone', { phone: '555-1234' }, MESSAGES.phoneIncorrect],
      ['email', { email: 'not-an-email' }, MESSAGES.emailInvalid],
      ['password', { password: 'short' }, MESSAGES.passwordTooShort],
      ['eula_accepted', { eula_accepted: false }, MESSAGES.eulaRequired],
      ['user_type', { user_type: UserType.Admin }, MESSAGES.userTypeInvalid],
      ['user_type', { user_type: 12 }, MESSAGES.userTypeInvalid],
    ])('refuses a bad %s: %j', async (field, overrides, message) => {
      const response = await api(testApp).post('/user/email-verifications', validSignUp(overrides)).expect(400);
      expect(response.body.errors).toEqual({ [field]: message });
      expect(response.body.status_response.response_message).toBe(message);
    });

    it('answers 208 on the email field when a live account has the email, in any case', async () => {
      const existing = await signUp(testApp, UserType.Fan);
      const response = await api(testApp).post('/user/email-verifications', validSignUp({ email: existing.email.toUpperCase() })).expect(409);
      expect(response.body).toEqual({
        status_response: { status: 409, response_message: ERROR_MESSAGES[ErrorCode.EmailTaken], response_internal_code: ErrorCode.EmailTaken },
        errors: { email: ERROR_MESSAGES[ErrorCode.EmailTaken] },
      });
    });

    it("frees a deleted account's email for a new sign-up", async () => {
      const deleted = await signUp(testApp, UserType.Fan);
      await api(testApp).delete('/user/accounts/self', deleted.token).expect(200);
      const again = await api(testApp).post('/user/email-verifications', validSignUp({ email: deleted.email })).expect(201);
      expect(again.body.account.id).not.toBe(deleted.id);
    });
  });

  describe('POST /user/sign-ins (form)', () => {
    it('signs in with the email in any case and answers the account, the token and the cookie', async () => {
      const athlete = await signUp(testApp, UserType.Athlete);
      const response = await api(testApp).postForm('/user/sign-ins', { email: athlete.email.toUpperCase(), password: PASSWORD }).expect(200);
      expect(response.body.status_response.status).toBe(200);
      expect(response.body.account).toMatchObject({ id: athlete.id, role: 12 });
      expect(response.body.account.athlete_info.athlete_services.shoutout_rate).toBe(10);
      expect(response.body.session_token).not.toBe(athlete.token);
      expect(sessionCookieOf(response)).toContain(response.body.session_token);
      await api(testApp).get('/user/accounts', response.body.session_token).expect(200);
    });

    it('answers 205 alike for a wrong password, an unknown email and a deleted account', async () => {
      const fan = await signUp(testApp, UserType.Fan);
      const deleted = await signUp(testApp, UserType.Fan);
      await api(testApp).delete('/user/accounts/self', deleted.token).expect(200);

      const answers = await Promise.all([
        api(testApp).postForm('/user/sign-ins', { email: fan.email, password: 'wrong password!' }),
        api(testApp).postForm('/user/sign-ins', { email: uniqueEmail('nobody'), password: PASSWORD }),
        api(testApp).postForm('/user/sign-ins', { email: deleted.email, password: PASSWORD }),
      ]);
      for (const answer of answers) {
        expect(answer.status).toBe(401);
        expect(answer.body).toEqual({
          status_response: { status: 401, response_message: ERROR_MESSAGES[ErrorCode.IncorrectCredentials], response_internal_code: ErrorCode.IncorrectCredentials },
        });
        expect(sessionCookieOf(answer)).toBeUndefined();
      }
    });

    it('tells a blocked account so with 1403, only after the right password', async () => {
      const fan = await signUp(testApp, UserType.Fan);
      await testApp.dataSource.getRepository(AccountEntity).update({ id: fan.id }, { blocked: true });
      const right = await api(testApp).postForm('/user/sign-ins', { email: fan.email, password: PASSWORD }).expect(403);
      expect(right.body.status_response).toEqual({ status: 403, response_message: MESSAGES.accountBlocked, response_internal_code: ErrorCode.Forbidden });
      const wrong = await api(testApp).postForm('/user/sign-ins', { email: fan.email, password: 'wrong password!' }).expect(401);
      expect(wrong.body.status_response.response_internal_code).toBe(ErrorCode.IncorrectCredentials);
    });

    it('requires the email and the password', async () => {
      const response = await api(testApp).postForm('/user/sign-ins', { email: '', password: '' }).expect(400);
      expect(response.body.errors).toEqual({ email: MESSAGES.emailRequired, password: MESSAGES.passwordRequired });
    });

    it('accepts JSON as well as a form', async () => {
      const fan = await signUp(testApp, UserType.Fan);
      await api(testApp).post('/user/sign-ins', { email: fan.email, password: PASSWORD }).expect(200);
    });
  });

  describe('DELETE /user/sessions', () => {
    it('revokes only the session it came with and clears the cookie', async () => {
      const fan = await signUp(testApp, UserType.Fan);
      const other = await api(testApp).postForm('/user/sign-ins', { email: fan.email, password: PASSWORD }).expect(200);

      const response = await api(testApp).delete('/user/sessions', fan.token).expect(200);
      expect(response.body).toEqual({ status_response: { status: 200, response_message: 'OK', response_internal_code: 0 } });
      expect(sessionCookieOf(response)).toMatch(new RegExp(`^${SESSION_COOKIE}=;.*Expires=Thu, 01 Jan 1970`));
      expect(cookieOf(response, SESSION_HINT_COOKIE)).toMatch(new RegExp(`^${SESSION_HINT_COOKIE}=;.*Expires=Thu, 01 Jan 1970`));

      await api(testApp).get('/user/accounts', fan.token).expect(401);
      await request(testApp.server).get('/api/v1/user/accounts').set('Cookie', `${SESSION_COOKIE}=${fan.token}`).expect(401);
      await api(testApp).get('/user/accounts', other.body.session_token).expect(200);
      const rows: Array<{ revoked: number }> = await testApp.dataSource.query(
        'SELECT count(*)::int AS revoked FROM sessions WHERE account_id = $1 AND revoked_at IS NOT NULL',
        [fan.id],
      );
      expect(rows[0].revoked).toBe(1);
    });

    it('needs a session', async () => {
      await api(testApp).delete('/user/sessions').expect(401);
    });
  });
});
