/**
 * NIL disclosure (issue 23): since 2025 a Division I athlete reports each third-party NIL deal to
 * the College Sports Commission's NIL Go within 5 business days of agreeing to it, once the deal's
 * compensation, added to what the same payor already paid the athlete, reaches $600.
 *
 * Payors are counted per Huddle account: Huddle does not model common ownership (two businesses of
 * one owner are two payors here), so an athlete paid by related companies must add them up themself.
 */
import { localDateOf, type LocalDate } from './periods';
import type { NotificationDraft } from './notifications';
import { serviceTypeLabel } from './service-types';

/** A payor's running total at which a deal must be disclosed: $600.00. */
export const NIL_DISCLOSURE_THRESHOLD_CENTS = 60_000;

/** Business days (weekends and US federal holidays skipped) the athlete has to report a flagged deal. */
export const NIL_REPORT_BUSINESS_DAYS = 5;

/**
 * The clock of every NIL date: the College Sports Commission runs NIL Go from the East Coast, so a
 * deal accepted at 10 PM in California (already the next day in New York) was agreed on New York's
 * date, and "today" for a countdown is New York's today, whatever the athlete's or server's zone.
 */
export const NIL_ZONE = 'America/New_York';

/** NIL_ZONE in words, for the screens that show its days. */
export const NIL_ZONE_NAME = 'New York time (Eastern)';

export const NIL_GO_STATUSES = ['cleared', 'flagged', 'not_cleared'] as const;
export type NilGoStatus = (typeof NIL_GO_STATUSES)[number];
export const NIL_GO_STATUS_LABELS: Record<NilGoStatus, string> = { cleared: 'Cleared', flagged: 'Flagged', not_cleared: 'Not cleared' };

export function isNilGoStatus(value: unknown): value is NilGoStatus {
  return typeof value === 'string' && (NIL_GO_STATUSES as readonly string[]).includes(value);
}

const DAY_MS = 86_400_000;

