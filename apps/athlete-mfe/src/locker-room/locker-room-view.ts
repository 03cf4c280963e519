import type { LockerRoom } from './locker-room-api';

// What the counters' screens share: the chart's periods (with the counters), dollars and a type's words (the domain's).
export { CHART_PERIODS, type ChartPeriod } from '@huddle/requests';
export { formatDollars as formatMoney, serviceTypeLabel as typeLabel } from '@huddle/domain';

export const LOCKER_ROOM_EMPTY = {
  title: 'Nothing here yet',
  text: 'When fans and businesses book you, your earnings and requests show up here.',
};

/** A new athlete: no request ever and nothing earned, so the screen says so instead of a wall of zeros. */
export function isEmptyLockerRoom(room: LockerRoom): boolean {
  return room.requests.total === 0 && room.earnings.total === 0 && room.money.paid_out === 0 && room.money.payable === 0;
}
