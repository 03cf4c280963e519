import { formatCents } from './money';
import type { NotificationDraft } from './notifications';
import { RequestStatus } from './request-status';
import type { RequestStatusCode } from './request-status';

/**
 * Money out (issue 21, spec §4 "Payout status per request", §5 "Payout", §9 payouts table): when an
 * athlete's share of a request may be paid, how much of it is due, how a payout is spread over the
 * requests it pays, and the administrator's payout form. Written once for the API (which re-checks
 * every send under a lock), the admin's payout screens and the athlete's Payouts page.
 *
 * Amounts are integer cents here; the API and the forms speak dollars with two decimals.
 */

/** Days a payable share may wait before it is past due (PAYOUT_DUE_DAYS overrides it). */
export const PAYOUT_DUE_DAYS_DEFAULT = 7;

/** A payout item's life: sent by a job, failed when the job gave up, reversed by the provider later. */
export const PAYOUT_ITEM_STATUSES = ['pending', 'sent', 'failed', 'reversed'] as const;
export type PayoutItemStatus = (typeof PAYOUT_ITEM_STATUSES)[number];

/** Items that hold their cents: the money is on its way (pending) or gone (sent). */
export const PAYOUT_ITEM_HOLDING_STATUSES: readonly PayoutItemStatus[] = ['pending', 'sent'];

/**
 * How much of a payout item marked sent did not reach the athlete, in cents: the parts the
 * provider refused, held back or took back (only the parts it made count as sent). A screen shows
 * the sent part beside it, never the whole amount as sent, so nobody is told money moved that did
 * not. Null when all of it was sent, or the item is not sent.
 */
export function payoutShortfallCents(item: { amountCents: number; sentCents: number; status: PayoutItemStatus }): number | null {
  if (item.status !== 'sent' || item.sentCents >= item.amountCents) return null;
  return item.amountCents - item.sentCents;
}

/**
 * A request's payout status as the admin's button and the request's payment block show it:
 * 'paid' once its whole share was sent (or marked paid by an administrator), 'processing' while a
 * payout of it is on its way, 'unpaid' otherwise (not payable yet, or payable and waiting).
 */
export const REQUEST_PAYOUT_STATUSES = ['unpaid', 'processing', 'paid'] as const;
export type RequestPayoutStatus = (typeof REQUEST_PAYOUT_STATUSES)[number];

/** What an athlete's share of one request is, as the ledger and the payouts record it. */
export interface RequestShareFacts {
  requestId: string;
  status: RequestStatusCode;
  paid: boolean;
  /** When it finished (unix seconds); null before. */
  finishedAt: number | null;
  /** The athlete's share still owed by the ledger (owed to the athlete, less any refund). */
  shareCents: number;
  /** A dispute against its payment is open: the share is held out of payouts until it closes. */
  disputed: boolean;
  /** Cents of payout items already sent for it. */
  sentCents: number;
  /** Cents of payout items on their way for it. */
  pendingCents: number;
  /** Cents an administrator marked paid outside Huddle's transfers. */
  markedCents: number;
}

/** A share may be paid once its request is finished and paid, and no dispute holds it. */
export function isShareReleased(share: Pick<RequestShareFacts, 'status' | 'paid' | 'disputed'>): boolean {
  return share.status === RequestStatus.Finished && share.paid && !share.disputed;
}

/** What of the share is left to pay: never below zero (a refund after a payout is the reconciliation's to see). */
export function payableCentsOf(share: RequestShareFacts): number {
  if (!isShareReleased(share)) return 0;
  return Math.max(0, share.shareCents - share.sentCents - share.pendingCents - share.markedCents);
}

export function requestPayoutStatus(share: RequestShareFacts): RequestPayoutStatus {
  if (share.shareCents <= 0 || share.status !== RequestStatus.Finished || !share.paid) return 'unpaid';
  const left = share.shareCents - share.sentCents - share.pendingCents - share.markedCents;
  if (left > 0) return 'unpaid';
  return share.pendingCents > 0 ? 'processing' : 'paid';
}

