import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ErrorCode, LIVE_EVENT_NAMES, RequestStatus, UserType } from '@huddle/domain';
import { queryDatabase, startApiProcess } from './support/api-process';
import type { ApiProcess } from './support/api-process';
import { api, PASSWORD, uniqueEmail } from './support/accounts-api';
import { bookAndPay, bookingPayload, createBookableAthlete, settle } from './support/booking';
import { createSignedIn } from './support/fixtures';
import type { SignedIn } from './support/fixtures';
import { freePort } from './support/free-port';
import { StreamClient } from './support/stream-client';
import { createTestApp } from './support/test-app';
import { createTestDatabase } from './support/test-database';
import type { TestDatabase } from './support/test-database';

const ROOT = join(__dirname, '../../..');
/** What the proxy (tools/api-proxy.mjs) names each answer's host with. */
const UPSTREAM = 'x-huddle-upstream';
/** How soon a change made through one host must show through the other (NOTIFY, delivered at commit). */
const PROPAGATION_MS = 2_000;
const SIGN_IN_MAX_PER_IP = 2;

interface Card {
  athlete_id: string;
  first_name: string;
  endorsement_rate: number | null;
}

/** The fields of the answers this file reads. */
interface Body {
  session_token?: string;
  account?: { id: string; email: string };
  status_response?: { response_internal_code: number };
  athletes?: Card[];
  channelName?: string;
  uid?: string;
  partner_uid?: string;
  token?: string;
  video_chat_completed?: boolean;
  status?: number;
}

interface Answer {
  status: number;
  body: Body;
  upstream: string | null;
}

/**
 * Issue 25, scale-out: two API hosts (src/main.ts as two processes on ports of their own, not
 * cluster workers) on one PostgreSQL, behind the round-robin proxy of `npm start -- --instances 2`
 * (tools/api-proxy.mjs, run as its own process: Jest's CommonJS runtime cannot load an ES module).
 * Sessions, rate limits, the search cache, timers, live notifications and the video-chat
 * signalling behave as with one host, each within a stated time.
 */
