import { REQUEST_STATUS_LABELS } from '@huddle/domain';
import { localDateOf } from '@huddle/domain/periods';
import type { RequestStatusCode } from '@huddle/domain';
import type { LocalDate } from '@huddle/domain/periods';
import type { BusinessRequestLine, BusinessStatsFacts } from './business-stats.query';

/**
 * What a business's statistics export says, whatever its format (CSV or PDF): the /stats numbers
 * (businessStatsOf), the request list, and the report's frame. The period runs from the business's
 * first paid request to today, both days in the viewer's zone.
 */
export interface BusinessReport {
  businessName: string;
  zone: string;
  /** The first paid request's day; null when there is none yet. */
  periodFrom: string | null;
  periodTo: string;
  generatedAt: Date;
  stats: BusinessStatsFacts;
  requests: BusinessRequestLine[];
}

/** The by-status table's rows, in the order /stats shows them. */
const STATUS_ROWS: ReadonlyArray<[keyof BusinessStatsFacts['byStatus'], RequestStatusCode]> = [
  ['pending', 1],
  ['accepted', 2],
  ['in_progress', 6],
  ['pending_review', 4],
  ['finished', 5],
  ['canceled', 3],
];

export function dayText(date: LocalDate): string {
  return `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

export function localDayText(instant: Date, zone: string): string {
  return dayText(localDateOf(instant, zone));
}

export function periodText(report: BusinessReport): string {
  return report.periodFrom ? `${report.periodFrom} to ${report.periodTo}` : `No requests yet (to ${report.periodTo})`;
}

/** The moment the report was made, on the viewer's clock: 2026-11-27 09:47 (America/Chicago). */
export function generatedText(report: BusinessReport): string {
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: report.zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(report.generatedAt);
  return `${localDayText(report.generatedAt, report.zone)} ${time} (${report.zone})`;
}

/** Dollars with cents and thousands separators: $1,234.50. */
export function dollarsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  return `${sign}$${(Math.abs(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

export function statusLabel(status: number): string {
  return REQUEST_STATUS_LABELS[status as RequestStatusCode] ?? String(status);
}

export function statusRows(stats: BusinessStatsFacts): Array<{ label: string; count: number }> {
  return STATUS_ROWS.map(([key, code]) => ({ label: REQUEST_STATUS_LABELS[code], count: stats.byStatus[key] }));
}

export function requestCount(stats: BusinessStatsFacts): number {
  return Object.values(stats.byStatus).reduce((total, count) => total + count, 0);
}
