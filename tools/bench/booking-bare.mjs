// The booking benchmark's baseline: every statement the API runs for a booking, through the bare
// `pg` driver, call by call and job by job, in the order the API runs them.
//
// Kept statement for statement with the API's SQL as PostgreSQL logs it (`log_statement = all` on
// one booking, accept, decline and cancel; see "Booking under load" in the README): TypeORM's
// generated statements are rebuilt from the same column lists, the job queue's from pg-boss's own
// statement plans (`pg-boss/src/plans`), the rest are the API's hand-written SQL. A statement
// outside a transaction goes through `pool.query` (a pooled connection each, as TypeORM's manager
// does); a transaction holds one connection. Jobs go to queues of their own ("bench." + the API's
// queue name) and notifications to a channel nobody listens on, so the API running beside it does
// none of this work.
import { createHash, randomBytes, randomUUID } from 'node:crypto';

const REQUEST_COLUMNS = ['id', 'order_number', 'type', 'status', 'athlete_id', 'requester_id', 'name', 'request_amount_cents', 'amount_to_athlete_cents', 'fee_amount_cents', 'paid', 'paid_id', 'accepted_at', 'expiration_time', 'authorised', 'reviewed', 'social_media_platform', 'endorsement_campaign_id', 'details', 'start_at', 'end_at', 'paid_at', 'delivered_at', 'flagged_at', 'video_chat_completed', 'chat_started_at', 'disclosure_acknowledged_at', 'finished_at', 'created_at', 'updated_at'];

/** TypeORM's select list: `"Alias"."column" AS "Alias_column"`, column after column. */
const selectList = (alias, columns) => columns.map((column) => `"${alias}"."${column}" AS "${alias}_${column}"`).join(', ');