describe('two API hosts on one database, behind one proxy', () => {
  let database: TestDatabase;
  let dataDir: string;
  let hostA: ApiProcess;
  let hostB: ApiProcess;
  let proxy: { child: ChildProcess; url: string };
  let fan: SignedIn;
  let athlete: SignedIn;
  /** Paid, pending requests of the fan to the athlete: two to accept, one left to expire. */
  let toAccept: string[];
  let expiring: string;
  let chat: string;
  /** When the expiring request became due. */
  let dueSince: Date;
  const started: ApiProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(join(tmpdir(), 'huddle-two-hosts-'));
    // The set-up runs in-process on the same database: the accounts and the requests the hosts then act on.
    const setup = await createTestApp({ database, env: { DATA_DIR: dataDir } });
    try {
      fan = await createSignedIn(setup, UserType.Fan);
      athlete = await createBookableAthlete(setup);
      await setup.dataSource.query(`UPDATE accounts SET first_name = 'Dana', last_name = 'Twohosts' WHERE id = $1`, [athlete.account.id]);
      toAccept = [];
      for (let index = 0; index < 2; index += 1) toAccept.push(await bookAndPay(setup, fan, bookingPayload('shoutout', athlete.account.id)));
      expiring = await bookAndPay(setup, fan, bookingPayload('shoutout', athlete.account.id));
      chat = await bookAndPay(setup, fan, bookingPayload('video_chat', athlete.account.id));
      await api(setup).put(`/booking/request/accept?request_id=${chat}`, {}, athlete.token).expect(200);
      await settle(setup);
    } finally {
      await setup.close();
    }
    // Searches are answered from each host's cache for a minute (the most allowed) unless cleared.
    const env = { SIGN_IN_MAX_PER_IP: String(SIGN_IN_MAX_PER_IP), SEARCH_CACHE_TTL_MS: '60000' };
    const [portA, portB] = [await freePort(), await freePort()];
    [hostA, hostB] = await Promise.all([startApiProcess(database.url, dataDir, env, portA), startApiProcess(database.url, dataDir, env, portB)]);
    started.push(hostA, hostB);
    proxy = await startProxy([hostA.url, hostB.url]);
    // The chat's window opens 10 minutes before its time: it is booked in two minutes now.
    await query(`UPDATE requests SET end_at = end_at - (start_at - now() - interval '2 minutes'), start_at = now() + interval '2 minutes' WHERE id = $1`, [chat]);
    // Due while both hosts run: the next sweep of the timers (every minute) expires it.
    [{ at: dueSince }] = await query<{ at: Date }>(`UPDATE requests SET expiration_time = now() - interval '1 second' WHERE id = $1 RETURNING now() AS at`, [expiring]);
  }, 420_000);

  afterAll(async () => {
    proxy?.child.kill('SIGTERM');
    for (const host of started) await host.kill();
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const query = <T>(sql: string, params: unknown[] = []): Promise<T[]> => queryDatabase<T>(database.url, sql, params);

  async function startProxy(upstreams: string[]): Promise<{ child: ChildProcess; url: string }> {
    const port = await freePort();
    const child = spawn(process.execPath, ['tools/api-proxy.mjs', '--host', '127.0.0.1', '--port', String(port), ...upstreams.flatMap((url) => ['--upstream', url])], {
      cwd: ROOT,
      stdio: 'ignore',
    });
    const url = `http://127.0.0.1:${port}`;
    for (let attempt = 0; attempt < 100; attempt += 1) {
      try {
        if ((await fetch(`${url}/proxy-health`)).ok) return { child, url };
      } catch {
        // Not listening yet.
      }
      await sleep(100);
    }
    child.kill('SIGTERM');
    throw new Error('The proxy did not start');
  }

  async function call(base: string, method: string, path: string, options: { token?: string; json?: object; form?: Record<string, string>; headers?: Record<string, string> } = {}): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers['x-access-token'] = options.token;
    let body: string | undefined;
    if (options.json) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    }
    const response = await fetch(`${base}/api/v1${path}`, { method, headers, body });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : {}, upstream: response.headers.get(UPSTREAM) };
  }

  /** Polls `read` until `done` holds; answers how long it took, or fails after `withinMs`. */
  async function within<T>(withinMs: number, what: string, read: () => Promise<T>, done: (value: T) => boolean): Promise<number> {
    const start = Date.now();
    for (;;) {
      const value = await read();
      if (done(value)) return Date.now() - start;
      if (Date.now() - start > withinMs) throw new Error(`${what} not within ${withinMs} ms: still ${JSON.stringify(value)}`);
      await sleep(50);
    }
  }

  it('spreads requests over both hosts in turn and answers its own health', async () => {
    const upstreams = new Set<string | null>();
    for (let index = 0; index < 4; index += 1) upstreams.add((await call(proxy.url, 'GET', '/health')).upstream);
    expect([...upstreams].sort()).toEqual([hostA.url, hostB.url].sort());
    const health = await (await fetch(`${proxy.url}/proxy-health`)).json();
    expect(health).toMatchObject({ status: 'ok', upstreams: [expect.objectContaining({ url: hostA.url, state: 'up' }), expect.objectContaining({ url: hostB.url, state: 'up' })] });
  });

  it('accepts on host B a session made through host A, and honours on B within 1 s a sign-out made on A', async () => {
    const email = uniqueEmail('two-hosts');
    const signedUp = await call(hostA.url, 'POST', '/user/email-verifications', { json: { user_type: UserType.Fan, email, password: PASSWORD, phone: '(555) 123-4567', eula_accepted: true } });
    expect(signedUp.status).toBe(201);
    const first = String(signedUp.body.session_token);
    expect((await call(hostB.url, 'GET', '/user/accounts', { token: first })).body.account).toMatchObject({ id: signedUp.body.account?.id, email });

    const signedIn = await call(hostA.url, 'POST', '/user/sign-ins', { form: { email, password: PASSWORD }, headers: { 'x-forwarded-for': '203.0.113.20' } });
    expect(signedIn.status).toBe(200);
    const second = String(signedIn.body.session_token);
    expect((await call(hostB.url, 'GET', '/user/accounts', { token: second })).status).toBe(200);

    expect((await call(hostA.url, 'DELETE', '/user/sessions', { token: second })).status).toBe(200);
    const took = await within(1_000, 'host B refusing the signed-out session', () => call(hostB.url, 'GET', '/user/accounts', { token: second }), (answer) => answer.status === 401);
    expect(took).toBeLessThanOrEqual(1_000);
    // The other session of the account is untouched on both hosts.
    expect((await call(hostB.url, 'GET', '/user/accounts', { token: first })).status).toBe(200);
    expect((await call(hostA.url, 'GET', '/user/accounts', { token: first })).status).toBe(200);
  });

  it('counts a rate limit across both hosts: sign-ins from one client split over A and B reach the limit together', async () => {
    const from = { 'x-forwarded-for': '198.51.100.77' };
    const served: Array<string | null> = [];
    for (let attempt = 0; attempt < SIGN_IN_MAX_PER_IP; attempt += 1) {
      const answer = await call(proxy.url, 'POST', '/user/sign-ins', { form: { email: uniqueEmail('spray'), password: 'wrong password!' }, headers: from });
      expect(answer.status).toBe(401);
      served.push(answer.upstream);
    }
    // Half the attempts on each host: counted per host, neither would be at the limit yet.
    expect(served.filter((url) => url === hostA.url)).toHaveLength(SIGN_IN_MAX_PER_IP / 2);
    expect(served.filter((url) => url === hostB.url)).toHaveLength(SIGN_IN_MAX_PER_IP / 2);
    for (const host of [hostA, hostB]) {
      const answer = await call(host.url, 'POST', '/user/sign-ins', { form: { email: uniqueEmail('spray'), password: 'wrong password!' }, headers: from });
      expect(answer.status).toBe(429);
      expect(answer.body.status_response?.response_internal_code).toBe(ErrorCode.TooManyRequests);
    }
    // Another client behind the same proxy is counted apart.
    expect((await call(proxy.url, 'POST', '/user/sign-ins', { form: { email: uniqueEmail('spray'), password: 'wrong password!' }, headers: { 'x-forwarded-for': '198.51.100.78' } })).status).toBe(401);
  });

  it("shows an athlete's rate changed through host A in host B's cached search within 2 s (its cache cleared by NOTIFY)", async () => {
    const cardOnB = async () => {
      const answer = await call(hostB.url, 'GET', '/public/athletes/search?filter=twohosts');
      return answer.body.athletes ?? [];
    };
    const before = await cardOnB();
    expect(before).toEqual([expect.objectContaining({ athlete_id: athlete.account.id, first_name: 'Dana' })]);
    // A write behind the services' back announces nothing: B keeps answering from its cache.
    await query(`UPDATE accounts SET first_name = 'Devon' WHERE id = $1`, [athlete.account.id]);
    expect(await cardOnB()).toEqual([expect.objectContaining({ first_name: 'Dana', endorsement_rate: before[0].endorsement_rate })]);

    const changed = await call(hostA.url, 'PUT', '/athlete/services', { token: athlete.token, json: { endorsement_enabled: true, endorsement_rate: 77 } });
    expect(changed.status).toBe(200);
    const took = await within(PROPAGATION_MS, "the new rate in host B's search", cardOnB, (cards) => cards[0]?.endorsement_rate === 77);
    expect(took).toBeLessThanOrEqual(PROPAGATION_MS);
    expect((await cardOnB())[0]).toMatchObject({ first_name: 'Devon', endorsement_rate: 77 });
  });

  it('delivers a notification written on host A to a stream on host B within 2 s, and a reconnect with Last-Event-ID to host A misses nothing', async () => {
    const onB = new StreamClient(hostB.url, fan.token);
    const viaProxy = new StreamClient(proxy.url, fan.token);
    try {
      await onB.waitFor(LIVE_EVENT_NAMES.unread);
      await viaProxy.waitFor(LIVE_EVENT_NAMES.unread);
      expect((await call(hostA.url, 'PUT', `/booking/request/accept?request_id=${toAccept[0]}`, { token: athlete.token })).status).toBe(200);
      const [live] = await onB.waitFor(LIVE_EVENT_NAMES.notification, 1, PROPAGATION_MS);
      await viaProxy.waitFor(LIVE_EVENT_NAMES.notification, 1, PROPAGATION_MS);
      expect(live.id).not.toBeNull();
      onB.close();
      viaProxy.close();

      // Written while the fan is away; the reconnect goes to the other host.
      expect((await call(hostA.url, 'PUT', `/booking/request/accept?request_id=${toAccept[1]}`, { token: athlete.token })).status).toBe(200);
      const back = new StreamClient(hostA.url, fan.token, { 'last-event-id': String(live.id) });
      try {
        // Everything numbered after the last event seen, once each and in order (some are written by jobs a moment later).
        const missed = async () => (await query<{ seq: string }>(`SELECT seq FROM notifications WHERE user_id = $1 AND seq > $2 ORDER BY seq`, [fan.account.id, Number(live.id)])).map((row) => Number(row.seq));
        await back.waitFor(LIVE_EVENT_NAMES.notification, 1, PROPAGATION_MS);
        const replayed = () => back.events.filter((event) => event.event === LIVE_EVENT_NAMES.notification).map((event) => Number(event.id));
        await within(PROPAGATION_MS, 'the replay of what the stream missed', async () => ({ replayed: replayed(), stored: await missed() }), (both) => JSON.stringify(both.replayed) === JSON.stringify(both.stored));
        expect(replayed().length).toBeGreaterThan(0);
      } finally {
        back.close();
      }
    } finally {
      onB.close();
      viaProxy.close();
    }
  });

  it("signals a video chat as with one host: started on A, joined on both, B's signal reaches the athlete's stream on A within 2 s, a leave on B is seen on A", async () => {
    const athleteStream = new StreamClient(hostA.url, athlete.token);
    try {
      await athleteStream.waitFor(LIVE_EVENT_NAMES.unread);
      expect((await call(hostA.url, 'PUT', `/booking/request/start-video-chat?request_id=${chat}`, { token: athlete.token })).status).toBe(200);
      const fanJoin = await call(hostB.url, 'GET', `/booking/request/video-chat?request_id=${chat}`, { token: fan.token });
      const athleteJoin = await call(hostA.url, 'GET', `/booking/request/video-chat?request_id=${chat}`, { token: athlete.token });
      expect(fanJoin.status).toBe(200);
      expect(athleteJoin.status).toBe(200);
      // One room, two participants who know each other, whichever host each joined through.
      expect(fanJoin.body.channelName).toBe(athleteJoin.body.channelName);
      expect(fanJoin.body.partner_uid).toBe(athleteJoin.body.uid);
      expect(athleteJoin.body.partner_uid).toBe(fanJoin.body.uid);
      // Only the request's parties: someone else is refused on either host.
      const stranger = await call(hostB.url, 'GET', `/booking/request/video-chat?request_id=${chat}`, { token: (await signUpOn(hostA)).token });
      expect(stranger.status).toBeGreaterThanOrEqual(400);
      expect(stranger.status).toBeLessThan(500);

      // The fan's token, minted on B, is accepted on B for the room: the signal goes to the athlete's stream on A.
      const offer = '{"type":"offer","sdp":"v=0 two hosts"}';
      expect((await call(hostB.url, 'POST', '/booking/request/video-chat/signal', { token: fan.token, json: { request_id: chat, token: fanJoin.body.token, kind: 'offer', data: offer } })).status).toBe(200);
      const [signal] = await athleteStream.waitFor(LIVE_EVENT_NAMES.signal, 1, PROPAGATION_MS);
      expect(signal.data.signal).toMatchObject({ request_id: chat, from: fanJoin.body.uid, kind: 'offer', data: offer });
      // The athlete's token, minted on A, signals through B just as well.
      expect((await call(hostB.url, 'POST', '/booking/request/video-chat/signal', { token: athlete.token, json: { request_id: chat, token: athleteJoin.body.token, kind: 'answer', data: '{}' } })).status).toBe(200);

      expect((await call(hostB.url, 'PUT', `/booking/request/video-chat/leave?request_id=${chat}`, { token: fan.token })).status).toBe(200);
      const check = await call(hostA.url, 'GET', `/booking/request/complete-video-chat-check?request_id=${chat}`, { token: athlete.token });
      expect(check.body).toMatchObject({ video_chat_completed: true, status: RequestStatus.Finished });
    } finally {
      athleteStream.close();
    }
  });

  async function signUpOn(host: ApiProcess): Promise<{ token: string }> {
    const answer = await call(host.url, 'POST', '/user/email-verifications', { json: { user_type: UserType.Fan, email: uniqueEmail('stranger'), password: PASSWORD, phone: '(555) 123-4567', eula_accepted: true } });
    return { token: String(answer.body.session_token) };
  }

  it('fires a request timer due while both hosts run once within 75 s (the minute sweep): one expiry, one history row, one void', async () => {
    const took = await within(
      75_000,
      'the expiry of the due request',
      async () => (await query<{ status: number }>(`SELECT status FROM requests WHERE id = $1`, [expiring]))[0].status,
      (status) => status === RequestStatus.Canceled,
    );
    expect(took).toBeLessThanOrEqual(75_000);
    // Both hosts' workers may have run a sweep meanwhile: the expiry happened once.
    await sleep(2_000);
    const history = await query<{ action: string; n: number }>(`SELECT action, count(*)::int AS n FROM request_history WHERE request_id = $1 GROUP BY action`, [expiring]);
    expect(history.find((row) => row.action === 'expire')?.n).toBe(1);
    // The jobs the expiry queued (its void, its emails, its events): each once, however many hosts swept.
    const jobs = await query<{ name: string; n: number }>(
      `SELECT name, count(*)::int AS n FROM (SELECT name, data, created_on FROM pgboss.job UNION ALL SELECT name, data, created_on FROM pgboss.archive) jobs
        WHERE data::text LIKE '%' || $1 || '%' AND created_on >= $2 GROUP BY name, data::text`,
      [expiring, dueSince],
    );
    expect(jobs.length).toBeGreaterThan(0);
    expect(jobs.filter((row) => row.n > 1)).toEqual([]);
    await within(10_000, 'the released hold', () => query<{ movement: string }>(`SELECT movement FROM ledger_movements WHERE request_id = $1`, [expiring]), (rows) => rows.some((row) => row.movement === 'voided'));
    const movements = await query<{ movement: string; n: number }>(`SELECT movement, count(*)::int AS n FROM ledger_movements WHERE request_id = $1 GROUP BY movement ORDER BY movement`, [expiring]);
    expect(movements).toEqual([
      { movement: 'authorised', n: 1 },
      { movement: 'voided', n: 1 },
    ]);
  }, 100_000);

  // Last: it stops host B.
  it('keeps answering through the proxy when host B is killed: every request without a body goes to A, none lost', async () => {
    await hostB.kill();
    const answers: Answer[] = [];
    for (let index = 0; index < 4; index += 1) answers.push(await call(proxy.url, 'GET', '/user/accounts', { token: fan.token }));
    expect(answers.map((answer) => [answer.status, answer.upstream])).toEqual(Array.from({ length: 4 }, () => [200, hostA.url]));
    const health = await (await fetch(`${proxy.url}/proxy-health`)).json();
    expect(health).toMatchObject({ status: 'ok', upstreams: [expect.objectContaining({ url: hostA.url, state: 'up' }), expect.objectContaining({ url: hostB.url, state: expect.stringMatching(/^unreachable/) })] });
  });
});
