import { ERROR_MESSAGES, ErrorCode, UserType } from '@huddle/domain';
import request from 'supertest';
import { api, PASSWORD, signUp, uniqueEmail } from './support/accounts-api';
import { bookingPayload, createBookableAthlete } from './support/booking';
import { createSignedIn } from './support/fixtures';
import type { SignedIn } from './support/fixtures';
import { fixture } from './support/media';
import { BATCH_FLUSH_MS, BatchedCounts, FRESH_MS } from '../src/common/rate-limit/batched-counts';
import { PostgresThrottlerStorage } from '../src/common/rate-limit/postgres-throttler.storage';
import { JobsService } from '../src/modules/jobs/jobs.service';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

/** Requests from the shell's proxy carry the browser's address; the API trusts loopback proxies (TRUST_PROXY). */
const fromIp = (ip: string) => ({ 'X-Forwarded-For': ip });

describe('rate limits (1429)', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({
      env: {
        SIGN_IN_MAX_PER_IP: '4',
        SIGN_IN_MAX_PER_EMAIL: '2',
        PASSWORD_RESET_MAX_PER_EMAIL: '2',
        PASSWORD_RESET_MAX_PER_IP: '3',
        PASSWORD_RESET_CONFIRM_MAX: '2',
      },
    });
  });

  afterAll(async () => {
    await testApp.close();
  });

  const signInFrom = (ip: string, email: string, password = 'wrong password!') =>
    api(testApp).postForm('/user/sign-ins', { email, password }).set(fromIp(ip));

  function expectThrottled(response: { status: number; body: { status_response: unknown }; headers: Record<string, string> }): void {
    expect(response.status).toBe(429);
    expect(response.body.status_response).toEqual({
      status: 429,
      response_message: ERROR_MESSAGES[ErrorCode.TooManyRequests],
      response_internal_code: ErrorCode.TooManyRequests,
    });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  }

  it('limits sign-in attempts per email, whatever address they come from, even with the right password', async () => {
    const fan = await signUp(testApp, UserType.Fan);
    expect((await signInFrom('203.0.113.1', fan.email)).status).toBe(401);
    expect((await signInFrom('203.0.113.2', fan.email.toUpperCase())).status).toBe(401);
    expectThrottled(await signInFrom('203.0.113.3', fan.email, PASSWORD));
    // Other accounts are unaffected.
    const other = await signUp(testApp, UserType.Fan);
    expect((await signInFrom('203.0.113.3', other.email, PASSWORD)).status).toBe(200);
  });

  it('limits sign-in attempts per client address across emails', async () => {
    for (let attempt = 0; attempt < 4; attempt += 1) expect((await signInFrom('198.51.100.7', uniqueEmail('spray'))).status).toBe(401);
    expectThrottled(await signInFrom('198.51.100.7', uniqueEmail('spray')));
    expect((await signInFrom('198.51.100.8', uniqueEmail('spray'))).status).toBe(401);
  });

  it('limits reset-code requests per email, still answering 200 below the limit', async () => {
    const email = uniqueEmail('reset');
    await api(testApp).delete('/user/accounts/passwords').type('form').send({ email }).set(fromIp('192.0.2.10')).expect(200);
    await api(testApp).delete('/user/accounts/passwords').type('form').send({ email }).set(fromIp('192.0.2.11')).expect(200);
    expectThrottled(await api(testApp).delete('/user/accounts/passwords').type('form').send({ email }).set(fromIp('192.0.2.12')));
  });

  it('limits reset-code requests per client address', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await api(testApp).delete('/user/accounts/passwords').send({ email: uniqueEmail('reset') }).set(fromIp('192.0.2.50')).expect(200);
    }
    expectThrottled(await api(testApp).delete('/user/accounts/passwords').send({ email: uniqueEmail('reset') }).set(fromIp('192.0.2.50')));
  });

  it('limits code confirmations per email', async () => {
    const email = uniqueEmail('confirm');
    const confirm = (ip: string) => api(testApp).post('/user/accounts/passwords', { email, password: PASSWORD, verificationCode: '000000' }).set(fromIp(ip));
    expect((await confirm('192.0.2.60')).status).toBe(400);
    expect((await confirm('192.0.2.61')).status).toBe(400);
    expectThrottled(await confirm('192.0.2.62'));
  });

  it('counts in the database, so two API processes on one database share the limit', async () => {
    // A second instance of the API on the same database, as API_WORKERS or a second host runs it.
    const second = await createTestApp({ database: testApp.database, env: { SIGN_IN_MAX_PER_IP: '4', SIGN_IN_MAX_PER_EMAIL: '2' } });
    try {
      const fan = await signUp(testApp, UserType.Fan);
      const signInTo = (app: TestApp, ip: string) => api(app).postForm('/user/sign-ins', { email: fan.email, password: 'wrong password!' }).set(fromIp(ip));
      expect((await signInTo(testApp, '203.0.113.21')).status).toBe(401);
      expect((await signInTo(second, '203.0.113.22')).status).toBe(401);
      expectThrottled(await signInTo(second, '203.0.113.23'));
      expectThrottled(await signInTo(testApp, '203.0.113.24'));
    } finally {
      await second.close();
    }
  });

  it('never loses a count to concurrent hits, and starts a new window once one ends', async () => {
    const storage = new PostgresThrottlerStorage(testApp.dataSource);
    try {
      const key = `test:${uniqueEmail('window')}`;
      const records = await Promise.all(Array.from({ length: 8 }, () => storage.increment(key, 60_000, 5)));
      expect(records.map((record) => record.totalHits).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      expect(records.filter((record) => record.isBlocked)).toHaveLength(3);
      expect(records.every((record) => record.timeToExpire > 0 && record.timeToExpire <= 60)).toBe(true);

      const short = `test:${uniqueEmail('short')}`;
      // A 1.5 s window: two hits a loaded machine makes back to back still fall in it.
      expect(await storage.increment(short, 1500, 1)).toMatchObject({ totalHits: 1, isBlocked: false });
      expect(await storage.increment(short, 1500, 1)).toMatchObject({ totalHits: 2, isBlocked: true });
      await new Promise((resolve) => setTimeout(resolve, 1700));
      expect(await storage.increment(short, 1500, 1)).toMatchObject({ totalHits: 1, isBlocked: false });
    } finally {
      storage.onModuleDestroy();
    }
  });

  it('does not believe X-Forwarded-For from a proxy it does not trust', async () => {
    const strict = await createTestApp({ env: { SIGN_IN_MAX_PER_IP: '2', SIGN_IN_MAX_PER_EMAIL: '100', TRUST_PROXY: '10.9.9.9' } });
    try {
      const attempt = (ip: string) => api(strict).postForm('/user/sign-ins', { email: uniqueEmail('spoof'), password: 'wrong password!' }).set(fromIp(ip));
      expect((await attempt('203.0.113.101')).status).toBe(401);
      expect((await attempt('203.0.113.102')).status).toBe(401);
      expect((await attempt('203.0.113.103')).status).toBe(429);
    } finally {
      await strict.close();
    }
  });

  it('counts batched hits (searches) in each process first, sharing the count and blocking at the limit', async () => {
    // Two API processes on one database; a limit of 20 in a minute.
    const [first, second] = [new BatchedCounts(testApp.dataSource), new BatchedCounts(testApp.dataSource)];
    const key = `test:${uniqueEmail('batched')}`;
    const hit = (counts: BatchedCounts) => counts.increment(key, 60_000, 20);
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    try {
      for (let hits = 1; hits <= 15; hits += 1) expect(await hit(first)).toMatchObject({ totalHits: hits, isBlocked: false });
      // Counted in the first process, they reach the shared count within BATCH_FLUSH_MS.
      await sleep(BATCH_FLUSH_MS + 300);
      const [{ hits: shared }] = await testApp.dataSource.query('SELECT hits FROM rate_limit_counters WHERE key = $1', [key]);
      expect(shared).toBe(15);
      // The other process counts on from them, up to the limit (the last tenth hit by hit in the database)...
      for (let hits = 16; hits <= 20; hits += 1) expect(await hit(second)).toMatchObject({ totalHits: hits, isBlocked: false });
      // ...and the first, whose count is no longer fresh, asks the database and is refused, as the other is.
      await sleep(FRESH_MS);
      expect(await hit(first)).toMatchObject({ totalHits: 21, isBlocked: true });
      expect(await hit(second)).toMatchObject({ totalHits: 22, isBlocked: true });
    } finally {
      await Promise.all([first.onModuleDestroy(), second.onModuleDestroy()]);
    }
  });

  describe('sign-up, geocoding and uploads', () => {
    let limited: TestApp;

    beforeAll(async () => {
      limited = await createTestApp({ env: { SIGN_UP_MAX_PER_IP: '2', GEOCODE_MAX_PER_IP: '3', UPLOAD_MAX_PER_ACCOUNT: '2' } });
    });

    afterAll(async () => {
      await limited.close();
    });

    const signUpFrom = (ip: string, email: string) =>
      api(limited).post('/user/email-verifications', { user_type: UserType.Fan, email, password: PASSWORD, phone: '(555) 123-4567', eula_accepted: true }).set(fromIp(ip));

    it('limits sign-ups (one password hash each) per client address, creating nothing past the limit', async () => {
      expect((await signUpFrom('198.51.100.30', uniqueEmail('first'))).status).toBe(201);
      expect((await signUpFrom('198.51.100.30', uniqueEmail('second'))).status).toBe(201);
      const refused = uniqueEmail('third');
      expectThrottled(await signUpFrom('198.51.100.30', refused));
      const rows: unknown[] = await limited.dataSource.query('SELECT id FROM accounts WHERE email = $1', [refused]);
      expect(rows).toHaveLength(0);
      expect((await signUpFrom('198.51.100.31', uniqueEmail('elsewhere'))).status).toBe(201);
    });

    it('limits location searches per client address', async () => {
      const search = (ip: string) => api(limited).get('/maps/geocode?query=Austin').set(fromIp(ip));
      for (let call = 0; call < 3; call += 1) expect((await search('198.51.100.40')).status).toBe(200);
      expectThrottled(await search('198.51.100.40'));
      expect((await search('198.51.100.41')).status).toBe(200);
    });

    it('limits uploads per account, photos and videos together, storing nothing past the limit', async () => {
      const photo = (token: string) =>
        request(limited.server).post('/api/v1/user/upload-photo').set('x-access-token', token).attach('photo', fixture('photo.jpg'), { filename: 'photo.jpg', contentType: 'image/jpeg' });
      const intro = (token: string) =>
        request(limited.server).post('/api/v1/user/upload-intro').set('x-access-token', token).attach('video', fixture('intro-5s.mp4'), { filename: 'intro.mp4', contentType: 'video/mp4' });
      const uploader = (await signUpFrom('198.51.100.50', uniqueEmail('uploader')).expect(201)).body as { account: { id: string }; session_token: string };
      const token = uploader.session_token;
      expect((await photo(token)).status).toBe(201);
      expect((await intro(token)).status).toBe(201);
      // Another address does not help: the account is what is counted.
      expectThrottled(await photo(token).set(fromIp('198.51.100.51')));
      expectThrottled(await intro(token));
      // One photo and one video (a photo's WebP copies are variants of it, not uploads).
      const stored: unknown[] = await limited.dataSource.query('SELECT id FROM media_objects WHERE owner_account_id = $1 AND variant_of IS NULL', [uploader.account.id]);
      expect(stored).toHaveLength(2);

      const other = (await signUpFrom('198.51.100.52', uniqueEmail('other')).expect(201)).body as { session_token: string };
      expect((await photo(other.session_token)).status).toBe(201);
    });
  });

  describe('routes that cost CPU, email or money (issue 25)', () => {
    // Two calls per window: long enough for three calls back to back on a loaded machine, short
    // enough that the last test waits every window out at once.
    const WINDOW_SECONDS = 4;
    let costly: TestApp;
    /** Each policy's next call after its window ended, run by the last test. */
    const afterWindow: Array<{ policy: string; call: () => request.Test; status: number }> = [];

    beforeAll(async () => {
      const limits = {
        SEARCH: 'MAX_PER_IP',
        STATISTICS: 'MAX_PER_ACCOUNT',
        EXPORT: 'MAX_PER_ACCOUNT',
        SUPPORT_MESSAGE: 'MAX_PER_ACCOUNT',
        ADMIN_OUTREACH: 'MAX_PER_ACCOUNT',
        PAYOUT_ONBOARDING: 'MAX_PER_ACCOUNT',
      };
      const env = Object.fromEntries(Object.entries(limits).flatMap(([name, max]) => [[`${name}_${max}`, '2'], [`${name}_WINDOW_SECONDS`, String(WINDOW_SECONDS)]]));
      costly = await createTestApp({ env });
    });

    afterAll(async () => {
      await costly.close();
    });

    /**
     * The policy's proof: `calls` (the first two, then the third) answer `status` twice and 1429 on
     * the third with Retry-After; `other` (another caller) still answers `status`; and the third
     * call is tried again once the window has ended.
     */
    async function provesLimit(policy: string, calls: [() => request.Test, () => request.Test, () => request.Test], other: () => request.Test, status: number): Promise<void> {
      expect((await calls[0]()).status).toBe(status);
      expect((await calls[1]()).status).toBe(status);
      const refused = await calls[2]();
      expectThrottled(refused);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(WINDOW_SECONDS);
      expect((await other()).status).toBe(status);
      afterWindow.push({ policy, call: calls[2], status });
    }

    const as = (caller: SignedIn) => ({
      get: (path: string) => api(costly).get(path, caller.token),
      post: (path: string, body: object) => api(costly).post(path, body, caller.token),
    });

    it('limits athlete searches per client address, both searches together', async () => {
      const search = (ip: string) => () => api(costly).get('/public/athletes/search?filter=smith').set(fromIp(ip));
      const endorsementSearch = () => api(costly).get('/public/athletes/endorsement/search').set(fromIp('198.51.100.60'));
      await provesLimit('search', [search('198.51.100.60'), endorsementSearch, search('198.51.100.60')], search('198.51.100.61'), 200);
    });

    it("limits statistics per account: the admin's counters and the locker room or business stats together", async () => {
      const admin = as(await createSignedIn(costly, UserType.Admin));
      const fan = as(await createSignedIn(costly, UserType.Fan));
      const adminCounters = () => admin.get('/admin/counters?period=30d');
      await provesLimit('statistics', [adminCounters, adminCounters, adminCounters], () => fan.get('/booking/request/counters?tz=America/Chicago'), 200);
    });

    it("limits exports per account: the admin's flagged-deal CSV, a business's statistics export and the NIL packets together", async () => {
      const admin = as(await createSignedIn(costly, UserType.Admin));
      const business = as(await createSignedIn(costly, UserType.Business));
      const flagged = () => admin.get('/admin/nil-disclosures/flagged-export');
      await provesLimit('export', [flagged, flagged, flagged], () => business.get('/booking/request/counters-business-export?export=csv'), 200);
    });

    it('limits messages to customer support (each an email) per account, mailing nothing past the limit', async () => {
      const athlete = await createBookableAthlete(costly);
      // Each fan writes about their own request (a draft is its requester's alone).
      const fanWithRequest = async () => {
        const fan = await createSignedIn(costly, UserType.Fan);
        const created = await as(fan).post('/booking/request', bookingPayload('shoutout', athlete.account.id)).expect(201);
        return { fan, requestId: created.body.request.id as string };
      };
      const first = await fanWithRequest();
      const second = await fanWithRequest();
      const support = ({ fan, requestId }: typeof first) => () => as(fan).post('/booking/request/support', { request_id: requestId, message: 'Where is my shoutout?' });
      await provesLimit('supportMessage', [support(first), support(first), support(first)], support(second), 201);
      await costly.get(JobsService).drainRequested();
      const mailed = async (requestId: string) =>
        ((await costly.dataSource.query(`SELECT id FROM outbox_emails WHERE strpos(text_body, $1) > 0`, [requestId])) as unknown[]).length;
      expect([await mailed(first.requestId), await mailed(second.requestId)]).toEqual([2, 1]);
    });

    it('limits the administrator actions that reach users per administrator, creating nobody past the limit', async () => {
      const admin = as(await createSignedIn(costly, UserType.Admin));
      const other = as(await createSignedIn(costly, UserType.Admin));
      const refused = uniqueEmail('invited');
      const add = (caller: typeof admin, email = uniqueEmail('invited')) => () => caller.post('/admin/user/add', { email, user_type: UserType.Athlete });
      await provesLimit('adminOutreach', [add(admin), add(admin), add(admin, refused)], add(other), 201);
      const rows: unknown[] = await costly.dataSource.query('SELECT id FROM accounts WHERE email = $1', [refused]);
      expect(rows).toHaveLength(0);
    });

    it('limits payout onboarding links (each a call to the provider) per athlete', async () => {
      const athlete = as(await createSignedIn(costly, UserType.Athlete));
      const other = as(await createSignedIn(costly, UserType.Athlete));
      const connect = (caller: typeof athlete) => () => caller.post('/payouts/account', {});
      await provesLimit('payoutOnboarding', [connect(athlete), connect(athlete), connect(athlete)], connect(other), 200);
    });

    it('lets each caller in again once its window has ended', async () => {
      await new Promise((resolve) => setTimeout(resolve, WINDOW_SECONDS * 1000 + 200));
      for (const { policy, call, status } of afterWindow) expect([policy, (await call()).status]).toEqual([policy, status]);
      expect(afterWindow.map(({ policy }) => policy)).toEqual(['search', 'statistics', 'export', 'supportMessage', 'adminOutreach', 'payoutOnboarding']);
    });
  });
});