const SQL = {
  session: `SELECT s.id AS session_id, s.last_seen_at, a.id AS account_id, a.user_type, a.profile_completed
       FROM sessions s JOIN accounts a ON a.id = s.account_id
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now() AND NOT a.blocked AND a.deleted_at IS NULL`,
  bookableService: `SELECT s.enabled, s.rate_cents
       FROM accounts a LEFT JOIN athlete_services s ON s.athlete_id = a.id AND s.service_type = $2
      WHERE a.id = $1 AND a.user_type = $3 AND a.profile_completed AND NOT a.blocked AND a.deleted_at IS NULL`,
  insertRequest: `INSERT INTO "requests"("id", "type", "status", "athlete_id", "requester_id", "name", "request_amount_cents", "amount_to_athlete_cents", "fee_amount_cents", "paid", "paid_id", "accepted_at", "expiration_time", "authorised", "reviewed", "social_media_platform", "endorsement_campaign_id", "details", "start_at", "end_at", "paid_at", "delivered_at", "flagged_at", "video_chat_completed", "chat_started_at", "disclosure_acknowledged_at", "finished_at", "created_at", "updated_at") VALUES (DEFAULT, $1, $2, $3, $4, $5, $6, $7, $8, $9, DEFAULT, DEFAULT, DEFAULT, $10, $11, $12, DEFAULT, $13, $14, $15, DEFAULT, DEFAULT, DEFAULT, DEFAULT, DEFAULT, DEFAULT, DEFAULT, $16, DEFAULT) RETURNING "id", "paid", "authorised", "reviewed", "details", "video_chat_completed", "created_at", "updated_at"`,
  createHistory: `INSERT INTO request_history (request_id, action, actor_party, actor_id, from_status, to_status, created_at) VALUES ($1, 'create', 'requester', $2, NULL, 1, $3)`,
  requestById: `SELECT ${selectList('RequestEntity', REQUEST_COLUMNS)} FROM "requests" "RequestEntity" WHERE (("RequestEntity"."id" = $1)) LIMIT 1`,
  requestView: `SELECT
       (SELECT coalesce(json_agg(json_build_object('id', a.id, 'first_name', a.first_name, 'last_name', a.last_name,
                                                   'username', a.username, 'profile_photo', a.profile_photo)), '[]')
          FROM accounts a WHERE a.id = ANY($2::uuid[])) AS parties,
       (SELECT coalesce(json_agg(json_build_object('action', h.action, 'actor_party', h.actor_party,
                                                   'actor_name', nullif(trim(concat_ws(' ', a.first_name, a.last_name)), ''),
                                                   'from_status', h.from_status, 'to_status', h.to_status, 'note', h.note,
                                                   'created_at', h.created_at) ORDER BY h.id), '[]')
          FROM request_history h LEFT JOIN accounts a ON a.id = h.actor_id WHERE h.request_id = $1) AS history,
       (SELECT json_build_object('rate', r.rate, 'submitted_at', r.submitted_at) FROM reviews r WHERE r.request_id = $1) AS review,
       (SELECT c.name FROM campaigns c WHERE c.id = $3) AS campaign_name`,
  intentOfRequest: `SELECT * FROM payment_intents WHERE request_id = $1`,
  intentByProviderId: `SELECT * FROM payment_intents WHERE provider_intent_id = $1`,
  idempotencyKey: `INSERT INTO payment_idempotency_keys (key, operation, request_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
  createSandboxIntent: `INSERT INTO sandbox_intents (id, client_secret, owner_id, amount_cents, status, capture_method) VALUES ($1, $2, $3, $4, 'requires_payment_method', $5) ON CONFLICT (id) DO NOTHING RETURNING *`,
  createIntent: `INSERT INTO payment_intents (request_id, payer_id, provider, provider_intent_id, client_secret, amount_cents, status, kind, capture_method) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (request_id) DO NOTHING RETURNING *`,
  sandboxBySecret: `SELECT * FROM sandbox_intents WHERE client_secret = $1 AND owner_id = $2`,
  sandboxById: `SELECT * FROM sandbox_intents WHERE id = $1`,
  confirmSandbox: `UPDATE sandbox_intents SET status = $2, card_brand = $3, card_last4 = $4, last_error = NULL, updated_at = now()
        WHERE id = $1 AND status = 'requires_payment_method' RETURNING *`,
  moveSandbox: `UPDATE sandbox_intents SET status = $2, updated_at = now() WHERE id = $1 AND status = ANY($3) RETURNING *`,
  providerEvent: `INSERT INTO provider_events (id, type) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING id`,
  intentStatus: `UPDATE payment_intents SET status = $2, updated_at = now() WHERE request_id = $1`,
  ledgerMovement: `WITH claim AS (
       INSERT INTO ledger_movements (request_id, movement, amount_cents) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING request_id
     ), entries AS (
       INSERT INTO ledger_entries (request_id, movement, account, amount_cents)
       SELECT claim.request_id, $2, t.account, t.amount FROM claim, unnest($4::text[], $5::bigint[]) AS t(account, amount)
     )
     SELECT count(*)::int AS claimed FROM claim`,
  lockRequest: `SELECT ${selectList('request', REQUEST_COLUMNS)} FROM "requests" "request" WHERE "request"."id" = $1 FOR UPDATE`,
  updateRequest: `UPDATE "requests" SET "status" = $1, "paid" = $2, "authorised" = $3, "paid_at" = $4, "paid_id" = $5, "expiration_time" = $6, "accepted_at" = $7, "delivered_at" = $8, "reviewed" = $9, "flagged_at" = $10, "video_chat_completed" = $11, "finished_at" = $12, "disclosure_acknowledged_at" = $13, "chat_started_at" = $14, "details" = $15, "updated_at" = CURRENT_TIMESTAMP WHERE "id" IN ($16)`,
  history: `INSERT INTO request_history (request_id, action, actor_party, actor_id, from_status, to_status, note, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
  recipients: `SELECT a.id, a.first_name, a.last_name, a.email, a.email_notifications, CASE WHEN a.user_type = $2 THEN b.name END AS business_name
       FROM accounts a LEFT JOIN business_profiles b ON b.account_id = a.id WHERE a.id = ANY($1::uuid[])`,
  counters: `INSERT INTO notification_counters AS c (user_id, last_seq) SELECT u, n FROM unnest($1::uuid[], $2::int[]) AS t(u, n)
       ON CONFLICT (user_id) DO UPDATE SET last_seq = c.last_seq + excluded.last_seq RETURNING user_id, last_seq`,
  notifications: `INSERT INTO notifications (user_id, seq, data, reference_id, request_id, request_type, endorsement_campaign_id)
       SELECT d.user_id, d.seq, d.data, $4, $5, $6, $7 FROM unnest($1::uuid[], $2::jsonb[], $3::bigint[]) AS d(user_id, data, seq)`,
  notify: `SELECT pg_notify($1, $2)`,
  pendingOfAthlete: `SELECT ${selectList('request', REQUEST_COLUMNS)} FROM "requests" "request" WHERE "request"."athlete_id" = $1 AND "request"."paid" = true AND "request"."status" IN ($2) ORDER BY "request"."updated_at" DESC, "request"."id" DESC LIMIT 20 OFFSET 0`,
  parties: `SELECT id, first_name, last_name, username, profile_photo FROM accounts WHERE id = ANY($1::uuid[])`,
  outbox: `INSERT INTO "outbox_emails"("id", "to_address", "from_address", "subject", "text_body", "message_id", "created_at") VALUES (DEFAULT, $1, $2, $3, $4, $5, DEFAULT) ON CONFLICT DO NOTHING  RETURNING id`,
};

/** The job queues a booking goes through, with the API's names. */
export const BENCH_QUEUES = ['payments.provider-event', 'payments.authorised.booking', 'payments.capture', 'payments.void', 'mail.send'];
const PREFIX = 'bench.';
const CHANNEL = 'bench_notifications';
const POLL_INTERVAL_MS = 2_000;

/**
 * The baseline's flow over `pool`: `calls` (what a requester's and an athlete's HTTP calls run,
 * the session lookup included), and job workers (`startJobs`, `settle`, `stop`) that run what the API's
 * job handlers run. `plans` is pg-boss's statement module; `jobPool` takes the queue's fetches and
 * completions, as pg-boss's own pool does in the API (the handlers' statements use `pool`).
 */
export function bareBookingFlow(pool, jobPool, plans) {
  let statements = 0;
  let emptyFetches = 0;
  const insertJob = plans.insertJob('pgboss');
  const fetchJob = plans.fetchNextJob('pgboss')({ includeMetadata: true });
  const completeJobs = plans.completeJobs('pgboss');
  const wakers = new Map();

  const query = (sql, values) => {
    statements += 1;
    return pool.query(sql, values);
  };
  const transaction = async (work) => {
    const client = await pool.connect();
    const run = (sql, values) => {
      statements += 1;
      return client.query(sql, values);
    };
    try {
      await run('START TRANSACTION');
      const result = await work(run);
      await run('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };
  // pg-boss's send(): the queue's defaults and this app's (JOBS_RETRY_LIMIT 5, delay 10 s, backoff).
  const enqueue = (run, name, data, singletonKey = null) =>
    run(insertJob, [null, PREFIX + name, JSON.stringify(data), 0, null, singletonKey, null, 0, null, null, 900, null, null, null, 5, null, 10, null, true]);
  const sessionOf = (token) => query(SQL.session, [createHash('sha256').update(token).digest('hex')]);
  const view = (request) => query(SQL.requestView, [request.id, [request.athleteId, request.requesterId], null]);
  const emailOf = (userId) => `${userId}@bench.test`;

  /** What the request core writes beside a change: who is told, the counter, the rows, NOTIFY and the email. */
  const tell = async (run, request, userId, title, text, email) => {
    await run(SQL.recipients, [[request.athleteId, request.requesterId], '3']);
    const { rows: [counter] } = await run(SQL.counters, [[userId], [1]]);
    const data = JSON.stringify({ link: `/request/${request.id}`, text, title });
    await run(SQL.notifications, [[userId], [data], [counter.last_seq], request.id, request.id, request.type, null]);
    await run(SQL.notify, [CHANNEL, `n:${userId}:${counter.last_seq}`]);
    if (email) await enqueue(run, 'mail.send', { to: emailOf(userId), text: `${text}\n\nOpen it on Huddle: http://localhost:4200/request/${request.id}\n`, subject: `Huddle: ${title}` });
  };
  /**
   * The request core's change: the row locked, updated, its history, then what comes of it. A
   * request that moved on is refused (409), as the action table refuses it; `skip` answers whether
   * the change is already made (a second mark-paid), which commits nothing.
   */
  const change = (request, { action, party, actorId, from, to, acceptedAt = null, skip = () => false, then }) =>
    transaction(async (run) => {
      const { rows: [row] } = await run(SQL.lockRequest, [request.id]);
      if (skip(row)) return;
      if (row.request_status !== from) throw Object.assign(new Error(`request ${request.id} is no longer ${from}`), { code: 'conflict' });
      // RequestCoreService.save: only a change of a timed request into a slot status can meet the
      // double-booking constraint, so only it pays for a savepoint.
      const savepoint = action === 'accept' && row.request_start_at !== null;
      if (savepoint) await run('SAVEPOINT typeorm_1');
      const paidAt = row.request_paid_at ?? new Date();
      const paidId = row.request_paid_id ?? randomBytes(12).toString('base64url');
      const expiresAt = row.request_expiration_time ?? new Date(Date.now() + 6 * 86400_000);
      await run(SQL.updateRequest, [to, true, true, paidAt, paidId, expiresAt, acceptedAt, null, false, null, false, null, null, null, row.request_details, request.id]);
      if (savepoint) await run('RELEASE SAVEPOINT typeorm_1');
      await run(SQL.history, [request.id, action, party, actorId, from, to, null, new Date()]);
      await then(run);
    });
  /**
   * RequestCoreService.markPaid, from set-paid (the requester) or the provider's event (the system):
   * nothing when already paid; else the hold re-read from the provider and recorded, then the
   * request paid under its lock, and the athlete told.
   */
  const markPaid = async (requestId, party, actorId) => {
    const { rows: [current] } = await query(SQL.requestById, [requestId]);
    const request = { id: requestId, athleteId: current.RequestEntity_athlete_id, requesterId: current.RequestEntity_requester_id, type: current.RequestEntity_type };
    if (current.RequestEntity_paid) return request;
    const { rows: [intent] } = await query(SQL.intentOfRequest, [requestId]);
    const { rows: [sandbox] } = await query(SQL.sandboxById, [intent.provider_intent_id]);
    await query(SQL.intentStatus, [requestId, sandbox.status]);
    if (sandbox.status !== 'requires_capture' && sandbox.status !== 'succeeded') throw new Error('The card payment is not complete yet');
    const amount = Number(intent.amount_cents);
    await query(SQL.ledgerMovement, [requestId, 'authorised', amount, ['holds', 'holds_payers'], [amount, -amount]]);
    let paid = false;
    await change(request, {
      action: 'pay', party, actorId, from: 1, to: 1,
      skip: (row) => row.request_paid,
      then: async (run) => {
        await tell(run, request, request.athleteId, 'New request', 'Bench booked a request. Accept or decline it before it expires.', true);
        paid = true;
      },
    });
    if (paid) wake('mail.send');
    return request;
  };

  const calls = {
    /** `details` as the API stores them; `window` the event's [start, end] in seconds, null for a shoutout or an endorsement. */
    async book(fan, athleteId, { type, amountCents, details, window }) {
      await sessionOf(fan.token);
      await query(SQL.bookableService, [athleteId, type, 2]);
      const feeCents = Math.round((amountCents * 20) / 100);
      const request = await transaction(async (run) => {
        const now = new Date();
        const [startAt, endAt] = window ? window.map((seconds) => new Date(seconds * 1000)) : [null, null];
        const { rows: [inserted] } = await run(SQL.insertRequest, [type, 1, athleteId, fan.id, 'Bench pg', amountCents, amountCents - feeCents, feeCents, false, false, false, null, JSON.stringify(details), startAt, endAt, now]);
        await run(SQL.createHistory, [inserted.id, fan.id, now]);
        await run(SQL.requestById, [inserted.id]);
        return { id: inserted.id, athleteId, requesterId: fan.id, type, amountCents, feeCents };
      });
      await view(request);
      return request;
    },
    async sheet(fan, request) {
      await sessionOf(fan.token);
      await query(SQL.requestById, [request.id]);
      await query(SQL.intentOfRequest, [request.id]);
      await query(SQL.idempotencyKey, [`huddle:create:${request.id}`, 'create', request.id]);
      request.intentId = `pi_sbx_${randomBytes(12).toString('hex')}`;
      request.secret = `${request.intentId}_secret_${randomBytes(24).toString('base64url')}`;
      await query(SQL.createSandboxIntent, [request.intentId, request.secret, fan.id, request.amountCents, 'manual']);
      await query(SQL.createIntent, [request.id, fan.id, 'sandbox', request.intentId, request.secret, request.amountCents, 'requires_payment_method', 'request', 'manual']);
    },
    async confirm(fan, request) {
      await sessionOf(fan.token);
      await query(SQL.sandboxBySecret, [request.secret, fan.id]);
      await query(SQL.confirmSandbox, [request.intentId, 'requires_capture', 'visa', '4242']);
      await query(insertJob, [null, `${PREFIX}payments.provider-event`, JSON.stringify({ type: 'payment_intent.amount_capturable_updated', eventId: `evt_sbx_${randomUUID()}`, intentId: request.intentId }), 0, null, null, null, 0, null, null, 900, null, null, null, 5, null, 10, null, true]);
      wake('payments.provider-event');
    },
    async setPaid(fan, request) {
      await sessionOf(fan.token);
      await markPaid(request.id, 'requester', fan.id);
      await view(request);
    },
    async list(athlete) {
      await sessionOf(athlete.token);
      const { rows } = await query(SQL.pendingOfAthlete, [athlete.id, 1]);
      if (rows.length) await query(SQL.parties, [[...new Set(rows.map((row) => row.request_requester_id))]]);
      return rows.map((row) => ({
        id: row.request_id,
        athleteId: row.request_athlete_id,
        requesterId: row.request_requester_id,
        type: row.request_type,
        amountCents: Number(row.request_request_amount_cents),
        feeCents: Number(row.request_fee_amount_cents),
      }));
    },
    async accept(athlete, request) {
      await sessionOf(athlete.token);
      await change(request, {
        action: 'accept', party: 'athlete', actorId: athlete.id, from: 1, to: 2, acceptedAt: new Date(),
        then: async (run) => {
          const { amountCents, feeCents } = request;
          await enqueue(run, 'payments.capture', { feeCents, athleteId: request.athleteId, requestId: request.id, amountCents, athleteCents: amountCents - feeCents }, `capture:${request.id}`);
          await tell(run, request, request.requesterId, 'Request accepted', 'Bench accepted your request.', true);
        },
      });
      wake('payments.capture');
      wake('mail.send');
      await view(request);
    },
    async decline(athlete, request) {
      await sessionOf(athlete.token);
      await change(request, {
        action: 'decline', party: 'athlete', actorId: athlete.id, from: 1, to: 3,
        then: async (run) => {
          await enqueue(run, 'payments.void', { requestId: request.id }, `void:${request.id}`);
          await tell(run, request, request.requesterId, 'Request declined', 'Bench declined your request. The hold on your card was released.', true);
        },
      });
      wake('payments.void');
      wake('mail.send');
      await view(request);
    },
    async cancel(fan, request) {
      await sessionOf(fan.token);
      await change(request, {
        action: 'cancel', party: 'requester', actorId: fan.id, from: 1, to: 3,
        then: async (run) => {
          await enqueue(run, 'payments.void', { requestId: request.id }, `void:${request.id}`);
          await tell(run, request, request.athleteId, 'Request canceled', 'Bench canceled the request.', false);
        },
      });
      wake('payments.void');
      await view(request);
    },
  };

  /** The card provider's side of a capture or void: the intent and its state, once per idempotency key. */
  const settleIntent = async (requestId, operation, status, from) => {
    const { rows: [intent] } = await query(SQL.intentOfRequest, [requestId]);
    await query(SQL.sandboxById, [intent.provider_intent_id]);
    await query(SQL.idempotencyKey, [`huddle:${operation}:${requestId}`, operation, requestId]);
    await query(SQL.moveSandbox, [intent.provider_intent_id, status, from]);
    return Number(intent.amount_cents);
  };
  const handlers = {
    async 'payments.provider-event'(data) {
      // Deduplicated on the event id; what follows goes by the intent's state now (a request the
      // athlete answered meanwhile has a captured or voided intent, and nothing is published).
      const { rows: [intent] } = await query(SQL.intentByProviderId, [data.intentId]);
      const { rows: [sandbox] } = await query(SQL.sandboxById, [data.intentId]);
      const published = await transaction(async (run) => {
        const { rows: fresh } = await run(SQL.providerEvent, [data.eventId, data.type]);
        if (fresh.length === 0) return false;
        await run(SQL.intentStatus, [intent.request_id, sandbox.status]);
        if (sandbox.status !== 'requires_capture') return false;
        await run(SQL.ledgerMovement, [intent.request_id, 'authorised', Number(intent.amount_cents), ['holds', 'holds_payers'], [Number(intent.amount_cents), -Number(intent.amount_cents)]]);
        await enqueue(run, 'payments.authorised.booking', { requestId: intent.request_id });
        return true;
      });
      if (published) wake('payments.authorised.booking');
    },
    async 'payments.authorised.booking'(data) {
      await markPaid(data.requestId, 'system', null);
    },
    async 'payments.capture'(data) {
      const amount = await settleIntent(data.requestId, 'capture', 'succeeded', ['requires_capture']);
      await transaction(async (run) => {
        await run(SQL.intentStatus, [data.requestId, 'succeeded']);
        await run(SQL.ledgerMovement, [data.requestId, 'authorised', amount, ['holds', 'holds_payers'], [amount, -amount]]);
        await run(SQL.ledgerMovement, [data.requestId, 'captured', amount * 2, ['holds', 'holds_payers', 'cash', 'unallocated'], [-amount, amount, amount, -amount]]);
        await run(SQL.ledgerMovement, [data.requestId, 'owed_to_athlete', data.amountCents, ['unallocated', `athlete_payable:${data.athleteId}`, 'platform_fees'], [data.amountCents, -data.athleteCents, -data.feeCents]]);
      });
    },
    async 'payments.void'(data) {
      const amount = await settleIntent(data.requestId, 'void', 'canceled', ['requires_payment_method', 'requires_confirmation', 'requires_action', 'requires_capture']);
      await transaction(async (run) => {
        await run(SQL.intentStatus, [data.requestId, 'canceled']);
        await run(SQL.ledgerMovement, [data.requestId, 'authorised', amount, ['holds', 'holds_payers'], [amount, -amount]]);
        await run(SQL.ledgerMovement, [data.requestId, 'voided', amount, ['holds', 'holds_payers'], [-amount, amount]]);
      });
    },
    async 'mail.send'(data) {
      await query(SQL.outbox, [data.to, 'Huddle <no-reply@huddle.local>', data.subject, data.text, `<${randomUUID()}@huddle.local>`]);
    },
  };

  // One worker per queue per API process, as the API's: it fetches again at once after a job,
  // and otherwise sleeps out the polling interval or until a commit wakes it. A commit wakes one
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
        statements += 1;
        const { rows: [job] } = await jobPool.query(fetchJob, [PREFIX + name, 1]);
        if (!job) {
          emptyFetches += 1;
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
          await handlers[name](job.data);
        } catch (error) {
          failures.push(`${name}: ${error.message}`);
        }
        statements += 1;
        await jobPool.query(completeJobs, [PREFIX + name, [job.id], null]);
      } catch (error) {
        // The queue itself failed (a lost connection): counted, and the worker goes on after a pause.
        failures.push(`${name} queue: ${error.message}`);
        if (!stopped) await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
      }
    }
  };
  const running = [];

  return {
    calls,
    /** Creates the bench queues (the API's queues' settings under another name). */
    async createQueues() {
      for (const name of BENCH_QUEUES) {
        await pool.query(
          `SELECT pgboss.create_queue($1, json_build_object('policy', policy, 'retryLimit', retry_limit, 'retryDelay', retry_delay, 'retryBackoff', retry_backoff,
                  'expireInSeconds', expire_seconds, 'retentionMinutes', retention_minutes)) FROM pgboss.queue WHERE name = $2
            AND NOT EXISTS (SELECT 1 FROM pgboss.queue WHERE name = $1)`,
          [PREFIX + name, name],
        );
      }
    },
    startJobs(processes) {
      for (let index = 0; index < processes; index += 1) for (const name of BENCH_QUEUES) running.push(worker(name));
    },
    /** Waits until every bench job queued so far ran (the workers go on). */
    async settle(timeoutMs = 180_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const { rows: [{ queued }] } = await pool.query(`SELECT count(*)::int AS queued FROM pgboss.job WHERE name LIKE 'bench.%' AND state IN ('created', 'retry', 'active')`);
        if (queued === 0) return;
        if (Date.now() > deadline) throw new Error(`${queued} bench job(s) still pending after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    /** Stops the workers (each after what it is doing); safe to call twice. */
    async stop() {
      stopped = true;
      for (const sleeping of wakers.values()) for (const resume of sleeping.splice(0)) resume();
      await Promise.all(running);
    },
    get statements() {
      return statements;
    },
    /** Fetches of the job queue that found nothing (a wake-up another worker answered first). */
    get emptyFetches() {
      return emptyFetches;
    },
    failures,
  };
}