/** The athlete's payout of one request as the athlete and the administrator read it. */
export const REQUEST_PAYOUT_LABELS: Record<RequestPayoutStatus, string> = {
  unpaid: 'Not paid yet',
  processing: 'On its way',
  paid: 'Paid',
};

/**
 * The words for a request's payout, on its page and in the console's lists: a share not paid in
 * full but paid in part (a payout takes the oldest shares first, so one may cover part of a share)
 * says how much reached the athlete, never 'Not paid yet'; of how much when the share is known.
 * None (null) for a canceled request nothing was paid for: it owes the athlete nothing, and 'Not
 * paid yet' would promise a payout.
 */
export function requestPayoutLabel(status: RequestPayoutStatus, paidCents: number, shareCents: number | null = null, canceled = false): string | null {
  if (canceled && status === 'unpaid' && paidCents === 0) return null;
  if (status === 'unpaid' && paidCents > 0) return shareCents !== null ? `Paid in part: ${formatCents(paidCents)} of ${formatCents(shareCents)}` : `Paid in part: ${formatCents(paidCents)}`;
  return REQUEST_PAYOUT_LABELS[status];
}

/** Spec §4: an administrator may set a request's payout to paid only when it is finished and paid. */
export function canMarkPayoutPaid(request: { status: RequestStatusCode; paid: boolean }): boolean {
  return request.status === RequestStatus.Finished && request.paid;
}

export interface PayoutDue {
  payableCents: number;
  /** Payable for longer than the due days. */
  pastDueCents: number;
  /** The rest of what is payable. */
  currentDueCents: number;
}

/** Shares finished before this (unix seconds) are past due at `nowSeconds`. */
export function payoutDueBefore(nowSeconds: number, dueDays: number = PAYOUT_DUE_DAYS_DEFAULT): number {
  return nowSeconds - dueDays * 86400;
}

/** What an athlete may be paid now, split into past due and current due at `nowSeconds`. */
export function payoutDue(shares: readonly RequestShareFacts[], nowSeconds: number, dueDays: number = PAYOUT_DUE_DAYS_DEFAULT): PayoutDue {
  const dueBefore = payoutDueBefore(nowSeconds, dueDays);
  let pastDueCents = 0;
  let currentDueCents = 0;
  for (const share of shares) {
    const cents = payableCentsOf(share);
    if (cents === 0) continue;
    if (share.finishedAt !== null && share.finishedAt < dueBefore) pastDueCents += cents;
    else currentDueCents += cents;
  }
  return { payableCents: pastDueCents + currentDueCents, pastDueCents, currentDueCents };
}

/** An athlete's money in their shares: owed on requests under way, held by a dispute, and due. */
export interface ShareMoney {
  /** The shares of requests not finished yet (captured, not payable before the request finishes). */
  owedCents: number;
  /** What is left to pay of finished shares an open dispute (or outside refund) holds. */
  heldCents: number;
  due: PayoutDue;
}

/** The locker room's and the Payouts page's money from an athlete's shares at `nowSeconds`. */
export function shareMoney(shares: readonly RequestShareFacts[], nowSeconds: number, dueDays: number = PAYOUT_DUE_DAYS_DEFAULT): ShareMoney {
  let owedCents = 0;
  let heldCents = 0;
  for (const share of shares) {
    if (share.status !== RequestStatus.Finished) owedCents += Math.max(0, share.shareCents);
    else if (share.disputed) heldCents += Math.max(0, share.shareCents - share.sentCents - share.pendingCents - share.markedCents);
  }
  return { owedCents, heldCents, due: payoutDue(shares, nowSeconds, dueDays) };
}

/** SQL expressions of one share's facts (RequestShareFacts' fields; finishedAt in unix seconds, none null but finishedAt). */
export type ShareColumnsSql = Record<'status' | 'paid' | 'disputed' | 'finishedAt' | 'shareCents' | 'sentCents' | 'pendingCents' | 'markedCents', string>;

