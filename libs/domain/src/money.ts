import { toCents } from './limits';

/**
 * Money that went wrong, as the administrator's money desk names it (issue 21). A money incident
 * is never fixed silently: a money job that gave up, a card hold that lapsed before it could be
 * charged, a provider event that moved money Huddle did not ask for, a dispute, or a difference
 * the reconciliation found. Each is recorded once (its dedup key) and stays open until an
 * administrator resolves it.
 */
export const MONEY_INCIDENT_KINDS = [
  'capture_failed',
  'void_failed',
  'refund_failed',
  'share_refund_failed',
  'transfer_failed',
  'hold_lost',
  'refund_outside_huddle',
  'dispute_opened',
  'reconciliation',
] as const;
export type MoneyIncidentKind = (typeof MONEY_INCIDENT_KINDS)[number];

export const MONEY_INCIDENT_LABELS: Record<MoneyIncidentKind, string> = {
  capture_failed: 'Card could not be charged',
  void_failed: 'Card hold could not be released',
  refund_failed: 'Refund could not be issued',
  share_refund_failed: "Campaign share could not be refunded",
  transfer_failed: 'Payout transfer failed',
  hold_lost: 'Card hold gone before capture',
  refund_outside_huddle: 'Refunded outside Huddle',
  dispute_opened: 'Payment disputed',
  reconciliation: 'Reconciliation difference',
};

/** Cents as every money message prints them, always with cents: $45.00, $1,250.50. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}$${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
}

/** Dollars from the API (amounts, counters, payouts) printed as formatCents prints cents: $45.00. */
export function formatDollars(dollars: number): string {
  return formatCents(toCents(dollars));
}

/**
 * What a buyer's money went through, as the request page's timeline shows it (issue 21): each a
 * movement the provider confirmed, never one that was only decided.
 */
export const MONEY_EVENT_KINDS = ['held', 'charged', 'released', 'refunded', 'disputed', 'dispute_won', 'dispute_lost'] as const;
export type MoneyEventKind = (typeof MONEY_EVENT_KINDS)[number];

/** The ledger movement behind each timeline line (a campaign's share: captured at once, never held). */
export const MONEY_EVENT_OF_MOVEMENT: Readonly<Record<string, MoneyEventKind>> = {
  authorised: 'held',
  captured: 'charged',
  voided: 'released',
  refunded: 'refunded',
  returned: 'refunded',
  dispute_withdrawn: 'disputed',
  dispute_reinstated: 'dispute_won',
  dispute_lost: 'dispute_lost',
};

/** The timeline line a person reads: 'Card hold of $45.00 placed', 'Refund of $45.00 issued', ... */
export function moneyEventText(kind: MoneyEventKind, amountCents: number): string {
  const amount = formatCents(amountCents);
  switch (kind) {
    case 'held':
      return `Card hold of ${amount} placed`;
    case 'charged':
      return `Charged ${amount}`;
    case 'released':
      return `Card hold of ${amount} released`;
    case 'refunded':
      return `Refund of ${amount} issued`;
    case 'disputed':
      return `Payment of ${amount} disputed`;
    case 'dispute_won':
      return `Dispute won: ${amount} returned`;
    case 'dispute_lost':
      return `Dispute lost: ${amount}`;
  }
}

/** The money jobs an administrator may retry from the money desk, by what they do. */
export const MONEY_JOB_LABELS: Readonly<Record<string, string>> = {
  'payments.capture': 'Charge a card hold',
  'payments.void': 'Release a card hold',
  'payments.refund': 'Refund a payment',
  'payments.refund-share': 'Refund a campaign share',
  'payments.provider-event': 'Handle a card provider event',
  'payments.stop-card-testing': 'Cancel a paused payer’s open checkouts',
  'payouts.transfer': 'Send a payout transfer',
};

/** Job names that move money: the desk lists and retries only these. */
export const MONEY_JOB_PREFIXES = ['payments.', 'payouts.'] as const;

/**
 * A campaign's one charge is recorded share by share in the same instant: the buyer reads it as
 * one line with the total. Refunds stay one line each: each is a refund of its own at the provider.
 */
export function mergeMoneyEvents<T extends { kind: MoneyEventKind; amountCents: number; at: Date }>(events: readonly T[]): T[] {
  const merged: T[] = [];
  for (const event of events) {
    const last = merged.at(-1);
    const onePayment = event.kind === 'charged' || event.kind === 'held';
    if (onePayment && last && last.kind === event.kind && Math.floor(last.at.getTime() / 1000) === Math.floor(event.at.getTime() / 1000)) {
      merged[merged.length - 1] = { ...last, amountCents: last.amountCents + event.amountCents };
    } else merged.push(event);
  }
  return merged;
}
