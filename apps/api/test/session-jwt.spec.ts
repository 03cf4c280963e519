import jwt from 'jsonwebtoken';
import request from 'supertest';
import { UserType } from '@huddle/domain';
import { AccountsService } from '../src/modules/accounts/accounts.service';
import { SessionTokens } from '../src/modules/auth/session-jwt';
import type { SessionClaims } from '../src/modules/auth/session-jwt';
import { SessionRevocations } from '../src/modules/auth/session-revocations';
import { SessionsService } from '../src/modules/auth/sessions.service';
import { SESSION_COOKIE, SESSION_TTL_MS } from '../src/modules/auth/session-token';
import { api, PASSWORD, resetCodeFor, signUp } from './support/accounts-api';
import { createAccount, createSignedIn, signIn } from './support/fixtures';
import { ProbeModule } from './support/probe.module';
import { listen, StreamClient } from './support/stream-client';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';
import { createTestDatabase } from './support/test-database';
import type { TestDatabase } from './support/test-database';

/** What the product promises: a session ended on one API process is refused on every other within this. */
const REVOKED_EVERYWHERE_WITHIN_MS = 1_000;
const TTL_SECONDS = 900;

function claimsOf(token: string): SessionClaims {
  return jwt.decode(token) as SessionClaims;
}

/** The token with its payload changed and its signature kept, as someone editing it by hand would send it. */
function tampered(token: string, change: Partial<SessionClaims>): string {
  const [header, , signature] = token.split('.');
  const payload = Buffer.from(JSON.stringify({ ...claimsOf(token), ...change })).toString('base64url');
  return `${header}.${payload}.${signature}`;
}

/** How long until `check` holds (polled every 20 ms), or Infinity past the deadline. */
async function timeUntil(check: () => Promise<boolean>, deadlineMs = 10_000): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (await check()) return Date.now() - start;
    if (Date.now() - start > deadlineMs) return Number.POSITIVE_INFINITY;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The statements this app's TypeORM connection runs while `work` runs (its query logger sees every one). */
async function statementsDuring(testApp: TestApp, work: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const logger = testApp.dataSource.logger;
  const original = logger.logQuery.bind(logger);
  logger.logQuery = (query, parameters, runner) => {
    seen.push(query);
    return original(query, parameters, runner);
  };
  try {
    await work();
  } finally {
    logger.logQuery = original;
  }
  return seen;
}

const status = async (testApp: TestApp, token: string, path = '/user/accounts') => (await api(testApp).get(path, token)).status;

