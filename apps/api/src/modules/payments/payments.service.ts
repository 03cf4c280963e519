import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { MONEY_EVENT_OF_MOVEMENT } from '@huddle/domain';
import type { MoneyEventKind, ServiceType } from '@huddle/domain';
import { Clock } from '../../common/time/clock';
import { Transactions } from '../../database/transactions';
import { JobsService } from '../jobs/jobs.service';
import { NotificationsService } from '../notifications/notifications.service';
import type { Job } from '../jobs/jobs.service';
import { CARD_PROVIDER } from './card-provider';
import type { CardProvider, CardProviderName, IntentStatus, ProviderIntent, ProviderRefund, SavedCard } from './card-provider';
import { checkLedger, LEDGER_LINES, recordMovement } from './ledger';
import type { LedgerCheck, Split } from './ledger';
import { DeclinedPayments } from './declined-payments';
import { MoneyIncidents } from './money-incidents.service';
import type { MoneyIncidentInput } from './money-incidents.service';
import { PAYMENT_AUTHORISED, PAYMENT_DISPUTED, PAYMENT_HOLD_LOST, PAYMENT_REFUNDED_OUTSIDE, PAYMENT_HOLD_RELEASED, PROVIDER_CONNECT_EVENT, SANDBOX_CONNECT_EVENTS } from './payments-events';
import type { ConnectObjectType, PaymentAuthorisedEvent, PaymentDisputedEvent, PaymentHoldLostEvent, PaymentHoldReleasedEvent, PaymentKind, PaymentRefundedOutsideEvent, ProviderConnectEvent, SandboxConnectEvent, SandboxConnectPlayer } from './payments-events';
import { PaymentsErrors } from './payments.errors';
import { differencesOf, paymentsToReconcile } from './reconciliation.query';
import type { ReconciliationDifference } from './reconciliation.query';
import { SandboxCardProvider, SandboxProviderError } from './sandbox-card-provider';
import type { SandboxProviderEvent } from './sandbox-card-provider';

const CAPTURE = 'payments.capture';
const VOID = 'payments.void';
const REFUND = 'payments.refund';
const REFUND_SHARE = 'payments.refund-share';
const PROVIDER_EVENT = 'payments.provider-event';
const STOP_CARD_TESTING = 'payments.stop-card-testing';

/** An intent whose client secret can still try cards at the provider: what a paused checkout cancels. */
const WAITING_FOR_CARD: readonly IntentStatus[] = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
export const RECONCILE = 'payments.reconcile';

export interface CheckoutInput {
  /** The request's id, or the campaign's (kind 'campaign'). */
  requestId: string;
  payerId: string;
  amountCents: number;
  description: string;
  kind?: PaymentKind;
  /** Where the provider sends its own receipt (Stripe's receipt_email), beside Huddle's. */
  payerEmail?: string | null;
}

/** One athlete's share of a campaign's payment: a request of the campaign and its split. */
export interface CampaignShare {
  requestId: string;
  athleteId: string;
  amountCents: number;
  feeCents: number;
  athleteCents: number;
}

/** A share to give back: which campaign paid it, whether it was split already, and who is told. */
export interface ShareRefundInput extends CampaignShare {
  campaignId: string;
  campaignName: string;
  businessId: string;
  /** Its athlete had accepted (owed_to_athlete recorded): the refund reverses the split. */
  allocated: boolean;
}

export interface Checkout {
  clientSecret: string;
  provider: CardProviderName;
  publishableKey: string | null;
}

export interface CaptureInput {
  requestId: string;
  athleteId: string;
  amountCents: number;
  feeCents: number;
  athleteCents: number;
  /** What was booked, for the payer's receipt (absent on jobs enqueued before receipts). */
  serviceType?: ServiceType;
}

/** A hold to release: the request, and what the payer's receipt names when it is released. */
export interface VoidInput {
  requestId: string;
  athleteId?: string;
  serviceType?: ServiceType;
}

/** A provider event as the job handles it: what it is about, never what it says happened. */
interface ProviderEventJob {
  eventId: string;
  type: string;
  intentId: string | null;
  objectType?: string;
  objectId?: string | null;
  accountId?: string | null;
}

function isSandboxConnectEvent(event: SandboxProviderEvent): event is SandboxConnectEvent {
  return (SANDBOX_CONNECT_EVENTS as readonly string[]).includes(event);
}

/** The events that say an intent's refunds changed. */
const REFUND_EVENTS: readonly string[] = ['charge.refunded', 'charge.refund.updated', 'refund.created', 'refund.updated', 'refund.failed'];

const CONNECT_OBJECTS: readonly string[] = ['account', 'transfer', 'payout'] satisfies readonly ConnectObjectType[];

/** How far back the daily reconciliation looks, and how long a payment is left to settle first. */
export const RECONCILE_DAYS = 30;
export const RECONCILE_GRACE_SECONDS = 15 * 60;

export interface ReconciliationRun {
  startedAt: Date;
  finishedAt: Date;
  checked: number;
  differences: ReconciliationDifference[];
  balanced: boolean;
  ledgerViolations: string[];
}

export type ReconciliationKind = 'payments' | 'transfers';

export interface ReconciliationRunRecord {
  kind: ReconciliationKind;
  startedAt: Date;
  finishedAt: Date;
  days: number;
  checked: number;
  balanced: boolean;
  differences: ReadonlyArray<{ subjectId: string; code: string; message: string }>;
}

/** The advisory lock that orders disputes and payouts (holdDisputesOffIn). */
const DISPUTES_LOCK = 'huddle:disputes-vs-payouts';

/** Thrown to retry later: the provider has not finished (a refund still pending). */
class ProviderPending extends Error {}

interface IntentRow {
  request_id: string;
  payer_id: string;
  provider: CardProviderName;
  provider_intent_id: string;
  client_secret: string;
  amount_cents: number;
  status: IntentStatus;
  kind: PaymentKind;
  authorised_at: Date | null;
  capture_before: Date | null;
  card_brand: string | null;
  card_last4: string | null;
}

/** Statuses in which the card is held for the request (or was captured). */
const AUTHORISED: readonly IntentStatus[] = ['requires_capture', 'succeeded'];

/**
 * Owner of payment intents, provider events and the ledger, behind one card-provider interface
 * (Stripe when STRIPE_SECRET_KEY is set, the embedded sandbox otherwise). Booking asks it to open a
 * checkout, to confirm an authorisation, and (inside booking's own transaction) to capture, void or
 * refund: those are jobs, so the provider call happens after the decision commits and is retried
 * until it is done, with an idempotency key kept in our database so it happens once. Payments
 * never reads or writes booking's tables: a request id is only a key here.
 */
@Injectable()
export class PaymentsService implements OnModuleInit {
  private readonly logger = new Logger('Payments');
  private sandboxConnect: SandboxConnectPlayer | null = null;

  constructor(
    @Inject(CARD_PROVIDER) private readonly provider: CardProvider,
    private readonly jobs: JobsService,
    private readonly transactions: Transactions,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly notifications: NotificationsService,
    private readonly incidents: MoneyIncidents,
    private readonly clock: Clock,
    private readonly declines: DeclinedPayments,
  ) {}

  get providerName(): CardProviderName {
    return this.provider.name;
  }

