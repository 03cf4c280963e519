import type { EntityManager } from 'typeorm';

/**
 * Read model of the administrator's list of one user's requests (GET /admin/requests/filter):
 * reads booking's `requests`. A user's requests are the paid ones where they are the athlete or
 * the requester (an unpaid draft is an abandoned checkout, not a request); a campaign's requests
 * are listed one by one, and the type `endorsement_campaign` picks them (`endorsement` the
 * endorsements booked alone). Newest first.
 */

export interface UserRequestRef {
  id: string;
  athlete_id: string;
  status: number;
}

function typeFilter(type: string | null): { sql: string; params: unknown[] } {
  if (type === null) return { sql: '', params: [] };
  if (type === 'endorsement_campaign') return { sql: `AND r.type = 'endorsement' AND r.endorsement_campaign_id IS NOT NULL`, params: [] };
  if (type === 'endorsement') return { sql: `AND r.type = 'endorsement' AND r.endorsement_campaign_id IS NULL`, params: [] };
  return { sql: 'AND r.type = $2', params: [type] };
}

const OF_USER = `(r.athlete_id = $1 OR r.requester_id = $1) AND r.paid`;

/** One page of the user's requests, newest first, and how many there are. */
export async function userRequestsPage(manager: EntityManager, userId: string, type: string | null, limit: number, offset: number): Promise<{ ids: string[]; total: number }> {
  const filter = typeFilter(type);
  const next = 2 + filter.params.length;
  const rows: Array<{ id: string; total: number }> = await manager.query(
    `SELECT r.id, count(*) OVER ()::int AS total FROM requests r WHERE ${OF_USER} ${filter.sql}
      ORDER BY r.created_at DESC, r.id DESC LIMIT $${next} OFFSET $${next + 1}`,
    [userId, ...filter.params, limit, offset],
  );
  if (rows.length > 0 || offset === 0) return { ids: rows.map((row) => row.id), total: rows[0]?.total ?? 0 };
  // A page past the end still reports the total.
  const [{ total }]: Array<{ total: number }> = await manager.query(`SELECT count(*)::int AS total FROM requests r WHERE ${OF_USER} ${filter.sql}`, [userId, ...filter.params]);
  return { ids: [], total };
}

/**
 * Every one of the user's requests with what its payout status depends on (its athlete, its
 * status), newest first: the payout-status filter reads the status of the finished ones only,
 * since a request that has not finished is never paid out.
 */
export async function userRequestRefs(manager: EntityManager, userId: string, type: string | null): Promise<UserRequestRef[]> {
  const filter = typeFilter(type);
  return manager.query(`SELECT r.id, r.athlete_id, r.status FROM requests r WHERE ${OF_USER} ${filter.sql} ORDER BY r.created_at DESC, r.id DESC`, [userId, ...filter.params]);
}
