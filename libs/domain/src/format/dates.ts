import { plural } from './words';

// Spec §9: timestamps travel as unix seconds; dates read 'MMM D, YYYY' and times 'h:mm A', in the
// viewer's own time zone (the Intl formatters use the runtime's zone). The formatters are marked
// pure so a bundle that uses none of them drops them.
const DATE = /*#__PURE__*/ new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const DATE_UTC = /*#__PURE__*/ new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const TIME = /*#__PURE__*/ new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', hour12: true });
const TIME_UTC = /*#__PURE__*/ new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: 'UTC' });
const WEEKDAY_TIME = /*#__PURE__*/ new Intl.DateTimeFormat('en-US', { weekday: 'short', hour: 'numeric', minute: '2-digit', hour12: true });
const MONTH_DAY = /*#__PURE__*/ new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

/** Newer ICU data puts a narrow no-break space before AM/PM; every runtime shows a plain one. */
function format(formatter: Intl.DateTimeFormat, seconds: number): string {
  return formatter.format(new Date(seconds * 1000)).replace(/\u202f/g, ' ');
}

function isTime(seconds: number | null | undefined): seconds is number {
  return typeof seconds === 'number' && Number.isFinite(seconds);
}

/**
 * A timestamp of the API (unix seconds) as the spec's 'MMM D, YYYY' (§9), e.g. 'Mar 4, 2026',
 * in the viewer's time zone. Null for a missing or impossible time. `inViewerZone` false: in UTC,
 * for markup rendered before the viewer's zone is known (a first screen rendered on the server and
 * the browser's hydration of it, which must match it).
 */
export function formatDate(seconds: number | null | undefined, inViewerZone = true): string | null {
  return isTime(seconds) ? format(inViewerZone ? DATE : DATE_UTC, seconds) : null;
}

/**
 * A moment as a server's message names it, which knows no viewer's zone: 'Dec 20, 2026, 2:30 PM
 * UTC' (the spec's date and time formats, the zone said). Null for a missing time.
 */
export function formatDateTimeUtc(seconds: number | null | undefined): string | null {
  return isTime(seconds) ? `${format(DATE_UTC, seconds)}, ${format(TIME_UTC, seconds)} UTC` : null;
}

/** A timestamp's time of day as the spec's 'h:mm A' (§9), e.g. '3:05 PM'. Null for a missing time. */
export function formatTime(seconds: number | null | undefined): string | null {
  return isTime(seconds) ? format(TIME, seconds) : null;
}

/** The machine-readable date for a <time> element: 'YYYY-MM-DD'. */
export function isoDate(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

/**
 * A notification's timestamp (spec §9): relative under one day ('just now', '5 minutes ago',
 * '3 hours ago'), then a date that grows with age: the weekday and time within a week
 * ('Tue 3:05 PM'), the month and day within the year ('Mar 4'), else 'MMM D, YYYY'.
 * `nowSeconds` is the viewer's clock; a time slightly ahead of it (clock skew) reads 'just now'.
 */
export function formatNotificationTime(seconds: number | null | undefined, nowSeconds: number = Date.now() / 1000): string | null {
  if (!isTime(seconds)) return null;
  const age = Math.max(0, nowSeconds - seconds);
  if (age < MINUTE) return 'just now';
  if (age < HOUR) return `${plural(Math.floor(age / MINUTE), 'minute', 'minutes')} ago`;
  if (age < DAY) return `${plural(Math.floor(age / HOUR), 'hour', 'hours')} ago`;
  if (age < WEEK) return format(WEEKDAY_TIME, seconds);
  const sameYear = new Date(seconds * 1000).getFullYear() === new Date(nowSeconds * 1000).getFullYear();
  return format(sameYear ? MONTH_DAY : DATE, seconds);
}

const PICKER_DATE = /*#__PURE__*/ new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });

/**
 * The date picker's display (spec §5): 'ddd MMM D YYYY', e.g. 'Sat Nov 28 2026', in the viewer's
 * time zone. Null for a missing time.
 */
export function formatPickerDate(seconds: number | null | undefined): string | null {
  if (!isTime(seconds)) return null;
  const parts = Object.fromEntries(PICKER_DATE.formatToParts(new Date(seconds * 1000)).map((part) => [part.type, part.value]));
  return `${parts.weekday} ${parts.month} ${parts.day} ${parts.year}`;
}