function isoOf(date: LocalDate): string {
  return `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

/** A 'YYYY-MM-DD' day as UTC midnight, to walk calendar days without any zone. */
function dayMs(iso: string): number {
  const [year, month, day] = iso.split('-').map(Number);
  return Date.UTC(year, month - 1, day);
}

function isoOfMs(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** True for a real calendar day written 'YYYY-MM-DD'. */
export function isIsoDay(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  return isoOfMs(dayMs(value)) === value;
}

/** The n-th (1-based) weekday (0 Sunday … 6 Saturday) of a month; n = -1 for the last one. */
function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  if (n > 0) {
    const first = Date.UTC(year, month - 1, 1);
    const offset = (weekday - new Date(first).getUTCDay() + 7) % 7;
    return first + (offset + (n - 1) * 7) * DAY_MS;
  }
  const last = Date.UTC(year, month, 0);
  return last - ((new Date(last).getUTCDay() - weekday + 7) % 7) * DAY_MS;
}

/** A fixed-date holiday on a weekend is observed the Friday before (Saturday) or the Monday after (Sunday). */
function observed(year: number, month: number, day: number): number {
  const ms = Date.UTC(year, month - 1, day);
  const weekday = new Date(ms).getUTCDay();
  if (weekday === 6) return ms - DAY_MS;
  if (weekday === 0) return ms + DAY_MS;
  return ms;
}

function holidaysObservedFor(year: number): number[] {
  return [
    observed(year, 1, 1), // New Year's Day
    nthWeekday(year, 1, 1, 3), // Birthday of Martin Luther King, Jr.
    nthWeekday(year, 2, 1, 3), // Washington's Birthday
    nthWeekday(year, 5, 1, -1), // Memorial Day
    observed(year, 6, 19), // Juneteenth National Independence Day
    observed(year, 7, 4), // Independence Day
    nthWeekday(year, 9, 1, 1), // Labor Day
    nthWeekday(year, 10, 1, 2), // Columbus Day
    observed(year, 11, 11), // Veterans Day
    nthWeekday(year, 11, 4, 4), // Thanksgiving Day
    observed(year, 12, 25), // Christmas Day
  ];
}

const holidayCache = new Map<number, string[]>();

/**
 * The days off of the 11 US federal holidays (5 U.S.C. 6103) that fall in `year`, 'YYYY-MM-DD' in
 * date order, as OPM lists them: a holiday on a Saturday is observed the Friday before, on a
 * Sunday the Monday after. A New Year's Day on a Saturday is observed on December 31 of the year
 * before, so that year's list carries it (OPM's 2027 list ends with Friday, December 31).
 * One-off closings by executive order are not holidays of the statute and are not in it.
 */
export function usFederalHolidays(year: number): string[] {
  let days = holidayCache.get(year);
  if (!days) {
    days = [...holidaysObservedFor(year), observed(year + 1, 1, 1)]
      .map(isoOfMs)
      .filter((iso) => iso.startsWith(`${year}-`))
      .sort();
    holidayCache.set(year, days);
  }
  return [...days];
}

function isBusinessDay(ms: number): boolean {
  const weekday = new Date(ms).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const iso = isoOfMs(ms);
  return !usFederalHolidays(Number(iso.slice(0, 4))).includes(iso);
}

/** The calendar day of an instant on NIL's clock (New York), 'YYYY-MM-DD'. */
export function nilDay(instant: Date): string {
  return isoOf(localDateOf(instant, NIL_ZONE));
}

/**
 * The report-by date of a deal agreed at `agreedAt`: the 5th business day after the day it was
 * agreed on in New York (weekends and federal holidays skipped; the day of agreement not counted).
 */
export function nilReportBy(agreedAt: Date): string {
  let ms = dayMs(nilDay(agreedAt));
  let left = NIL_REPORT_BUSINESS_DAYS;
  while (left > 0) {
    ms += DAY_MS;
    if (isBusinessDay(ms)) left -= 1;
  }
  return isoOfMs(ms);
}

/**
 * Business days from today (New York) to `reportBy`: 0 on the day itself; before it, the business
 * days still to come after today up to and including the deadline (so a weekend changes nothing:
 * the Saturday before a Thursday deadline has Mon-Thu, 4, left, as the Friday before did); after
 * it, minus the business days gone by since the deadline, and at least 1 overdue (the Saturday
 * after a Friday deadline is -1, and so is the Monday).
 */
export function nilBusinessDaysLeft(reportBy: string, now: Date): number {
  const today = dayMs(nilDay(now));
  const due = dayMs(reportBy);
  if (today === due) return 0;
  const [from, to] = today < due ? [today, due] : [due, today];
  let count = 0;
  for (let ms = from + DAY_MS; ms <= to; ms += DAY_MS) if (isBusinessDay(ms)) count += 1;
  return today < due ? count : -Math.max(1, count);
}

// Kept, not built per call (toLocaleString with options builds a formatter each time, about 0.1
// ms); pure, so a bundle that formats none of these drops them.
const DAY_LABEL = /*#__PURE__*/ new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
const DAY_LABEL_WITH_YEAR = /*#__PURE__*/ new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const MOMENT_LABEL = /*#__PURE__*/ new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: NIL_ZONE,
});
const DOLLARS = /*#__PURE__*/ new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 'Fri, Dec 4' (a day of this season) or with the year: 'Fri, Dec 4, 2026'. */
export function nilDateLabel(iso: string, withYear = false): string {
  return (withYear ? DAY_LABEL_WITH_YEAR : DAY_LABEL).format(new Date(dayMs(iso)));
}

/** An agreement's moment on NIL's clock: 'Fri, Nov 27, 2026, 9:05 PM ET'. */
export function nilMomentLabel(instant: Date): string {
  return `${MOMENT_LABEL.format(instant).replace(/\u202f/g, ' ')} ET`;
}

export type NilPayorKind = 'fan' | 'business';

export interface NilPayor {
  kind: NilPayorKind;
  /** The fan's public name, or the business's name. */
  name: string;
  company: { name: string; email: string | null; website: string | null; address?: string | null } | null;
}

/** A deal as the packet shows it: the API's NilDisclosureDto fields, plus the athlete's name. */
export interface NilPacketSource {
  athlete_name: string;
  request_type: string;
  payor: NilPayor;
  amount: number;
  platform_fee: number;
  athlete_net: number;
  agreed_at: string;
  obligations: string;
  payor_total: number;
  flagged: boolean;
  report_by: string | null;
}

export interface NilPacketField {
  label: string;
  value: string;
}

function dollars(amount: number): string {
  return `$${DOLLARS.format(amount)}`;
}

export const nilServiceLabel = serviceTypeLabel;

function payorLines(payor: NilPayor): NilPacketField[] {
  if (payor.kind === 'fan' || !payor.company) return [{ label: 'Payor', value: `${payor.name} (individual)` }];
  return [
    { label: 'Payor', value: `${payor.company.name} (business)` },
    { label: 'Payor contact email', value: payor.company.email ?? 'Not given' },
    { label: 'Payor website', value: payor.company.website ?? 'Not given' },
    ...(payor.company.address ? [{ label: 'Payor address', value: payor.company.address }] : []),
  ];
}

/**
 * The disclosure packet's fields, in order: what NIL Go asks for, written once for the PDF the
 * API renders and the athlete's detail view, so the two never differ.
 */
export function nilPacketFields(d: NilPacketSource): NilPacketField[] {
  return [
    { label: 'Athlete', value: d.athlete_name },
    ...payorLines(d.payor),
    { label: 'Service', value: nilServiceLabel(d.request_type) },
    { label: 'Compensation', value: dollars(d.amount) },
    { label: 'Platform fee (Huddle)', value: dollars(d.platform_fee) },
    { label: "Athlete's net", value: dollars(d.athlete_net) },
    { label: 'Date agreed', value: nilMomentLabel(new Date(d.agreed_at)) },
    { label: 'Obligations', value: d.obligations || 'None stated' },
    { label: 'Total from this payor (with this deal)', value: dollars(d.payor_total) },
    {
      label: 'Report by',
      value: d.flagged && d.report_by ? nilDateLabel(d.report_by, true) : `Not required (under ${dollars(NIL_DISCLOSURE_THRESHOLD_CENTS / 100)} from this payor)`,
    },
  ];
}

const DETAIL_LABELS: Readonly<Record<string, string>> = {
  task: 'Task',
  link: 'Link',
  names_in_shoutout: 'Names in the shoutout',
  recipients_emails: 'Sent to',
  special_message_info: 'Message',
  start_time: 'Starts',
  date_time: 'Starts',
  duration: 'Duration',
  location: 'Location',
  event_description: 'Event',
  description: 'Description',
  topics: 'Topics',
  special_message: 'Special message',
  special_conditions: 'Special conditions',
};

function detailValue(key: string, value: unknown): string | null {
  if ((key === 'start_time' || key === 'date_time') && typeof value === 'number') return nilMomentLabel(new Date(value * 1000));
  if (key === 'duration' && typeof value === 'number') return `${value} ${value === 1 ? 'hour' : 'hours'}`;
  if (key === 'location' && value && typeof value === 'object') {
    const address = (value as { address?: unknown }).address;
    return typeof address === 'string' && address.trim() ? address.trim() : null;
  }
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

/**
 * What the athlete agreed to do, as text a person reads (the packet's Obligations): the service and
 * the request's title, the campaign's name for a share, each detail the requester filled in under
 * its form label, and the social platforms to post on.
 */
export function nilObligations(request: {
  type: string;
  name: string;
  details: Record<string, unknown>;
  campaignName?: string | null;
  socialPlatforms?: string | null;
}): string {
  const lines = [`${nilServiceLabel(request.campaignName ? 'endorsement_campaign' : request.type)}: "${request.name}"`];
  if (request.campaignName) lines.push(`Campaign: "${request.campaignName}"`);
  // In the form's order (a jsonb object comes back with its keys reordered), unknown keys last.
  const details = request.details ?? {};
  const known = Object.keys(DETAIL_LABELS).filter((key) => key in details);
  for (const key of [...known, ...Object.keys(details).filter((key) => !(key in DETAIL_LABELS))]) {
    const text = detailValue(key, details[key]);
    if (text) lines.push(`${DETAIL_LABELS[key] ?? key.replace(/_/g, ' ')}: ${text}`);
  }
  if (request.socialPlatforms?.trim()) lines.push(`Post on: ${request.socialPlatforms.trim()}`);
  return lines.join('\n');
}

/** 'acme-co' from 'Acme Co.': a file name's part, never empty. */
function slug(text: string): string {
  const words = text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return words || 'payor';
}

/** 'huddle-nil-disclosure-2026-11-27-acme-co.pdf': the agreed day (New York) and the payor. */
export function nilPacketFilename(agreedAt: Date, payorName: string): string {
  return `huddle-nil-disclosure-${nilDay(agreedAt)}-${slug(payorName)}.pdf`;
}

/** The athlete, when a deal is flagged: report it to NIL Go by its date. In the app and by email. */
export function nilDisclosureDueNotification(facts: { athleteId: string; payorName: string; reportBy: string }): NotificationDraft {
  return {
    userId: facts.athleteId,
    data: {
      title: 'Report your NIL deal',
      text: `Report your deal with ${facts.payorName} to NIL Go by ${nilDateLabel(facts.reportBy)}.`,
      link: '/locker-room',
    },
    email: true,
  };
}
