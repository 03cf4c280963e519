import { useEffect } from 'react';
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { createApiClient, unwrap, type Schemas } from '@huddle/api-client';
import { useShell, useShellApi } from '@huddle/ui';

export type RequestCounters = Schemas['RequestCountersDto'];

/** The charts' periods: the counters carry both series (weeks and months). */
export type ChartPeriod = 'weeks' | 'months';

export const CHART_PERIODS: ReadonlyArray<{ id: ChartPeriod; label: string }> = [
  { id: 'weeks', label: 'Weeks' },
  { id: 'months', label: 'Months' },
];

/** The browser's IANA zone (America/Chicago): the API draws the weeks and months of the counters' charts in it. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** GET /booking/request/counters?tz=: the counts by status, with the athlete's locker room or the business's statistics. */
function requestCountersApi(apiBase: string) {
  const api = createApiClient({ baseUrl: apiBase });
  return {
    counters: async (tz: string, signal?: AbortSignal): Promise<RequestCounters> =>
      (await unwrap(api.GET('/booking/request/counters', { params: { query: { tz } }, signal }))).counters,
  };
}

/**
 * One role's part of the counters (the locker room, the business's statistics), cached under
 * `key` and the browser's zone; `missing` is the error when the answer has no such part (the
 * viewer is of another role).
 */
export function useCountersPart<T>(key: readonly string[], pick: (counters: RequestCounters) => T | null | undefined, missing: string) {
  const api = useShellApi(requestCountersApi);
  const tz = browserTimeZone();
  return useQuery({
    queryKey: [...key, tz],
    queryFn: async ({ signal }): Promise<T> => {
      const part = pick(await api.counters(tz, signal));
      if (part === null || part === undefined) throw new Error(missing);
      return part;
    },
  });
}

/** Reads `queryKey` again on every notification the shell's stream brings (a request booked, accepted, finished, refunded, paid out moves the numbers). */
export function useLiveNotificationRefresh(queryKey: QueryKey): void {
  const { events } = useShell();
  const queryClient = useQueryClient();
  // The key as one string, so a new array of the same key does not resubscribe.
  const keyText = JSON.stringify(queryKey);
  useEffect(
    () =>
      events.subscribe((event) => {
        if (event.type !== 'notification') return;
        void queryClient.invalidateQueries({ queryKey: JSON.parse(keyText) as QueryKey });
      }),
    [events, queryClient, keyText],
  );
}
