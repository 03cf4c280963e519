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
 * load). And each process polled pg-boss's queue of due schedules every second. For the crons
 * parseCron accepts, a minute that matches the fields is exactly a minute whose occurrence
 * `prev()` would find less than 60 s back (the spec checks it against cron-parser's own).
 */
export interface CronFields {
  readonly minute: ReadonlySet<number>;
  readonly hour: ReadonlySet<number>;
  readonly dayOfMonth: ReadonlySet<number>;
  readonly month: ReadonlySet<number>;
  readonly dayOfWeek: ReadonlySet<number>;
}

// Numbers, ranges, steps, lists and *: no names, and none of L, W, # or ? (which cron-parser reads
// in ways a field lookup would not follow).
const PLAIN_FIELD = /^[\d*,/-]+$/;

/**
 * Parses a five-field cron expression (throws cron-parser's error on a bad one). Occurrences are
 * minutes, so there is no seconds field. Standard cron fires a schedule that restricts both the day
 * of the month and the day of the week on either day, and cron-parser decides "restricts" by the
 * values a field lists, not by how it is written; a schedule here restricts one of them at most,
 * so a day matches when both fields allow it and no reading differs.
 */
export function parseCron(cron: string): CronFields {
  const written = cron.trim().split(/\s+/);
  if (written.length !== 5) throw new Error(`A schedule's cron has five fields (minute to day of the week): "${cron}"`);
  if (!written.every((field) => PLAIN_FIELD.test(field))) throw new Error(`A schedule's cron is numbers, ranges, steps, lists and * only: "${cron}"`);
  if (written[2] !== '*' && written[4] !== '*') throw new Error(`A schedule restricts the day of the month or the day of the week, not both: "${cron}"`);
  const { fields } = parseExpression(cron, { tz: 'UTC' });
  return {
    minute: new Set(fields.minute),
    hour: new Set(fields.hour),
    dayOfMonth: new Set(fields.dayOfMonth as ReadonlyArray<number>),
    month: new Set(fields.month),
    // cron-parser lists Sunday as 0 and, when written as 7, as 7 too.
    dayOfWeek: new Set(fields.dayOfWeek.map((day) => day % 7)),
  };
}

/** Whether the UTC minute that `at` falls in is an occurrence of `fields`. */
export function isDue(fields: CronFields, at: Date): boolean {
  return (
    fields.minute.has(at.getUTCMinutes()) &&
    fields.hour.has(at.getUTCHours()) &&
    fields.month.has(at.getUTCMonth() + 1) &&
    fields.dayOfMonth.has(at.getUTCDate()) &&
    fields.dayOfWeek.has(at.getUTCDay())
  );
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
