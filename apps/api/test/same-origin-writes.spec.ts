import request from 'supertest';
import { ErrorCode, UserType } from '@huddle/domain';
import { SESSION_COOKIE } from '../src/modules/auth/session-token';
import { PASSWORD, signUp, uniqueEmail } from './support/accounts-api';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

const EVIL = 'https://evil.example';
const APP = 'https://app.huddle.test';

function forbidden(response: request.Response): void {
  expect(response.status).toBe(403);
  expect(response.body.status_response).toMatchObject({ status: 403, response_internal_code: ErrorCode.Forbidden });
  expect(response.headers['set-cookie']).toBeUndefined();
}

describe('state-changing requests from a foreign origin (login CSRF, cookie-borne writes)', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ env: { PUBLIC_APP_URL: APP, CORS_ORIGINS: 'http://localhost:4201,http://localhost:4202', SIGN_IN_MAX_PER_IP: '1000', SIGN_IN_MAX_PER_EMAIL: '1000' } });
  });

  afterAll(async () => {
    await testApp.close();
  });

  const sessions = async (): Promise<number> => Number((await testApp.dataSource.query('SELECT count(*)::int AS n FROM sessions'))[0].n);
  const signInForm = (email: string) => request(testApp.server).post('/api/v1/user/sign-ins').type('form').send({ email, password: PASSWORD });

  it('refuses a form sign-in from https://evil.example: 403 envelope, no cookie, no session row', async () => {
    const { email } = await signUp(testApp, UserType.Fan);
    const before = await sessions();
    forbidden(await signInForm(email).set('Origin', EVIL));
    // Without Origin, an old browser's form post names its page in the Referer.
    forbidden(await signInForm(email).set('Referer', `${EVIL}/login.html`));
    // A sandboxed frame or a data: page sends Origin: null; a garbage Origin is no better.
    forbidden(await signInForm(email).set('Origin', 'null'));
    forbidden(await signInForm(email).set('Origin', 'not a url'));
    // A look-alike host that merely starts with an allowed one.
    forbidden(await signInForm(email).set('Origin', `${APP}.evil.example`));
    expect(await sessions()).toBe(before);
  });

  it('signs in from the app, the remotes, the API itself, or a client that sends neither Origin nor Referer', async () => {
    const { email } = await signUp(testApp, UserType.Fan);
    for (const origin of [APP, 'http://localhost:4201', 'http://localhost:4202']) {
      const response = await signInForm(email).set('Origin', origin).expect(200);
      expect(String(response.headers['set-cookie'])).toContain(`${SESSION_COOKIE}=`);
    }
    await signInForm(email).set('Referer', `${APP}/login?next=%2F`).expect(200);
    // Same origin as the API (its documentation, the sandbox sign-in page): Origin's host is the Host.
    await signInForm(email).set('Host', 'api.huddle.test').set('Origin', 'https://api.huddle.test').expect(200);
    await signInForm(email).expect(200);
  });

  it('refuses sign-up, set-paid, campaign creation and cookie-borne writes from a foreign origin, and writes nothing', async () => {
    const email = uniqueEmail('csrf');
    forbidden(
      await request(testApp.server)
        .post('/api/v1/user/email-verifications')
        .set('Origin', EVIL)
        .send({ user_type: UserType.Fan, email, password: PASSWORD, phone: '(555) 123-4567', eula_accepted: true }),
    );
    expect(await testApp.dataSource.query('SELECT 1 FROM accounts WHERE email = $1', [email])).toEqual([]);

    const business = await signUp(testApp, UserType.Business);
    const cookie = `${SESSION_COOKIE}=${business.token}`;
    const before = await testApp.dataSource.query('SELECT count(*)::int AS n FROM sessions WHERE revoked_at IS NULL');
    forbidden(await request(testApp.server).post('/api/v1/payments/set-paid').set('Cookie', cookie).set('Origin', EVIL).send({ request_id: '1' }));
    forbidden(
      await request(testApp.server).post('/api/v1/booking/request/endorsement_campaign/create').set('Cookie', cookie).set('Origin', EVIL).type('form').send({ name: 'x' }),
    );
    forbidden(await request(testApp.server).put('/api/v1/user/accounts').set('Cookie', cookie).set('Origin', EVIL).send({ first_name: 'Evil' }));
    forbidden(await request(testApp.server).delete('/api/v1/user/sessions').set('Cookie', cookie).set('Origin', EVIL));
    forbidden(await request(testApp.server).delete('/api/v1/user/accounts/self').set('Cookie', cookie).set('Origin', EVIL));
    forbidden(await request(testApp.server).patch('/api/v1/user/accounts').set('Cookie', cookie).set('Origin', EVIL));
    // The session survived: logging out or deleting the account from evil.example did nothing.
    expect(await testApp.dataSource.query('SELECT count(*)::int AS n FROM sessions WHERE revoked_at IS NULL')).toEqual(before);
    await request(testApp.server).get('/api/v1/user/accounts').set('Cookie', cookie).expect(200);
  });

  it('lets reads through from any origin (CORS decides who may read them)', async () => {
    await request(testApp.server).get('/api/v1/public/meta/reference-data').set('Origin', EVIL).expect(200);
  });

  it("exempts Stripe's webhook: it is answered as without an Origin (signed, server to server)", async () => {
    const plain = await request(testApp.server).post('/api/v1/payments/webhook').set('Content-Type', 'application/json').send('{}');
    const withOrigin = await request(testApp.server).post('/api/v1/payments/webhook').set('Origin', EVIL).set('Content-Type', 'application/json').send('{}');
    expect(withOrigin.status).toBe(plain.status);
    expect(withOrigin.body.status_response.response_internal_code).toBe(plain.body.status_response.response_internal_code);
    expect(withOrigin.status).not.toBe(403);
  });
});
