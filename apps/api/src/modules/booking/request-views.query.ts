import type { EntityManager } from 'typeorm';
import type { RequestEntity } from './entities/request.entity';

/**
 * Read model of the request pages: the parties' names and photos (accounts, owned by the accounts
 * module), the review (reviews) and the history (request_history) of requests. Tables read:
 * requests, accounts, reviews, request_history.
 */
export interface PartyRow {
  id: string;
  first_name: string | null;
  last_name: string | null;
  username: string | null;
  profile_photo: string | null;
}

export interface HistoryRow {
  action: string;
  actor_party: string;
  actor_name: string | null;
  from_status: number | null;
  to_status: number;
  note: string | null;
  created_at: Date;
}

export async function partiesOf(manager: EntityManager, ids: readonly string[]): Promise<Map<string, PartyRow>> {
  if (ids.length === 0) return new Map();
  const rows: PartyRow[] = await manager.query(
    `SELECT id, first_name, last_name, username, profile_photo FROM accounts WHERE id = ANY($1::uuid[])`,
    [[...new Set(ids)]],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

export async function historyOf(manager: EntityManager, requestId: string): Promise<HistoryRow[]> {
  return manager.query(
    `SELECT h.action, h.actor_party, nullif(trim(concat_ws(' ', a.first_name, a.last_name)), '') AS actor_name,
            h.from_status, h.to_status, h.note, h.created_at
       FROM request_history h LEFT JOIN accounts a ON a.id = h.actor_id
      WHERE h.request_id = $1 ORDER BY h.id`,
    [requestId],
  );
}

export async function reviewOf(manager: EntityManager, requestId: string): Promise<{ rate: number; submitted_at: Date } | null> {
  const rows: Array<{ rate: number; submitted_at: Date }> = await manager.query(`SELECT rate, submitted_at FROM reviews WHERE request_id = $1`, [requestId]);
  return rows[0] ?? null;
}

/** The tab of /requests a status belongs to (spec §2): Pending; Accepted (2, 4, 6); Finished (3, 5). */
export const TAB_STATUSES = { pending: [1], accepted: [2, 4, 6], finished: [3, 5] } as const;
export type RequestTabName = keyof typeof TAB_STATUSES;

export interface RequestPage {
  rows: RequestEntity[];
  total: number;
}
