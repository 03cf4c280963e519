import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { ErrorCode, UserType } from '@huddle/domain';
import { Clock } from '../src/common/time/clock';
import { SIGN_IN_STATE_TTL_MS } from '../src/modules/auth/business-sign-in.service';
import { AccountEntity } from '../src/modules/accounts/entities/account.entity';
import { SESSION_COOKIE } from '../src/modules/auth/session-token';
import { JobsService } from '../src/modules/jobs/jobs.service';
import { api, signUp, uniqueEmail, uploadPhoto } from './support/accounts-api';
import { FakeClock } from './support/fake-clock';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

const APP = 'http://localhost:4200';

function cookiesOf(response: request.Response): string[] {
  return (response.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
}

function sessionTokenOf(response: request.Response): string | null {
  const cookie = cookiesOf(response).find((candidate) => candidate.startsWith(`${SESSION_COOKIE}=`));
  return cookie ? (/^[^=]+=([^;]*)/.exec(cookie)?.[1] ?? null) : null;
}

describe('business sign-in', () => {
  describe('through the embedded sandbox provider', () => {
    let testApp: TestApp;
    const clock = new FakeClock();

    beforeAll(async () => {
      // Test apps run on a DATABASE_URL, where the sandbox is off unless asked for.
      testApp = await createTestApp({ env: { BUSINESS_SIGN_IN_SANDBOX: 'true' }, overrides: [{ provide: Clock, useValue: clock }] });
    });

    afterAll(async () => {
      await testApp.close();
    });

    /** A browser: GET /user/auth/business, the sandbox page, its form, and the callback, following each redirect. */
    async function signInAs(agent: ReturnType<typeof request.agent>, input: { name: string; email: string; accountType: 'company' | 'regular' }, clientState?: string, origin?: string) {
      const query = new URLSearchParams({ ...(clientState && { state: clientState }), ...(origin && { origin }) }).toString();
      const page = await agent.get(`/api/v1/user/auth/business${query ? `?${query}` : ''}`).redirects(1).expect(200);
      expect(page.redirects).toHaveLength(1);
      expect(page.redirects[0]).toMatch(/\/api\/v1\/user\/auth\/sandbox\?state=[\w.-]+$/);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.text).toContain('Sign in with your business account');
      expect(page.text).toContain('Company account');
      expect(page.text).toContain('Regular account');
      const state = /name="state" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
      expect(state).not.toBe('');
      const callback = await agent
        .post('/api/v1/user/auth/sandbox/authorize')
        .type('form')
        .send({ state, name: input.name, email: input.email, account_type: input.accountType })
        .redirects(1)
        .expect(302);
      return callback;
    }

    it('creates an incomplete business, signs it in with the cookie and sends it to /signup', async () => {
      const agent = request.agent(testApp.server);
      const email = uniqueEmail('founder');
      const callback = await signInAs(agent, { name: 'Acme Drinks', email, accountType: 'company' }, 'from-login');
      expect(callback.headers.location).toBe(`${APP}/signup?state=from-login`);
      expect(sessionTokenOf(callback)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

      // business_info is prefilled by the new account's set-up job.
      await testApp.get(JobsService).drain();
      const me = await agent.get('/api/v1/user/accounts').expect(200);
      expect(me.body.account).toMatchObject({ user_type: UserType.Business, role: 13, profile_completed: false, email });
      expect(me.body.account.business_info).toMatchObject({ name: 'Acme Drinks', email });
      const rows: Array<{ password_hash: string | null; provider: string; subject: string }> = await testApp.dataSource.query(
        'SELECT a.password_hash, i.provider, i.subject FROM accounts a JOIN account_identities i ON i.account_id = a.id WHERE a.id = $1',
        [me.body.account.id],
      );
      expect(rows).toEqual([{ password_hash: null, provider: 'sandbox', subject: email }]);
    });

    it('signs the same provider account in again, and a complete business lands on /dashboard', async () => {
      const email = uniqueEmail('returning');
      const first = request.agent(testApp.server);
      const firstCallback = await signInAs(first, { name: 'Return Co', email, accountType: 'company' });
      const account = (await first.get('/api/v1/user/accounts').expect(200)).body.account;
      const photo = await uploadPhoto(testApp, sessionTokenOf(firstCallback) ?? '');
      await first
        .post('/api/v1/user/business/finish-registration')
        .send({ first_name: 'Ria', last_name: 'Owner', profile_photo: photo, business_info: { name: 'Return Co', email, phone: '5550009999', website: 'return.example' } })
        .expect(200);

      const second = await signInAs(request.agent(testApp.server), { name: 'Return Co', email, accountType: 'company' });
      expect(second.headers.location).toBe(`${APP}/dashboard`);
      const again = await api(testApp).get('/user/accounts', sessionTokenOf(second) ?? '').expect(200);
      expect(again.body.account).toMatchObject({ id: account.id, role: 3 });
    });

    it('turns a regular account away with 12002 and no session', async () => {
      const email = uniqueEmail('personal');
      const callback = await signInAs(request.agent(testApp.server), { name: 'Pat Person', email, accountType: 'regular' });
      expect(callback.headers.location).toBe(`${APP}/login?error=${ErrorCode.RegularSocialAccount}`);
      expect(sessionTokenOf(callback)).toBeNull();
      expect(await testApp.dataSource.getRepository(AccountEntity).countBy({ email })).toBe(0);
    });

    it('refuses a callback from a browser that did not start the sign-in (login CSRF)', async () => {
      const attacker = request.agent(testApp.server);
      await attacker.get('/api/v1/user/auth/business').expect(302);
      const page = await attacker.get('/api/v1/user/auth/business').redirects(1).expect(200);
      const state = /name="state" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
      const authorize = await attacker
        .post('/api/v1/user/auth/sandbox/authorize')
        .type('form')
        .send({ state, name: 'Mallory Inc', email: uniqueEmail('mallory'), account_type: 'company' })
        .expect(302);
      const victim = await request(testApp.server).get(authorize.headers.location).expect(302);
      expect(victim.headers.location).toBe(`${APP}/login?error=${ErrorCode.Forbidden}`);
      expect(sessionTokenOf(victim)).toBeNull();
    });

    it('refuses a forged or expired state', async () => {
      const agent = request.agent(testApp.server);
      await agent.get('/api/v1/user/auth/business').expect(302);
      const page = await agent.get('/api/v1/user/auth/business').redirects(1).expect(200);
      const state = /name="state" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
      const [body, signature] = state.split('.');
      const forgedBody = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), client: 'evil' })).toString('base64url');
      const forged = await agent.get(`/api/v1/user/auth/business/callback?code=x&state=${forgedBody}.${signature}`).expect(302);
      expect(forged.headers.location).toBe(`${APP}/login?error=${ErrorCode.Forbidden}`);

      const fresh = request.agent(testApp.server);
      await fresh.get('/api/v1/user/auth/business').expect(302);
      const freshPage = await fresh.get('/api/v1/user/auth/business').redirects(1).expect(200);
      const freshState = /name="state" value="([^"]+)"/.exec(freshPage.text)?.[1] ?? '';
      const authorize = await fresh
        .post('/api/v1/user/auth/sandbox/authorize')
        .type('form')
        .send({ state: freshState, name: 'Late Co', email: uniqueEmail('late'), account_type: 'company' })
        .expect(302);
      clock.advance(SIGN_IN_STATE_TTL_MS + 1000);
      const late = await fresh.get(authorize.headers.location).expect(302);
      expect(late.headers.location).toBe(`${APP}/login?error=${ErrorCode.Forbidden}`);
    });

    it('never merges into an account that already has the email (208), and refuses blocked businesses', async () => {
      const fan = await signUp(testApp, UserType.Fan);
      const taken = await signInAs(request.agent(testApp.server), { name: 'Copy Co', email: fan.email, accountType: 'company' });
      expect(taken.headers.location).toBe(`${APP}/login?error=${ErrorCode.EmailTaken}`);

      const email = uniqueEmail('blocked');
      await signInAs(request.agent(testApp.server), { name: 'Blocked Co', email, accountType: 'company' });
      await testApp.dataSource.getRepository(AccountEntity).update({ email }, { blocked: true });
      const blocked = await signInAs(request.agent(testApp.server), { name: 'Blocked Co', email, accountType: 'company' });
      expect(blocked.headers.location).toBe(`${APP}/login?error=${ErrorCode.Forbidden}`);
      expect(sessionTokenOf(blocked)).toBeNull();
    });

    it('comes back to the origin the sign-in started on when it is one of the app\'s (127.0.0.1 as well as localhost)', async () => {
      const other = 'http://127.0.0.1:4200';
      const agent = request.agent(testApp.server);
      const callback = await signInAs(agent, { name: 'Loopback Co', email: uniqueEmail('loopback'), accountType: 'company' }, 'from-login', other);
      expect(callback.headers.location).toBe(`${other}/signup?state=from-login`);
      expect(sessionTokenOf(callback)).not.toBeNull();
      // A refusal goes back there too, so the person reads it where they started.
      const regular = await signInAs(request.agent(testApp.server), { name: 'Pat Loop', email: uniqueEmail('loop'), accountType: 'regular' }, undefined, other);
      expect(regular.headers.location).toBe(`${other}/login?error=${ErrorCode.RegularSocialAccount}`);
      expect((await request(testApp.server).get(`/api/v1/user/auth/business/provider?origin=${encodeURIComponent(other)}`).expect(200)).body.provider).toBe('sandbox');
    });

    it('refuses, clearly and before leaving, an origin the app is not served from', async () => {
      for (const origin of ['http://evil.test', 'http://localhost:4200/path', 'http://localhost:9999', 'javascript:alert(1)']) {
        for (const path of ['/api/v1/user/auth/business', '/api/v1/user/auth/business/provider']) {
          const refused = await request(testApp.server).get(`${path}?origin=${encodeURIComponent(origin)}`).expect(400);
          expect(refused.headers['set-cookie']).toBeUndefined();
          expect(refused.body.status_response).toMatchObject({
            response_internal_code: ErrorCode.ValidationFailed,
            response_message: expect.stringContaining(`Business sign-in cannot come back to ${origin}: open Huddle at ${APP} or `),
          });
        }
      }
    });

    it('tells the shell that the sandbox plays the provider', async () => {
      const answer = await request(testApp.server).get('/api/v1/user/auth/business/provider').expect(200);
      expect(answer.body.provider).toBe('sandbox');
    });

    it('re-shows the sandbox form with a message for missing or invalid input', async () => {
      const agent = request.agent(testApp.server);
      const page = await agent.get('/api/v1/user/auth/business').redirects(1).expect(200);
      const state = /name="state" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
      const invalid = await agent.post('/api/v1/user/auth/sandbox/authorize').type('form').send({ state, name: 'X <b>', email: 'nope', account_type: 'company' }).expect(400);
      expect(invalid.text).toContain('Please enter a valid email');
      expect(invalid.text).toContain('value="X &lt;b&gt;"');
    });
  });

  describe('through Facebook Login for Business (real adapter, local Graph API)', () => {
    const APP_ID = 'huddle-app-id';
    const APP_SECRET = 'huddle-app-secret';
    let graph: Server;
    let graphUrl: string;
    let testApp: TestApp;
    const calls: string[] = [];

    /** Plays graph.facebook.com: code exchange, /me and /me/businesses, checking what a real Graph API checks. */
    function handleGraph(incoming: IncomingMessage, response: ServerResponse): void {
      const url = new URL(incoming.url ?? '/', 'http://graph.local');
      calls.push(url.pathname);
      const send = (status: number, body: object): void => {
        response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
      };
      if (url.pathname === '/v21.0/oauth/access_token') {
        const code = url.searchParams.get('code') ?? '';
        const valid = url.searchParams.get('client_id') === APP_ID && url.searchParams.get('client_secret') === APP_SECRET;
        const redirect = url.searchParams.get('redirect_uri') === `${APP}/api/v1/user/auth/business/callback`;
        if (!valid || !redirect || !code.startsWith('code-')) return send(400, { error: { message: 'Invalid verification code format.' } });
        return send(200, { access_token: `token-${code.slice(5)}`, token_type: 'bearer' });
      }
      const token = url.searchParams.get('access_token') ?? '';
      const proof = createHmac('sha256', APP_SECRET).update(token).digest('hex');
      if (url.searchParams.get('appsecret_proof') !== proof) return send(400, { error: { message: 'Invalid appsecret_proof' } });
      const who = token.slice('token-'.length);
      if (url.pathname === '/v21.0/me') return send(200, { id: `fb-${who}`, name: `Person ${who}`, email: `${who}@fb.example` });
      if (url.pathname === '/v21.0/me/businesses') return send(200, { data: who.startsWith('biz') ? [{ id: '77', name: 'Graph Business LLC' }] : [] });
      return send(404, { error: { message: 'Unknown path' } });
    }

    beforeAll(async () => {
      graph = createServer(handleGraph);
      await new Promise<void>((resolve) => graph.listen(0, '127.0.0.1', resolve));
      graphUrl = `http://127.0.0.1:${(graph.address() as AddressInfo).port}`;
      testApp = await createTestApp({
        env: { BUSINESS_SIGN_IN_SANDBOX: 'true', FACEBOOK_APP_ID: APP_ID, FACEBOOK_APP_SECRET: APP_SECRET, FACEBOOK_GRAPH_URL: `${graphUrl}/v21.0`, FACEBOOK_AUTHORIZE_URL: `${graphUrl}/dialog/oauth` },
      });
    });

    afterAll(async () => {
      await testApp.close();
      await new Promise<void>((resolve) => graph.close(() => resolve()));
    });

    async function startFacebook(agent: ReturnType<typeof request.agent>): Promise<string> {
      const start = await agent.get('/api/v1/user/auth/business').expect(302);
      const location = new URL(start.headers.location);
      expect(`${location.origin}${location.pathname}`).toBe(`${graphUrl}/dialog/oauth`);
      expect(location.searchParams.get('client_id')).toBe(APP_ID);
      expect(location.searchParams.get('redirect_uri')).toBe(`${APP}/api/v1/user/auth/business/callback`);
      expect(location.searchParams.get('scope')).toBe('email,business_management');
      expect(location.searchParams.get('response_type')).toBe('code');
      expect(start.headers.location).not.toContain(APP_SECRET);
      return location.searchParams.get('state') ?? '';
    }

    it('exchanges the code server-side and signs in a business that manages a business', async () => {
      const agent = request.agent(testApp.server);
      const state = await startFacebook(agent);
      const callback = await agent.get(`/api/v1/user/auth/business/callback?code=code-biz1&state=${state}`).expect(302);
      expect(callback.headers.location).toBe(`${APP}/signup`);
      // business_info is prefilled by the new account's set-up job.
      await testApp.get(JobsService).drain();
      const me = await agent.get('/api/v1/user/accounts').expect(200);
      expect(me.body.account).toMatchObject({ role: 13, email: 'biz1@fb.example' });
      expect(me.body.account.business_info.name).toBe('Graph Business LLC');
      expect(calls).toEqual(expect.arrayContaining(['/v21.0/oauth/access_token', '/v21.0/me', '/v21.0/me/businesses']));
    });

    it('answers 12002 for a personal Facebook account without a business', async () => {
      const agent = request.agent(testApp.server);
      const state = await startFacebook(agent);
      const callback = await agent.get(`/api/v1/user/auth/business/callback?code=code-person&state=${state}`).expect(302);
      expect(callback.headers.location).toBe(`${APP}/login?error=${ErrorCode.RegularSocialAccount}`);
      expect(sessionTokenOf(callback)).toBeNull();
    });

    it('answers 1503 when Facebook refuses the code, and 1401 when the person cancelled', async () => {
      const agent = request.agent(testApp.server);
      const state = await startFacebook(agent);
      const refused = await agent.get(`/api/v1/user/auth/business/callback?code=bad&state=${state}`).expect(302);
      expect(refused.headers.location).toBe(`${APP}/login?error=${ErrorCode.ServiceUnavailable}`);
      const cancelAgent = request.agent(testApp.server);
      const cancelState = await startFacebook(cancelAgent);
      const cancelled = await cancelAgent.get(`/api/v1/user/auth/business/callback?error=access_denied&state=${cancelState}`).expect(302);
      expect(cancelled.headers.location).toBe(`${APP}/login?error=${ErrorCode.Unauthorized}`);
    });

    it('does not serve the sandbox page when a real provider is configured, even if the sandbox is allowed', async () => {
      await request(testApp.server).get('/api/v1/user/auth/sandbox?state=x').expect(404);
      expect((await request(testApp.server).get('/api/v1/user/auth/business/provider').expect(200)).body.provider).toBe('facebook');
      // Facebook returns only to the registered callback (PUBLIC_APP_URL's origin): a sign-in started elsewhere could not finish.
      expect((await request(testApp.server).get(`/api/v1/user/auth/business/provider?origin=${encodeURIComponent(APP)}`).expect(200)).body.provider).toBe('facebook');
      const elsewhere = await request(testApp.server).get(`/api/v1/user/auth/business/provider?origin=${encodeURIComponent('http://127.0.0.1:4200')}`).expect(400);
      expect(elsewhere.body.status_response.response_message).toBe(`Business sign-in cannot come back to http://127.0.0.1:4200: open Huddle at ${APP} and sign in there`);
    });
  });

  describe('on a DATABASE_URL without Facebook and without BUSINESS_SIGN_IN_SANDBOX (fail closed)', () => {
    let testApp: TestApp;

    beforeAll(async () => {
      testApp = await createTestApp();
    });

    afterAll(async () => {
      await testApp.close();
    });

    const unavailable = {
      status: 503,
      response_message: 'Business sign-in is not available on this server',
      response_internal_code: ErrorCode.ServiceUnavailable,
    };

    it('says business sign-in is unavailable, to the shell and to a browser that goes there anyway', async () => {
      const asked = await request(testApp.server).get('/api/v1/user/auth/business/provider').expect(503);
      expect(asked.body.status_response).toEqual(unavailable);
      const started = await request(testApp.server).get('/api/v1/user/auth/business?state=abc').expect(503);
      expect(started.body.status_response).toEqual(unavailable);
      expect(started.headers.location).toBeUndefined();
    });

    it('serves no sandbox page, so nobody signs in as a business by email alone', async () => {
      await request(testApp.server).get('/api/v1/user/auth/sandbox?state=x').expect(404);
      await request(testApp.server)
        .post('/api/v1/user/auth/sandbox/authorize')
        .type('form')
        .send({ state: 'x', name: 'Intruder', email: 'intruder@example.com', account_type: 'company' })
        .expect(404);
      const intruders = await testApp.dataSource.getRepository(AccountEntity).countBy({ email: 'intruder@example.com' });
      expect(intruders).toBe(0);
    });
  });
});
