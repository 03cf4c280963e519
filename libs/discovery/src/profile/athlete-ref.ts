import { isValidUsername } from '@huddle/domain';
import type { AthleteRef } from '../api/discovery-types';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function decoded(param: string): string {
  try {
    return decodeURIComponent(param);
  } catch {
    return param;
  }
}

/**
 * Who the /@{id} and /p/@{id} paths name. Profile links carry the username; booking screens
 * link back with the athlete's id, which can never be a username (usernames have no hyphens).
 * Anything else names no athlete, so the not-found view shows without asking the API.
 */
export function athleteRefOf(param: string | undefined): AthleteRef | null {
  const value = decoded(param ?? '').trim();
  if (UUID.test(value)) return { athlete_id: value.toLowerCase() };
  if (isValidUsername(value)) return { username: value };
  return null;
}
