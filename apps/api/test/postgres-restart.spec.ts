import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { UserType } from '@huddle/domain';
import type { EntityManager } from 'typeorm';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres';
import { checkLedger } from '../src/modules/payments/ledger';
import type { EmbeddedPostgresHandle } from '../src/database/embedded-postgres';
import { queryDatabase, startApiProcess } from './support/api-process';
import type { ApiProcess } from './support/api-process';
import { bookingPayload, createBookableAthlete } from './support/booking';
import { FakeStripeServer } from './support/fake-stripe-server';
import { createSignedIn } from './support/fixtures';
import type { SignedIn } from './support/fixtures';
import { freePort } from './support/free-port';
import { createTestApp } from './support/test-app';

/** Every answer must come within this, the database up or down. */
const ANSWER_WITHIN_MS = 5_000;
/** How long PostgreSQL stays down under the load. */
const DOWN_FOR_MS = 5_000;
/** The API answers 2xx again within this of PostgreSQL accepting connections, without a restart. */
const RECOVERS_WITHIN_MS = 15_000;
/** A stream client waits this long before connecting again (EventSource waits the stream's `retry`). */
const RECONNECT_MS = 300;

interface Answer {
  what: string;
  status: number;
  /** The status_response envelope was there (every answer carries it, success or failure). */
  enveloped: boolean;
  code: number | null;
  /** Why no answer came (status 0): a timeout, a reset connection. */
  error?: string;
  startedAt: number;
  endedAt: number;
}

interface SseEvent {
  id: number | null;
  event: string;
}

/**
 * A stream client as a browser's EventSource behaves: it keeps the id of the last event it got,
 * connects again after the stream ended or was refused, sending that id as Last-Event-ID. cut()
 * drops the connection and holds the reconnect until resume() (a network cut of a chosen length).
 */
class SseReader {
  readonly events: SseEvent[] = [];
  lastId: number | null = null;
  connects = 0;
  private controller: AbortController | null = null;
  private held = false;
  private running = true;
  private readonly done: Promise<void>;

  constructor(
    private readonly baseUrl: () => string,
    private readonly token: string,
  ) {
    this.done = this.loop();
  }

  /** The ids of the notification events, in the order they came. */
  get notificationIds(): number[] {
    return this.events.filter((event) => event.event === 'notification').map((event) => event.id ?? -1);
  }

  cut(): void {
    this.held = true;
    this.controller?.abort();
  }

  resume(): void {
    this.held = false;
  }

  async stop(): Promise<void> {
    this.running = false;
    this.controller?.abort();
    await this.done;
  }

  private async loop(): Promise<void> {
    while (this.running) {
      if (this.held) {
        await sleep(50);
        continue;
      }
      const controller = new AbortController();
      this.controller = controller;
      try {
        const headers: Record<string, string> = { 'x-access-token': this.token, accept: 'text/event-stream' };
        if (this.lastId !== null) headers['last-event-id'] = String(this.lastId);
        const response = await fetch(`${this.baseUrl()}/api/v1/user/notifications/stream`, { headers, signal: controller.signal });
        if (response.status !== 200 || !response.body) {
          await response.text();
        } else {
          this.connects += 1;
          await this.read(response.body);
        }
      } catch {
        // Cut, or refused at the socket: connect again.
      }
      await sleep(RECONNECT_MS);
    }
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of body) {
      buffer += decoder.decode(chunk, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const fields = new Map<string, string>();
        for (const line of buffer.slice(0, end).split('\n')) {
          const at = line.indexOf(':');
          if (at > 0) fields.set(line.slice(0, at), line.slice(at + 1).trim());
        }
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
        if (!fields.has('data')) continue;
        const id = fields.has('id') ? Number(fields.get('id')) : null;
        if (id !== null) this.lastId = id;
        this.events.push({ id, event: fields.get('event') ?? 'message' });
      }
    }
  }
}

/**
 * Issue 25: PostgreSQL stopped (fast shutdown) and started again under load. The API (the real
 * entrypoint as its own process) on a PostgreSQL of this test's own (the suite's shared one is
 * never stopped) keeps answering while the database is down, each answer the status_response
 * envelope (503) within 5 s, its health saying so, the process alive (a job ending meanwhile
 * included); once PostgreSQL is back it answers again by itself, the job cut short completes once,
 * and stream clients, one kept connected and one cut until after new notifications were written,
 * get every notification once, in order.
 */
