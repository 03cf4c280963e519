import { Inject, Injectable, Logger } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { Transactions } from '../../database/transactions';
import { JobsService } from '../jobs/jobs.service';
import { NotificationsService } from '../notifications/notifications.service';
import type { Job } from '../jobs/jobs.service';
import { CARD_PROVIDER } from './card-provider';
import type { CardProvider, CardProviderName, IntentStatus, SavedCard } from './card-provider';
import { checkLedger, LEDGER_LINES, recordMovement } from './ledger';
import type { LedgerCheck, Split } from './ledger';
import { PAYMENT_AUTHORISED } from './payments-events';
import type { PaymentAuthorisedEvent, PaymentKind } from './payments-events';
import { PaymentsErrors } from './payments.errors';
import { SandboxCardProvider } from './sandbox-card-provider';

const CAPTURE = 'payments.capture';
const VOID = 'payments.void';
const REFUND = 'payments.refund';
const REFUND_SHARE = 'payments.refund-share';
const PROVIDER_EVENT = 'payments.provider-event';

export interface CheckoutInput {
  /** The request's id, or the campaign's (kind 'campaign'). */
  requestId: string;
  payerId: string;
  amountCents: number;
  description: string;
  kind?: PaymentKind;
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
}

interface IntentRow {
  request_id: string;
  payer_id: string;
  provider: CardProviderName;
  provider_intent_id: string;
  client_secret: string;
  amount_cents: number;
  status: IntentStatus;
  kind: PaymentKind;
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

  constructor(
    @Inject(CARD_PROVIDER) private readonly provider: CardProvider,
    private readonly jobs: JobsService,
    private readonly transactions: Transactions,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly notifications: NotificationsService,
  ) {}

  get providerName(): CardProviderName {
    return this.provider.name;
  }

  onModuleInit(): void {
    this.jobs.register<CaptureInput>(CAPTURE, (job) => this.capture(job.data), {
      // The athlete accepted but the card could not be charged on any try: the requester is told.
      onGiveUp: async (job, _error, manager) => {
        const { requestId } = job.data as CaptureInput;
        const intent = await this.intentOf(requestId);
        if (intent) await this.notifications.paymentFailedIn(manager, { requesterId: intent.payer_id, requestId });
      },
    });
    this.jobs.register<{ requestId: string }>(VOID, (job) => this.void(job.data.requestId));
    this.jobs.register<CaptureInput>(REFUND, (job) => this.refund(job.data));
    this.jobs.register<ShareRefundInput>(REFUND_SHARE, (job) => this.refundShare(job.data));
    this.jobs.register<{ eventId: string; type: string; intentId: string }>(PROVIDER_EVENT, (job) => this.onProviderEvent(job));
  }

