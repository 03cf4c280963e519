import type { Schemas } from '@huddle/api-client';
import { useCountersPart, useLiveNotificationRefresh } from '@huddle/requests';

export type LockerRoom = Schemas['LockerRoomDto'];
export type EarningsBucket = Schemas['EarningsBucketDto'];

export const LOCKER_ROOM_KEY = ['locker-room'] as const;

/** The athlete's locker room: their part of GET /booking/request/counters?tz=. */
export function useLockerRoom() {
  return useCountersPart(LOCKER_ROOM_KEY, (counters) => counters.locker_room, 'The locker room is for athletes');
}

/** A notification about a request (booked, accepted, finished, refunded, paid out) moves the numbers: read them again. */
export function useLiveLockerRoomRefresh(): void {
  useLiveNotificationRefresh(LOCKER_ROOM_KEY);
}
