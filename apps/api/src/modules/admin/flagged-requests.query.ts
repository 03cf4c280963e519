import type { EntityManager } from 'typeorm';
import { RequestStatus, UserType } from '@huddle/domain';

export interface FlaggedRequestRow {
  id: string;
  name: string;
  type: string;
  athlete_first_name: string | null;
  athlete_last_name: string | null;
  athlete_username: string | null;
  requester_first_name: string | null;
  requester_last_name: string | null;
  requester_username: string | null;
  /** The requester's own name when it is a business that named itself. */
  requester_business_name: string | null;
  flagged_at: Date;
}

/**
 * Read model of the money desk (reads booking's `requests` and accounts' `accounts`): delivered
 * videos their requester flagged as inappropriate, still waiting for an administrator (a flagged
 * delivery is never completed by the clock), oldest flag first.
 */
export async function flaggedRequests(manager: EntityManager, limit = 100): Promise<FlaggedRequestRow[]> {
  return manager.query(
    `SELECT r.id, r.name, r.type, a.first_name AS athlete_first_name, a.last_name AS athlete_last_name, a.username AS athlete_username,
            q.first_name AS requester_first_name, q.last_name AS requester_last_name, q.username AS requester_username,
            CASE WHEN q.user_type = $3 THEN nullif(trim(b.name), '') END AS requester_business_name, r.flagged_at
       FROM requests r JOIN accounts a ON a.id = r.athlete_id JOIN accounts q ON q.id = r.requester_id
       LEFT JOIN business_profiles b ON b.account_id = q.id
      WHERE r.flagged_at IS NOT NULL AND r.status = $1
      ORDER BY r.flagged_at LIMIT $2`,
    [RequestStatus.PendingReview, limit, UserType.Business],
  );
}