describe('session tokens (signed JWTs) across API processes', () => {
  let database: TestDatabase;
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    first = await createTestApp({ database, imports: [ProbeModule], env: { SESSION_TOKEN_TTL_SECONDS: String(TTL_SECONDS) } });
    second = await createTestApp({ database, imports: [ProbeModule], env: { SESSION_TOKEN_TTL_SECONDS: String(TTL_SECONDS) } });
    // Tokens signed in the second the processes started are checked once against their rows (what
    // came before a process listened is unknown to it); the tests below use tokens signed later.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
  }, 120_000);

  afterAll(async () => {
    await second?.close();
    await first?.close();
    await database?.drop();
  });

  describe('what a token is', () => {
    it('is a JWT (HS256) naming the account, its role and the session, valid for SESSION_TOKEN_TTL_SECONDS', async () => {
      const fan = await createSignedIn(first, UserType.Fan);
      expect(JSON.parse(Buffer.from(fan.token.split('.')[0], 'base64url').toString())).toMatchObject({ alg: 'HS256', typ: 'JWT' });
      const claims = claimsOf(fan.token);
      expect(claims).toMatchObject({ sub: fan.account.id, role: 1, sid: fan.session.id });
      expect(claims.exp - claims.iat).toBe(TTL_SECONDS);
      // Signed with the key both processes derive from the shared AUTH_SECRET.
      await api(second).get('/user/accounts', fan.token).expect(200);
    });

    it('is what sign-up answers, in the body and the cookie', async () => {
      const athlete = await signUp(first, UserType.Athlete);
      expect(claimsOf(athlete.token)).toMatchObject({ sub: athlete.id, role: 12 });
      const cookie = ([] as string[]).concat(athlete.response.headers['set-cookie'] ?? []).find((line) => line.startsWith(`${SESSION_COOKIE}=`));
      expect(cookie).toContain(`${SESSION_COOKIE}=${athlete.token};`);
      // The cookie lives as long as the session (30 days), not as long as the token.
      const expires = new Date(/Expires=([^;]+)/.exec(cookie ?? '')?.[1] ?? 0).getTime();
      expect(expires).toBeGreaterThan(Date.now() + SESSION_TTL_MS - 60_000);
    });
  });

  describe('tokens that are refused', () => {
    let fan: Awaited<ReturnType<typeof createSignedIn>>;
    let admin: Awaited<ReturnType<typeof createSignedIn>>;

    beforeAll(async () => {
      fan = await createSignedIn(first, UserType.Fan);
      admin = await createSignedIn(first, UserType.Admin);
    });

    it('signed with another key', async () => {
      const claims = claimsOf(fan.token);
      const forged = jwt.sign({ ...claims }, 'another-secret-of-at-least-thirty-two-chars', { algorithm: 'HS256' });
      await api(first).get('/user/accounts', forged).expect(401);
      // Nor unsigned ("alg": "none").
      const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${fan.token.split('.')[1]}.`;
      await api(first).get('/user/accounts', unsigned).expect(401);
    });

    it('with a changed role or a changed subject', async () => {
      await api(first).get('/probe/requesters', fan.token).expect(200);
      await api(first).get('/probe/admin', tampered(fan.token, { role: 4 })).expect(401);
      await api(first).get('/probe/requesters', tampered(fan.token, { role: 3 })).expect(401);
      await api(first).get('/user/accounts', tampered(fan.token, { sub: admin.account.id })).expect(401);
      await api(first).get('/user/accounts', tampered(fan.token, { sid: admin.session.id })).expect(401);
      await api(first).get('/user/accounts', tampered(fan.token, { exp: claimsOf(fan.token).exp + 3600 })).expect(401);
    });

    it('expired, in the header', async () => {
      const old = first.get(SessionTokens).sign({ sub: fan.account.id, role: 1, sid: fan.session.id }, fan.session.expiresAt, new Date(Date.now() - (TTL_SECONDS + 5) * 1000));
      expect(claimsOf(old).exp * 1000).toBeLessThan(Date.now());
      await api(first).get('/user/accounts', old).expect(401);
      await api(second).get('/user/accounts', old).expect(401);
    });

    it('expired, after the same process accepted it while it was good (what a process remembers of a token keeps its expiry)', async () => {
      // exp 4-5 s from now (room for a slow machine): accepted (and renewed, being near its
      // expiry), then refused once past it.
      const brief = first.get(SessionTokens).sign({ sub: fan.account.id, role: 1, sid: fan.session.id }, fan.session.expiresAt, new Date(Date.now() - (TTL_SECONDS - 5) * 1000));
      await api(first).get('/user/accounts', brief).expect(200);
      expect(await first.get(SessionTokens).verify({ headers: { 'x-access-token': brief } })).toMatchObject({ kind: 'valid' });
      await new Promise((resolve) => setTimeout(resolve, claimsOf(brief).exp * 1000 - Date.now() + 50));
      expect(await first.get(SessionTokens).verify({ headers: { 'x-access-token': brief } })).toEqual({ kind: 'none' });
      await api(first).get('/user/accounts', brief).expect(401);
    });

    it("a guest's token is no session: public routes answer it as anyone, closed ones with 401", async () => {
      const guest = 'guest:3f1c9a2e-6a4b-4c1d-9e8f-0a1b2c3d4e5f';
      expect((await api(first).get('/probe/whoami', guest).expect(200)).body.role).toBeNull();
      await api(first).get('/public/meta/reference-data', guest).expect(200);
      await api(first).get('/user/accounts', guest).expect(401);
      await request(first.server).get('/api/v1/user/accounts').set('Cookie', `${SESSION_COOKIE}=${guest}`).expect(401);
    });
  });

  describe('renewal', () => {
    it('renews a token near its expiry while its session lives: new token in the header and the cookie, the cookie for the session', async () => {
      const athlete = await createSignedIn(first, UserType.Athlete);
      const nearExpiry = first.get(SessionTokens).sign(
        { sub: athlete.account.id, role: 2, sid: athlete.session.id },
        athlete.session.expiresAt,
        new Date(Date.now() - (TTL_SECONDS - 60) * 1000),
      );
      const response = await api(second).get('/probe/athletes', nearExpiry).expect(200);
      const renewed = String(response.headers['x-access-token']);
      expect(claimsOf(renewed)).toMatchObject({ sub: athlete.account.id, role: 2, sid: athlete.session.id });
      expect(claimsOf(renewed).exp).toBeGreaterThan(claimsOf(nearExpiry).exp + TTL_SECONDS / 2);
      const cookie = ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((line) => line.startsWith(`${SESSION_COOKIE}=`)) ?? '';
      expect(cookie).toContain(`${SESSION_COOKIE}=${renewed};`);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(new Date(/Expires=([^;]+)/.exec(cookie)?.[1] ?? 0).getTime()).toBe(Math.floor(athlete.session.expiresAt.getTime() / 1000) * 1000);
      await api(first).get('/probe/athletes', renewed).expect(200);

      // A token far from its expiry is not renewed: no new token, no Set-Cookie.
      const fresh = await api(first).get('/probe/athletes', renewed).expect(200);
      expect(fresh.headers['x-access-token']).toBeUndefined();
      expect(fresh.headers['set-cookie']).toBeUndefined();
    });

    it('no cache may keep an answer that renews a token, even where the route says public (the reference data, public for 5 minutes)', async () => {
      const fan = await createSignedIn(first, UserType.Fan);
      const nearExpiry = () => first.get(SessionTokens).sign({ sub: fan.account.id, role: 1, sid: fan.session.id }, fan.session.expiresAt, new Date(Date.now() - (TTL_SECONDS - 60) * 1000));
      const reference = await api(first).get('/public/meta/reference-data', nearExpiry()).expect(200);
      expect(reference.headers['x-access-token']).toBeDefined();
      expect(reference.headers['cache-control']).toBe('private, no-store');
      // Without a renewal the route's own caching stands.
      const plain = await api(first).get('/public/meta/reference-data').expect(200);
      expect(plain.headers['cache-control']).toBe('public, max-age=300');
    });

    it('renews an expired token the cookie still holds (a browser back after a while), never one of an ended session', async () => {
      const fan = await createSignedIn(first, UserType.Fan);
      const expired = first.get(SessionTokens).sign({ sub: fan.account.id, role: 1, sid: fan.session.id }, fan.session.expiresAt, new Date(Date.now() - 3 * TTL_SECONDS * 1000));
      const response = await request(second.server).get('/api/v1/user/accounts').set('Cookie', `${SESSION_COOKIE}=${expired}`).expect(200);
      expect(response.body.account.id).toBe(fan.account.id);
      expect(claimsOf(String(response.headers['x-access-token'])).exp * 1000).toBeGreaterThan(Date.now());

      await first.get(SessionsService).revoke(fan.session.id);
      await request(second.server).get('/api/v1/user/accounts').set('Cookie', `${SESSION_COOKIE}=${expired}`).expect(401);
    });

    it('gives a new role to an older token once its account changed, on every process (a profile completed)', async () => {
      const account = await createAccount(first, UserType.Athlete, { profileCompleted: false });
      const athlete = await signIn(first, account);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await api(second).get('/probe/wizard', athlete.token).expect(200);
      await api(second).get('/probe/athletes', athlete.token).expect(403);

      await first.get(AccountsService).update(account.id, { profileCompleted: true });
      const elapsed = await timeUntil(async () => (await status(second, athlete.token, '/probe/athletes')) === 200);
      expect(elapsed).toBeLessThan(REVOKED_EVERYWHERE_WITHIN_MS);
      const response = await api(second).get('/probe/athletes', athlete.token).expect(200);
      expect(claimsOf(String(response.headers['x-access-token'])).role).toBe(2);
    });
  });

  describe('revocation reaches every process at once', () => {
    it('logout on one process: the token is refused on the other within 1 s', async () => {
      const fan = await createSignedIn(first, UserType.Fan);
      await api(second).get('/user/accounts', fan.token).expect(200);
      await api(first).delete('/user/sessions', fan.token).expect(200);
      await api(first).get('/user/accounts', fan.token).expect(401);
      const elapsed = await timeUntil(async () => (await status(second, fan.token)) === 401);
      expect(elapsed).toBeLessThan(REVOKED_EVERYWHERE_WITHIN_MS);
    });

    it('a password change on one process ends every session of the account on the other', async () => {
      const athlete = await signUp(first, UserType.Athlete);
      const other = await api(second).postForm('/user/sign-ins', { email: athlete.email, password: PASSWORD }).expect(200);
      const otherToken: string = other.body.session_token;
      await api(second).get('/user/accounts', athlete.token).expect(200);
      await api(second).get('/user/accounts', otherToken).expect(200);

      await api(first).delete('/user/accounts/passwords').type('form').send({ email: athlete.email }).expect(200);
      const code = await resetCodeFor(first, athlete.email);
      await api(first).postForm('/user/accounts/passwords', { email: athlete.email, verificationCode: code, password: 'another long passphrase' }).expect(200);

      const elapsed = await timeUntil(async () => (await status(second, athlete.token)) === 401 && (await status(second, otherToken)) === 401);
      expect(elapsed).toBeLessThan(REVOKED_EVERYWHERE_WITHIN_MS);
      await api(first).get('/user/accounts', otherToken).expect(401);
    });

    it('account deletion on one process ends its sessions on the other', async () => {
      const business = await signUp(first, UserType.Business);
      await api(second).get('/user/accounts', business.token).expect(200);
      await api(first).delete('/user/accounts/self', business.token).expect(200);
      expect(await timeUntil(async () => (await status(second, business.token)) === 401)).toBeLessThan(REVOKED_EVERYWHERE_WITHIN_MS);
    });

    it("blocking on one process: the other's open stream (opened with the cookie, as a browser does) ends with session_ended, and the token is refused there", async () => {
      const [admin, fan] = [await createSignedIn(first, UserType.Admin), await createSignedIn(first, UserType.Fan)];
      const stream = new StreamClient(await listen(second), '', { cookie: `${SESSION_COOKIE}=${fan.token}` });
      const block = () => api(first).post('/admin/user/block', { user_id: fan.account.id, blocked: true }, admin.token).expect(200);
      await stream.waitFor('unread').then(block);
      const ended = await Promise.all([stream.waitFor('session_ended', 1, 5_000), stream.waitForEnd(5_000)]).finally(() => stream.close());
      expect(ended[0].map((event) => event.event)).toContain('session_ended');
      expect(await timeUntil(async () => (await status(second, fan.token)) === 401)).toBeLessThan(REVOKED_EVERYWHERE_WITHIN_MS);
    });

    it('a process that starts later loads the revoked sessions from PostgreSQL', async () => {
      const fan = await createSignedIn(first, UserType.Fan);
      await first.get(SessionsService).revoke(fan.session.id);
      const third = await createTestApp({ database });
      try {
        await new Promise((resolve) => setTimeout(resolve, 1_100));
        expect(third.get(SessionRevocations).size).toBeGreaterThan(0);
        await api(third).get('/user/accounts', fan.token).expect(401);
      } finally {
        await third.close();
      }
    }, 60_000);

    it('a process whose bus connection was lost reloads them once it is back', async () => {
      const fan = await createSignedIn(first, UserType.Fan);
      await api(second).get('/user/accounts', fan.token).expect(200);
      const listeners = async () =>
        (
          await first.dataSource.query<Array<{ pid: number }>>(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %' AND pid <> pg_backend_pid()",
          )
        ).map((row) => row.pid);
      expect(await timeUntil(async () => (await listeners()).length === 2)).toBeLessThan(10_000);
      // Both listening connections dropped; the revocation's message goes out while nobody listens.
      await first.dataSource.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [await listeners()]);
      await first.get(SessionsService).revoke(fan.session.id);
      // The bus retries after 0.5 s, then reloads the revoked sessions.
      expect(await timeUntil(async () => (await status(second, fan.token)) === 401, 10_000)).toBeLessThan(5_000);
      expect(await timeUntil(async () => (await listeners()).length === 2)).toBeLessThan(10_000);
    }, 30_000);
  });

  describe('the payoff', () => {
    it('an authenticated GET reads no session: no statement on sessions, the token is enough', async () => {
      // A token signed in the same second as a process's last reload is checked once more: sign it later.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const fan = await createSignedIn(first, UserType.Fan);
      const calls = 20;
      for (const path of ['/user/notifications/list', '/user/accounts']) {
        const statements = await statementsDuring(second, async () => {
          for (let call = 0; call < calls; call += 1) await api(second).get(path, fan.token).expect(200);
        });
        const onSessions = statements.filter((text) => /\bsessions\b/.test(text));
        // The figures for the record: statements per call, and those reading the session.
        console.log(`GET ${path}: ${(statements.length / calls).toFixed(1)} statements a call, ${onSessions.length / calls} on sessions`);
        expect(onSessions).toEqual([]);
      }
    });
  });
});
