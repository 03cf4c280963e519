/**
 * The calendar's month and week grids, laid out by hand in the browser's zone (the Date's local
 * fields), weeks from Monday as the locker room counts them. Pure functions: the screen draws what
 * they answer and the spec checks them without a browser.
 */

export type CalendarView = 'month' | 'week';

/** An event as the grid needs it: unix seconds, as the API sends them. */
export interface TimedEvent {
  id: string;
  start_time: number;
  end_time: number;
}

export interface GridDay {
  /** Local midnight of the day. */
  date: Date;
  /** 'YYYY-MM-DD' in the browser's zone: the day's key. */
  key: string;
  /** In the month shown (false for the leading and trailing days of a month view). */
  inPeriod: boolean;
  isToday: boolean;
}

const pad = (value: number) => String(value).padStart(2, '0');

export function dayKey(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Local midnight of the day `date` falls on. */
export function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/** `days` later, by the calendar (23 or 25 hours across a daylight-saving change). */
export function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

/** Monday of the week `date` falls in, local midnight. */
export function startOfWeek(date: Date): Date {
  const day = startOfDay(date);
  return addDays(day, -((day.getDay() + 6) % 7));
}

/** The days a view shows around `anchor`: a week, or the whole weeks (Monday to Sunday) covering its month. */
export function gridDays(view: CalendarView, anchor: Date, today: Date = new Date()): GridDay[] {
  const todayKey = dayKey(today);
  const day = (date: Date, inPeriod: boolean): GridDay => ({ date, key: dayKey(date), inPeriod, isToday: dayKey(date) === todayKey });
  if (view === 'week') {
    const monday = startOfWeek(anchor);
    return Array.from({ length: 7 }, (_, index) => day(addDays(monday, index), true));
  }
  const first = new Date(anchor.getFullYear(), anchor.getMonth(), 1);
  const last = new Date(anchor.getFullYear(), anchor.getMonth() + 1, 0);
  const start = startOfWeek(first);
  const end = addDays(startOfWeek(last), 7);
  const days: GridDay[] = [];
  for (let date = start; date < end; date = addDays(date, 1)) days.push(day(date, date.getMonth() === anchor.getMonth()));
  return days;
}

/** The days in rows of seven. */
export function weeksOf(days: GridDay[]): GridDay[][] {
  const rows: GridDay[][] = [];
  for (let index = 0; index < days.length; index += 7) rows.push(days.slice(index, index + 7));
  return rows;
}

/** The range the API is asked for: from the first day's midnight to the day after the last (unix seconds, at most 42 days). */
export function rangeOf(days: GridDay[]): { from: number; to: number } {
  return { from: Math.floor(days[0].date.getTime() / 1000), to: Math.floor(addDays(days[days.length - 1].date, 1).getTime() / 1000) };
}

/** The anchor one period earlier (-1) or later (+1): the same weekday a week away, the 1st of the next month. */
export function shiftAnchor(view: CalendarView, anchor: Date, step: -1 | 1): Date {
  return view === 'week' ? addDays(startOfWeek(anchor), 7 * step) : new Date(anchor.getFullYear(), anchor.getMonth() + step, 1);
}

/**
 * The events of each day shown, by start: an event is on every day it overlaps (a camp past
 * midnight is on both days); one ending exactly at midnight is not on the next day.
 */
export function eventsByDay<T extends TimedEvent>(events: readonly T[], days: GridDay[]): Map<string, T[]> {
  const byDay = new Map<string, T[]>(days.map((day) => [day.key, []]));
  const sorted = [...events].sort((a, b) => a.start_time - b.start_time || a.id.localeCompare(b.id));
  for (const day of days) {
    const from = day.date.getTime() / 1000;
    const to = addDays(day.date, 1).getTime() / 1000;
    byDay.set(
      day.key,
      sorted.filter((event) => event.start_time < to && Math.max(event.end_time, event.start_time + 1) > from),
    );
  }
  return byDay;
}

/** The heading of the period: 'November 2026', or a week's 'Nov 23 – 29, 2026' / 'Nov 30 – Dec 6, 2026'. */
export function periodLabel(view: CalendarView, anchor: Date, locale?: string): string {
  if (view === 'month') return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(anchor);
  const monday = startOfWeek(anchor);
  const sunday = addDays(monday, 6);
  const format = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric' });
  return format.formatRange(monday, sunday);
}

/** An event's time in the browser's zone: '3:00 PM'. */
export function timeLabel(seconds: number, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(new Date(seconds * 1000));
}

/** Monday first: the weekday headings, short ('Mon') or narrow ('M'). */
export function weekdayLabels(width: 'short' | 'narrow', locale?: string): string[] {
  const monday = startOfWeek(new Date(2026, 0, 7));
  return Array.from({ length: 7 }, (_, index) => new Intl.DateTimeFormat(locale, { weekday: width }).format(addDays(monday, index)));
}
