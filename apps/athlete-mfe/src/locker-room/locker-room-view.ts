import { formatCents, SERVICE_LABELS, toCents, type ServiceType } from '@huddle/domain';
import type { LockerRoom } from './locker-room-api';

/** Dollars with cents, as every money figure in Huddle prints ($1,250.50). */
export function formatMoney(dollars: number): string {
  return formatCents(toCents(dollars));
}

export const LOCKER_ROOM_EMPTY = {
  title: 'Nothing here yet',
  text: 'When fans and businesses book you, your earnings and requests show up here.',
};

/** A new athlete: no request ever and nothing earned, so the screen says so instead of a wall of zeros. */
export function isEmptyLockerRoom(room: LockerRoom): boolean {
  return room.requests.total === 0 && room.earnings.total === 0 && room.money.paid_out === 0 && room.money.payable === 0;
}

export function typeLabel(type: string): string {
  return SERVICE_LABELS[type as ServiceType] ?? type;
}

export type ChartPeriod = 'weeks' | 'months';

export const CHART_PERIODS: Array<{ id: ChartPeriod; label: string }> = [
  { id: 'weeks', label: 'Weeks' },
  { id: 'months', label: 'Months' },
];
