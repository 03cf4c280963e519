import { formatDollars, MONEY_EVENT_KINDS, moneyEventText, toCents, type MoneyEventKind } from '@huddle/domain';
import { REQUEST_PAYOUT_STATUSES, requestPayoutLabel, type RequestPayoutStatus } from '@huddle/domain/payouts';
import { formatDate, formatTime } from '@huddle/domain/format';

/** A request's `payment` block (spec §3) as the request page reads it. */
export interface PaymentBlock {
  /** Dollars. */
  amount: number;
  athleteName: string | null;
  senderName: string | null;
  /** Sent to the athlete and the administrator only. */
  payoutStatus: RequestPayoutStatus | null;
  /** Dollars of the athlete's share that reached them so far (athlete and administrator only). */
  payoutPaid: number | null;
  /** The athlete's share in dollars (the request's amount_to_athlete), when the viewer may see it. */
  share: number | null;
}

/** One line of the money timeline: a movement the provider confirmed (the API lists nothing else). */
export interface MoneyLine {
  /** A MoneyEventKind, or a kind newer than this build whose text the API wrote. */
  kind: string;
  text: string;
  /** Unix seconds. */
  at: number;
  when: string;
}

export interface PaymentFacts {
  payment: PaymentBlock | null;
  /** Null when the API sent no timeline (an older API): then nothing is said about money moving. */
  money: MoneyLine[] | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function isMoneyEventKind(kind: unknown): kind is MoneyEventKind {
  return (MONEY_EVENT_KINDS as readonly unknown[]).includes(kind);
}

function isPayoutStatus(status: unknown): status is RequestPayoutStatus {
  return (REQUEST_PAYOUT_STATUSES as readonly unknown[]).includes(status);
}

function dollars(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function paymentOf(value: unknown, share: unknown): PaymentBlock | null {
  if (!isRecord(value) || typeof value.amount !== 'number' || !Number.isFinite(value.amount)) return null;
  return {
    amount: value.amount,
    athleteName: text(value.athlete_name),
    senderName: text(value.sender_name),
    payoutStatus: isPayoutStatus(value.payout_status) ? value.payout_status : null,
    payoutPaid: dollars(value.payout_paid),
    share: dollars(share),
  };
}

/** A line's text: the domain's words for a kind this build knows, else the API's own text. */
function lineText(event: Record<string, unknown>, amount: number): string | null {
  if (isMoneyEventKind(event.kind)) return moneyEventText(event.kind, toCents(amount));
  return text(event.text);
}

/**
 * The money timeline's lines, oldest first. A line without an amount or a time, or of a kind this
 * build does not know and the API gave no text for, is left out rather than guessed at: the page
 * never says money moved unless the timeline says how.
 */
function moneyOf(value: unknown): MoneyLine[] | null {
  if (!Array.isArray(value)) return null;
  const lines: MoneyLine[] = [];
  for (const event of value) {
    if (!isRecord(event) || typeof event.kind !== 'string') continue;
    if (typeof event.amount !== 'number' || !Number.isFinite(event.amount) || typeof event.at !== 'number' || !Number.isFinite(event.at)) continue;
    const said = lineText(event, event.amount);
    if (said === null) continue;
    lines.push({
      kind: event.kind,
      text: said,
      at: event.at,
      when: `${formatDate(event.at)}, ${formatTime(event.at)}`,
    });
  }
  // Stable: events of one second keep the API's order.
  return lines.map((line, index) => ({ line, index })).sort((a, b) => a.line.at - b.line.at || a.index - b.index).map(({ line }) => line);
}

/**
 * What a request (or a campaign) says about its money: its `payment` block and its `money`
 * timeline (issue 21, spec §3). Read from whatever the API answered, so an API without them gives
 * nulls instead of a broken page.
 */
export function paymentFactsOf(view: object): PaymentFacts {
  const record = view as Record<string, unknown>;
  return { payment: paymentOf(record.payment, record.amount_to_athlete), money: moneyOf(record.money) };
}

/** Dollars as money lines print them, always with cents ($45.00), like the timeline beside them. */
export const formatMoney = formatDollars;

/** The payout's words on the request's page, or null for none (the rule is libs/domain's, shared with the console's lists). */
export function payoutLabel(payment: Pick<PaymentBlock, 'payoutStatus' | 'payoutPaid' | 'share'>, canceled = false): string | null {
  return payment.payoutStatus
    ? requestPayoutLabel(payment.payoutStatus, toCents(payment.payoutPaid ?? 0), payment.share === null ? null : toCents(payment.share), canceled)
    : null;
}
