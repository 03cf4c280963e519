import { UserType } from '@huddle/domain';
import type { RoleCode } from '@huddle/domain';
import type { RequestParty } from '@huddle/domain/request-actions';

/** Who is acting: a signed-in account (its role code) or the system's timers. */
export interface RequestActor {
  id: string | null;
  role: RoleCode | 'system';
}

export const SYSTEM_ACTOR: RequestActor = { id: null, role: 'system' };

/**
 * The actor's part in this request, or null when it has none: such a caller is answered as if the
 * request did not exist (1404). An unpaid draft is its requester's alone (and an administrator's).
 */
export function partyOf(request: { requesterId: string; athleteId: string; paid: boolean }, actor: RequestActor): RequestParty | null {
  if (actor.role === 'system') return 'system';
  if (actor.role === UserType.Admin) return 'admin';
  if (actor.id === null) return null;
  if (actor.id === request.requesterId) return 'requester';
  if (actor.id === request.athleteId && request.paid) return 'athlete';
  return null;
}