  onModuleInit(): void {
    // A money job that gives up is never a silent success: it becomes a money incident the
    // administrator sees, and the ledger stays where the provider is (nothing was recorded).
    this.jobs.register<CaptureInput>(CAPTURE, (job) => this.capture(job.data), {
      // The athlete accepted but the card could not be charged on any try: the requester is told.
      onGiveUp: async (job, error, manager) => {
        const input = job.data as CaptureInput;
        const intent = await this.intentOf(input.requestId, manager);
        // The request stands with nothing collected: the requester is asked to sort it out, the athlete to wait.
        if (intent) await this.notifications.paymentFailedIn(manager, { requesterId: intent.payer_id, athleteId: input.athleteId, requestId: input.requestId });
        await this.gaveUp(manager, job, error, { kind: 'capture_failed', subjectType: 'request', subjectId: input.requestId, amountCents: input.amountCents });
      },
    });
    // A release or refund the payer was promised ('Your card hold will be released') and that gave
    // up is told to them as delayed, with the incident: never left to silence.
    this.jobs.register<VoidInput>(VOID, (job) => this.void(job.data), {
      onGiveUp: async (job, error, manager) => {
        const input = job.data as VoidInput;
        const intent = await this.intentOf(input.requestId, manager);
        // Only a card that was held (or a campaign's charged payment) is owed back; a checkout never paid holds nothing.
        if (intent && (AUTHORISED.includes(intent.status) || (await this.hasMovement(input.requestId, 'authorised', manager)))) {
          const campaign = intent.kind === 'campaign';
          await this.notifications.moneyDelayedIn(manager, {
            kind: campaign ? 'refund' : 'release',
            payerId: intent.payer_id,
            amountCents: intent.amount_cents,
            requestId: campaign ? null : input.requestId,
            campaignId: campaign ? input.requestId : null,
          });
        }
        await this.gaveUp(manager, job, error, { kind: 'void_failed', subjectType: 'request', subjectId: input.requestId });
      },
    });
    this.jobs.register<CaptureInput>(REFUND, (job) => this.refund(job.data), {
      onGiveUp: async (job, error, manager) => {
        const input = job.data as CaptureInput;
        const intent = await this.intentOf(input.requestId, manager);
        if (intent) await this.notifications.moneyDelayedIn(manager, { kind: 'refund', payerId: intent.payer_id, amountCents: input.amountCents, requestId: input.requestId });
        await this.gaveUp(manager, job, error, { kind: 'refund_failed', subjectType: 'request', subjectId: input.requestId, amountCents: input.amountCents });
      },
    });
    this.jobs.register<ShareRefundInput>(REFUND_SHARE, (job) => this.refundShare(job.data), {
      onGiveUp: async (job, error, manager) => {
        const input = job.data as ShareRefundInput;
        await this.notifications.moneyDelayedIn(manager, { kind: 'refund', payerId: input.businessId, amountCents: input.amountCents, requestId: input.requestId, campaignId: input.campaignId });
        await this.gaveUp(manager, job, error, {
          kind: 'share_refund_failed',
          subjectType: 'request',
          subjectId: input.requestId,
          amountCents: input.amountCents,
          details: { campaign_id: input.campaignId },
        });
      },
    });
    this.jobs.register<ProviderEventJob>(PROVIDER_EVENT, (job) => this.onProviderEvent(job));
    this.jobs.register<{ payerId: string }>(STOP_CARD_TESTING, (job) => this.stopCardTesting(job.data.payerId));
    this.jobs.register<{ days?: number }>(RECONCILE, async (job) => {
      const run = await this.reconcile({ days: job.data.days ?? RECONCILE_DAYS });
      this.logger.log(`Reconciliation: ${run.checked} payments checked, ${run.differences.length} differences, ledger ${run.balanced ? 'balanced' : 'NOT balanced'}`);
    });
    // Daily, in the quiet hours of US time.
    this.jobs.schedule(RECONCILE, '0 9 * * *', { days: RECONCILE_DAYS });
  }

  /**
   * Compares every payment touched in the last `days` with the provider (re-read now) and the
   * ledger, checks that the ledger balances and that each request's status matches its money.
   * Every difference is a money incident (recorded once per subject and kind of difference), never
   * a silent fix; the run itself is kept for the money desk. Payments that changed in the last
   * `graceSeconds` are left for the next run: their jobs may still be moving the money. A payment
   * whose refunds disagree has them handled as their missed events would have been (onRefunds).
   */
  async reconcile(options: { days: number; graceSeconds?: number }): Promise<ReconciliationRun> {
    const startedAt = this.clock.now();
    const since = new Date(startedAt.getTime() - options.days * 86400 * 1000);
    const settledBefore = startedAt.getTime() - (options.graceSeconds ?? RECONCILE_GRACE_SECONDS) * 1000;
    const payments = (await paymentsToReconcile(this.dataSource.manager, since)).filter((payment) => payment.updatedAt.getTime() <= settledBefore);
    const differences: ReconciliationDifference[] = [];
    let checked = 0;
    for (const payment of payments) {
      // Paid through a provider this process is not set up for (a database moved from the sandbox
      // to Stripe, or a command run without STRIPE_SECRET_KEY): said, never counted as checked.
      if (payment.provider !== this.provider.name) {
        differences.push({
          subjectId: payment.subjectId,
          code: 'other_provider',
          message: `Paid through ${payment.provider}, which this process does not use (${this.provider.name}): not compared with the provider`,
        });
        continue;
      }
      checked += 1;
      let intent: ProviderIntent;
      try {
        intent = await this.provider.retrieveIntent(payment.providerIntentId);
      } catch (error) {
        differences.push({ subjectId: payment.subjectId, code: 'unreadable', message: `The provider did not answer for ${payment.providerIntentId}: ${(error as Error).message}` });
        continue;
      }
      let found = differencesOf(payment, intent);
      // Refunds that disagree: the provider's refund events may have been missed, so they are acted
      // on now as those events would have been (an outside refund held out of payouts and its
      // payout named, a refund of Huddle's that succeeded recorded), once each by their own keys.
      // The payment is then compared again: a refund just recorded is no difference any more, and
      // an outside refund (which the ledger never takes in) is told by its own incident, so the
      // gap it explains is not reported a second time; a gap beyond it still is. As the first time, the ledger
      // is read before the provider, so money moving in between shows as the provider ahead of the
      // ledger, never the other way; if that second reading fails, the first comparison stands.
      if (found.some((difference) => difference.code === 'refunds')) {
        let acted = false;
        let outsideCents = 0;
        try {
          const rows: IntentRow[] = await this.dataSource.query(`SELECT * FROM payment_intents WHERE provider_intent_id = $1`, [payment.providerIntentId]);
          if (rows[0]) outsideCents = await this.onRefunds(rows[0]);
          acted = rows.length > 0;
        } catch (error) {
          differences.push({ subjectId: payment.subjectId, code: 'refunds_unhandled', message: `Its refunds could not be acted on: ${(error as Error).message}` });
        }
        if (acted) {
          try {
            const after = (await paymentsToReconcile(this.dataSource.manager, since, payment.subjectId))[0];
            if (after) found = differencesOf(after, await this.provider.retrieveIntent(payment.providerIntentId), outsideCents);
          } catch (error) {
            this.logger.warn(`Reconciliation: ${payment.subjectId} not compared again after its refunds: ${(error as Error).message}`);
          }
        }
      }
      differences.push(...found);
    }
    const ledger = await checkLedger(this.dataSource.manager);
    const finishedAt = this.clock.now();
    await this.dataSource.transaction(async (manager) => {
      const cameBack = await this.cameBackIn(manager, 'payments');
      for (const difference of differences) {
        await this.incidents.recordIn(manager, {
          kind: 'reconciliation',
          subjectType: 'request',
          subjectId: difference.subjectId,
          message: difference.message,
          details: { code: difference.code },
          dedupKey: `reconcile:${difference.subjectId}:${difference.code}`,
          // A payment of another provider stays one until its window passes: told once, not daily.
          reopen: difference.code !== 'other_provider' && cameBack(difference),
        });
      }
      for (const violation of ledger.violations) {
        const difference = { subjectId: 'ledger', code: 'ledger', message: violation };
        await this.incidents.recordIn(manager, { kind: 'reconciliation', subjectType: 'ledger', subjectId: 'ledger', message: violation, dedupKey: `reconcile:ledger:${violation}`, reopen: cameBack(difference) });
      }
      await this.recordReconciliationRunIn(manager, {
        kind: 'payments',
        startedAt,
        finishedAt,
        days: options.days,
        checked,
        balanced: ledger.balanced,
        differences: [...differences, ...ledger.violations.map((message) => ({ subjectId: 'ledger', code: 'ledger', message }))],
      });
    });
    return { startedAt, finishedAt, checked, differences, balanced: ledger.balanced, ledgerViolations: ledger.violations };
  }

