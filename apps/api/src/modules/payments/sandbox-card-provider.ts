import { createHash, randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { Clock } from '../../common/time/clock';
import { DEFAULT_HOLD_SECONDS } from './card-provider';
import type { CaptureMethod, CardProvider, IntentStatus, ProviderDispute, ProviderEvent, ProviderIntent, ProviderRefund, RefundStatus, SavedCard } from './card-provider';
import { SANDBOX_MESSAGES, sandboxCardOutcome } from './sandbox-cards';
import type { SandboxCard } from './sandbox-cards';

interface SandboxIntentRow {
  id: string;
  client_secret: string;
  owner_id: string;
  amount_cents: number;
  status: IntentStatus;
  refunded: boolean;
  capture_method: CaptureMethod;
  amount_refunded_cents: number;
  last_error: string | null;
  card_brand: string | null;
  card_last4: string | null;
  authorised_at: Date | null;
  capture_before: Date | null;
}

interface SandboxRefundRow {
  idempotency_key: string;
  id: string;
  intent_id: string;
  amount_cents: number;
  status: RefundStatus;
  failure_reason: string | null;
}

interface SandboxDisputeRow {
  id: string;
  intent_id: string;
  amount_cents: number;
  status: string;
  reason: string | null;
  evidence_due_by: Date | null;
}

function unix(date: Date | null): number | null {
  return date ? Math.floor(date.getTime() / 1000) : null;
}

function toRefund(row: SandboxRefundRow): ProviderRefund {
  const ours = !row.idempotency_key.startsWith('dashboard:');
  return { id: row.id, status: row.status, amountCents: row.amount_cents, failureReason: row.failure_reason, ours, key: ours ? row.idempotency_key : null };
}

export interface SandboxConfirmation {
  intent: ProviderIntent;
  /** The provider's message when the card was refused (shown under the checkout form). */
  message: string | null;
}

/**
 * What the sandbox can play of the provider's own doings, unasked by Huddle (an administrator's
 * tool, and tests'): on a payment, and (payouts' part, SANDBOX_CONNECT_EVENTS) on a payout item.
 */
export const SANDBOX_PROVIDER_EVENTS = ['hold_canceled', 'refund_outside', 'dispute_opened', 'dispute_won', 'dispute_lost', 'transfer_reversed', 'payout_failed'] as const;
export type SandboxProviderEvent = (typeof SANDBOX_PROVIDER_EVENTS)[number];

/** Thrown for calls Stripe would refuse (capturing a canceled intent, ...): the job retries or gives up. */
export class SandboxProviderError extends Error {}

function toIntent(row: SandboxIntentRow): ProviderIntent {
  return {
    id: row.id,
    clientSecret: row.client_secret,
    status: row.status,
    amountCents: row.amount_cents,
    refunded: row.refunded,
    amountRefundedCents: row.amount_refunded_cents,
    authorisedAt: unix(row.authorised_at),
    captureBefore: unix(row.capture_before),
    card: row.card_brand && row.card_last4 ? { brand: row.card_brand, last4: row.card_last4 } : null,
    // A captured sandbox intent's one charge (SandboxPayoutProvider draws transfers on it by this id).
    chargeId: row.status === 'succeeded' ? `ch_${row.id}` : null,
  };
}

/**
 * The embedded card provider: Stripe's PaymentIntent states kept in the sandbox's own tables, on
 * the application's pool but never in the caller's transaction (a provider is another system).
 * Idempotency is by state and by key: the intent of a key is derived from it, capturing a
 * captured intent or canceling a canceled one answers the intent as it is.
 */
export class SandboxCardProvider implements CardProvider {
  readonly name = 'sandbox' as const;
  readonly publishableKey = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  async createIntent(input: { amountCents: number; payerId: string; idempotencyKey: string; captureMethod: CaptureMethod }): Promise<ProviderIntent> {
    const id = `pi_sbx_${createHash('sha256').update(input.idempotencyKey).digest('hex').slice(0, 24)}`;
    const secret = `${id}_secret_${randomBytes(24).toString('base64url')}`;
    const created: SandboxIntentRow[] = await this.dataSource.query(
      `INSERT INTO sandbox_intents (id, client_secret, owner_id, amount_cents, status, capture_method) VALUES ($1, $2, $3, $4, 'requires_payment_method', $5)
       ON CONFLICT (id) DO NOTHING RETURNING *`,
      [id, secret, input.payerId, input.amountCents, input.captureMethod],
    );
    // A repeat of the key finds the intent the first call made.
    return created[0] ? toIntent(created[0]) : this.retrieveIntent(id);
  }

  async retrieveIntent(intentId: string): Promise<ProviderIntent> {
    return toIntent(await this.row(intentId));
  }

  async capture(intentId: string): Promise<ProviderIntent> {
    return this.move(intentId, ['requires_capture'], 'succeeded', ['succeeded']);
  }

  async cancel(intentId: string): Promise<ProviderIntent> {
    return this.move(intentId, ['requires_payment_method', 'requires_confirmation', 'requires_action', 'requires_capture'], 'canceled', ['canceled']);
  }

  /**
   * A refund of all that is left, or of `amountCents`, once per idempotency key (a repeat answers
   * the first refund as it is), never more than was captured: Stripe's rules for partial refunds.
   */
  async refund(intentId: string, idempotencyKey: string, amountCents?: number): Promise<{ intent: ProviderIntent; refund: ProviderRefund }> {
    return this.dataSource.transaction(async (manager) => {
      const rows: SandboxIntentRow[] = await manager.query(`SELECT * FROM sandbox_intents WHERE id = $1 FOR UPDATE`, [intentId]);
      const row = rows[0];
      if (!row || row.status !== 'succeeded') throw new SandboxProviderError(`Intent ${intentId} is not captured, so it cannot be refunded`);
      const repeated: SandboxRefundRow[] = await manager.query(`SELECT * FROM sandbox_refunds WHERE idempotency_key = $1`, [idempotencyKey]);
      if (repeated[0]) return { intent: toIntent(row), refund: toRefund(repeated[0]) };
      const left = row.amount_cents - row.amount_refunded_cents;
      const amount = amountCents ?? left;
      if (!Number.isSafeInteger(amount) || amount <= 0 || amount > left) {
        throw new SandboxProviderError(`Intent ${intentId} has ${left} cents left to refund, not ${amount}`);
      }
      const [refund]: SandboxRefundRow[] = await manager.query(
        `INSERT INTO sandbox_refunds (idempotency_key, intent_id, amount_cents, id) VALUES ($1, $2, $3, $4) RETURNING *`,
        [idempotencyKey, intentId, amount, `re_sbx_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`],
      );
      const [updated]: [SandboxIntentRow[], number] = await manager.query(
        `UPDATE sandbox_intents SET amount_refunded_cents = amount_refunded_cents + $2, refunded = (amount_refunded_cents + $2 = amount_cents), updated_at = now()
          WHERE id = $1 RETURNING *`,
        [intentId, amount],
      );
      return { intent: toIntent(updated[0]), refund: toRefund(refund) };
    });
  }

  async retrieveRefund(refundId: string): Promise<ProviderRefund> {
    const rows: SandboxRefundRow[] = await this.dataSource.query(`SELECT * FROM sandbox_refunds WHERE id = $1`, [refundId]);
    if (!rows[0]) throw new SandboxProviderError(`No such refund: ${refundId}`);
    return toRefund(rows[0]);
  }

  async listRefunds(intentId: string): Promise<ProviderRefund[]> {
    const rows: SandboxRefundRow[] = await this.dataSource.query(`SELECT * FROM sandbox_refunds WHERE intent_id = $1 ORDER BY created_at DESC, id`, [intentId]);
    return rows.map(toRefund);
  }

  async retrieveDispute(disputeId: string): Promise<ProviderDispute> {
    const rows: SandboxDisputeRow[] = await this.dataSource.query(`SELECT * FROM sandbox_disputes WHERE id = $1`, [disputeId]);
    const row = rows[0];
    if (!row) throw new SandboxProviderError(`No such dispute: ${disputeId}`);
    return { id: row.id, intentId: row.intent_id, amountCents: row.amount_cents, status: row.status, reason: row.reason, evidenceDueBy: unix(row.evidence_due_by) };
  }

  async createSetup(payerId: string): Promise<{ clientSecret: string }> {
    return { clientSecret: `seti_sbx_${payerId}_secret_${randomBytes(16).toString('base64url')}` };
  }

  async listCards(payerId: string): Promise<SavedCard[]> {
    const rows: Array<{ id: string; brand: string; last4: string; exp_month: number; exp_year: number }> = await this.dataSource.query(
      `SELECT id, brand, last4, exp_month, exp_year FROM sandbox_payment_methods WHERE owner_id = $1 ORDER BY created_at DESC, id`,
      [payerId],
    );
    return rows.map((row) => ({ id: row.id, brand: row.brand, last4: row.last4, expMonth: row.exp_month, expYear: row.exp_year }));
  }

  async payerOfSetup(): Promise<string | null> {
    // The sandbox's card saves go through Huddle's own route, which sees their declines itself.
    return null;
  }

  verifyEvent(): ProviderEvent {
    throw new SandboxProviderError('The sandbox provider sends no webhooks');
  }

  /** The payer confirms with a card (the sandbox's card form); Stripe's test cards decide the outcome. */
  async confirm(clientSecret: string, payerId: string, card: SandboxCard): Promise<SandboxConfirmation | null> {
    const row = await this.bySecret(clientSecret, payerId);
    if (!row) return null;
    if (row.status !== 'requires_payment_method') return { intent: toIntent(row), message: null };
    const outcome = sandboxCardOutcome(card, this.clock.now());
    if (outcome.kind === 'declined') {
      await this.dataSource.query(`UPDATE sandbox_intents SET last_error = $2, updated_at = now() WHERE id = $1`, [row.id, outcome.message]);
      return { intent: toIntent(row), message: outcome.message };
    }
    const status: IntentStatus = outcome.kind === 'authenticate' ? 'requires_action' : this.confirmedStatus(row);
    const held = this.holdTimes(status);
    const [[updated]]: [SandboxIntentRow[], number] = await this.dataSource.query(
      `UPDATE sandbox_intents SET status = $2, card_brand = $3, card_last4 = $4, last_error = NULL, authorised_at = $5, capture_before = $6, updated_at = now()
        WHERE id = $1 AND status = 'requires_payment_method' RETURNING *`,
      [row.id, status, outcome.brand, outcome.last4, held.authorisedAt, held.captureBefore],
    );
    return { intent: toIntent(updated ?? (await this.row(row.id))), message: null };
  }

  /** The authentication step (3-D Secure) the sandbox plays: approved, or failed back to a new card. */
  async authenticate(clientSecret: string, payerId: string, approve: boolean): Promise<SandboxConfirmation | null> {
    const row = await this.bySecret(clientSecret, payerId);
    if (!row) return null;
    if (row.status !== 'requires_action') return { intent: toIntent(row), message: null };
    const status: IntentStatus = approve ? this.confirmedStatus(row) : 'requires_payment_method';
    const held = this.holdTimes(status);
    const [[updated]]: [SandboxIntentRow[], number] = await this.dataSource.query(
      `UPDATE sandbox_intents SET status = $2, last_error = $3, authorised_at = $4, capture_before = $5, updated_at = now() WHERE id = $1 AND status = 'requires_action' RETURNING *`,
      [row.id, status, approve ? null : SANDBOX_MESSAGES.authenticationFailed, held.authorisedAt, held.captureBefore],
    );
    return { intent: toIntent(updated ?? (await this.row(row.id))), message: approve ? null : SANDBOX_MESSAGES.authenticationFailed };
  }

  /**
   * Plays what happens on the provider's side without Huddle asking (its dashboard): a hold
   * canceled by someone at the provider. The event that follows is the caller's to deliver.
   */
  async cancelInDashboard(intentId: string): Promise<ProviderIntent> {
    const [rows]: [SandboxIntentRow[], number] = await this.dataSource.query(
      `UPDATE sandbox_intents SET status = 'canceled', updated_at = now() WHERE id = $1 AND status = 'requires_capture' RETURNING *`,
      [intentId],
    );
    if (!rows[0]) throw new SandboxProviderError(`Intent ${intentId} holds no card to cancel`);
    return toIntent(rows[0]);
  }

  /** A refund made in the provider's dashboard (not by Huddle): all that is left of a captured payment. */
  async refundInDashboard(intentId: string): Promise<ProviderRefund> {
    return this.dataSource.transaction(async (manager) => {
      const rows: SandboxIntentRow[] = await manager.query(`SELECT * FROM sandbox_intents WHERE id = $1 FOR UPDATE`, [intentId]);
      const row = rows[0];
      const left = row ? row.amount_cents - row.amount_refunded_cents : 0;
      if (!row || row.status !== 'succeeded' || left <= 0) throw new SandboxProviderError(`Intent ${intentId} has nothing captured left to refund`);
      const [refund]: SandboxRefundRow[] = await manager.query(
        `INSERT INTO sandbox_refunds (idempotency_key, intent_id, amount_cents, id) VALUES ($1, $2, $3, $4) RETURNING *`,
        [`dashboard:${randomBytes(12).toString('hex')}`, intentId, left, `re_sbx_${randomBytes(12).toString('hex')}`],
      );
      await manager.query(`UPDATE sandbox_intents SET amount_refunded_cents = amount_cents, refunded = true, updated_at = now() WHERE id = $1`, [intentId]);
      return toRefund(refund);
    });
  }

  /** The cardholder disputes a captured payment with their bank: the whole amount, evidence due in 7 days. */
  async openDispute(intentId: string): Promise<ProviderDispute> {
    const intent = await this.row(intentId);
    if (intent.status !== 'succeeded') throw new SandboxProviderError(`Intent ${intentId} was not charged, so it cannot be disputed`);
    const id = `dp_sbx_${randomBytes(12).toString('hex')}`;
    const due = new Date(this.clock.now().getTime() + 7 * 24 * 3600 * 1000);
    await this.dataSource.query(
      `INSERT INTO sandbox_disputes (id, intent_id, amount_cents, status, reason, evidence_due_by) VALUES ($1, $2, $3, 'needs_response', 'fraudulent', $4)`,
      [id, intentId, intent.amount_cents, due],
    );
    return this.retrieveDispute(id);
  }

  /** The bank decides the intent's open dispute. */
  async closeDispute(intentId: string, won: boolean): Promise<ProviderDispute> {
    const [rows]: [SandboxDisputeRow[], number] = await this.dataSource.query(
      `UPDATE sandbox_disputes SET status = $2, updated_at = now() WHERE id = (
         SELECT id FROM sandbox_disputes WHERE intent_id = $1 AND status NOT IN ('won', 'lost') ORDER BY created_at DESC LIMIT 1) RETURNING *`,
      [intentId, won ? 'won' : 'lost'],
    );
    if (!rows[0]) throw new SandboxProviderError(`Intent ${intentId} has no open dispute`);
    return this.retrieveDispute(rows[0].id);
  }

  /** Saves a card for the payer (the sandbox's answer to a confirmed SetupIntent). */
  async saveCard(payerId: string, card: SandboxCard): Promise<{ card: SavedCard | null; message: string | null }> {
    const outcome = sandboxCardOutcome(card, this.clock.now());
    if (outcome.kind === 'declined') return { card: null, message: outcome.message };
    const id = `pm_sbx_${randomBytes(12).toString('hex')}`;
    const expYear = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
    await this.dataSource.query(
      `INSERT INTO sandbox_payment_methods (id, owner_id, brand, last4, exp_month, exp_year) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (owner_id, brand, last4, exp_month, exp_year) DO NOTHING`,
      [id, payerId, outcome.brand, outcome.last4, card.expMonth, expYear],
    );
    const cards = await this.listCards(payerId);
    return { card: cards.find((saved) => saved.last4 === outcome.last4 && saved.expMonth === card.expMonth && saved.expYear === expYear) ?? null, message: null };
  }

  /** A hold lasts the provider's window from the moment the card is authorised, as Stripe's does. */
  private holdTimes(status: IntentStatus): { authorisedAt: Date | null; captureBefore: Date | null } {
    const now = this.clock.now();
    if (status === 'requires_capture') return { authorisedAt: now, captureBefore: new Date(now.getTime() + DEFAULT_HOLD_SECONDS * 1000) };
    if (status === 'succeeded') return { authorisedAt: now, captureBefore: null };
    return { authorisedAt: null, captureBefore: null };
  }

  /** Where a confirmed payment lands: held for a later capture, or captured at once. */
  private confirmedStatus(row: SandboxIntentRow): IntentStatus {
    return row.capture_method === 'automatic' ? 'succeeded' : 'requires_capture';
  }

  private async bySecret(clientSecret: string, payerId: string): Promise<SandboxIntentRow | null> {
    const rows: SandboxIntentRow[] = await this.dataSource.query(`SELECT * FROM sandbox_intents WHERE client_secret = $1 AND owner_id = $2`, [
      clientSecret,
      payerId,
    ]);
    return rows[0] ?? null;
  }

  /**
   * The intent as the provider has it now. A hold past its deadline is canceled first, as Stripe
   * cancels an uncaptured PaymentIntent whose authorisation expired: the sandbox's clock decides.
   */
  private async row(intentId: string): Promise<SandboxIntentRow> {
    // One statement: the lapse and the read (the SELECT's snapshot predates the UPDATE, so a
    // lapsed row comes from the CTE alone). Every intent read and move starts here.
    const now = this.clock.now();
    const rows: SandboxIntentRow[] = await this.dataSource.query(
      `WITH lapsed AS (
         UPDATE sandbox_intents SET status = 'canceled', updated_at = now() WHERE id = $1 AND status = 'requires_capture' AND capture_before <= $2 RETURNING *
       )
       SELECT * FROM lapsed
       UNION ALL
       SELECT * FROM sandbox_intents WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM lapsed)`,
      [intentId, now],
    );
    const row = rows[0];
    if (!row) throw new SandboxProviderError(`No such payment intent: ${intentId}`);
    // A caller racing another's lapse waits for its lock, updates nothing and reads the snapshot
    // from before it: a hold past its deadline is read again, as it is now.
    if (row.status === 'requires_capture' && row.capture_before !== null && row.capture_before <= now) {
      const fresh: SandboxIntentRow[] = await this.dataSource.query(`SELECT * FROM sandbox_intents WHERE id = $1`, [intentId]);
      return fresh[0] ?? row;
    }
    return row;
  }

  private async move(intentId: string, from: IntentStatus[], to: IntentStatus, alreadyThere: IntentStatus[]): Promise<ProviderIntent> {
    await this.row(intentId);
    // UPDATE ... RETURNING answers [rows, affected] through TypeORM.
    const [rows]: [SandboxIntentRow[], number] = await this.dataSource.query(
      `UPDATE sandbox_intents SET status = $2, updated_at = now() WHERE id = $1 AND status = ANY($3) RETURNING *`,
      [intentId, to, from],
    );
    if (rows[0]) return toIntent(rows[0]);
    const current = await this.row(intentId);
    if (alreadyThere.includes(current.status)) return toIntent(current);
    throw new SandboxProviderError(`Intent ${intentId} is ${current.status}, it cannot become ${to}`);
  }
}
