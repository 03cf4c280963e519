import { createHash } from 'node:crypto';
import { parseExpression } from 'cron-parser';

/**
 * A recurring job's cron expression (five fields, UTC), parsed once by cron-parser into the values
 * each field allows. Whether a minute is an occurrence is then a lookup per field.
 *
 * Why not pg-boss's own schedules: every 10 s one process asked cron-parser for each schedule's
 * previous occurrence (`prev()`), a search through luxon dates of 2-8 ms a schedule, 25-35 ms for
 * Huddle's six on a quiet machine and 130 ms the first time, in one block of the event loop: the
 * calls that came in meanwhile waited (measured 2026-12-01, `tools/bench/booking-load.mjs`'s paced
 * load). And each process polled pg-boss's queue of due schedules every second. A minute that
 * matches the fields is exactly a minute whose occurrence `prev()` would find less than 60 s back.
 */
export interface CronFields {
  readonly minute: ReadonlySet<number>;
  readonly hour: ReadonlySet<number>;
  readonly dayOfMonth: ReadonlySet<number>;
  readonly month: ReadonlySet<number>;
  readonly dayOfWeek: ReadonlySet<number>;
  /** Standard cron: when both the day of the month and the day of the week are restricted, either one matching will do. */
  readonly eitherDay: boolean;
}

const DAYS_OF_MONTH = 31;
const DAYS_OF_WEEK = 7;

/** Parses a five-field cron expression (throws cron-parser's error on a bad one). Seconds are not allowed: occurrences are minutes. */
export function parseCron(cron: string): CronFields {
  if (cron.trim().split(/\s+/).length !== 5) throw new Error(`A schedule's cron has five fields (minute to day of the week): "${cron}"`);
  const { fields } = parseExpression(cron, { tz: 'UTC' });
  // cron-parser lists Sunday as 0 and, when written as 7, as 7 too.
  const dayOfWeek = new Set(fields.dayOfWeek.map((day) => day % 7));
  const dayOfMonth = new Set((fields.dayOfMonth as ReadonlyArray<number | string>).filter((day): day is number => typeof day === 'number'));
  if (dayOfMonth.size !== fields.dayOfMonth.length) throw new Error(`A schedule's day of the month is a number or a range: "${cron}"`);
  return {
    minute: new Set(fields.minute),
    hour: new Set(fields.hour),
    dayOfMonth,
    month: new Set(fields.month),
    dayOfWeek,
    eitherDay: dayOfMonth.size < DAYS_OF_MONTH && dayOfWeek.size < DAYS_OF_WEEK,
  };
}

/** Whether the UTC minute that `at` falls in is an occurrence of `fields`. */
export function isDue(fields: CronFields, at: Date): boolean {
  if (!fields.minute.has(at.getUTCMinutes()) || !fields.hour.has(at.getUTCHours()) || !fields.month.has(at.getUTCMonth() + 1)) return false;
  const byMonthDay = fields.dayOfMonth.has(at.getUTCDate());
  const byWeekDay = fields.dayOfWeek.has(at.getUTCDay());
  return fields.eitherDay ? byMonthDay || byWeekDay : byMonthDay && byWeekDay;
}

/** The start of the UTC minute `at` falls in. */
export function minuteOf(at: Date): Date {
  return new Date(Math.floor(at.getTime() / 60_000) * 60_000);
}

/**
 * The job id of one occurrence: the same in every process that sees it due, so pg-boss's insert
 * (`ON CONFLICT DO NOTHING` on the queue and id) keeps the first and drops the rest, whatever the
 * processes' clocks say about the seconds. A UUID made from a SHA-1 of the name and the minute
 * (the layout of RFC 4122's version 5).
 */
export function occurrenceId(name: string, minute: Date): string {
  const bytes = createHash('sha1').update(`huddle-schedule:${name}@${minute.toISOString()}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