  /** Keeps one reconciliation run (the payments', or payouts' of their transfers) for the money desk, in the caller's transaction. */
  async recordReconciliationRunIn(manager: EntityManager, run: ReconciliationRunRecord): Promise<void> {
    await manager.query(
      `INSERT INTO reconciliation_runs (kind, started_at, finished_at, days, checked, differences, balanced, details) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [run.kind, run.startedAt, run.finishedAt, run.days, run.checked, run.differences.length, run.balanced, JSON.stringify(run.differences)],
    );
  }

  /**
   * Which of a run's differences came back: those the previous run of the kind did not find as they
   * are now. Only those reopen an incident an administrator resolved. A difference found by every
   * run since, word for word, is one the administrator resolved while it stood (one Huddle cannot
   * mend, such as a refunds gap no listed refund explains): each run still lists it for the money desk, but
   * it is not opened and alerted again every day of its window. A changed amount or status is a
   * new message, so it opens again.
   */
  async cameBackIn(manager: EntityManager, kind: ReconciliationKind): Promise<(difference: { subjectId: string; code: string; message: string }) => boolean> {
    const rows: Array<{ details: Array<{ subjectId: string; code: string; message: string }> | null }> = await manager.query(
      `SELECT details FROM reconciliation_runs WHERE kind = $1 ORDER BY finished_at DESC, started_at DESC LIMIT 1`,
      [kind],
    );
    const key = (difference: { subjectId: string; code: string; message: string }) => JSON.stringify([difference.subjectId, difference.code, difference.message]);
    const before = new Set((rows[0]?.details ?? []).map(key));
    return (difference) => !before.has(key(difference));
  }

  /** The last reconciliation run of each kind, for the money desk. */
  async lastReconciliation(kind: ReconciliationKind = 'payments'): Promise<{ finishedAt: Date; checked: number; differences: number; balanced: boolean } | null> {
    const rows: Array<{ finished_at: Date; checked: number; differences: number; balanced: boolean }> = await this.dataSource.query(
      `SELECT finished_at, checked, differences, balanced FROM reconciliation_runs WHERE kind = $1 ORDER BY finished_at DESC LIMIT 1`,
      [kind],
    );
    return rows[0] ? { finishedAt: rows[0].finished_at, checked: rows[0].checked, differences: rows[0].differences, balanced: rows[0].balanced } : null;
  }

  /**
   * The charge that collected a payment (the first of these subjects with one: a request, then its
   * campaign), as the provider reports it now: payouts draw each request's transfer on it. Null when
   * the payment was not captured (or has no charge to draw on).
   */
  async chargeOf(subjectIds: readonly string[]): Promise<string | null> {
    for (const subjectId of subjectIds) {
      const row = await this.intentOf(subjectId);
      if (!row) continue;
      const intent = await this.provider.retrieveIntent(row.provider_intent_id);
      return intent.status === 'succeeded' ? intent.chargeId : null;
    }
    return null;
  }

  /**
   * Payouts take this (shared, with each other) in the transaction that decides what is payable, and
   * a dispute takes it alone to record itself (onDispute): so a dispute is either recorded before a
   * payout reads the shares (and holds its share out) or after the payout committed (recorded
   * against a share already paid out, which the administrator sees on the money desk), never
   * between the two.
   */
  async holdDisputesOffIn(manager: EntityManager): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock_shared(hashtextextended($1, 0))', [DISPUTES_LOCK]);
  }

  /**
   * The ledger's balance of each kind of account, in cents (athlete_payable summed over athletes),
   * and the cash flows of money in and out: captured, refunded (refunds and a campaign's returned
   * shares) and paid_out (net of payouts returned). Given a period, only the entries recorded in it
   * ([from, to), either end open when null) count: what moved in that period.
   */
  async ledgerBalances(period: { from: Date | null; to: Date | null } = { from: null, to: null }): Promise<Record<string, number>> {
    const within = `($1::timestamptz IS NULL OR created_at >= $1) AND ($2::timestamptz IS NULL OR created_at < $2)`;
    const bounds = [period.from, period.to];
    const [rows, flows]: [Array<{ account: string; total: string }>, Array<{ paid_out: string; captured: string; refunded: string }>] = await Promise.all([
      this.dataSource.query(
        `SELECT CASE WHEN account LIKE 'athlete_payable:%' THEN 'athlete_payable' ELSE account END AS account, sum(amount_cents)::text AS total
           FROM ledger_entries WHERE ${within} GROUP BY 1`,
        bounds,
      ),
      // What left cash for athletes, net of what came back (paid_out less payout_returned); what came in and what went back to payers.
      this.dataSource.query(
        `SELECT coalesce(-sum(amount_cents) FILTER (WHERE movement IN ('paid_out', 'payout_returned')), 0)::text AS paid_out,
                coalesce(sum(amount_cents) FILTER (WHERE movement = 'captured'), 0)::text AS captured,
                coalesce(-sum(amount_cents) FILTER (WHERE movement IN ('refunded', 'returned')), 0)::text AS refunded
           FROM ledger_entries WHERE account = 'cash' AND ${within}`,
        bounds,
      ),
    ]);
    const flow = flows[0];
    return {
      ...Object.fromEntries(rows.map((row) => [row.account, Number(row.total)])),
      paid_out: Number(flow?.paid_out ?? 0),
      captured: Number(flow?.captured ?? 0),
      refunded: Number(flow?.refunded ?? 0),
    };
  }

  /** Open disputes with their deadlines, soonest first. */
  async openDisputes(): Promise<Array<{ id: string; subjectId: string; amountCents: number; reason: string | null; status: string; evidenceDueBy: Date | null; createdAt: Date }>> {
    const rows: Array<{ id: string; subject_id: string; amount_cents: number; reason: string | null; status: string; evidence_due_by: Date | null; created_at: Date }> = await this.dataSource.query(
      `SELECT id, subject_id, amount_cents, reason, status, evidence_due_by, created_at FROM payment_disputes WHERE closed_at IS NULL ORDER BY evidence_due_by NULLS LAST, created_at`,
    );
    return rows.map((row) => ({ id: row.id, subjectId: row.subject_id, amountCents: row.amount_cents, reason: row.reason, status: row.status, evidenceDueBy: row.evidence_due_by, createdAt: row.created_at }));
  }

  /** The payment intent of a request's checkout: created once, the same one on every repeat. */
  async openCheckout(input: CheckoutInput): Promise<Checkout> {
    const existing = await this.intentOf(input.requestId);
    if (existing) {
      if (existing.payer_id !== input.payerId) throw PaymentsErrors.notYours();
      if (existing.status === 'canceled' && (await this.canceledForCardTesting(existing)) && !(await this.hasMovement(input.requestId, 'authorised'))) {
        return this.reopenCheckout(existing, input);
      }
      return { clientSecret: existing.client_secret, provider: existing.provider, publishableKey: this.provider.publishableKey };
    }
    const kind: PaymentKind = input.kind ?? 'request';
    // A campaign's payment is captured when confirmed; a request's card is held until acceptance.
    const captureMethod = kind === 'campaign' ? 'automatic' : 'manual';
    const idempotencyKey = await this.idempotencyKey('create', input.requestId);
    const intent = await this.provider.createIntent({
      amountCents: input.amountCents,
      payerId: input.payerId,
      payerEmail: input.payerEmail ?? null,
      requestId: input.requestId,
      description: input.description,
      idempotencyKey,
      captureMethod,
    });
    const inserted: IntentRow[] = await this.dataSource.query(
      `INSERT INTO payment_intents (request_id, payer_id, provider, provider_intent_id, client_secret, amount_cents, status, kind, capture_method)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (request_id) DO NOTHING RETURNING *`,
      [input.requestId, input.payerId, this.provider.name, intent.id, intent.clientSecret, input.amountCents, intent.status, kind, captureMethod],
    );
    // A racing checkout of the same request stored its intent first: answer that one.
    const stored = inserted[0] ?? (await this.intentOf(input.requestId));
    if (!stored) throw PaymentsErrors.providerUnavailable();
    return { clientSecret: stored.client_secret, provider: stored.provider, publishableKey: this.provider.publishableKey };
  }

  /**
   * A checkout whose intent was canceled when the payer's checkout paused (card testing) gets a new
   * intent once the pause is over: the old client secret stays dead at the provider. One new intent
   * per canceled one (its key names the old), swapped in only where the old is still the request's.
   */
  private async reopenCheckout(existing: IntentRow, input: CheckoutInput): Promise<Checkout> {
    const intent = await this.provider.createIntent({
      amountCents: existing.amount_cents,
      payerId: input.payerId,
      payerEmail: input.payerEmail ?? null,
      requestId: input.requestId,
      description: input.description,
      idempotencyKey: await this.idempotencyKey('create', input.requestId, undefined, `after:${existing.provider_intent_id}`),
      captureMethod: existing.kind === 'campaign' ? 'automatic' : 'manual',
    });
    await this.dataSource.query(
      `UPDATE payment_intents SET provider_intent_id = $3, client_secret = $4, status = $5, updated_at = now() WHERE request_id = $1 AND provider_intent_id = $2`,
      [input.requestId, existing.provider_intent_id, intent.id, intent.clientSecret, intent.status],
    );
    const stored = await this.intentOf(input.requestId);
    if (!stored) throw PaymentsErrors.providerUnavailable();
    return { clientSecret: stored.client_secret, provider: stored.provider, publishableKey: this.provider.publishableKey };
  }

  /**
   * A declined card (the sandbox's answer, Stripe's payment_intent.payment_failed or
   * setup_intent.setup_failed) counts toward pausing the payer's checkout. When the pause trips, the
   * payer's intents still waiting for a card are canceled at the provider (a job): a client secret
   * handed out before cannot keep trying cards at the provider directly.
   */
  async recordDecline(payerId: string): Promise<void> {
    if (await this.declines.recordDecline(payerId)) await this.jobs.enqueue(STOP_CARD_TESTING, { payerId }, { singletonKey: `stop-card-testing:${payerId}` });
  }

  /** Cancels, at the provider, each of the payer's intents still waiting for a card (re-read first), once per intent by its key. */
  private async stopCardTesting(payerId: string): Promise<void> {
    const rows: IntentRow[] = await this.dataSource.query(`SELECT * FROM payment_intents WHERE payer_id = $1 AND status = ANY($2::text[])`, [payerId, WAITING_FOR_CARD]);
    for (const row of rows) {
      const intent = await this.provider.retrieveIntent(row.provider_intent_id);
      // One key per intent: a request's checkout reopened after a pause has a new intent, and a
      // second pause must cancel that one (the first key would replay the first cancel, or be
      // refused by Stripe as used with other parameters, leaving the new secret open).
      const now = WAITING_FOR_CARD.includes(intent.status)
        ? await this.provider.cancel(row.provider_intent_id, await this.idempotencyKey('card-testing', row.request_id, undefined, row.provider_intent_id))
        : intent;
      await this.dataSource.query(`UPDATE payment_intents SET status = $3, updated_at = now() WHERE request_id = $1 AND provider_intent_id = $2`, [
        row.request_id,
        row.provider_intent_id,
        now.status,
      ]);
    }
  }

  /**
   * Whether the requester's card is held for the request, re-read from the provider (never from
   * what a browser says). The first time it is, the 'authorised' movement is recorded.
   */
  async authorisation(requestId: string): Promise<{ authorised: boolean; amountCents: number; authorisedAt: Date | null; captureBefore: Date | null }> {
    const row = await this.intentOf(requestId);
    if (!row) return { authorised: false, amountCents: 0, authorisedAt: null, captureBefore: null };
    const intent = await this.provider.retrieveIntent(row.provider_intent_id);
    const held = await this.recordIntent(this.dataSource.manager, row, intent);
    const authorised = AUTHORISED.includes(intent.status);
    // One statement (claim and rows together), so it needs no transaction of its own.
    if (authorised) await recordMovement(this.dataSource.manager, requestId, 'authorised', LEDGER_LINES.authorised(row.amount_cents));
    return { authorised, amountCents: row.amount_cents, ...held };
  }

  /**
   * Whether a campaign's payment was captured (re-read from the provider, never from what a browser
   * says), and for how much. Nothing is recorded here: the campaign's shares are, when booking
   * marks it paid (recordCampaignCaptureIn).
   */
  async campaignPayment(campaignId: string): Promise<{ captured: boolean; amountCents: number }> {
    const row = await this.intentOf(campaignId);
    if (!row || row.kind !== 'campaign') return { captured: false, amountCents: 0 };
    const intent = await this.provider.retrieveIntent(row.provider_intent_id);
    await this.dataSource.query(`UPDATE payment_intents SET status = $2, updated_at = now() WHERE request_id = $1`, [campaignId, intent.status]);
    return { captured: intent.status === 'succeeded', amountCents: row.amount_cents };
  }

  /**
   * The campaign's captured payment in the ledger, share by share (each share is its request's
   * money from here on), inside booking's transaction that marks it paid. The shares must add up
   * to what was charged.
   */
  async recordCampaignCaptureIn(manager: EntityManager, campaignId: string, shares: readonly CampaignShare[]): Promise<void> {
    const row = await this.requireIntent(campaignId, manager);
    const total = shares.reduce((sum, share) => sum + share.amountCents, 0);
    if (total !== row.amount_cents) throw new Error(`The shares of campaign ${campaignId} add up to ${total}, not the ${row.amount_cents} charged`);
    for (const share of shares) {
      await recordMovement(manager, share.requestId, 'authorised', LEDGER_LINES.authorised(share.amountCents));
      await recordMovement(manager, share.requestId, 'captured', LEDGER_LINES.captured(share.amountCents));
    }
  }

  /** A campaign share's athlete accepted: the share is split (owed to the athlete, the fee), in booking's transaction. */
  async allocateShareIn(manager: EntityManager, share: CampaignShare): Promise<void> {
    if (share.feeCents + share.athleteCents !== share.amountCents) throw new Error(`The split of ${share.requestId} does not add up to its amount`);
    await recordMovement(manager, share.requestId, 'owed_to_athlete', LEDGER_LINES.owedToAthlete({ ...share }));
  }

  /** Gives one campaign share back to the card (a partial refund) after the caller's transaction commits. */
  async refundShareIn(manager: EntityManager, input: ShareRefundInput): Promise<void> {
    await this.jobs.enqueueIn(manager, REFUND_SHARE, input, { singletonKey: `refund-share:${input.requestId}` });
  }

  /** Captures the hold after the caller's transaction commits (the athlete accepted). */
  async captureIn(manager: EntityManager, input: CaptureInput): Promise<void> {
    await this.jobs.enqueueIn(manager, CAPTURE, input, { singletonKey: `capture:${input.requestId}` });
  }

  /** Releases the hold (declined, canceled or expired before acceptance). */
  async voidIn(manager: EntityManager, input: VoidInput): Promise<void> {
    // The void's key is kept with the decision, not when its job first runs: the provider may
    // report the hold canceled in between (a lapse, the Dashboard), and that is then this release
    // (told to the payer by the job), not a hold lost with a false incident.
    await this.keepKey(manager, 'void', input.requestId);
    await this.jobs.enqueueIn(manager, VOID, input, { singletonKey: `void:${input.requestId}` });
  }

  /** Gives the money back in full (an administrator canceled an accepted request). */
  async refundIn(manager: EntityManager, input: CaptureInput): Promise<void> {
    // A hold not captured yet is released by this refund's job (a void): its key is kept with the
    // decision, as voidIn keeps it, so a canceled hold reported meanwhile is not a lost one.
    await this.keepKey(manager, 'void', input.requestId);
    await this.jobs.enqueueIn(manager, REFUND, input, { singletonKey: `refund:${input.requestId}` });
  }

  /** A provider event, verified by the provider adapter, handled once after it is acknowledged. */
  async receiveEvent(event: { id: string; type: string; intentId: string | null; objectType?: string; objectId?: string | null; accountId?: string | null }): Promise<void> {
    await this.jobs.enqueue(PROVIDER_EVENT, {
      eventId: event.id,
      type: event.type,
      intentId: event.intentId,
      objectType: event.objectType ?? 'payment_intent',
      objectId: event.objectId ?? event.intentId,
      accountId: event.accountId ?? null,
    } satisfies ProviderEventJob);
  }

  /**
   * Money out of Huddle's cash to an athlete (a payout item, or an administrator's mark of a
   * request paid outside Huddle), recorded once per subject in the caller's transaction; `at` for
   * one that happened before it is recorded (imported history).
   */
  async recordPaidOutIn(manager: EntityManager, subjectId: string, athleteId: string, amountCents: number, at?: Date): Promise<boolean> {
    return recordMovement(manager, subjectId, 'paid_out', LEDGER_LINES.paidOut(athleteId, amountCents), at);
  }

  /**
   * The money of finished requests imported as history (a trusted import: the demo's past months),
   * in the caller's transaction: the card held when it was booked, captured and split when the
   * athlete accepted, each movement dated when it happened. What the statistics, the locker room
   * and the payouts read of such a request is then what the request says it cost. Once each.
   */
  async recordImportedIn(manager: EntityManager, shares: ReadonlyArray<Split & { requestId: string; bookedAt: Date; acceptedAt: Date }>): Promise<void> {
    for (const share of shares) {
      await recordMovement(manager, share.requestId, 'authorised', LEDGER_LINES.authorised(share.amountCents), share.bookedAt);
      await recordMovement(manager, share.requestId, 'captured', LEDGER_LINES.captured(share.amountCents), share.acceptedAt);
      await recordMovement(manager, share.requestId, 'owed_to_athlete', LEDGER_LINES.owedToAthlete(share), share.acceptedAt);
    }
  }

  /** A payout's money came back (the transfer refused or reversed): payable to the athlete again, once. */
  async recordPayoutReturnedIn(manager: EntityManager, subjectId: string, athleteId: string, amountCents: number): Promise<boolean> {
    return recordMovement(manager, subjectId, 'payout_returned', LEDGER_LINES.payoutReturned(athleteId, amountCents));
  }

  /** Open money incidents and the rest of the desk read them through here. */
  get moneyIncidents(): MoneyIncidents {
    return this.incidents;
  }

  /**
   * The demo seed's checkout: the sandbox's card form with Stripe's 4242 test card, as a requester
   * would fill it in. Only the embedded sandbox can do this; with Stripe it refuses.
   */
  async payWithSandboxTestCard(requestId: string, payerId: string): Promise<void> {
    if (!(this.provider instanceof SandboxCardProvider)) throw new Error('Only the sandbox provider pays with a test card');
    const row = await this.requireIntent(requestId);
    const confirmed = await this.provider.confirm(row.client_secret, payerId, { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' });
    const expected: IntentStatus = row.kind === 'campaign' ? 'succeeded' : 'requires_capture';
    if (confirmed?.intent.status !== expected) throw new Error(`The sandbox refused the demo payment of ${requestId}`);
  }

  /**
   * The sandbox plays what happens at the provider without Huddle asking, and reports it as Stripe
   * would (a webhook event, handled by the same job): a hold canceled in its dashboard, a refund
   * made there, a dispute opened, won or lost. So every provider-event path runs offline, in the
   * demo and in tests. Answers the event's type.
   */
  async playSandboxEvent(subjectId: string, event: SandboxProviderEvent): Promise<string> {
    if (!(this.provider instanceof SandboxCardProvider)) throw PaymentsErrors.notFound();
    if (isSandboxConnectEvent(event)) return this.playSandboxConnectEvent(subjectId, event);
    const row = await this.intentOf(subjectId);
    if (!row) throw PaymentsErrors.notFound();
    const intentId = row.provider_intent_id;
    const report = async (type: string, objectType: string, objectId: string) => {
      await this.receiveEvent({ id: `evt_sbx_${randomUUID()}`, type, intentId, objectType, objectId });
      return type;
    };
    try {
      switch (event) {
        case 'hold_canceled':
          await this.provider.cancelInDashboard(intentId);
          return await report('payment_intent.canceled', 'payment_intent', intentId);
        case 'refund_outside':
          return await report('charge.refunded', 'refund', (await this.provider.refundInDashboard(intentId)).id);
        case 'dispute_opened':
          return await report('charge.dispute.created', 'dispute', (await this.provider.openDispute(intentId)).id);
        case 'dispute_won':
        case 'dispute_lost':
          return await report('charge.dispute.closed', 'dispute', (await this.provider.closeDispute(intentId, event === 'dispute_won')).id);
      }
    } catch (error) {
      if (error instanceof SandboxProviderError) throw PaymentsErrors.sandboxRefused(error.message);
      throw error;
    }
  }

  /** Payouts' part of the sandbox (its Connect side), registered by payouts at start. */
  useSandboxConnectPlayer(player: SandboxConnectPlayer): void {
    this.sandboxConnect = player;
  }

  /** A Connect event on a payout item (a transfer reversed, the athlete's bank refusing a payout), reported like Stripe's webhook. */
  private async playSandboxConnectEvent(payoutItemId: string, event: SandboxConnectEvent): Promise<string> {
    if (!this.sandboxConnect) throw PaymentsErrors.notFound();
    const played = await this.sandboxConnect(payoutItemId, event);
    if ('missing' in played) throw PaymentsErrors.notFound();
    if ('refused' in played) throw PaymentsErrors.sandboxRefused(played.refused);
    for (const change of played.changes) {
      await this.receiveEvent({ id: `evt_sbx_${randomUUID()}`, type: change.type, intentId: null, objectType: change.objectType, objectId: change.objectId, accountId: change.accountId });
    }
    return played.changes[0]?.type ?? (event === 'transfer_reversed' ? 'transfer.reversed' : 'payout.failed');
  }

  /** The demo's canceled hold: the sandbox's dashboard cancels it and reports payment_intent.canceled. */
  async cancelHoldInSandboxDashboard(requestId: string): Promise<void> {
    await this.playSandboxEvent(requestId, 'hold_canceled');
  }

  async savedCards(payerId: string): Promise<SavedCard[]> {
    return this.provider.listCards(payerId);
  }

  async startSavingCard(payerId: string): Promise<Checkout> {
    const setup = await this.provider.createSetup(payerId, `setup:${payerId}:${Date.now()}`);
    return { clientSecret: setup.clientSecret, provider: this.provider.name, publishableKey: this.provider.publishableKey };
  }

  async ledgerCheck(): Promise<LedgerCheck> {
    return checkLedger(this.dataSource.manager);
  }

  /** Which of these campaign shares were refunded to the card, and how much (the ledger's returned or refunded movements). */
  async refundedShares(requestIds: readonly string[]): Promise<Map<string, number>> {
    if (requestIds.length === 0) return new Map();
    const rows: Array<{ request_id: string; amount_cents: string }> = await this.dataSource.query(
      `SELECT request_id, amount_cents FROM ledger_movements WHERE request_id = ANY($1::uuid[]) AND movement IN ('returned', 'refunded')`,
      [requestIds],
    );
    return new Map(rows.map((row) => [row.request_id, Number(row.amount_cents)]));
  }

  /**
   * What the buyer's money went through for these subjects (a request, and its campaign for a
   * dispute of the campaign's payment), oldest first: only movements the ledger recorded, which it
   * does once the provider confirmed them. A campaign's share was captured at once, never held.
   */
  async moneyTimeline(subjectIds: readonly string[], options: { capturedAtOnce: boolean }): Promise<Array<{ kind: MoneyEventKind; amountCents: number; at: Date }>> {
    // Each line's amount is what moved on the account the buyer's money touched: the hold, or cash.
    const rows: Array<{ movement: string; amount_cents: string; recorded_at: Date }> = await this.dataSource.query(
      `SELECT m.movement, m.recorded_at,
              abs(coalesce(sum(e.amount_cents) FILTER (WHERE e.account = CASE m.movement WHEN 'authorised' THEN 'holds' WHEN 'voided' THEN 'holds'
                                                                   WHEN 'dispute_lost' THEN 'dispute_losses' ELSE 'cash' END), 0))::text AS amount_cents
         FROM ledger_movements m JOIN ledger_entries e ON e.request_id = m.request_id AND e.movement = m.movement
        WHERE m.request_id = ANY($1::uuid[]) AND m.movement = ANY($2::text[])
        GROUP BY m.request_id, m.movement, m.recorded_at ORDER BY m.recorded_at, m.movement`,
      [subjectIds, Object.keys(MONEY_EVENT_OF_MOVEMENT)],
    );
    return rows.flatMap((row) => {
      const kind = MONEY_EVENT_OF_MOVEMENT[row.movement];
      if (!kind || (kind === 'held' && options.capturedAtOnce)) return [];
      return [{ kind, amountCents: Number(row.amount_cents), at: row.recorded_at }];
    });
  }

  /** A request's ledger rows, oldest first (tests, the admin, the benchmark's checks). */
  async ledgerOf(requestId: string): Promise<Array<{ movement: string; account: string; amountCents: number }>> {
    const rows: Array<{ movement: string; account: string; amount_cents: string }> = await this.dataSource.query(
      `SELECT movement, account, amount_cents FROM ledger_entries WHERE request_id = $1 ORDER BY id`,
      [requestId],
    );
    return rows.map((row) => ({ movement: row.movement, account: row.account, amountCents: Number(row.amount_cents) }));
  }

  /**
   * Charges the held card. The hold is read first: one that is gone (canceled at the provider, or
   * past the provider's capture deadline) is never taken as a capture. Unless Huddle released it
   * itself (an administrator's cancel raced the acceptance), the request is lost to a lapsed hold:
   * booking cancels it and both parties are told (PAYMENT_HOLD_LOST), and the administrator sees it.
   */
  private async capture(input: CaptureInput): Promise<void> {
    const row = await this.requireIntent(input.requestId);
    const before = await this.provider.retrieveIntent(row.provider_intent_id);
    if (before.status === 'canceled' || this.pastCaptureDeadline(before)) {
      if (await this.hasKey('void', input.requestId)) return;
      await this.holdLost(row, before, 'The card hold expired before it could be charged');
      return;
    }
    const intent = before.status === 'succeeded' ? before : await this.provider.capture(row.provider_intent_id, await this.idempotencyKey('capture', input.requestId));
    if (intent.status !== 'succeeded') throw new Error(`Capture of ${input.requestId} left the intent ${intent.status}`);
    const split: Split = { amountCents: row.amount_cents, feeCents: input.feeCents, athleteCents: input.athleteCents, athleteId: input.athleteId };
    if (split.feeCents + split.athleteCents !== split.amountCents) throw new Error(`The split of ${input.requestId} does not add up to its amount`);
    await this.dataSource.transaction(async (manager) => {
      await this.setStatus(manager, input.requestId, intent.status);
      await recordMovement(manager, input.requestId, 'authorised', LEDGER_LINES.authorised(row.amount_cents));
      const charged = await recordMovement(manager, input.requestId, 'captured', LEDGER_LINES.captured(row.amount_cents));
      await recordMovement(manager, input.requestId, 'owed_to_athlete', LEDGER_LINES.owedToAthlete(split));
      if (charged) await this.notice(manager, 'charged', row, row.amount_cents, input);
    });
  }

  /**
   * The hold is gone without Huddle asking: the provider's state is recorded (a hold past its
   * deadline is canceled first, so nothing can capture it later), the ledger's hold released,
   * booking told to cancel the request, and a money incident opened, all in one transaction.
   */
  private async holdLost(row: IntentRow, before: ProviderIntent, reason: string): Promise<void> {
    const intent = before.status === 'canceled' ? before : await this.provider.cancel(row.provider_intent_id, await this.idempotencyKey('lapse', row.request_id));
    await this.dataSource.transaction(async (manager) => {
      await this.setStatus(manager, row.request_id, intent.status);
      if (await this.hasMovement(row.request_id, 'authorised', manager)) {
        await recordMovement(manager, row.request_id, 'voided', LEDGER_LINES.voided(row.amount_cents));
      }
      await this.jobs.publishIn(manager, PAYMENT_HOLD_LOST, { requestId: row.request_id, reason } satisfies PaymentHoldLostEvent);
      await this.incidents.recordIn(manager, {
        kind: 'hold_lost',
        subjectType: 'request',
        subjectId: row.request_id,
        amountCents: row.amount_cents,
        message: `${reason}; nothing was charged, and the request is canceled unless it has already ended`,
        details: { provider_intent_id: row.provider_intent_id, capture_before: before.captureBefore },
        dedupKey: `hold_lost:${row.request_id}`,
      });
    });
  }

  private async void(input: VoidInput): Promise<void> {
    const { requestId } = input;
    const row = await this.intentOf(requestId);
    // A draft nobody opened checkout for has no intent: nothing is held.
    if (!row) return;
    const before = await this.provider.retrieveIntent(row.provider_intent_id);
    // A campaign draft deleted as its payment went through: all of it goes back. The card was
    // charged and refunded, so the ledger keeps both, under the campaign's id, once the provider
    // confirmed the refund (requireRefunded throws on a pending one; the job tries again).
    if (before.status === 'succeeded' && row.kind === 'campaign') {
      if (before.amountRefundedCents < before.amountCents) {
        const { refund } = await this.provider.refund(row.provider_intent_id, await this.idempotencyKey('refund', requestId));
        this.requireRefunded(refund, requestId);
      } else {
        // Refunded by an earlier try: a pending refund already counts in the provider's refunded
        // amount, so each of Huddle's refunds of it must have succeeded before the ledger says so.
        for (const refund of (await this.provider.listRefunds(row.provider_intent_id)).filter((candidate) => candidate.ours)) this.requireRefunded(refund, requestId);
      }
      await this.dataSource.transaction(async (manager) => {
        await this.setStatus(manager, requestId, before.status);
        await recordMovement(manager, requestId, 'authorised', LEDGER_LINES.authorised(row.amount_cents));
        await recordMovement(manager, requestId, 'captured', LEDGER_LINES.captured(row.amount_cents));
        await recordMovement(manager, requestId, 'returned', LEDGER_LINES.returned(row.amount_cents));
      });
      return;
    }
    if (before.status === 'succeeded') throw new Error(`The hold of ${requestId} was captured; it needs a refund, not a void`);
    const key = await this.idempotencyKey('void', requestId);
    const intent = before.status === 'canceled' ? before : await this.provider.cancel(row.provider_intent_id, key);
    await this.dataSource.transaction(async (manager) => {
      await this.setStatus(manager, requestId, intent.status);
      // Whether a hold was released is judged after the cancel: the payer may have confirmed the
      // card between the read above and the cancel (and set-paid recorded the hold), and the
      // canceled intent still says it was authorised. A late set-paid's 'authorised' is then a no-op.
      const wasHeld = before.status === 'requires_capture' || intent.authorisedAt !== null || (await this.hasMovement(requestId, 'authorised', manager));
      if (!wasHeld) return;
      await recordMovement(manager, requestId, 'authorised', LEDGER_LINES.authorised(row.amount_cents));
      const released = await recordMovement(manager, requestId, 'voided', LEDGER_LINES.voided(row.amount_cents));
      // Told once the provider released it, never at the decision (that only said it will be).
      if (released && row.kind === 'request') {
        await this.notice(manager, 'released', row, row.amount_cents, input);
        // The request no longer reads authorised: its hold is gone.
        await this.jobs.publishIn(manager, PAYMENT_HOLD_RELEASED, { requestId } satisfies PaymentHoldReleasedEvent);
      }
    });
  }

  private async refund(input: CaptureInput): Promise<void> {
    const row = await this.requireIntent(input.requestId);
    const before = await this.provider.retrieveIntent(row.provider_intent_id);
    // Not captured yet (the capture job had not run): releasing the hold gives everything back.
    if (before.status !== 'succeeded') {
      await this.void({ requestId: input.requestId, athleteId: input.athleteId, serviceType: input.serviceType });
      return;
    }
    const { refund } = await this.provider.refund(row.provider_intent_id, await this.idempotencyKey('refund', input.requestId, { job: REFUND, input }));
    this.requireRefunded(refund, input.requestId);
    const split: Split = { amountCents: row.amount_cents, feeCents: input.feeCents, athleteCents: input.athleteCents, athleteId: input.athleteId };
    await this.dataSource.transaction(async (manager) => {
      await this.setStatus(manager, input.requestId, before.status);
      // A refund follows a capture whose job may not have written its rows yet; write them first.
      await recordMovement(manager, input.requestId, 'authorised', LEDGER_LINES.authorised(row.amount_cents));
      await recordMovement(manager, input.requestId, 'captured', LEDGER_LINES.captured(row.amount_cents));
      await recordMovement(manager, input.requestId, 'owed_to_athlete', LEDGER_LINES.owedToAthlete(split));
      const refunded = await recordMovement(manager, input.requestId, 'refunded', LEDGER_LINES.refunded(split));
      if (refunded) await this.notice(manager, 'refunded', row, refund.amountCents, input);
    });
  }

  /**
   * One share's partial refund of its campaign's payment, once: the provider call carries a key of
   * the share (a retry cannot refund twice), and the ledger movement (returned, or refunded when
   * the share had been split) is recorded with the business's notification in one transaction,
   * once the provider says the refund succeeded.
   */
  private async refundShare(input: ShareRefundInput): Promise<void> {
    const movement = input.allocated ? 'refunded' : 'returned';
    if (await this.hasMovement(input.requestId, movement)) return;
    const row = await this.requireIntent(input.campaignId);
    const { intent, refund } = await this.provider.refund(row.provider_intent_id, await this.idempotencyKey('refund', input.requestId, { job: REFUND_SHARE, input }), input.amountCents);
    this.requireRefunded(refund, input.requestId);
    const split: Split = { amountCents: input.amountCents, feeCents: input.feeCents, athleteCents: input.athleteCents, athleteId: input.athleteId };
    await this.dataSource.transaction(async (manager) => {
      await this.setStatus(manager, input.campaignId, intent.status);
      const lines = input.allocated ? LEDGER_LINES.refunded(split) : LEDGER_LINES.returned(input.amountCents);
      const recorded = await recordMovement(manager, input.requestId, movement, lines);
      if (recorded) await this.notifications.campaignRefundIn(manager, input);
    });
  }

  /**
   * A refund counts once the provider says it succeeded. Pending: the job tries again later (and
   * gives up into a money incident if it never settles); failed or canceled: a money incident at
   * once, since retrying the same refund cannot change it.
   */
  private requireRefunded(refund: ProviderRefund, subjectId: string): void {
    if (refund.status === 'succeeded') return;
    if (refund.status === 'pending' || refund.status === 'requires_action') throw new ProviderPending(`Refund ${refund.id} of ${subjectId} is still ${refund.status}`);
    throw new Error(`Refund ${refund.id} of ${subjectId} ${refund.status}${refund.failureReason ? `: ${refund.failureReason}` : ''}`);
  }

  /**
   * Deduplicated on the event id and safe out of order: the event only says which object to look
   * at; what happens follows the object as the provider reports it now. Connect objects (accounts,
   * transfers, payouts) go to their subscribers (payouts) the same way.
   */
  private async onProviderEvent(job: Job<ProviderEventJob>): Promise<void> {
    const event = job.data;
    if (event.objectType && CONNECT_OBJECTS.includes(event.objectType) && event.objectId) {
      await this.transactions.run(async () => {
        const manager = this.transactions.manager;
        if (!(await this.firstSight(manager, event))) return;
        await this.jobs.publishIn(manager, PROVIDER_CONNECT_EVENT, {
          eventId: event.eventId,
          type: event.type,
          objectType: event.objectType as ConnectObjectType,
          objectId: event.objectId as string,
          accountId: event.accountId ?? null,
        } satisfies ProviderConnectEvent);
      });
      return;
    }
    if (event.type === 'setup_intent.setup_failed' && event.objectId) {
      // A card the payer tried to save was declined at the provider: a decline like a failed payment.
      const payerId = await this.provider.payerOfSetup(event.objectId);
      const fresh = await this.transactions.run(() => this.firstSight(this.transactions.manager, event));
      if (fresh && payerId) await this.recordDecline(payerId);
      return;
    }
    const rows: IntentRow[] = event.intentId ? await this.dataSource.query(`SELECT * FROM payment_intents WHERE provider_intent_id = $1`, [event.intentId]) : [];
    const row = rows[0];
    // Disputes and refunds act on the object as it is now, each effect recorded once by its own
    // key, so a repeat or a late event is harmless; the event id is recorded with the intent below.
    if (row && event.objectType === 'dispute' && event.objectId) await this.onDispute(row, event.objectId);
    if (row && REFUND_EVENTS.includes(event.type)) await this.onRefunds(row);
    const intent = row ? await this.provider.retrieveIntent(row.provider_intent_id) : null;
    // A hold that is gone without Huddle asking (canceled in the Dashboard, or lapsed) ends the request.
    if (row && intent && row.kind === 'request' && intent.status === 'canceled' && (await this.hasMovement(row.request_id, 'authorised')) && !(await this.hasKey('void', row.request_id))) {
      await this.holdLost(row, intent, 'The card hold was canceled before it could be charged');
    }
    const fresh = await this.transactions.run(async () => {
      const manager = this.transactions.manager;
      if (!(await this.firstSight(manager, event))) return false;
      if (!row || !intent) return true;
      await this.recordIntent(manager, row, intent);
      if (row.kind === 'campaign') {
        if (intent.status === 'succeeded') {
          await this.jobs.publishIn(manager, PAYMENT_AUTHORISED, { requestId: row.request_id, kind: 'campaign' } satisfies PaymentAuthorisedEvent);
        }
        return true;
      }
      if (intent.status === 'requires_capture') {
        await recordMovement(manager, row.request_id, 'authorised', LEDGER_LINES.authorised(row.amount_cents));
        await this.jobs.publishIn(manager, PAYMENT_AUTHORISED, { requestId: row.request_id } satisfies PaymentAuthorisedEvent);
      }
      return true;
    });
    // With Stripe the card form talks to Stripe: a decline reaches Huddle only as this event, and
    // counts toward pausing the payer's checkout (card testing), once per event.
    if (fresh && row && event.type === 'payment_intent.payment_failed') await this.recordDecline(row.payer_id);
  }

  /**
   * A dispute (chargeback) as the provider reports it now: kept against its request or campaign,
   * the disputed money moved out of cash while it is disputed (not for an inquiry, which takes
   * nothing), back when the dispute is won, written off as the platform's loss when it is lost.
   * The administrator sees it with its evidence deadline; a disputed request's share is held out of
   * payouts until it closes (payouts reads payment_disputes).
   */
  private async onDispute(row: IntentRow, disputeId: string): Promise<void> {
    const dispute = await this.provider.retrieveDispute(disputeId);
    const closed = dispute.status === 'won' || dispute.status === 'lost' || dispute.status === 'warning_closed';
    const dueBy = dispute.evidenceDueBy === null ? null : new Date(dispute.evidenceDueBy * 1000);
    await this.dataSource.transaction(async (manager) => {
      // Alone against payouts deciding what is payable (holdDisputesOffIn): before them or after them.
      await manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [DISPUTES_LOCK]);
      const [kept]: Array<{ first: boolean }> = await manager.query(
        `INSERT INTO payment_disputes (id, subject_id, provider_intent_id, amount_cents, reason, status, evidence_due_by, closed_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, CASE WHEN $8 THEN now() END)
         ON CONFLICT (id) DO UPDATE SET status = excluded.status, amount_cents = excluded.amount_cents, evidence_due_by = excluded.evidence_due_by,
           closed_at = coalesce(payment_disputes.closed_at, excluded.closed_at), updated_at = now()
         RETURNING (xmax = 0) AS first`,
        [dispute.id, row.request_id, row.provider_intent_id, dispute.amountCents, dispute.reason, dispute.status, dueBy, closed],
      );
      if (kept?.first) {
        await this.jobs.publishIn(manager, PAYMENT_DISPUTED, { subjectId: row.request_id, disputeId: dispute.id, amountCents: dispute.amountCents } satisfies PaymentDisputedEvent);
      }
      if (!dispute.status.startsWith('warning_')) {
        await recordMovement(manager, row.request_id, 'dispute_withdrawn', LEDGER_LINES.disputeWithdrawn(dispute.amountCents));
        if (dispute.status === 'won') await recordMovement(manager, row.request_id, 'dispute_reinstated', LEDGER_LINES.disputeReinstated(dispute.amountCents));
        if (dispute.status === 'lost') await recordMovement(manager, row.request_id, 'dispute_lost', LEDGER_LINES.disputeLost(dispute.amountCents));
      }
      const due = dueBy ? `; evidence due by ${dueBy.toISOString().slice(0, 10)}` : '';
      await this.incidents.recordIn(manager, {
        kind: 'dispute_opened',
        subjectType: row.kind === 'campaign' ? 'campaign' : 'request',
        subjectId: row.request_id,
        amountCents: dispute.amountCents,
        message: `The payer disputed the charge (${dispute.reason ?? 'no reason given'})${due}`,
        details: { dispute_id: dispute.id, provider_intent_id: row.provider_intent_id },
        dedupKey: `dispute:${dispute.id}`,
      });
    });
  }

  /**
   * The intent's refunds as the provider reports them: one Huddle did not make (the provider's
   * dashboard) or one that failed is a money incident; nothing is adjusted silently. Huddle's own
   * succeeded refunds are recorded by the job that made them. Answers the cents refunded outside
   * Huddle (each now an incident of its own), which the ledger never takes in.
   */
  private async onRefunds(row: IntentRow): Promise<number> {
    const refunds = await this.provider.listRefunds(row.provider_intent_id);
    for (const refund of refunds) if (refund.ours && refund.status === 'succeeded' && refund.key) await this.refundSucceeded(refund.key);
    await this.dataSource.transaction(async (manager) => {
      // An outside refund holds the share from payouts, as a dispute does: alone against payouts
      // deciding what is payable (holdDisputesOffIn), before them or after them.
      if (refunds.some((refund) => !refund.ours && refund.status === 'succeeded')) {
        await manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [DISPUTES_LOCK]);
      }
      for (const refund of refunds) {
        const subjectType = row.kind === 'campaign' ? 'campaign' : 'request';
        if (!refund.ours && refund.status === 'succeeded') {
          const first = await this.incidents.recordIn(manager, {
            kind: 'refund_outside_huddle',
            subjectType,
            subjectId: row.request_id,
            amountCents: refund.amountCents,
            message: 'A refund was made at the card provider, not through Huddle; the request and the ledger were not changed',
            details: { refund_id: refund.id, provider_intent_id: row.provider_intent_id },
            dedupKey: `refund_outside:${refund.id}`,
          });
          if (first) {
            await this.jobs.publishIn(manager, PAYMENT_REFUNDED_OUTSIDE, { subjectId: row.request_id, refundId: refund.id, amountCents: refund.amountCents } satisfies PaymentRefundedOutsideEvent);
          }
        }
        if (refund.status === 'failed' || refund.status === 'canceled') {
          const first = await this.incidents.recordIn(manager, {
            kind: 'refund_failed',
            subjectType,
            subjectId: row.request_id,
            amountCents: refund.amountCents,
            message: `The provider reports refund ${refund.id} ${refund.status}${refund.failureReason ? ` (${refund.failureReason})` : ''}`,
            details: { refund_id: refund.id, provider_intent_id: row.provider_intent_id },
            dedupKey: `refund_failed:${refund.id}`,
          });
          // One of Huddle's refunds the payer was told of: they hear it is delayed, once.
          if (first && refund.ours) {
            const campaign = row.kind === 'campaign';
            await this.notifications.moneyDelayedIn(manager, {
              kind: 'refund',
              payerId: row.payer_id,
              amountCents: refund.amountCents,
              requestId: campaign ? null : row.request_id,
              campaignId: campaign ? row.request_id : null,
            });
          }
        }
      }
    });
    return refunds.filter((refund) => !refund.ours && refund.status === 'succeeded').reduce((sum, refund) => sum + refund.amountCents, 0);
  }

  /**
   * One of Huddle's refunds succeeded at the provider (refund.updated). Its job may have given up
   * while the refund was pending (a money incident): the job's own handler is run again from what
   * it was asked (kept with the refund's key), which finds the same refund by its key and records
   * it once, with the payer's 'Refund of $X issued' receipt; a repeat finds it recorded. The
   * incidents its give-up opened are then resolved, saying so.
   */
  private async refundSucceeded(key: string): Promise<void> {
    const rows: Array<{ request_id: string; payload: { job?: string; input?: unknown } | null }> = await this.dataSource.query(
      `SELECT request_id, payload FROM payment_idempotency_keys WHERE key = $1`,
      [key],
    );
    const kept = rows[0];
    if (!kept?.payload?.input || (kept.payload.job !== REFUND && kept.payload.job !== REFUND_SHARE)) return;
    const recorded = async () => (await this.hasMovement(kept.request_id, 'refunded')) || (await this.hasMovement(kept.request_id, 'returned'));
    if (!(await recorded())) {
      if (kept.payload.job === REFUND) await this.refund(kept.payload.input as CaptureInput);
      else await this.refundShare(kept.payload.input as ShareRefundInput);
      if (!(await recorded())) return;
    }
    await this.dataSource.transaction((manager) =>
      this.incidents.resolveAutomaticallyIn(manager, {
        subjectId: kept.request_id,
        kinds: ['refund_failed', 'share_refund_failed'],
        jobName: kept.payload?.job ?? null,
        resolution: 'The provider completed the refund after its job gave up (refund.updated): it was recorded then, and the payer was sent the receipt.',
      }),
    );
  }

  /** Whether this event id is new (recorded now, in the caller's transaction). */
  private async firstSight(manager: EntityManager, event: ProviderEventJob): Promise<boolean> {
    const fresh: unknown[] = await manager.query(`INSERT INTO provider_events (id, type) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING id`, [event.eventId, event.type]);
    return fresh.length > 0;
  }

  /** The intent's status, and the first time they are known, when it was authorised, until when it is held, and the card. */
  private async recordIntent(manager: EntityManager, row: IntentRow, intent: ProviderIntent): Promise<{ authorisedAt: Date | null; captureBefore: Date | null }> {
    const authorisedAt = intent.authorisedAt === null ? null : new Date(intent.authorisedAt * 1000);
    const captureBefore = intent.captureBefore === null ? null : new Date(intent.captureBefore * 1000);
    // UPDATE ... RETURNING answers [rows, affected] through TypeORM.
    const [rows]: [Array<{ authorised_at: Date | null; capture_before: Date | null }>, number] = await manager.query(
      `UPDATE payment_intents SET status = $2, authorised_at = coalesce(authorised_at, $3), capture_before = coalesce($4, capture_before),
              card_brand = coalesce(card_brand, $5), card_last4 = coalesce(card_last4, $6), updated_at = now()
        WHERE request_id = $1 RETURNING authorised_at, capture_before`,
      [row.request_id, intent.status, authorisedAt, captureBefore, intent.card?.brand ?? null, intent.card?.last4 ?? null],
    );
    return { authorisedAt: rows[0]?.authorised_at ?? authorisedAt, captureBefore: rows[0]?.capture_before ?? captureBefore };
  }

  private pastCaptureDeadline(intent: ProviderIntent): boolean {
    return intent.status === 'requires_capture' && intent.captureBefore !== null && intent.captureBefore * 1000 <= this.clock.now().getTime();
  }

  /** The payer's receipt and confirmation that money moved, in the transaction that records it. */
  private async notice(manager: EntityManager, kind: 'charged' | 'released' | 'refunded', row: IntentRow, amountCents: number, about: { athleteId?: string; serviceType?: ServiceType }): Promise<void> {
    const card = await this.cardOf(manager, row);
    await this.notifications.moneyNoticeIn(manager, {
      kind,
      payerId: row.payer_id,
      requestId: row.request_id,
      amountCents,
      athleteId: about.athleteId ?? null,
      serviceType: about.serviceType ?? null,
      card,
      at: this.clock.now(),
    });
  }

  private async cardOf(manager: EntityManager, row: IntentRow): Promise<{ brand: string; last4: string } | null> {
    const rows: Array<{ card_brand: string | null; card_last4: string | null }> = await manager.query(`SELECT card_brand, card_last4 FROM payment_intents WHERE request_id = $1`, [row.request_id]);
    const stored = rows[0];
    return stored?.card_brand && stored.card_last4 ? { brand: stored.card_brand, last4: stored.card_last4 } : null;
  }

  /** A money job gave up: its incident, once per job, with the administrators told. */
  private async gaveUp(manager: EntityManager, job: Job<unknown>, error: unknown, incident: Omit<MoneyIncidentInput, 'dedupKey' | 'message'>): Promise<void> {
    const reason = error instanceof Error ? error.message : String(error);
    await this.incidents.recordIn(manager, {
      ...incident,
      message: `${job.name} gave up after ${job.retryCount + 1} tries: ${reason}`,
      details: { ...(incident.details ?? {}), job_id: job.id, job_name: job.name },
      dedupKey: `job:${job.id}:${job.retryCount}`,
    });
  }

  /** The payment intent of a request or campaign; `manager` is the caller's transaction when inside one. */
  private async intentOf(requestId: string, manager: EntityManager = this.dataSource.manager): Promise<IntentRow | null> {
    const rows: IntentRow[] = await manager.query(`SELECT * FROM payment_intents WHERE request_id = $1`, [requestId]);
    return rows[0] ?? null;
  }

  private async requireIntent(requestId: string, manager?: EntityManager): Promise<IntentRow> {
    const row = await this.intentOf(requestId, manager);
    if (!row) throw new Error(`Request ${requestId} has no payment intent`);
    return row;
  }

  private async hasMovement(requestId: string, movement: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM ledger_movements WHERE request_id = $1 AND movement = $2`, [requestId, movement]);
    return rows.length > 0;
  }