  /** The payment intent of a request's checkout: created once, the same one on every repeat. */
  async openCheckout(input: CheckoutInput): Promise<Checkout> {
    const existing = await this.intentOf(input.requestId);
    if (existing) {
      if (existing.payer_id !== input.payerId) throw PaymentsErrors.notYours();
      return { clientSecret: existing.client_secret, provider: existing.provider, publishableKey: this.provider.publishableKey };
    }
    const kind: PaymentKind = input.kind ?? 'request';
    // A campaign's payment is captured when confirmed; a request's card is held until acceptance.
    const captureMethod = kind === 'campaign' ? 'automatic' : 'manual';
    const idempotencyKey = await this.idempotencyKey('create', input.requestId);
    const intent = await this.provider.createIntent({
      amountCents: input.amountCents,
      payerId: input.payerId,
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
   * Whether the requester's card is held for the request, re-read from the provider (never from
   * what a browser says). The first time it is, the 'authorised' movement is recorded.
   */
  async authorisation(requestId: string): Promise<{ authorised: boolean; amountCents: number }> {
    const row = await this.intentOf(requestId);
    if (!row) return { authorised: false, amountCents: 0 };
    const intent = await this.provider.retrieveIntent(row.provider_intent_id);
    await this.dataSource.query(`UPDATE payment_intents SET status = $2, updated_at = now() WHERE request_id = $1`, [requestId, intent.status]);
    const authorised = AUTHORISED.includes(intent.status);
    // One statement (claim and rows together), so it needs no transaction of its own.
    if (authorised) await recordMovement(this.dataSource.manager, requestId, 'authorised', LEDGER_LINES.authorised(row.amount_cents));
    return { authorised, amountCents: row.amount_cents };
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
    const row = await this.requireIntent(campaignId);
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
  async voidIn(manager: EntityManager, input: { requestId: string }): Promise<void> {
    await this.jobs.enqueueIn(manager, VOID, input, { singletonKey: `void:${input.requestId}` });
  }

  /** Gives the money back in full (an administrator canceled an accepted request). */
  async refundIn(manager: EntityManager, input: CaptureInput): Promise<void> {
    await this.jobs.enqueueIn(manager, REFUND, input, { singletonKey: `refund:${input.requestId}` });
  }

  /** A provider event, verified by the provider adapter, handled once after it is acknowledged. */
  async receiveEvent(event: { id: string; type: string; intentId: string }): Promise<void> {
    await this.jobs.enqueue(PROVIDER_EVENT, { eventId: event.id, type: event.type, intentId: event.intentId });
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

  /** A request's ledger rows, oldest first (tests, the admin, the benchmark's checks). */
  async ledgerOf(requestId: string): Promise<Array<{ movement: string; account: string; amountCents: number }>> {
    const rows: Array<{ movement: string; account: string; amount_cents: string }> = await this.dataSource.query(
      `SELECT movement, account, amount_cents FROM ledger_entries WHERE request_id = $1 ORDER BY id`,
      [requestId],
    );
    return rows.map((row) => ({ movement: row.movement, account: row.account, amountCents: Number(row.amount_cents) }));
  }

  private async capture(input: CaptureInput): Promise<void> {
    const row = await this.requireIntent(input.requestId);
    const before = await this.provider.retrieveIntent(row.provider_intent_id);
    // Voided by a racing refund (an administrator's cancel right after acceptance): nothing to capture.
    if (before.status === 'canceled') return;
    const intent = before.status === 'succeeded' ? before : await this.provider.capture(row.provider_intent_id, await this.idempotencyKey('capture', input.requestId));
    if (intent.status !== 'succeeded') throw new Error(`Capture of ${input.requestId} left the intent ${intent.status}`);
    const split: Split = { amountCents: row.amount_cents, feeCents: input.feeCents, athleteCents: input.athleteCents, athleteId: input.athleteId };
    if (split.feeCents + split.athleteCents !== split.amountCents) throw new Error(`The split of ${input.requestId} does not add up to its amount`);
    await this.dataSource.transaction(async (manager) => {
      await this.setStatus(manager, input.requestId, intent.status);
      await recordMovement(manager, input.requestId, 'authorised', LEDGER_LINES.authorised(row.amount_cents));
      await recordMovement(manager, input.requestId, 'captured', LEDGER_LINES.captured(row.amount_cents));
      await recordMovement(manager, input.requestId, 'owed_to_athlete', LEDGER_LINES.owedToAthlete(split));
    });
  }

  private async void(requestId: string): Promise<void> {
    const row = await this.intentOf(requestId);
    // A draft nobody opened checkout for has no intent: nothing is held.
    if (!row) return;
    const before = await this.provider.retrieveIntent(row.provider_intent_id);
    // A campaign draft deleted as its payment went through: nothing of it was recorded, all of it goes back.
    if (before.status === 'succeeded' && row.kind === 'campaign') {
      if (before.amountRefundedCents < before.amountCents) await this.provider.refund(row.provider_intent_id, await this.idempotencyKey('refund', requestId));
      await this.setStatus(this.dataSource.manager, requestId, before.status);
      return;
    }
    if (before.status === 'succeeded') throw new Error(`The hold of ${requestId} was captured; it needs a refund, not a void`);
    const wasHeld = before.status === 'requires_capture' || (await this.hasMovement(requestId, 'authorised'));
    const intent = before.status === 'canceled' ? before : await this.provider.cancel(row.provider_intent_id, await this.idempotencyKey('void', requestId));
    await this.dataSource.transaction(async (manager) => {
      await this.setStatus(manager, requestId, intent.status);
      if (!wasHeld) return;
      await recordMovement(manager, requestId, 'authorised', LEDGER_LINES.authorised(row.amount_cents));
      await recordMovement(manager, requestId, 'voided', LEDGER_LINES.voided(row.amount_cents));
    });
  }

  private async refund(input: CaptureInput): Promise<void> {
    const row = await this.requireIntent(input.requestId);
    const before = await this.provider.retrieveIntent(row.provider_intent_id);
    // Not captured yet (the capture job had not run): releasing the hold gives everything back.
    if (before.status !== 'succeeded') {
      await this.void(input.requestId);
      return;
    }
    const intent = before.refunded ? before : await this.provider.refund(row.provider_intent_id, await this.idempotencyKey('refund', input.requestId));
    const split: Split = { amountCents: row.amount_cents, feeCents: input.feeCents, athleteCents: input.athleteCents, athleteId: input.athleteId };
    await this.dataSource.transaction(async (manager) => {
      await this.setStatus(manager, input.requestId, intent.status);
      // A refund follows a capture whose job may not have written its rows yet; write them first.
      await recordMovement(manager, input.requestId, 'authorised', LEDGER_LINES.authorised(row.amount_cents));
      await recordMovement(manager, input.requestId, 'captured', LEDGER_LINES.captured(row.amount_cents));
      await recordMovement(manager, input.requestId, 'owed_to_athlete', LEDGER_LINES.owedToAthlete(split));
      await recordMovement(manager, input.requestId, 'refunded', LEDGER_LINES.refunded(split));
    });
  }

  /**
   * One share's partial refund of its campaign's payment, once: the provider call carries a key of
   * the share (a retry cannot refund twice), and the ledger movement (returned, or refunded when
   * the share had been split) is recorded with the business's notification in one transaction.
   */
  private async refundShare(input: ShareRefundInput): Promise<void> {
    const movement = input.allocated ? 'refunded' : 'returned';
    if (await this.hasMovement(input.requestId, movement)) return;
    const row = await this.requireIntent(input.campaignId);
    const intent = await this.provider.refund(row.provider_intent_id, await this.idempotencyKey('refund', input.requestId), input.amountCents);
    const split: Split = { amountCents: input.amountCents, feeCents: input.feeCents, athleteCents: input.athleteCents, athleteId: input.athleteId };
    await this.dataSource.transaction(async (manager) => {
      await this.setStatus(manager, input.campaignId, intent.status);
      const lines = input.allocated ? LEDGER_LINES.refunded(split) : LEDGER_LINES.returned(input.amountCents);
      const recorded = await recordMovement(manager, input.requestId, movement, lines);
      if (recorded) await this.notifications.campaignRefundIn(manager, input);
    });
  }

  /**
   * Deduplicated on the event id and safe out of order: the event only says which intent to look
   * at; what happens follows the intent as the provider reports it now.
   */
  private async onProviderEvent(job: Job<{ eventId: string; type: string; intentId: string }>): Promise<void> {
    const rows: IntentRow[] = await this.dataSource.query(`SELECT * FROM payment_intents WHERE provider_intent_id = $1`, [job.data.intentId]);
    const row = rows[0];
    const intent = row ? await this.provider.retrieveIntent(row.provider_intent_id) : null;
    await this.transactions.run(async () => {
      const manager = this.transactions.manager;
      const fresh: unknown[] = await manager.query(`INSERT INTO provider_events (id, type) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING id`, [
        job.data.eventId,
        job.data.type,
      ]);
      if (fresh.length === 0 || !row || !intent) return;
      await this.setStatus(manager, row.request_id, intent.status);
      if (row.kind === 'campaign') {
        if (intent.status === 'succeeded') {
          await this.jobs.publishIn(manager, PAYMENT_AUTHORISED, { requestId: row.request_id, kind: 'campaign' } satisfies PaymentAuthorisedEvent);
        }
        return;
      }
      if (intent.status === 'requires_capture') {
        await recordMovement(manager, row.request_id, 'authorised', LEDGER_LINES.authorised(row.amount_cents));
        await this.jobs.publishIn(manager, PAYMENT_AUTHORISED, { requestId: row.request_id } satisfies PaymentAuthorisedEvent);
      }
    });
  }

  private async intentOf(requestId: string): Promise<IntentRow | null> {
    const rows: IntentRow[] = await this.dataSource.query(`SELECT * FROM payment_intents WHERE request_id = $1`, [requestId]);
    return rows[0] ?? null;
  }

  private async requireIntent(requestId: string): Promise<IntentRow> {
    const row = await this.intentOf(requestId);
    if (!row) throw new Error(`Request ${requestId} has no payment intent`);
    return row;
  }

  private async hasMovement(requestId: string, movement: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(`SELECT 1 FROM ledger_movements WHERE request_id = $1 AND movement = $2`, [requestId, movement]);
    return rows.length > 0;
  }

  private async setStatus(manager: EntityManager, requestId: string, status: IntentStatus): Promise<void> {
    await manager.query(`UPDATE payment_intents SET status = $2, updated_at = now() WHERE request_id = $1`, [requestId, status]);
  }

  /** The key sent with one provider call for a request: the same on every retry, kept in our database. */
  private async idempotencyKey(operation: string, requestId: string): Promise<string> {
    const key = `huddle:${operation}:${requestId}`;
    await this.dataSource.query(`INSERT INTO payment_idempotency_keys (key, operation, request_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [
      key,
      operation,
      requestId,
    ]);
    return key;
  }
}