describe('PostgreSQL restarted under load', () => {
  let root: string;
  let port: number;
  let postgres: EmbeddedPostgresHandle | null = null;
  let api: ApiProcess;
  let fake: FakeStripeServer;
  let fan: SignedIn;
  let athlete: SignedIn;
  const answers: Answer[] = [];

  const startPostgres = async (): Promise<EmbeddedPostgresHandle> =>
    startEmbeddedPostgres({
      databaseDir: join(root, 'postgres'),
      port,
      persistent: true,
      database: 'huddle',
      onLog: () => undefined,
      onError: () => undefined,
    });

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'huddle-pg-restart-'));
    // The server runs as an unprivileged user when tests run as root; it must reach its directory.
    await chmod(root, 0o755);
    port = await freePort();
    postgres = await startPostgres();
    const database = { name: 'huddle', url: postgres.url, drop: async () => undefined };
    const setup = await createTestApp({ database });
    try {
      fan = await createSignedIn(setup, UserType.Fan);
      athlete = await createBookableAthlete(setup);
    } finally {
      await setup.close();
    }
    fake = new FakeStripeServer();
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_huddle', STRIPE_WEBHOOK_SECRET: 'whsec_huddle_test_secret', STRIPE_PUBLISHABLE_KEY: 'pk_test_huddle', STRIPE_API_URL: await fake.start() };
    api = await startApiProcess(postgres.url, join(root, 'data'), { ...stripe, NOTIFICATIONS_HEARTBEAT_SECONDS: '1' }, await freePort());
  }, 300_000);

  afterAll(async () => {
    await api?.kill();
    await fake?.stop();
    await postgres?.stop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  /** One call over HTTP, timed; aborted (status 0) only past 15 s, so a hang shows as a slow answer. */
  async function call(method: string, path: string, token: string | null, body?: object): Promise<Answer & { body: Record<string, unknown> }> {
    const startedAt = Date.now();
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token) headers['x-access-token'] = token;
    let status = 0;
    let parsed: Record<string, unknown> = {};
    let error: string | undefined;
    try {
      const response = await fetch(`${api.url}/api/v1${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined, signal: AbortSignal.timeout(15_000) });
      status = response.status;
      parsed = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    } catch (failure) {
      const cause = (failure as { cause?: { code?: string; message?: string } }).cause;
      error = `${(failure as Error).name}: ${(failure as Error).message}${cause ? ` (${cause.code ?? ''} ${cause.message ?? ''})` : ''}`;
    }
    const envelope = parsed.status_response as { response_internal_code?: number } | undefined;
    return { what: `${method} ${path.split('?')[0]}`, status, enveloped: envelope !== undefined, code: envelope?.response_internal_code ?? null, error, startedAt, endedAt: Date.now(), body: parsed };
  }

  async function ok(method: string, path: string, token: string, body?: object): Promise<Record<string, unknown>> {
    const answer = await call(method, path, token, body);
    if (answer.status < 200 || answer.status > 299) throw new Error(`${answer.what} answered ${answer.status}: ${answer.error ?? JSON.stringify(answer.body)}\n${api.output().slice(-3000)}`);
    return answer.body;
  }

  /** A fan books and pays (the card held at the local Stripe): the athlete is told 'New request'. */
  async function bookAndPay(): Promise<{ id: string; intentId: string }> {
    const created = await ok('POST', '/booking/request', fan.token, bookingPayload('shoutout', athlete.account.id));
    const id = (created.request as { id: string }).id;
    const sheet = await ok('POST', `/payments/payment-sheet?request_id=${id}`, fan.token, {});
    const intentId = (sheet.payment_intent as { client_secret: string }).client_secret.split('_secret_')[0];
    fake.authorise(intentId);
    await ok('POST', '/payments/set-paid', fan.token, { request_id: id });
    return { id, intentId };
  }

  async function athleteSeqs(): Promise<number[]> {
    const rows = await queryDatabase<{ seq: string }>(postgres?.url ?? '', 'SELECT seq FROM notifications WHERE user_id = $1 ORDER BY seq', [athlete.account.id]);
    return rows.map((row) => Number(row.seq));
  }

  async function until(what: string, check: () => Promise<boolean> | boolean, ms: number): Promise<number> {
    const started = Date.now();
    while (!(await check())) {
      if (Date.now() - started > ms) throw new Error(`${what} not within ${ms} ms\n${api.output().slice(-3000)}`);
      await sleep(100);
    }
    return Date.now() - started;
  }

  /** Clients calling throughout: a guest searching, the fan reading their requests and booking. */
  function startLoad(): { stop: () => Promise<void> } {
    let running = true;
    const loops = [
      () => call('GET', '/public/athletes/search?filter=User&page=1', null),
      () => call('GET', '/booking/request/filter?status=pending', fan.token),
      () => call('POST', '/booking/request', fan.token, bookingPayload('shoutout', athlete.account.id)),
    ].map(async (next) => {
      while (running) {
        answers.push(await next());
        await sleep(100);
      }
    });
    return {
      stop: async () => {
        running = false;
        await Promise.all(loops);
      },
    };
  }

  it('answers 503 in the envelope while the database is down, recovers by itself, and streams miss nothing', async () => {
    const live = new SseReader(() => api.url, athlete.token);
    const cut = new SseReader(() => api.url, athlete.token);
    const load = startLoad();
    try {
      const first = await bookAndPay();
      await until('both streams got the first notification', () => live.notificationIds.length === 1 && cut.notificationIds.length === 1, 20_000);
      // The athlete declines; the void job's call to Stripe is kept waiting until PostgreSQL is down,
      // so that job ends (and pg-boss records its end) while PostgreSQL is away.
      let release = (): void => undefined;
      const released = new Promise<void>((resolve) => (release = resolve));
      const voidArrived = fake.delay('POST', new RegExp(`^/v1/payment_intents/${first.intentId}/cancel$`), released);
      await ok('PUT', `/booking/request/decline?request_id=${first.id}`, athlete.token, {});
      await until('the void job called Stripe', () => Promise.race([voidArrived.then(() => true), sleep(100).then(() => false)]), 20_000);

      // Fast shutdown (SIGINT) under the load; the cut stream stays away until after the recovery.
      const stopAt = Date.now();
      await postgres?.stop();
      postgres = null;
      const downAt = Date.now();
      cut.cut();
      release();
      await sleep(1_000);
      if (api.child.exitCode !== null) throw new Error(`The API exited while PostgreSQL was down:\n${api.output().slice(-3000)}`);
      const health = await call('GET', '/health', null);
      expect(health).toMatchObject({ status: 503, enveloped: true, code: 1503 });
      expect(health.endedAt - health.startedAt).toBeLessThan(ANSWER_WITHIN_MS);
      // A stream client connecting while down is refused in the envelope, and so is a booking.
      expect(await call('GET', '/user/notifications/stream', athlete.token)).toMatchObject({ status: 503, enveloped: true, code: 1503 });
      const refused = await call('POST', '/booking/request', fan.token, bookingPayload('shoutout', athlete.account.id));
      expect(refused).toMatchObject({ status: 503, enveloped: true, code: 1503 });
      await sleep(Math.max(0, DOWN_FOR_MS - (Date.now() - downAt)));
      expect(api.child.exitCode).toBeNull();
      expect(api.child.signalCode).toBeNull();
      const upFrom = Date.now();

      postgres = await startPostgres();
      const upAt = Date.now();
      const recoveredIn = await until('health answers 200 again', async () => (await call('GET', '/health', null)).status === 200, RECOVERS_WITHIN_MS);
      await until('the load gets 2xx answers again', () => answers.some((answer) => answer.startedAt > upAt && answer.status >= 200 && answer.status < 300), RECOVERS_WITHIN_MS);
      process.stdout.write(`PostgreSQL down for ${upAt - downAt} ms; health 200 again ${recoveredIn} ms after it accepted connections\n`);

      // Written while the cut stream is away: two new requests for the athlete.
      await bookAndPay();
      await bookAndPay();
      // Jobs run again: the void the outage cut short is taken up again (once its run expired) and
      // completes once; the card is released once (every try with one idempotency key) and the fan told once.
      const releasedTitles = async () => {
        const list = await call('GET', '/user/notifications/list', fan.token);
        return ((list.body.notifications as Array<{ request_id: string; data: { title: string } }> | undefined) ?? []).filter((row) => row.request_id === first.id && row.data.title === 'Card hold released');
      };
      await until("the fan is told 'Card hold released' (the void job after the recovery)", async () => (await releasedTitles()).length > 0, 30_000);
      cut.resume();
      expect(await releasedTitles()).toHaveLength(1);
      expect(fake.intents.get(first.intentId)?.status).toBe('canceled');
      const cancels = fake.calls.filter((entry) => entry.method === 'POST' && entry.path === `/v1/payment_intents/${first.intentId}/cancel`);
      expect(new Set(cancels.map((entry) => entry.idempotencyKey)).size).toBe(1);
      const runs = await queryDatabase<{ state: string }>(
        postgres.url,
        `SELECT state FROM pgboss.job WHERE name = 'payments.void' AND data->>'requestId' = $1 UNION ALL SELECT state FROM pgboss.archive WHERE name = 'payments.void' AND data->>'requestId' = $1`,
        [first.id],
      );
      expect(runs.map((run) => run.state)).toEqual(['completed']);
      const ledger = await checkLedger({ query: (sql: string, params?: unknown[]) => queryDatabase(postgres?.url ?? '', sql, params) } as unknown as EntityManager);
      expect(ledger).toMatchObject({ balanced: true, violations: [] });
      const seqs = await athleteSeqs();
      expect(seqs.length).toBeGreaterThanOrEqual(3);
      // The API listens again within its backoff (0.5 s doubling, at most 5 s) of PostgreSQL's return.
      await until('both streams have every notification of the athlete', () => live.notificationIds.length >= seqs.length && cut.notificationIds.length >= seqs.length, RECOVERS_WITHIN_MS);
      process.stdout.write(`streams complete ${Date.now() - upAt} ms after PostgreSQL accepted connections\n`);
      await sleep(500);
      // Each once, in order: nothing missed, nothing twice.
      expect(live.notificationIds).toEqual(seqs);
      expect(cut.notificationIds).toEqual(seqs);
      expect(cut.connects).toBeGreaterThanOrEqual(2);
      // The kept stream stayed open across the outage: what came after it came through the listening connection the API made again.
      expect(live.connects).toBe(1);

      await load.stop();
      const down = answers.filter((answer) => answer.startedAt >= downAt && answer.endedAt <= upFrom);
      // Quick while PostgreSQL stops, is down and starts (a loaded machine may be slower while it is up; a hang shows as no answer, unenveloped).
      const slow = answers.filter((answer) => answer.endedAt > stopAt && answer.startedAt < upAt && answer.endedAt - answer.startedAt >= ANSWER_WITHIN_MS);
      const unenveloped = answers.filter((answer) => !answer.enveloped);
      const failedNot503 = answers.filter((answer) => answer.status >= 300 && answer.status !== 503);
      process.stdout.write(`load: ${answers.length} answers, ${down.length} while down (${down.filter((answer) => answer.status === 503).length} answered 503)\n`);
      if ([slow, unenveloped, failedNot503].some((list) => list.length > 0)) {
        // The errors first, with their stacks (an answer that was 500, not 503, names what was not taken for an outage), then the end of the output.
        const output = api.output();
        const errors = output.split('\n').filter((line, index, lines) => /\bERROR\b/.test(line) || (index > 0 && /\bERROR\b/.test(lines[index - 1]!)) || /^\s+at /.test(line));
        process.stdout.write(`The API's errors:\n${errors.join('\n').slice(0, 12000)}\nThe API's output:\n${output.slice(-8000)}\n`);
      }
      expect(down.length).toBeGreaterThan(10);
      // While down, writes and reads the API cannot answer from memory are 503 in the envelope.
      expect(down.filter((answer) => answer.what.startsWith('POST')).every((answer) => answer.status === 503 && answer.code === 1503)).toBe(true);
      expect(down.filter((answer) => answer.status !== 503 && (answer.status < 200 || answer.status > 299))).toEqual([]);
      expect(slow).toEqual([]);
      expect(unenveloped).toEqual([]);
      expect(failedNot503).toEqual([]);
      // Still the first process: no exit, no restart.
      expect(api.child.exitCode).toBeNull();
      expect(api.output()).not.toMatch(/could not start|Unhandled|uncaught/i);
    } finally {
      await load.stop();
      await live.stop();
      await cut.stop();
    }
  }, 180_000);
});
