import { USER_TYPE_NAMES, isUserTypeCode } from '@huddle/domain';
import { formatDate, formatTime } from '@huddle/domain/format';

interface Named {
  first_name?: string | null;
  last_name?: string | null;
  username?: string | null;
  email: string;
}

/** 'Jordan Miles', else the username, else the email: a row always has a name to click. */
export function displayName(user: Named): string {
  const name = `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim();
  return name || user.username || user.email;
}

export function roleName(userType: number): string {
  return isUserTypeCode(userType) ? USER_TYPE_NAMES[userType] : 'Unknown';
}

function secondsOf(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const seconds = typeof value === 'number' ? value : Math.floor(Date.parse(value) / 1000);
  return Number.isFinite(seconds) ? seconds : null;
}

/** 'Mar 4, 2026 3:05 PM' from unix seconds or an ISO string. */
export function formatMoment(value: number | string | null | undefined): string {
  const seconds = secondsOf(value);
  return seconds === null ? '—' : `${formatDate(seconds) ?? ''} ${formatTime(seconds) ?? ''}`.trim();
}

/** A date the API wrote as unix seconds or as an ISO string, as the console prints dates. */
export function formatWhen(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const seconds = typeof value === 'number' ? value : Math.floor(Date.parse(value) / 1000);
  return (Number.isFinite(seconds) ? formatDate(seconds) : null) ?? '—';
}
