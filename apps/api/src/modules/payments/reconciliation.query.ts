import type { EntityManager } from 'typeorm';
import type { CardProviderName, IntentStatus } from './card-provider';
import type { PaymentKind } from './payments-events';

/** One payment as the reconciliation compares it: Huddle's intent, its ledger and its request or campaign. */
export interface ReconciledPayment {
  subjectId: string;
  kind: PaymentKind;
  provider: CardProviderName;
  providerIntentId: string;
  amountCents: number;
  /** The movements recorded for a request (for a campaign: every movement of its shares). */
  movements: string[];
  /** What the ledger says went back to the card (a request's refund, a campaign's share refunds). */
  refundedCents: number;
  /** A single request's status (null for a campaign, or a deleted draft). */
  requestStatus: number | null;
  paid: boolean | null;
  updatedAt: Date;
}

/**
 * Read model of the reconciliation (DESIGN "Data"): reads payments' `payment_intents`,
 * `ledger_movements` and `ledger_entries`, and booking's `requests` and `campaigns`, for every
 * payment touched since `since`, so each can be compared with the provider's view of it; with
 * `subjectId`, that payment alone (read again once something was recorded for it).
 */
export async function paymentsToReconcile(manager: EntityManager, since: Date, subjectId?: string): Promise<ReconciledPayment[]> {
  const rows: Array<{
    subject_id: string;
    kind: PaymentKind;
    provider: CardProviderName;
    provider_intent_id: string;
    amount_cents: number;
    movements: string[];
    refunded_cents: string;
    request_status: number | null;
    paid: boolean | null;
    updated_at: Date;
  }> = await manager.query(
    `WITH subjects AS (
       SELECT pi.request_id AS subject_id, pi.request_id AS share_id FROM payment_intents pi WHERE pi.kind = 'request' AND pi.updated_at >= $1 AND pi.request_id = coalesce($2, pi.request_id)
       UNION ALL
       SELECT pi.request_id, r.id FROM payment_intents pi JOIN requests r ON r.endorsement_campaign_id = pi.request_id
        WHERE pi.kind = 'campaign' AND pi.updated_at >= $1 AND pi.request_id = coalesce($2, pi.request_id)
       UNION ALL
       -- The campaign's own id: a draft deleted as its payment went through has no shares left, and
       -- its charge and return are recorded under it (so it is compared too, not dropped).
       SELECT pi.request_id, pi.request_id FROM payment_intents pi WHERE pi.kind = 'campaign' AND pi.updated_at >= $1 AND pi.request_id = coalesce($2, pi.request_id)
     ), money AS (
       SELECT s.subject_id,
              coalesce(array_agg(DISTINCT m.movement) FILTER (WHERE m.movement IS NOT NULL), '{}') AS movements,
              coalesce((SELECT -sum(e.amount_cents) FROM ledger_entries e
                         WHERE e.request_id IN (SELECT share_id FROM subjects x WHERE x.subject_id = s.subject_id)
                           AND e.movement IN ('refunded', 'returned') AND e.account = 'cash'), 0) AS refunded_cents
         FROM subjects s LEFT JOIN ledger_movements m ON m.request_id = s.share_id
        GROUP BY s.subject_id
     )
     SELECT pi.request_id AS subject_id, pi.kind, pi.provider, pi.provider_intent_id, pi.amount_cents, money.movements,
            money.refunded_cents::text AS refunded_cents, r.status AS request_status, coalesce(r.paid, c.paid) AS paid, pi.updated_at
       FROM payment_intents pi
       JOIN money ON money.subject_id = pi.request_id
       LEFT JOIN requests r ON r.id = pi.request_id
       LEFT JOIN campaigns c ON c.id = pi.request_id
      ORDER BY pi.updated_at`,
    [since, subjectId ?? null],
  );
  return rows.map((row) => ({
    subjectId: row.subject_id,
    kind: row.kind,
    provider: row.provider,
    providerIntentId: row.provider_intent_id,
    amountCents: row.amount_cents,
    movements: row.movements,
    refundedCents: Number(row.refunded_cents),
    requestStatus: row.request_status,
    paid: row.paid,
    updatedAt: row.updated_at,
  }));
}

