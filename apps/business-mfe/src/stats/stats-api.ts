import type { Schemas } from '@huddle/api-client';
import { useCountersPart, useLiveNotificationRefresh } from '@huddle/requests';

export type BusinessStats = Schemas['BusinessStatsDto'];
export type SpendingBucket = Schemas['SpendingBucketDto'];

export const BUSINESS_STATS_KEY = ['business-stats'] as const;

/** The business's statistics: its part of GET /booking/request/counters?tz=. */
export function useBusinessStats() {
  return useCountersPart(BUSINESS_STATS_KEY, (counters) => counters.business_stats, 'Statistics are for businesses');
}

/** A notification about a request (accepted, declined, refunded, finished) moves the numbers: read them again. */
export function useLiveBusinessStatsRefresh(): void {
  useLiveNotificationRefresh(BUSINESS_STATS_KEY);
}
