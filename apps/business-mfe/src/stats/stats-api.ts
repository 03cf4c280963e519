import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createApiClient, unwrap, type Schemas } from '@huddle/api-client';
import { useShell, useShellApi } from '@huddle/ui';

export type BusinessStats = Schemas['BusinessStatsDto'];
export type SpendingBucket = Schemas['SpendingBucketDto'];

/** The browser's IANA zone (America/Chicago): the API draws the weeks and months of the chart in it. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** GET /booking/request/counters?tz=: for a business, the counts by status and its statistics. */
export function businessStatsApi(apiBase: string) {
  const api = createApiClient({ baseUrl: apiBase });
  return {
    stats: async (tz: string, signal?: AbortSignal): Promise<BusinessStats> => {
      const { counters } = await unwrap(api.GET('/booking/request/counters', { params: { query: { tz } }, signal }));
      if (!counters.business_stats) throw new Error('Statistics are for businesses');
      return counters.business_stats;
    },
  };
}

export const BUSINESS_STATS_KEY = ['business-stats'] as const;

export function useBusinessStats() {
  const api = useShellApi(businessStatsApi);
  const tz = browserTimeZone();
  return useQuery({ queryKey: [...BUSINESS_STATS_KEY, tz], queryFn: ({ signal }) => api.stats(tz, signal) });
}

/** A notification about a request (accepted, declined, refunded, finished) moves the numbers: read them again. */
export function useLiveBusinessStatsRefresh(): void {
  const { events } = useShell();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      events.subscribe((event) => {
        if (event.type !== 'notification') return;
        void queryClient.invalidateQueries({ queryKey: BUSINESS_STATS_KEY });
      }),
    [events, queryClient],
  );
}
