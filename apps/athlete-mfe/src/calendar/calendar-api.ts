import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createApiClient, unwrap, type Schemas } from '@huddle/api-client';
import { useShellApi } from '@huddle/ui';

export type CalendarEvent = Schemas['CalendarEventDto'];

/** GET /athlete/calendar and the private iCal feed's URL (GET /athlete/calendar/feed, POST .../regenerate). */
export function calendarApi(apiBase: string) {
  const api = createApiClient({ baseUrl: apiBase });
  return {
    events: async (range: { from: number; to: number }, signal?: AbortSignal): Promise<CalendarEvent[]> =>
      (await unwrap(api.GET('/athlete/calendar', { params: { query: range }, signal }))).events,
    feedUrl: async (signal?: AbortSignal): Promise<string> => (await unwrap(api.GET('/athlete/calendar/feed', { signal }))).url,
    regenerate: async (): Promise<string> => (await unwrap(api.POST('/athlete/calendar/feed/regenerate'))).url,
  };
}

export const CALENDAR_KEY = ['calendar'] as const;
export const CALENDAR_FEED_KEY = ['calendar-feed'] as const;

export function useCalendarEvents(range: { from: number; to: number }) {
  const api = useShellApi(calendarApi);
  return useQuery({ queryKey: [...CALENDAR_KEY, range.from, range.to], queryFn: ({ signal }) => api.events(range, signal), placeholderData: (previous) => previous });
}

export function useCalendarFeed() {
  const api = useShellApi(calendarApi);
  return useQuery({ queryKey: CALENDAR_FEED_KEY, queryFn: ({ signal }) => api.feedUrl(signal) });
}

export function useRegenerateFeed() {
  const api = useShellApi(calendarApi);
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => api.regenerate(), onSuccess: (url) => queryClient.setQueryData(CALENDAR_FEED_KEY, url) });
}
