import { isTimedService } from '../request-actions';
import type { ServiceType } from '../service-types';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The time a pending request has left to be accepted (spec §4's countdown), coarse enough to
 * read at a glance: '2d 4h', '3h 12m', '12m', '45s'; null once it has run out.
 */
export function formatTimeLeft(expiresAt: number | null | undefined, nowSeconds: number = Date.now() / 1000): string | null {
  if (typeof expiresAt !== 'number' || !Number.isFinite(expiresAt)) return null;
  const left = Math.floor(expiresAt - nowSeconds);
  if (left <= 0) return null;
  if (left >= DAY) return `${Math.floor(left / DAY)}d ${Math.floor((left % DAY) / HOUR)}h`;
  if (left >= HOUR) return `${Math.floor(left / HOUR)}h ${Math.floor((left % HOUR) / MINUTE)}m`;
  if (left >= MINUTE) return `${Math.floor(left / MINUTE)}m`;
  return `${left}s`;
}

/**
 * What an accepted request waits for (spec §4): a timed event waits for its athlete ('Awaiting
 * Jordan'), everything else for completion.
 */
export function awaitingLabel(type: ServiceType, athleteFirstName: string | null | undefined): string {
  return isTimedService(type) ? `Awaiting ${athleteFirstName?.trim() || 'the athlete'}` : 'Awaiting completion';
}

/** The requester's approval of a delivery: 'Accept' for shoutouts, 'Approve' otherwise (spec §4). */
export function approveLabel(type: ServiceType): string {
  return type === 'shoutout' ? 'Accept' : 'Approve';
}

/** The delivery modal's title (spec §2, 'Record Your {type}'). */
export function recordTitle(type: 'shoutout' | 'endorsement'): string {
  return type === 'shoutout' ? 'Record Your Shoutout' : 'Record Your Endorsement';
}
