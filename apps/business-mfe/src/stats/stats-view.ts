import type { BusinessStats } from './stats-api';

// What the counters' screens share: the chart's periods (with the counters), dollars and a type's words (the domain's).
export { CHART_PERIODS, type ChartPeriod } from '@huddle/requests';
export { formatDollars as formatMoney, serviceTypeLabel as typeLabel } from '@huddle/domain';

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

/** The statuses in the order a business follows a request, with the words of the request feed. */
export const STATUS_ROWS: Array<{ key: keyof BusinessStats['by_status']; label: string }> = [
  { key: 'pending', label: 'Pending' },
  { key: 'accepted', label: 'Accepted' },
  { key: 'in_progress', label: 'In progress' },
  { key: 'pending_review', label: 'Pending review' },
  { key: 'finished', label: 'Finished' },
  { key: 'canceled', label: 'Cancelled' },
];
