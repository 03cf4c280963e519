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