/** A difference between the provider, the ledger and the request: what the money desk shows. */
export interface ReconciliationDifference {
  subjectId: string;
  code: string;
  message: string;
}

/**
 * The rules of agreement between an intent as the provider has it now and Huddle's records of it.
 * `outsideRefundedCents`: refunds made at the provider outside Huddle and already on the money desk
 * as incidents of their own (refund_outside_huddle); the ledger never takes them in, so the part of
 * the refunds' gap they explain is not a second difference.
 */
export function differencesOf(payment: ReconciledPayment, provider: { status: IntentStatus; amountRefundedCents: number }, outsideRefundedCents = 0): ReconciliationDifference[] {
  const has = (movement: string) => payment.movements.includes(movement);
  const found: ReconciliationDifference[] = [];
  const differ = (code: string, message: string) => found.push({ subjectId: payment.subjectId, code, message });
  // A campaign draft deleted as its payment went through is refunded whole: its ledger keeps the
  // charge and its return ('returned', not 'refunded'), or nothing before the void job ran.
  const deletedDraft = payment.kind === 'campaign' && payment.paid === null && (!has('captured') || has('returned'));
  if (provider.amountRefundedCents - outsideRefundedCents !== payment.refundedCents && !(deletedDraft && provider.amountRefundedCents === payment.amountCents)) {
    differ('refunds', `The provider refunded ${provider.amountRefundedCents} cents, the ledger ${payment.refundedCents}`);
  }
  if (payment.kind === 'campaign' && payment.paid === null) {
    // A deleted draft: whatever the card paid goes back whole, and nothing may stay payable.
    if (provider.status === 'succeeded' && !has('returned')) differ('draft_kept', 'Charged at the provider for a deleted campaign draft, but not given back');
    if (provider.status !== 'succeeded' && provider.status !== 'canceled') differ('draft_open', `The payment of a deleted campaign draft is still open at the provider (${provider.status})`);
    if (provider.status !== 'succeeded' && has('captured')) differ('campaign_not_charged', `The ledger records a capture, the provider says ${provider.status}`);
    return found;
  }
  if (payment.kind === 'campaign') {
    if (provider.status === 'succeeded' && !payment.paid) differ('campaign_unpaid', 'Charged at the provider, but the campaign is not paid');
    if (provider.status !== 'succeeded' && has('captured')) differ('campaign_not_charged', `The ledger records a capture, the provider says ${provider.status}`);
    return found;
  }
  if (provider.status === 'succeeded' && !has('captured')) differ('not_recorded', 'Charged at the provider, but no capture in the ledger');
  if (provider.status !== 'succeeded' && has('captured')) differ('not_charged', `The ledger records a capture, the provider says ${provider.status}`);
  if (provider.status === 'canceled' && has('authorised') && !has('voided')) differ('hold_gone', 'The hold is gone at the provider, but the ledger still holds it');
  if (provider.status === 'requires_capture' && (payment.requestStatus === 3 || payment.requestStatus === 5 || payment.requestStatus === null)) {
    differ('hold_left', `The card is still held for a ${payment.requestStatus === null ? 'deleted' : payment.requestStatus === 3 ? 'canceled' : 'finished'} request`);
  }
  // A request's status must match its money: finished or under way means charged, canceled means given back.
  if ((payment.requestStatus === 2 || payment.requestStatus === 4 || payment.requestStatus === 5 || payment.requestStatus === 6) && !has('captured')) {
    differ('status_uncharged', `The request is ${payment.requestStatus === 5 ? 'finished' : 'under way'} but was never charged`);
  }
  if (payment.requestStatus === 3 && has('captured') && !has('refunded')) differ('status_kept', 'The request is canceled but its charge was kept');
  return found;
}
