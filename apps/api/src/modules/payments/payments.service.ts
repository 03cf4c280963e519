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
import type { PaymentAuthorisedEvent } from './payments-events';
import { PaymentsErrors } from './payments.errors';
import { SandboxCardProvider } from './sandbox-card-provider';

const CAPTURE = 'payments.capture';
const VOID = 'payments.void';
const REFUND = 'payments.refund';
const PROVIDER_EVENT = 'payments.provider-event';

export interface CheckoutInput {
  requestId: string;
  payerId: string;
  amountCents: number;
  description: string;
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
    this.jobs.register<{ eventId: string; type: string; intentId: string }>(PROVIDER_EVENT, (job) => this.onProviderEvent(job));
  }

  /** The payment intent of a request's checkout: created once, the same one on every repeat. */
  async openCheckout(input: CheckoutInput): Promise<Checkout> {
    const existing = await this.intentOf(input.requestId);
    if (existing) {
      if (existing.payer_id !== input.payerId) throw PaymentsErrors.notYours();
      return { clientSecret: existing.client_secret, provider: existing.provider, publishableKey: this.provider.publishableKey };
    }
    const idempotencyKey = await this.idempotencyKey('create', input.requestId);
    const intent = await this.provider.createIntent({ ...input, idempotencyKey });
    const inserted: IntentRow[] = await this.dataSource.query(
      `INSERT INTO payment_intents (request_id, payer_id, provider, provider_intent_id, client_secret, amount_cents, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (request_id) DO NOTHING RETURNING *`,
      [input.requestId, input.payerId, this.provider.name, intent.id, intent.clientSecret, input.amountCents, intent.status],
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
    if (confirmed?.intent.status !== 'requires_capture') throw new Error(`The sandbox refused the demo payment of ${requestId}`);
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
