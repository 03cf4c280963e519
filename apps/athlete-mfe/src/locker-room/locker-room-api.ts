import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createApiClient, unwrap, type Schemas } from '@huddle/api-client';
import { useShell, useShellApi } from '@huddle/ui';

export type LockerRoom = Schemas['LockerRoomDto'];
export type EarningsBucket = Schemas['EarningsBucketDto'];

/** The browser's IANA zone (America/Chicago): the API draws this week's and this month's lines in it. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** GET /booking/request/counters?tz=: for an athlete, the counts by status and the locker room. */
export function lockerRoomApi(apiBase: string) {
  const api = createApiClient({ baseUrl: apiBase });
  return {
    lockerRoom: async (tz: string, signal?: AbortSignal): Promise<LockerRoom> => {
      const { counters } = await unwrap(api.GET('/booking/request/counters', { params: { query: { tz } }, signal }));
      if (!counters.locker_room) throw new Error('The locker room is for athletes');
      return counters.locker_room;
    },
  };
}

export const LOCKER_ROOM_KEY = ['locker-room'] as const;

export function useLockerRoom() {
  const api = useShellApi(lockerRoomApi);
  const tz = browserTimeZone();
  return useQuery({ queryKey: [...LOCKER_ROOM_KEY, tz], queryFn: ({ signal }) => api.lockerRoom(tz, signal) });
}

/** A notification about a request (booked, accepted, finished, refunded, paid out) moves the numbers: read them again. */
export function useLiveLockerRoomRefresh(): void {
  const { events } = useShell();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      events.subscribe((event) => {
        if (event.type !== 'notification') return;
        void queryClient.invalidateQueries({ queryKey: LOCKER_ROOM_KEY });
      }),
    [events, queryClient],
  );
}