/**
 * `payableCentsOf` in SQL: the same rule for PostgreSQL to apply row by row (tested equal to it
 * over every combination in apps/api/test/payout-rules-sql.spec.ts).
 */
export function payableCentsSql(c: ShareColumnsSql): string {
  return `CASE WHEN ${c.status} = ${RequestStatus.Finished} AND ${c.paid} AND NOT ${c.disputed}
               THEN greatest(0, ${c.shareCents} - ${c.sentCents} - ${c.pendingCents} - ${c.markedCents}) ELSE 0 END`;
}

/**
 * `shareMoney` in SQL: a select list of four aggregates over rows of shares (owed_cents,
 * held_cents, past_due_cents, current_due_cents, each bigint), `dueBefore` the SQL of
 * `payoutDueBefore` (a parameter). PostgreSQL sums a busy athlete's shares where they are read,
 * instead of sending every one to be summed here (the busiest athlete at a million requests has
 * 1,335 open shares: a quarter of the locker room's API time went to turning them into rows).
 * Tested equal to `shareMoney` in apps/api/test/payout-rules-sql.spec.ts.
 */
export function shareMoneySql(c: ShareColumnsSql, dueBefore: string): string {
  const payable = payableCentsSql(c);
  const sum = (value: string, where: string) => `coalesce(sum(${value}) FILTER (WHERE ${where}), 0)::bigint`;
  return [
    `${sum(`greatest(0, ${c.shareCents})`, `${c.status} <> ${RequestStatus.Finished}`)} AS owed_cents`,
    `${sum(`greatest(0, ${c.shareCents} - ${c.sentCents} - ${c.pendingCents} - ${c.markedCents})`, `${c.status} = ${RequestStatus.Finished} AND ${c.disputed}`)} AS held_cents`,
    `${sum(payable, `${c.finishedAt} < ${dueBefore}`)} AS past_due_cents`,
    `${sum(payable, `${c.finishedAt} IS NULL OR ${c.finishedAt} >= ${dueBefore}`)} AS current_due_cents`,
  ].join(',\n       ');
}

export interface PayoutAllocation {
  requestId: string;
  amountCents: number;
}

/**
 * Spreads a payout over the payable shares, oldest finished first (then by id, so every reading
 * agrees): a request whose whole share is covered is paid by the payout itself. Null when the
 * amount is more than is payable (or not a positive whole number of cents).
 */
export function allocatePayout(shares: readonly RequestShareFacts[], amountCents: number): PayoutAllocation[] | null {
  if (!Number.isInteger(amountCents) || amountCents <= 0) return null;
  const ordered = shares
    .filter((share) => payableCentsOf(share) > 0)
    .sort((a, b) => (a.finishedAt ?? 0) - (b.finishedAt ?? 0) || (a.requestId < b.requestId ? -1 : a.requestId > b.requestId ? 1 : 0));
  const allocations: PayoutAllocation[] = [];
  let left = amountCents;
  for (const share of ordered) {
    if (left === 0) break;
    const cents = Math.min(left, payableCentsOf(share));
    allocations.push({ requestId: share.requestId, amountCents: cents });
    left -= cents;
  }
  return left === 0 ? allocations : null;
}

export const PAYOUT_MESSAGES = {
  /** The admin's toast after a send. */
  sent: 'Payout sent',
  /** The admin's toast after a payout status change (spec §8 toasts). */
  statusChanged: 'Status has been changed',
  /** The same call when nothing was left to mark: the share is already paid, or all of it on its way. */
  nothingToMark: 'Nothing to mark: this payout is already paid or on its way',
  enterValidAmount: 'Please, enter valid amount',
  negativeAmount: 'Amount cannot be negative',
  moreThanPayable: (payableCents: number) => `At most ${formatCents(payableCents)} is payable`,
  nothingToPay: 'Enter an amount above zero to pay',
  chooseAthlete: 'Choose at least one athlete to pay',
  athleteTwice: 'Each athlete can be paid once per payout',
  chooseStatus: 'Choose a payout status',
  notPayable: 'A payout can be marked paid only for a finished, paid request',
  accountNotReady: (name: string, reason: string) => `${name} cannot be paid yet: ${reason}`,
} as const;

