/**
 * Week and month boundaries in the viewer's time zone (issue 23: the locker room's "this week",
 * "this month" and the chart's buckets). The browser sends its IANA zone (`?tz=America/Chicago`);
 * without one the periods are UTC's. Computed with `Intl` alone, so the API and the screens agree
 * without a date library, across daylight-saving changes (a day of 23 or 25 hours, and zones whose
 * clocks skip midnight itself).
 *
 * A week starts on Monday at 00:00 local time, a month on its 1st at 00:00 local time.
 *
 * "Last week" and "last month" in the spec's locker room (§2: "counts for last week and month",
 * §3: "week, month and total amounts") are read as the CURRENT calendar week and month up to now
 * (this week so far, this month so far), not a rolling 7 or 30 days: the same periods as the
 * earnings' "this week" and "this month", so the request counts and the money agree, and a number
 * does not change between two visits on the same day except by what happened.
 */

export const DEFAULT_TIME_ZONE = 'UTC';

export const PERIODS = ['week', 'month'] as const;
export type Period = (typeof PERIODS)[number];

/** A calendar day: month 1-12. */
export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
/** Formatters kept per cache: zones are checked, but their spellings (case) are many. */
const FORMATTERS_KEPT = 1000;

/** `cache`'s formatter for `key`, made by `make` the first time (the cache emptied when full). */
function cachedFormatter(cache: Map<string, Intl.DateTimeFormat>, key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let formatter = cache.get(key);
  if (!formatter) {
    formatter = make();
    if (cache.size >= FORMATTERS_KEPT) cache.clear();
    cache.set(key, formatter);
  }
  return formatter;
}

function formatterOf(zone: string): Intl.DateTimeFormat {
  return cachedFormatter(formatters, zone, () =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }),
  );
}

/** True for a zone `Intl` knows (an IANA name such as America/Chicago, or UTC). */
export function isTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(zone)) return false;
  try {
    formatterOf(zone);
    return true;
  } catch {
    return false;
  }
}

/** The zone a viewer asked for: UTC when none was sent, null when the one sent is not a zone. */
export function viewerTimeZone(sent: string | null | undefined): string | null {
  if (sent === undefined || sent === null || sent.trim() === '') return DEFAULT_TIME_ZONE;
  return isTimeZone(sent.trim()) ? sent.trim() : null;
}

/** The wall clock in `zone` at `ms`, read as if it were UTC (milliseconds). */
function wallClockMs(ms: number, zone: string): number {
  const parts = formatterOf(zone).formatToParts(new Date(ms));
  const of = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return Date.UTC(of('year'), of('month') - 1, of('day'), of('hour'), of('minute'), of('second'));
}

/** The calendar day in `zone` at `instant`. */
export function localDateOf(instant: Date, zone: string): LocalDate {
  const wall = new Date(wallClockMs(instant.getTime(), zone));
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
}

function sameDate(a: LocalDate, b: LocalDate): boolean {
  return a.year === b.year && a.month === b.month && a.day === b.day;
}

/** `date` moved by `days` (negative goes back), on the calendar. */
export function addDays(date: LocalDate, days: number): LocalDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/**
 * The first instant of `date` in `zone`: its midnight, or where a clock skips midnight (a
 * daylight-saving change at 00:00), the first moment that exists on that day.
 */
export function startOfLocalDay(date: LocalDate, zone: string): Date {
  const wall = Date.UTC(date.year, date.month - 1, date.day);
  // The zone's offset is one of those around that day: each gives a candidate; the earliest that
  // falls on the day is its start.
  const candidates = [wall - 86_400_000, wall, wall + 86_400_000]
    .map((probe) => wall - (wallClockMs(probe, zone) - probe))
    .filter((instant) => sameDate(localDateOf(new Date(instant), zone), date));
  if (candidates.length === 0) return new Date(wall - (wallClockMs(wall, zone) - wall));
  return new Date(Math.min(...candidates));
}

/** Monday (ISO weekday 1) of the week holding `date`. */
function mondayOf(date: LocalDate): LocalDate {
  const weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay(); // 0 Sunday
  return addDays(date, -((weekday + 6) % 7));
}

/** Monday 00:00 of the week holding `instant`, in `zone`. */
export function startOfWeek(instant: Date, zone: string): Date {
  return startOfLocalDay(mondayOf(localDateOf(instant, zone)), zone);
}

/** The 1st at 00:00 of the month holding `instant`, in `zone`. */
export function startOfMonth(instant: Date, zone: string): Date {
  const date = localDateOf(instant, zone);
  return startOfLocalDay({ year: date.year, month: date.month, day: 1 }, zone);
}

export function startOfPeriod(instant: Date, period: Period, zone: string): Date {
  return period === 'week' ? startOfWeek(instant, zone) : startOfMonth(instant, zone);
}

/** The start of the period after the one starting at `start`. */
export function nextPeriodStart(start: Date, period: Period, zone: string): Date {
  const date = localDateOf(start, zone);
  if (period === 'week') return startOfLocalDay(addDays(mondayOf(date), 7), zone);
  const next = date.month === 12 ? { year: date.year + 1, month: 1, day: 1 } : { year: date.year, month: date.month + 1, day: 1 };
  return startOfLocalDay(next, zone);
}

/** The starts of the last `count` periods up to the one holding `now`, oldest first. */
export function periodStarts(now: Date, period: Period, zone: string, count: number): Date[] {
  const starts: Date[] = [startOfPeriod(now, period, zone)];
  while (starts.length < count) {
    const before = new Date(starts[0].getTime() - 1);
    starts.unshift(startOfPeriod(before, period, zone));
  }
  return starts;
}

/** The viewer's current week and month (see the reading of "last week" above). */
export function viewerPeriods(now: Date, zone: string): { weekStart: Date; monthStart: Date } {
  return { weekStart: startOfWeek(now, zone), monthStart: startOfMonth(now, zone) };
}

// Label formatters by period and zone: making an Intl.DateTimeFormat costs far more than using one.
const labelFormatters = new Map<string, Intl.DateTimeFormat>();

/** A bucket's label as the chart prints it: 'Nov 23' for a week, 'Nov 2026' for a month. */
export function periodLabel(start: Date, period: Period, zone: string): string {
  const options: Intl.DateTimeFormatOptions = period === 'week' ? { timeZone: zone, month: 'short', day: 'numeric' } : { timeZone: zone, month: 'short', year: 'numeric' };
  return cachedFormatter(labelFormatters, `${period} ${zone}`, () => new Intl.DateTimeFormat('en-US', options)).format(start);
}

/** How many buckets the locker room's chart shows for each period. */
export const CHART_BUCKETS: Record<Period, number> = { week: 12, month: 12 };
