import {
  NIL_DISCLOSURE_THRESHOLD_CENTS,
  NIL_GO_STATUS_LABELS,
  NIL_GO_STATUSES,
  NIL_REPORT_BUSINESS_DAYS,
  NIL_ZONE_NAME,
  nilBusinessDaysLeft,
  nilDateLabel,
  nilDay,
  nilServiceLabel,
  type NilGoStatus,
} from '@huddle/domain/nil';
import type { NilDisclosure } from './nil-api';

/** How urgent a countdown reads: 'due' (days left), 'today', 'overdue' (the danger colour). */
export type NilCountdownTone = 'due' | 'today' | 'overdue';

export interface NilCountdown {
  text: string;
  tone: NilCountdownTone;
}

const businessDays = (count: number) => `${count} business ${count === 1 ? 'day' : 'days'}`;

/**
 * The report-by line of a flagged deal at `now`: 'Report by Fri, Dec 4 · 3 business days left',
 * 'Due today', '2 business days overdue'. Days are counted on NIL Go's clock (libs/domain/nil).
 */
export function nilCountdown(reportBy: string, now: Date): NilCountdown {
  const left = nilBusinessDaysLeft(reportBy, now);
  if (left === 0) return { text: 'Due today', tone: 'today' };
  if (left < 0) return { text: `${businessDays(-left)} overdue`, tone: 'overdue' };
  return { text: `Report by ${nilDateLabel(reportBy)} · ${businessDays(left)} left`, tone: 'due' };
}

/** 'Dec 2' from '2026-12-02' (a calendar day, no zone). */
export function shortDay(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day!)).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** A flagged deal's state: 'To report', or 'Reported Dec 2 · Cleared' (the NIL Go status when given). */
export function nilStateLabel(disclosure: Pick<NilDisclosure, 'reported_on' | 'nil_go_status'>): string {
  if (!disclosure.reported_on) return 'To report';
  const status = disclosure.nil_go_status ? ` · ${NIL_GO_STATUS_LABELS[disclosure.nil_go_status]}` : '';
  return `Reported ${shortDay(disclosure.reported_on)}${status}`;
}

/** The rule in one line, from the domain's numbers. */
export const NIL_RULE_TEXT = `Once a payor's deals with you reach $${NIL_DISCLOSURE_THRESHOLD_CENTS / 100}, report each deal from them to NIL Go within ${NIL_REPORT_BUSINESS_DAYS} business days of agreeing to it. Days here are in ${NIL_ZONE_NAME}, as the rule counts them.`;

export const NIL_EMPTY = { title: 'No deals yet', text: 'Each request you accept is recorded here as a deal, with what NIL Go asks for.' };

export const NIL_UNDER_THRESHOLD = `Under $${NIL_DISCLOSURE_THRESHOLD_CENTS / 100} from this payor so far`;

/**
 * The section's two lists: flagged deals first, those still to report before the reported ones,
 * the nearest report-by date first; then the other deals, newest agreed first (the API's order).
 */
export function splitDisclosures(disclosures: readonly NilDisclosure[]): { flagged: NilDisclosure[]; others: NilDisclosure[] } {
  const flagged = disclosures.filter((d) => d.flagged);
  const rank = (d: NilDisclosure) => (d.reported_on ? 1 : 0);
  flagged.sort((a, b) => rank(a) - rank(b) || (a.report_by ?? '').localeCompare(b.report_by ?? '') || b.agreed_at.localeCompare(a.agreed_at));
  return { flagged, others: disclosures.filter((d) => !d.flagged) };
}

/** The days a deal may be marked reported on: from the day it was agreed to today, both on NIL Go's clock. */
export function reportedOnBounds(agreedAt: string, now: Date): { min: string; max: string } {
  return { min: nilDay(new Date(agreedAt)), max: nilDay(now) };
}

/** The form's first check, before the API's: a real day within the bounds. Null when fine. */
export function reportedOnProblem(value: string, bounds: { min: string; max: string }): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'Choose the day you reported the deal.';
  if (value < bounds.min) return `The deal was agreed on ${shortDay(bounds.min)}: choose that day or later.`;
  if (value > bounds.max) return 'Choose today or an earlier day.';
  return null;
}

export const NIL_GO_STATUS_OPTIONS: ReadonlyArray<{ value: '' | NilGoStatus; label: string }> = [
  { value: '', label: 'Not known yet' },
  ...NIL_GO_STATUSES.map((value) => ({ value, label: NIL_GO_STATUS_LABELS[value] })),
];

/** 'Acme Co.' or the fan's public name. */
export function payorName(disclosure: Pick<NilDisclosure, 'payor'>): string {
  return disclosure.payor.company?.name ?? disclosure.payor.name;
}

export { nilServiceLabel };
