// The booking benchmark's baseline: every statement the API runs for a booking, through the bare
// `pg` driver, call by call and job by job, in the order and the transactions the API runs them.
//
// Kept in step with the API by booking-load.mjs's fidelity table (pg_stat_statements: calls a
// booking of each normalized statement, on each side). Where the API's build exports its SQL, it is
// imported from there and run with a stand-in for TypeORM's EntityManager.query (`managerOf`): a
// request's row statements (REQUEST_SQL: insert and its first history entry, read, lock, write, an
// athlete's page, the hold's release), the payer's email (ACCOUNT_SQL), the outbox's insert
// (OUTBOX_SQL), the request page and party reads, the bookable-service read, notifications' writes
// and recipients, the ledger's movements, the NIL deal read, the sandbox card provider, the
// rate-limit storage and counters; the notification texts come from @huddle/domain as the API's do.
// The rest is copied from the API as PostgreSQL logs it: RequestCoreService's clash check and
// history entries, PaymentsService's statements on payment_intents, provider_events and
// payment_idempotency_keys, the money timeline, the NIL record's statements, JobsService.once; the
// job queue's come from pg-boss's own statement plans (`pg-boss/src/plans`).
//
// A statement outside a transaction goes through `pool.query` (a pooled connection each, as
// TypeORM's manager does); a transaction holds one connection. Jobs go to queues of their own
// ("bench." + the API's queue name) and notifications to a channel nobody listens on, so the API
// running beside it does none of this work. Sessions are read nowhere: the API verifies its JWTs
// in-process.
import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** Statements the API's build does not export, copied from where the API writes them (named beside each). */
const SQL = {
  // RequestCoreService: clash, record.
  clash: `SELECT name, start_at FROM requests
        WHERE athlete_id = $1 AND id <> $2 AND status IN (2, 6) AND tstzrange(start_at, end_at) && tstzrange($3, $4)
        ORDER BY start_at LIMIT 1`,
  history: `INSERT INTO request_history (request_id, action, actor_party, actor_id, from_status, to_status, note, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
  // PaymentsService.
  intentOfRequest: `SELECT * FROM payment_intents WHERE request_id = $1`,
  intentByProviderId: `SELECT * FROM payment_intents WHERE provider_intent_id = $1`,
  idempotencyKey: `INSERT INTO payment_idempotency_keys (key, operation, request_id, payload) VALUES ($1, $2, $3, $4)
       ON CONFLICT (key) DO UPDATE SET payload = coalesce(payment_idempotency_keys.payload, excluded.payload) WHERE excluded.payload IS NOT NULL`,
  hasKey: `SELECT 1 FROM payment_idempotency_keys WHERE key = $1`,
  hasMovement: `SELECT 1 FROM ledger_movements WHERE request_id = $1 AND movement = $2`,
  createIntent: `INSERT INTO payment_intents (request_id, payer_id, provider, provider_intent_id, client_secret, amount_cents, status, kind, capture_method)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (request_id) DO NOTHING RETURNING *`,
  providerEvent: `INSERT INTO provider_events (id, type) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING id`,
  recordIntent: `UPDATE payment_intents SET status = $2, authorised_at = coalesce(authorised_at, $3), capture_before = coalesce($4, capture_before),
              card_brand = coalesce(card_brand, $5), card_last4 = coalesce(card_last4, $6), updated_at = now()
        WHERE request_id = $1 RETURNING authorised_at, capture_before`,
  intentStatus: `UPDATE payment_intents SET status = $2, updated_at = now() WHERE request_id = $1`,
  cardOf: `SELECT card_brand, card_last4 FROM payment_intents WHERE request_id = $1`,
  moneyTimeline: `SELECT m.movement, m.recorded_at,
              abs(coalesce(sum(e.amount_cents) FILTER (WHERE e.account = CASE m.movement WHEN 'authorised' THEN 'holds' WHEN 'voided' THEN 'holds'
                                                                   WHEN 'dispute_lost' THEN 'dispute_losses' ELSE 'cash' END), 0))::text AS amount_cents
         FROM ledger_movements m JOIN ledger_entries e ON e.request_id = m.request_id AND e.movement = m.movement
        WHERE m.request_id = ANY($1::uuid[]) AND m.movement = ANY($2::text[])
        GROUP BY m.request_id, m.movement, m.recorded_at ORDER BY m.recorded_at, m.movement`,
  // JobsService.once.
  jobRun: 'INSERT INTO job_runs (job_id, name) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING job_id',
  // NilDisclosuresService.recordIn and voidIn.
  nilLock: `SELECT pg_advisory_xact_lock(hashtext('nil_disclosures'), hashtext($1))`,
  nilBefore: `SELECT coalesce(sum(amount_cents), 0)::text AS before FROM nil_disclosures
        WHERE athlete_id = $1 AND payor_id = $2 AND NOT void AND agreed_at <= $3 AND request_id <> $4`,
  nilInsert: `INSERT INTO nil_disclosures (request_id, athlete_id, payor_id, payor_kind, payor_name, company_name, company_email, company_website, company_address,
         request_type, amount_cents, fee_cents, athlete_net_cents, agreed_at, obligations, payor_total_cents, flagged, report_by, void, voided_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, CASE WHEN $19 THEN now() END)
       ON CONFLICT (request_id) DO NOTHING RETURNING id`,
  nilVoid: `UPDATE nil_disclosures SET void = true, voided_at = now(), updated_at = now() WHERE request_id = $1 AND NOT void`,
};

/** The job queues a booking goes through, with the API's names: each gets a handler here. */
export const BENCH_QUEUES = [
  'payments.provider-event',
  'payments.authorised.booking',
  'payments.capture',
  'payments.void',
  'payments.hold-released.booking',
  'booking.request-changed.nil',
  'mail.send',
];
// The bare driver's queues are "bench." + the API's name; the HTTP floor's (booking-bare-http.mjs) "floor.".
const PREFIXES = ['bench.', 'floor.'];
// No queue of due schedules is polled: the API fires its schedules itself (JobsService, from
// 2026-12-01; its sweeps a job a minute and one every five, none of them a booking's), and
// pg-boss's timekeeper no longer runs.
const CHANNEL = 'bench_notifications';
// The API's JOBS_POLL_INTERVAL_MS.
const POLL_INTERVAL_MS = 2_000;
const REQUEST_CHANGED_NIL = 'booking.request-changed.nil';
const PENDING = 1;
// The list's page size (GET /booking/request/filter?page_size=20), and how long a paid request waits for its athlete.
const PAGE_SIZE = 20;
const EXPIRY_MS = 6 * 86_400_000;
const CANCELED = 3;
// RateLimitGuard's trackers: the load comes from this machine.
const CLIENT_IP = '127.0.0.1';
// What the benchmark gives the API (it measures booking, not the limiter); the windows are the API's defaults.
const RATE_LIMITS = {
  booking: [{ by: 'account', limit: 1_000_000, windowMs: 3_600_000 }],
  payment: [
    { by: 'ip', limit: 1_000_000, windowMs: 600_000 },
    { by: 'account', limit: 1_000_000, windowMs: 600_000 },
  ],
};
// Config the API's statements are given: the outbox's sender and the app's address in emails.
const MAIL_FROM = 'Huddle <no-reply@huddle.local>';
const PUBLIC_APP_URL = 'http://localhost:4200';

/** The API's own SQL and rules, from its build and @huddle/domain, loaded as the API resolves them. */
export function loadApiStatements(requireFromApi) {
  const dist = (module) => requireFromApi(`./dist/${module}.js`);
  return {
    ...dist('modules/booking/request-rows'),
    ...dist('modules/accounts/account-statements'),
    ...dist('modules/mail/outbox-mailer'),
    ...dist('modules/booking/request-views.query'),
    ...dist('modules/booking/bookable-athlete.query'),
    ...dist('modules/notifications/notification-writes'),
    ...dist('modules/notifications/notification-recipients.query'),
    ...dist('modules/payments/ledger'),
    ...dist('modules/nil/nil-deals.query'),
    ...dist('modules/payments/sandbox-card-provider'),
    ...dist('common/rate-limit/postgres-throttler.storage'),
    ...dist('common/rate-limit/rate-limit-counters'),
    domain: requireFromApi('@huddle/domain'),
    notices: requireFromApi('@huddle/domain/notifications'),
    nil: requireFromApi('@huddle/domain/nil'),
    plans: requireFromApi('pg-boss/src/plans'),
  };
}

/**
 * TypeORM's EntityManager.query (and DataSource.query) as the API's read models call it, over a
 * function that runs one statement: the rows, or [rows, affected] for an UPDATE or a DELETE.
 */
function managerOf(run) {
  return {
    query: async (sql, values) => {
      const result = await run(sql, values);
      return result.command === 'UPDATE' || result.command === 'DELETE' ? [result.rows, result.rowCount] : result.rows;
    },
  };
}

const sha256 = (text) => createHash('sha256').update(text).digest('hex');

/** A request refused as the API refuses it (409): moved on meanwhile, or a clash of accepted slots. */
class Conflict extends Error {
  code = 'conflict';
}

/**
 * The baseline's flow: `calls` (what a requester's and an athlete's HTTP calls run) over `pool`,
 * and job workers (`startJobs`, `settle`, `stop`) that run what the API's job handlers run. `api`
 * is loadApiStatements' answer; `jobPool` takes the queue's fetches and completions, as pg-boss's
 * own pool does in the API (the handlers' statements use `pool`).
 */
export function bareBookingFlow(pool, jobPool, api, { prefix = PREFIXES[0] } = {}) {
  if (!PREFIXES.includes(prefix)) throw new Error(`A bench queue prefix is one of ${PREFIXES.join(', ')}, not "${prefix}"`);
  const PREFIX = prefix;
  const { notices, nil, plans, REQUEST_SQL, ACCOUNT_SQL, OUTBOX_SQL } = api;
  const insertJob = plans.insertJob('pgboss');
  const fetchJob = plans.fetchNextJob('pgboss')({ includeMetadata: true });
  const completeJobs = plans.completeJobs('pgboss');
  const wakers = new Map();
  const clock = { now: () => new Date() };

  const query = (sql, values) => pool.query(sql, values);
  const transaction = async (work) => {
    const client = await pool.connect();
    const run = (sql, values) => client.query(sql, values);
    try {
      await run('START TRANSACTION');
      const result = await work(run);
      await run('COMMIT');
      return result;
    } catch (error) {
      await run('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };
  const outside = managerOf(query);
  // The sandbox provider and the rate-limit storage reach PostgreSQL through the app's pool, never
  // in the caller's transaction, as in the API.
  const provider = new api.SandboxCardProvider(outside, clock);
  const throttler = new api.PostgresThrottlerStorage(outside);
  const counters = new api.RateLimitCounters(outside);

  /** RateLimitGuard: one count per rule of the route's policy. */
  const rateLimited = async (policy, accountId) => {
    for (const rule of RATE_LIMITS[policy]) {
      const tracker = rule.by === 'ip' ? CLIENT_IP : accountId;
      await throttler.increment(`${policy}:${rule.by}:${sha256(tracker)}`, rule.windowMs, rule.limit, 0, policy);
    }
  };
  /** CheckoutOpenGuard: the caller's declined cards. */
  const checkoutOpen = (accountId) => counters.hits(`declined-payments:account:${accountId}`, clock.now());

  /**
   * pg-boss's send() as JobsService calls it: the queue's defaults and this app's (JOBS_RETRY_LIMIT
   * 5, delay 10 s, backoff), and a singleton key of its own when none is given.
   */
  const enqueue = (run, name, data, singletonKey = randomUUID()) =>
    run(insertJob, [null, PREFIX + name, JSON.stringify(data), 0, null, singletonKey, null, 0, null, null, 900, null, null, null, 5, null, 10, null, true]);
  /** writeNotifications' statements in the caller's transaction, announced on the benchmark's channel. */
  const notifyIn = (run, drafts, about) =>
    api.writeNotifications(async (sql, values) => (await run(sql, sql.includes('pg_notify') ? [CHANNEL, values[1]] : values)).rows, drafts, about);
  /** NotificationsService.emailIn: the email as a job of the change's transaction. */
  const emailIn = async (run, person, draft) => {
    if (!person.email || !person.emailNotifications) return false;
    const link = draft.data.link ? `${PUBLIC_APP_URL}${draft.data.link}` : PUBLIC_APP_URL;
    const text = `${draft.data.text}\n\nOpen it on Huddle: ${link}\n\nYou get these emails for the important steps of your requests; turn them off in Settings (Edit profile).\n`;
    await enqueue(run, 'mail.send', { to: person.email, subject: `Huddle: ${draft.data.title}`, text });
    return true;
  };

  /** BookingRequestsService.viewOf: the request page's rows, and the money timeline of a paid request. */
  const view = async (request, paid) => {
    await api.requestPageOf(outside, { id: request.id, athleteId: request.athleteId, requesterId: request.requesterId, endorsementCampaignId: null });
    if (paid) await query(SQL.moneyTimeline, [[request.id], Object.keys(api.domain.MONEY_EVENT_OF_MOVEMENT)]);
  };

  /**
   * RequestCoreService.announce: the parties' notifications and emails, then a job for each
   * subscriber of booking.request-changed that wants the change. Answers the queues to wake.
   */
  const announce = async (run, request, { action, party, from, to, actorId }) => {
    const woken = [];
    const manager = managerOf(run);
    const people = await api.notificationPeople(manager, request.athleteId, request.requesterId);
    const drafts = notices.requestNotifications({ requestId: request.id, action, type: request.type, athleteId: request.athleteId, requesterId: request.requesterId, actor: party, campaign: null, athleteName: people.athlete.name, requesterName: people.requester.name });
    if (drafts.length > 0) {
      await notifyIn(run, drafts, { referenceId: request.id, requestId: request.id, requestType: request.type, campaignId: null });
      for (const draft of drafts) {
        const person = draft.userId === people.athlete.id ? people.athlete : people.requester;
        if (draft.email && (await emailIn(run, person, draft))) woken.push('mail.send');
      }
    }
    // NilDisclosuresService's filter: an acceptance makes a record, a cancel after one voids it.
    const change = { requestId: request.id, action, fromStatus: from, toStatus: to, type: request.type, athleteId: request.athleteId, requesterId: request.requesterId, actorId, details: request.details };
    if (action === 'accept' || canceledAfterAcceptance(change)) {
      await enqueue(run, REQUEST_CHANGED_NIL, change);
      woken.push(REQUEST_CHANGED_NIL);
    }
    return woken;
  };

  /**
   * RequestCoreService.apply for the actions of the flow: the row locked, the action checked (a
   * request that moved on is refused, 409), updated (an accepted timed request in a savepoint, for
   * the double-booking constraint), its history, its money step as a job, then the announcement.
   */
  const apply = async (request, { action, party, actorId, to, money }) => {
    const woken = await transaction(async (run) => {
      const { rows: [row] } = await run(REQUEST_SQL.lockById, [request.id]);
      if (row.status !== PENDING) throw new Conflict(`request ${request.id} is no longer pending`);
      const now = new Date();
      const values = writeOf({ ...row, status: to, accepted_at: action === 'accept' ? now : row.accepted_at });
      if (action === 'accept' && row.start_at !== null) {
        await run('SAVEPOINT typeorm_1');
        try {
          await run(REQUEST_SQL.update, values);
        } catch (error) {
          if (error.code !== '23P01') throw error;
          await run('ROLLBACK TO SAVEPOINT typeorm_1');
          await run(SQL.clash, [request.athleteId, request.id, row.start_at, row.end_at]);
          throw new Conflict(`request ${request.id} overlaps an accepted one`);
        }
        await run('RELEASE SAVEPOINT typeorm_1');
      } else {
        await run(REQUEST_SQL.update, values);
      }
      await run(SQL.history, [request.id, action, party, actorId, PENDING, to, null, now]);
      const split = { requestId: request.id, athleteId: request.athleteId, amountCents: request.amountCents, feeCents: request.feeCents, athleteCents: request.amountCents - request.feeCents, serviceType: request.type };
      if (money === 'capture') await enqueue(run, 'payments.capture', split, `capture:${request.id}`);
      else {
        // PaymentsService.voidIn keeps the void's key with the decision.
        await run(SQL.idempotencyKey, [`huddle:void:${request.id}`, 'void', request.id, null]);
        await enqueue(run, 'payments.void', { requestId: request.id, athleteId: request.athleteId, serviceType: request.type }, `void:${request.id}`);
      }
      const announced = await announce(run, { ...request, details: row.details }, { action, party, from: PENDING, to, actorId });
      return [money === 'capture' ? 'payments.capture' : 'payments.void', ...announced];
    });
    for (const name of woken) wake(name);
    await view(request, true);
  };

  /**
   * PaymentsService.authorisation: the intent re-read from the provider and recorded, and the
   * first authorisation in the ledger.
   */
  const authorisation = async (requestId) => {
    const { rows: [row] } = await query(SQL.intentOfRequest, [requestId]);
    if (!row) return false;
    const intent = await provider.retrieveIntent(row.provider_intent_id);
    await recordIntent(query, row, intent);
    const authorised = intent.status === 'requires_capture' || intent.status === 'succeeded';
    if (authorised) await api.recordMovement(outside, requestId, 'authorised', api.LEDGER_LINES.authorised(row.amount_cents));
    return authorised;
  };
  const recordIntent = (run, row, intent) =>
    run(SQL.recordIntent, [
      row.request_id,
      intent.status,
      intent.authorisedAt === null ? null : new Date(intent.authorisedAt * 1000),
      intent.captureBefore === null ? null : new Date(intent.captureBefore * 1000),
      intent.card?.brand ?? null,
      intent.card?.last4 ?? null,
    ]);

  /**
   * RequestCoreService.markPaid, from set-paid (the requester) or the provider's event (the system):
   * nothing when already paid; else the hold re-read from the provider and recorded, then the
   * request paid under its lock (payLocked), and the athlete told. Answers the request's parties.
   */
  const markPaid = async (requestId, party, actorId) => {
    const { rows: [current] } = await query(REQUEST_SQL.byId, [requestId]);
    const request = { id: requestId, athleteId: current.athlete_id, requesterId: current.requester_id, type: current.type };
    if (current.paid) return request;
    if (!(await authorisation(requestId))) throw Object.assign(new Error('The card payment is not complete yet'), { code: 'payment_required' });
    const woken = await transaction(async (run) => {
      const { rows: [row] } = await run(REQUEST_SQL.lockById, [requestId]);
      if (row.paid) return [];
      if (row.status !== PENDING) throw new Conflict('This request was canceled');
      const now = new Date();
      const paid = { paid: true, authorised: true, paid_at: now, paid_id: randomBytes(12).toString('base64url'), expiration_time: new Date(now.getTime() + EXPIRY_MS) };
      await run(REQUEST_SQL.update, writeOf({ ...row, ...paid }));
      await run(SQL.history, [requestId, 'pay', party, actorId, PENDING, PENDING, null, now]);
      return announce(run, { ...request, details: row.details }, { action: 'pay', party, from: PENDING, to: PENDING, actorId });
    });
    for (const name of woken) wake(name);
    return request;
  };

  const idempotencyKey = async (operation, requestId) => {
    const key = `huddle:${operation}:${requestId}`;
    await query(SQL.idempotencyKey, [key, operation, requestId, null]);
    return key;
  };
  const hasMovement = async (requestId, movement) => (await query(SQL.hasMovement, [requestId, movement])).rowCount > 0;
  const hasKey = async (operation, requestId) => (await query(SQL.hasKey, [`huddle:${operation}:${requestId}`])).rowCount > 0;

  /** PaymentsService.notice: the payer's receipt (notification and email) in the transaction that records the money. */
  const moneyNotice = async (run, kind, row, amountCents, about) => {
    const { rows: [stored] } = await run(SQL.cardOf, [row.request_id]);
    const card = stored?.card_brand && stored.card_last4 ? { brand: stored.card_brand, last4: stored.card_last4 } : null;
    const people = await api.notificationPeople(managerOf(run), about.athleteId ?? row.payer_id, row.payer_id);
    const draft = notices.moneyNotification({ kind, payerId: row.payer_id, requestId: row.request_id, amountCents, athleteId: about.athleteId ?? null, serviceType: about.serviceType ?? null, card, at: new Date(), athleteName: about.athleteId ? people.athlete.name : null });
    await notifyIn(run, [draft], { referenceId: row.request_id, requestId: row.request_id, requestType: about.serviceType ?? null, campaignId: null });
    return emailIn(run, people.requester, draft);
  };

  const calls = {
    /** `details` as the API stores them; `window` the event's [start, end] in seconds, null for a shoutout or an endorsement. */
    async book(fan, athleteId, { type, amountCents, details, window }) {
      await rateLimited('booking', fan.id);
      await api.bookableService(outside, athleteId, type, window ? { start: new Date(window[0] * 1000), end: new Date(window[1] * 1000) } : null);
      const feeCents = Math.round((amountCents * 20) / 100);
      const request = await transaction(async (run) => {
        const now = new Date();
        const [startAt, endAt] = window ? window.map((seconds) => new Date(seconds * 1000)) : [null, null];
        const { rows: [inserted] } = await run(REQUEST_SQL.insert, [type, PENDING, athleteId, fan.id, 'Bench pg', amountCents, amountCents - feeCents, feeCents, null, JSON.stringify(details), startAt, endAt, now]);
        await run(REQUEST_SQL.created, [inserted.id, fan.id, now]);
        return { id: inserted.id, athleteId, requesterId: fan.id, type, amountCents, feeCents };
      });
      await view(request, false);
      return request;
    },
    /** BookingRequestsService.paymentSheet and PaymentsService.openCheckout: one intent per request. */
    async sheet(fan, request) {
      await rateLimited('payment', fan.id);
      await checkoutOpen(fan.id);
      await query(REQUEST_SQL.byId, [request.id]);
      await query(ACCOUNT_SQL.emailById, [fan.id]);
      const { rows: [existing] } = await query(SQL.intentOfRequest, [request.id]);
      if (existing) {
        request.secret = existing.client_secret;
        return;
      }
      const intent = await provider.createIntent({ amountCents: request.amountCents, payerId: fan.id, idempotencyKey: await idempotencyKey('create', request.id), captureMethod: 'manual' });
      await query(SQL.createIntent, [request.id, fan.id, 'sandbox', intent.id, intent.clientSecret, request.amountCents, intent.status, 'request', 'manual']);
      request.secret = intent.clientSecret;
    },
    /** SandboxController.confirm: the card, then the provider's event as a job outside any transaction. */
    async confirm(fan, request) {
      await rateLimited('payment', fan.id);
      await checkoutOpen(fan.id);
      const confirmation = await provider.confirm(request.secret, fan.id, { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' });
      if (confirmation?.intent.status !== 'requires_capture') throw new Error(`The sandbox left the intent ${confirmation?.intent.status}`);
      const intentId = confirmation.intent.id;
      await enqueue(query, 'payments.provider-event', { eventId: `evt_sbx_${randomUUID()}`, type: 'payment_intent.amount_capturable_updated', intentId, objectType: 'payment_intent', objectId: intentId, accountId: null });
      wake('payments.provider-event');
    },
    async setPaid(fan, request) {
      await rateLimited('payment', fan.id);
      await markPaid(request.id, 'requester', fan.id);
      await view(request, true);
    },
    async list(athlete) {
      // athleteRequestPage on the first page: its rows carry the total, so no count follows.
      const { rows } = await query(REQUEST_SQL.athletePage, [athlete.id, [PENDING], PAGE_SIZE, 0]);
      await api.partiesOf(outside, rows.map((row) => row.requester_id));
      return rows.map((row) => ({ id: row.id, athleteId: row.athlete_id, requesterId: row.requester_id, type: row.type, amountCents: row.request_amount_cents, feeCents: row.fee_amount_cents }));
    },
    accept: (athlete, request) => apply(request, { action: 'accept', party: 'athlete', actorId: athlete.id, to: 2, money: 'capture' }),
    decline: (athlete, request) => apply(request, { action: 'decline', party: 'athlete', actorId: athlete.id, to: CANCELED, money: 'void' }),
    cancel: (fan, request) => apply(request, { action: 'cancel', party: 'requester', actorId: fan.id, to: CANCELED, money: 'void' }),
  };

  /** Job handlers, as the API's: each answers the queues it enqueued to (woken once it committed). */
  const handlers = {
    /** PaymentsService.onProviderEvent for a payment intent's event. */
    async 'payments.provider-event'({ data }) {
      const { rows: [row] } = await query(SQL.intentByProviderId, [data.intentId]);
      const intent = row ? await provider.retrieveIntent(row.provider_intent_id) : null;
      // A hold canceled without Huddle asking ends the request: never in this flow, whose only
      // canceled holds are its own voids (keyed), but the API asks, so this does too.
      if (row && intent && intent.status === 'canceled' && (await hasMovement(row.request_id, 'authorised')) && !(await hasKey('void', row.request_id))) {
        throw new Error(`The hold of ${row.request_id} was lost: not part of the benchmark's flow`);
      }
      return transaction(async (run) => {
        const { rows: fresh } = await run(SQL.providerEvent, [data.eventId, data.type]);
        if (fresh.length === 0 || !row || !intent) return [];
        await recordIntent(run, row, intent);
        if (intent.status !== 'requires_capture') return [];
        await api.recordMovement(managerOf(run), row.request_id, 'authorised', api.LEDGER_LINES.authorised(row.amount_cents));
        await enqueue(run, 'payments.authorised.booking', { requestId: row.request_id });
        return ['payments.authorised.booking'];
      });
    },
    /** BookingModule's subscriber: paid, as set-paid would; a request canceled meanwhile is left. */
    async 'payments.authorised.booking'({ data }) {
      try {
        await markPaid(data.requestId, 'system', null);
      } catch (error) {
        if (!(error instanceof Conflict) && error.code !== 'payment_required') throw error;
      }
      return [];
    },
    /** PaymentsService.capture. */
    async 'payments.capture'({ data }) {
      const { rows: [row] } = await query(SQL.intentOfRequest, [data.requestId]);
      const before = await provider.retrieveIntent(row.provider_intent_id);
      if (before.status === 'canceled') {
        if (await hasKey('void', data.requestId)) return [];
        throw new Error(`The hold of ${data.requestId} was lost before its capture: not part of the benchmark's flow`);
      }
      const intent = before.status === 'succeeded' ? before : await provider.capture(row.provider_intent_id, await idempotencyKey('capture', data.requestId));
      const amount = Number(row.amount_cents);
      return transaction(async (run) => {
        const manager = managerOf(run);
        await run(SQL.intentStatus, [data.requestId, intent.status]);
        await api.recordMovement(manager, data.requestId, 'authorised', api.LEDGER_LINES.authorised(amount));
        const charged = await api.recordMovement(manager, data.requestId, 'captured', api.LEDGER_LINES.captured(amount));
        await api.recordMovement(manager, data.requestId, 'owed_to_athlete', api.LEDGER_LINES.owedToAthlete({ amountCents: amount, feeCents: data.feeCents, athleteCents: data.athleteCents, athleteId: data.athleteId }));
        return charged && (await moneyNotice(run, 'charged', row, amount, data)) ? ['mail.send'] : [];
      });
    },
    /** PaymentsService.void (a request's hold: its checkout was never captured). */
    async 'payments.void'({ data }) {
      const { rows: [row] } = await query(SQL.intentOfRequest, [data.requestId]);
      if (!row) return [];
      const before = await provider.retrieveIntent(row.provider_intent_id);
      if (before.status === 'succeeded') throw new Error(`The hold of ${data.requestId} was captured; it needs a refund, not a void`);
      const wasHeld = before.status === 'requires_capture' || (await hasMovement(data.requestId, 'authorised'));
      const key = await idempotencyKey('void', data.requestId);
      const intent = before.status === 'canceled' ? before : await provider.cancel(row.provider_intent_id, key);
      const amount = Number(row.amount_cents);
      return transaction(async (run) => {
        const manager = managerOf(run);
        await run(SQL.intentStatus, [data.requestId, intent.status]);
        if (!wasHeld) return [];
        await api.recordMovement(manager, data.requestId, 'authorised', api.LEDGER_LINES.authorised(amount));
        const released = await api.recordMovement(manager, data.requestId, 'voided', api.LEDGER_LINES.voided(amount));
        if (!released) return [];
        const emailed = await moneyNotice(run, 'released', row, amount, data);
        await enqueue(run, 'payments.hold-released.booking', { requestId: data.requestId });
        return ['payments.hold-released.booking', ...(emailed ? ['mail.send'] : [])];
      });
    },
    /** RequestCoreService.holdReleased. */
    async 'payments.hold-released.booking'({ data }) {
      await query(REQUEST_SQL.holdReleased, [data.requestId]);
      return [];
    },
    /** NilDisclosuresService's subscriber: the record of an acceptance, or its void, once per job. */
    async [REQUEST_CHANGED_NIL](job) {
      const change = job.data;
      if (change.action === 'accept') return (await once(job, (run) => recordNil(run, change))) ?? [];
      if (canceledAfterAcceptance(change)) await once(job, (run) => run(SQL.nilLock, [`${change.athleteId}:${change.requesterId}`]).then(() => run(SQL.nilVoid, [change.requestId])));
      return [];
    },
    /** OutboxMailer.send (no attachments: one statement, no transaction), the job's id as the Message-ID. */
    async 'mail.send'(job) {
      await query(OUTBOX_SQL.insert, [job.data.to, MAIL_FROM, job.data.subject, job.data.text, `<${job.id}@huddle.jobs>`]);
      return [];
    },
  };

  /** JobsService.once: the work and the record that this job did it, in one transaction. */
  const once = (job, work) =>
    transaction(async (run) => {
      const { rows: claimed } = await run(SQL.jobRun, [job.id, job.name]);
      return claimed.length === 0 ? undefined : work(run);
    });

  /** NilDisclosuresService.recordIn: the deal's record under the pair's lock; the athlete told when it is due. */
  const recordNil = async (run, change) => {
    await run(SQL.nilLock, [`${change.athleteId}:${change.requesterId}`]);
    const manager = managerOf(run);
    const deal = await api.nilDealOf(manager, change.requestId);
    if (!deal || !deal.acceptedAt) return [];
    const { rows: [{ before }] } = await run(SQL.nilBefore, [deal.athleteId, deal.payorId, deal.acceptedAt, deal.requestId]);
    const total = Number(before) + deal.amountCents;
    const flagged = total >= nil.NIL_DISCLOSURE_THRESHOLD_CENTS;
    const reportBy = flagged ? nil.nilReportBy(deal.acceptedAt) : null;
    const requestType = deal.campaignName !== null ? 'endorsement_campaign' : deal.type;
    const canceled = deal.status === CANCELED;
    const { rows: inserted } = await run(SQL.nilInsert, [
      deal.requestId, deal.athleteId, deal.payorId, deal.payor.kind, deal.payor.name, deal.payor.company?.name ?? null, deal.payor.company?.email ?? null,
      deal.payor.company?.website ?? null, deal.payor.company?.address ?? null, requestType, deal.amountCents, deal.feeCents, deal.athleteNetCents, deal.acceptedAt,
      nil.nilObligations({ type: deal.type, name: deal.name, details: deal.details, campaignName: deal.campaignName, socialPlatforms: deal.socialPlatforms }),
      total, flagged, reportBy, canceled,
    ]);
    if (inserted.length === 0 || !reportBy || canceled) return [];
    // NotificationsService.nilDisclosureDueIn.
    const draft = nil.nilDisclosureDueNotification({ athleteId: deal.athleteId, payorName: deal.payor.name, reportBy, requestId: deal.requestId, requestType });
    await notifyIn(run, [draft], { referenceId: deal.requestId, requestId: deal.requestId, requestType, campaignId: null });
    return (await emailIn(run, await api.notificationPerson(manager, deal.athleteId), draft)) ? ['mail.send'] : [];
  };

  // One worker per queue per API process, as the API's (every queue the API works, those this flow
  // never fills included: the API polls them too): it fetches again at once after a job, and
  // otherwise sleeps out the polling interval or until a commit wakes it. A commit wakes one
  // sleeping worker of the queue (in the API, its own process's); a wake with none asleep is kept
  // for the next worker that would sleep, as pg-boss keeps it.
  const missedWakes = new Set();
  function wake(name) {
    const sleeping = wakers.get(name) ?? [];
    const next = sleeping.shift();
    if (next) next();
    else missedWakes.add(name);
  }
  let stopped = false;
  const failures = [];
  const worker = async (name) => {
    while (!stopped) {
      try {
        const { rows: [job] } = await jobPool.query(fetchJob, [PREFIX + name, 1]);
        if (!job) {
          if (missedWakes.delete(name)) continue;
          await new Promise((resolve) => {
            const timer = setTimeout(() => {
              wakers.set(name, (wakers.get(name) ?? []).filter((waiting) => waiting !== woken));
              resolve();
            }, POLL_INTERVAL_MS);
            const woken = () => (clearTimeout(timer), resolve());
            wakers.set(name, [...(wakers.get(name) ?? []), woken]);
          });
          continue;
        }
        try {
          if (!handlers[name]) throw new Error('no handler in the benchmark');
          const woken = await handlers[name](job);
          for (const queue of woken) wake(queue);
        } catch (error) {
          failures.push(`${name}: ${error.message}`);
        }
        await jobPool.query(completeJobs, [PREFIX + name, [job.id], null]);
      } catch (error) {
        // The queue itself failed (a lost connection): counted, and the worker goes on after a pause.
        failures.push(`${name} queue: ${error.message}`);
        if (!stopped) await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
      }
    }
  };
  const running = [];
  let queues = [];

  return {
    calls,
    /**
     * Creates a bench queue for each of the API's (its settings under another name), on the bare
     * driver's connection so that its role owns them; answers their names.
     */
    async createQueues() {
      const { rows } = await pool.query(`SELECT name FROM pgboss.queue WHERE NOT name LIKE ANY($1::text[]) AND name NOT LIKE '\\_\\_pgboss%' ORDER BY name`, [PREFIXES.map((known) => `${known}%`)]);
      queues = rows.map((row) => row.name);
      const missing = BENCH_QUEUES.filter((name) => !queues.includes(name));
      if (missing.length) throw new Error(`The API has no queue ${missing.join(', ')}: the flow changed, update booking-bare.mjs`);
      for (const name of queues) {
        await pool.query(
          `SELECT pgboss.create_queue($1, json_build_object('policy', policy, 'retryLimit', retry_limit, 'retryDelay', retry_delay, 'retryBackoff', retry_backoff,
                  'expireInSeconds', expire_seconds, 'retentionMinutes', retention_minutes)) FROM pgboss.queue WHERE name = $2
            AND NOT EXISTS (SELECT 1 FROM pgboss.queue WHERE name = $1)`,
          [PREFIX + name, name],
        );
      }
      return queues;
    },
    startJobs(processes) {
      for (let index = 0; index < processes; index += 1) {
        for (const name of queues) running.push(worker(name));
      }
    },
    /** Waits until every bench job queued so far ran (the workers go on). */
    settle: (observer) => waitForJobs(observer, `name LIKE '${PREFIX}%'`),
    /** Stops the workers (each after what it is doing); safe to call twice. */
    async stop() {
      stopped = true;
      throttler.onModuleDestroy();
      for (const sleeping of wakers.values()) for (const resume of sleeping.splice(0)) resume();
      await Promise.all(running);
    },
    failures,
  };
}

/**
 * Waits until no job whose name matches `where` (SQL over pgboss.job) is waiting or running: each
 * side's settling, polled alike (every 100 ms), so neither side's settle time is rounded up more.
 */
export async function waitForJobs(observer, where, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows: [{ pending }] } = await observer.query(`SELECT count(*)::int AS pending FROM pgboss.job WHERE (${where}) AND state IN ('created', 'retry', 'active')`);
    if (pending === 0) return;
    if (Date.now() > deadline) throw new Error(`${pending} job(s) (${where}) still pending after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** writeRequest's values (REQUEST_SQL.update) from a row of the request's columns. */
function writeOf(row) {
  return [row.id, row.status, row.paid, row.authorised, row.paid_at, row.paid_id, row.expiration_time, row.accepted_at, row.delivered_at, row.reviewed, row.flagged_at,
    row.video_chat_completed, row.finished_at, row.disclosure_acknowledged_at, row.chat_started_at, row.details];
}

/** NilDisclosuresService: a deal that was agreed and is now off (its record is voided). */
function canceledAfterAcceptance(change) {
  return change.toStatus === CANCELED && change.fromStatus !== PENDING;
}