  /**
   * Whether Huddle itself made this call for the request (its key is stored before the call), or,
   * for a void, decided it (voidIn and refundIn keep that key with the decision).
   */
  private async hasKey(operation: string, requestId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(`SELECT 1 FROM payment_idempotency_keys WHERE key = $1`, [`huddle:${operation}:${requestId}`]);
    return rows.length > 0;
  }

  /**
   * Whether the request's current intent was canceled by a card-testing pause (its cancel's key,
   * one per intent); a key without the intent is one written before keys named it, when a request
   * was paused at most once.
   */
  private async canceledForCardTesting(intent: IntentRow): Promise<boolean> {
    const keys = [`huddle:card-testing:${intent.request_id}:${intent.provider_intent_id}`, `huddle:card-testing:${intent.request_id}`];
    const rows: unknown[] = await this.dataSource.query(`SELECT 1 FROM payment_idempotency_keys WHERE key = ANY($1::text[])`, [keys]);
    return rows.length > 0;
  }

  private async setStatus(manager: EntityManager, requestId: string, status: IntentStatus): Promise<void> {
    await manager.query(`UPDATE payment_intents SET status = $2, updated_at = now() WHERE request_id = $1`, [requestId, status]);
  }

  /**
   * The key sent with one provider call for a request: the same on every retry, kept in our
   * database, with what the call's job was asked when a later provider event may need to finish its
   * work (a refund that succeeds after its job gave up). `variant` tells apart a second call of the
   * same kind (a new intent after a paused checkout canceled the first).
   */
  private async idempotencyKey(operation: string, requestId: string, payload?: { job: string; input: unknown }, variant?: string): Promise<string> {
    return this.keepKey(this.dataSource.manager, operation, requestId, payload, variant);
  }

  private async keepKey(manager: EntityManager, operation: string, requestId: string, payload?: { job: string; input: unknown }, variant?: string): Promise<string> {
    const key = `huddle:${operation}:${requestId}${variant ? `:${variant}` : ''}`;
    await manager.query(
      `INSERT INTO payment_idempotency_keys (key, operation, request_id, payload) VALUES ($1, $2, $3, $4)
       ON CONFLICT (key) DO UPDATE SET payload = coalesce(payment_idempotency_keys.payload, excluded.payload) WHERE excluded.payload IS NOT NULL`,
      [key, operation, requestId, payload ? JSON.stringify(payload) : null],
    );
    return key;
  }
}
