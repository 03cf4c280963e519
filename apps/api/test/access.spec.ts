import { createHash } from 'node:crypto';
import request from 'supertest';
import { ErrorCode, UserType } from '@huddle/domain';
import { AccountsService } from '../src/modules/accounts/accounts.service';
import { SessionsService } from '../src/modules/auth/sessions.service';
import { SESSION_COOKIE, SESSION_TTL_MS } from '../src/modules/auth/session-token';
import { createAccount, createSignedIn } from './support/fixtures';
import type { SignedIn } from './support/fixtures';
import { ProbeModule } from './support/probe.module';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

describe('access guard', () => {
  let testApp: TestApp;
  let fan: SignedIn;
  let athlete: SignedIn;
  let incompleteAthlete: SignedIn;
  let business: SignedIn;
  let admin: SignedIn;

  const get = (path: string, token?: string) => {
    const call = request(testApp.server).get(`/api/v1${path}`);
    return token ? call.set('x-access-token', token) : call;
  };

  beforeAll(async () => {
    testApp = await createTestApp({ imports: [ProbeModule] });
    fan = await createSignedIn(testApp, UserType.Fan);
    athlete = await createSignedIn(testApp, UserType.Athlete);
    incompleteAthlete = await createSignedIn(testApp, UserType.Athlete, { profileCompleted: false });
    business = await createSignedIn(testApp, UserType.Business);
    admin = await createSignedIn(testApp, UserType.Admin, { profileCompleted: false });
  });

  afterAll(async () => {
    await testApp.close();
  });

  describe('a route that declares no access', () => {
    it('is closed to anonymous callers with 401', async () => {
      const response = await get('/probe/undeclared').expect(401);
      expect(response.body.status_response.response_internal_code).toBe(ErrorCode.Unauthorized);
    });

    it('is closed to every signed-in role with 403', async () => {
      for (const caller of [fan, athlete, incompleteAthlete, business, admin]) {
        const response = await get('/probe/undeclared', caller.token).expect(403);
        expect(response.body.status_response.response_internal_code).toBe(ErrorCode.Forbidden);
      }
    });
  });

  describe('@Roles', () => {
    const callers = (): Record<string, SignedIn> => ({ fan, athlete, incompleteAthlete, business, admin });
    const cases: Array<[string, string, number]> = [
      ['/probe/athletes', 'athlete', 200],
      ['/probe/requesters', 'fan', 200],
      ['/probe/requesters', 'business', 200],
      ['/probe/wizard', 'incompleteAthlete', 200],
      ['/probe/admin', 'admin', 200],
      ['/probe/athletes', 'incompleteAthlete', 403],
      ['/probe/athletes', 'fan', 403],
      ['/probe/requesters', 'athlete', 403],
      ['/probe/wizard', 'athlete', 403],
      ['/probe/admin', 'business', 403],
    ];

    it.each(cases)('%s answers a signed-in %s with %i', async (path, caller, status) => {
      await get(path, callers()[caller].token).expect(status);
    });

    it('treats an administrator as complete whatever the profile flag says', async () => {
      const response = await get('/probe/whoami', admin.token).expect(200);
      expect(response.body.role).toBe(4);
    });

    it('answers 401 without a session', async () => {
      await get('/probe/athletes').expect(401);
    });

    it('hands the signed-in account to the handler', async () => {
      const response = await get('/probe/athletes', athlete.token).expect(200);
      expect(response.body.id).toBe(athlete.account.id);
    });
  });

  describe('@Public', () => {
    it('admits anonymous callers and still recognises a signed-in one', async () => {
      expect((await get('/probe/whoami').expect(200)).body.role).toBeNull();
      expect((await get('/probe/whoami', incompleteAthlete.token).expect(200)).body.role).toBe(12);
    });

    it('treats an invalid token as anonymous instead of failing', async () => {
      expect((await get('/probe/whoami', 'x'.repeat(43)).expect(200)).body.role).toBeNull();
    });
  });

  describe('where the token comes from', () => {
    it('accepts the httpOnly session cookie', async () => {
      const response = await request(testApp.server).get('/api/v1/probe/athletes').set('Cookie', `${SESSION_COOKIE}=${athlete.token}`).expect(200);
      expect(response.body.id).toBe(athlete.account.id);
    });

    it('ignores guest tokens', async () => {
      await get('/probe/whoami', 'guest:7c1f').expect(200);
      await get('/probe/athletes', 'guest:7c1f').expect(401);
    });
  });

  describe('sessions that no longer count', () => {
    it('rejects a revoked session', async () => {
      const caller = await createSignedIn(testApp, UserType.Athlete);
      await get('/probe/athletes', caller.token).expect(200);
      await testApp.get(SessionsService).revoke(caller.session.id);
      await get('/probe/athletes', caller.token).expect(401);
    });

    it('rejects an expired session: its token never outlives it', async () => {
      const account = await createAccount(testApp, UserType.Athlete);
      const { token, session } = await testApp.get(SessionsService).create(account.id, new Date(Date.now() - SESSION_TTL_MS - 1000));
      expect(session.expiresAt.getTime()).toBeLessThan(Date.now());
      await get('/probe/athletes', token).expect(401);
      await request(testApp.server).get('/api/v1/probe/athletes').set('Cookie', `${SESSION_COOKIE}=${token}`).expect(401);
    });

    it('rejects the sessions of a blocked account', async () => {
      const caller = await createSignedIn(testApp, UserType.Fan, { blocked: true });
      await get('/probe/requesters', caller.token).expect(401);
      expect((await get('/probe/whoami', caller.token).expect(200)).body.role).toBeNull();
    });

    it('rejects the sessions of a deleted account', async () => {
      const caller = await createSignedIn(testApp, UserType.Business);
      await get('/probe/requesters', caller.token).expect(200);
      // Through the accounts module, whose change event reaches the guard (a token carries no deletion flag).
      await testApp.get(AccountsService).softDelete(caller.account.id);
      await get('/probe/requesters', caller.token).expect(401);
    });

    it('signs an account out everywhere', async () => {
      const first = await createSignedIn(testApp, UserType.Fan);
      const second = await testApp.get(SessionsService).create(first.account.id);
      await testApp.get(SessionsService).revokeAllForAccount(first.account.id);
      await get('/probe/requesters', first.token).expect(401);
      await get('/probe/requesters', second.token).expect(401);
    });

    it('stores nothing of the session token', async () => {
      const caller = await createSignedIn(testApp, UserType.Fan);
      const rows: Array<{ token_hash: string }> = await testApp.dataSource.query('SELECT token_hash FROM sessions WHERE id = $1', [caller.session.id]);
      expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(rows[0].token_hash).not.toBe(createHash('sha256').update(caller.token).digest('hex'));
      expect(rows[0].token_hash).not.toContain(caller.token.split('.')[2]);
    });
  });
});
