import { formatCents, SERVICE_LABELS, toCents, type ServiceType } from '@huddle/domain';
import type { BusinessStats } from './stats-api';

/** Dollars with cents, as every money figure in Huddle prints ($1,250.50). */
export function formatMoney(dollars: number): string {
  return formatCents(toCents(dollars));
}

export const STATS_EMPTY = {
  title: 'No requests yet',
  text: 'When you book athletes or run a campaign, what you spent and how it went shows up here.',
};

export function requestCount(stats: BusinessStats): number {
  return Object.values(stats.by_status).reduce((sum, count) => sum + count, 0);
}

/** A business that never booked: the screen says so instead of a wall of zeros. */
export function isEmptyStats(stats: BusinessStats): boolean {
  return requestCount(stats) === 0 && stats.totals.spent === 0;
}

export function typeLabel(type: string): string {
  return SERVICE_LABELS[type as ServiceType] ?? type;
}

/** The statuses in the order a business follows a request, with the words of the request feed. */
export const STATUS_ROWS: Array<{ key: keyof BusinessStats['by_status']; label: string }> = [
  { key: 'pending', label: 'Pending' },
  { key: 'accepted', label: 'Accepted' },
  { key: 'in_progress', label: 'In progress' },
  { key: 'pending_review', label: 'Pending review' },
  { key: 'finished', label: 'Finished' },
  { key: 'canceled', label: 'Cancelled' },
];

export type ChartPeriod = 'weeks' | 'months';

export const CHART_PERIODS: Array<{ id: ChartPeriod; label: string }> = [
  { id: 'weeks', label: 'Weeks' },
  { id: 'months', label: 'Months' },
];