/** Dollars as typed (a number or a string) to cents: null unless a finite amount with at most two decimals. */
export function payoutAmountCents(amount: number | string | null | undefined): number | null {
  if (amount === null || amount === undefined) return null;
  const text = typeof amount === 'number' ? String(amount) : amount.trim();
  if (!/^-?\d+(\.\d{1,2})?$/.test(text)) return null;
  const cents = Math.round(Number(text) * 100);
  return Number.isSafeInteger(cents) ? cents : null;
}

export interface PayoutFormLine {
  athleteId: string;
  /** What the administrator typed, in dollars; empty counts as zero. */
  amount: number | string | null;
  payableCents: number;
}

export interface PayoutFormCheck {
  /** A message per athlete whose amount is wrong. */
  errors: Record<string, string>;
  totalCents: number;
  /** Pay is enabled only when every amount is right and the total is above zero. */
  canPay: boolean;
  /** Why Pay is disabled, when it is. */
  message: string | null;
}

/** Spec §5, Payout: amounts non-negative and at most what is payable; Pay only with a total above zero. */
export function checkPayoutForm(lines: readonly PayoutFormLine[]): PayoutFormCheck {
  const errors: Record<string, string> = {};
  let totalCents = 0;
  for (const line of lines) {
    const typed = typeof line.amount === 'string' && line.amount.trim() === '' ? 0 : line.amount ?? 0;
    const cents = payoutAmountCents(typed);
    if (cents === null) errors[line.athleteId] = PAYOUT_MESSAGES.enterValidAmount;
    else if (cents < 0) errors[line.athleteId] = PAYOUT_MESSAGES.negativeAmount;
    else if (cents > line.payableCents) errors[line.athleteId] = PAYOUT_MESSAGES.moreThanPayable(line.payableCents);
    else totalCents += cents;
  }
  const firstError = Object.values(errors)[0] ?? null;
  const message = firstError ?? (totalCents > 0 ? null : PAYOUT_MESSAGES.nothingToPay);
  return { errors, totalCents, canPay: message === null, message };
}

/** Where an athlete's payout account stands (the provider's Connect account, or the sandbox's). */
export const PAYOUT_ACCOUNT_STATES = ['none', 'onboarding', 'ready', 'restricted'] as const;
export type PayoutAccountState = (typeof PAYOUT_ACCOUNT_STATES)[number];

export interface PayoutAccountFacts {
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
  /** What the provider still asks for (Stripe's requirements.currently_due). */
  requirementsDue: readonly string[];
}

/**
 * Ready only when the provider lets money go to it: details submitted and payouts enabled.
 * Details never submitted is onboarding unfinished; submitted but not enabled (or asking for more)
 * is restricted.
 */
export function payoutAccountState(account: PayoutAccountFacts | null): PayoutAccountState {
  if (!account) return 'none';
  if (!account.detailsSubmitted) return 'onboarding';
  if (!account.payoutsEnabled || account.requirementsDue.length > 0) return 'restricted';
  return 'ready';
}

/** The line the athlete reads in settings, and the reason the administrator sees beside a candidate. */
export const PAYOUT_ACCOUNT_LINES: Record<PayoutAccountState, { athlete: string; admin: string }> = {
  none: { athlete: 'Connect an account to get paid', admin: 'no payout account connected' },
  onboarding: { athlete: 'Finish setting up your payout account', admin: 'payout account setup not finished' },
  ready: { athlete: 'Payouts ready', admin: 'ready' },
  restricted: { athlete: 'Stripe needs more information', admin: 'Stripe needs more information' },
};

/** The athlete, when a payout item's transfer went out. By email too. */
export function payoutSentNotification(athleteId: string, amountCents: number): NotificationDraft {
  return {
    userId: athleteId,
    data: { title: 'Payout sent', text: `Huddle sent you a payout of ${formatCents(amountCents)}.`, link: '/settings/payouts' },
    email: true,
  };
}
