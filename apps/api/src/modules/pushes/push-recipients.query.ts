import type { EntityManager } from 'typeorm';
import { UserType } from '@huddle/domain';

/**
 * Read model of custom pushes over the accounts module's `accounts` (and the push's own
 * `custom_pushes` row for when it was sent): who a push may name, how
 * chosen users are shown, and who receives it. A recipient is a live account (not deleted, not
 * blocked) that existed when the push was sent, of one of its roles or among its chosen users,
 * and never an administrator.
 */

export interface PushDestination {
  roles: readonly number[];
  user_ids: readonly string[];
}

const RECIPIENT = `a.deleted_at IS NULL AND NOT a.blocked AND a.user_type <> ${UserType.Admin} AND a.created_at <= (SELECT p.sent_at FROM custom_pushes p WHERE p.id = $3)
  AND (a.user_type = ANY($1::smallint[]) OR a.id = ANY($2::uuid[]))`;

/** Of these ids, the accounts a push may name: live (not deleted) and not an administrator's. */
export async function nameableUsers(manager: EntityManager, ids: readonly string[]): Promise<Set<string>> {
  const rows: Array<{ id: string }> = await manager.query(`SELECT id FROM accounts WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL AND user_type <> ${UserType.Admin}`, [ids]);
  return new Set(rows.map((row) => row.id));
}

export interface PushUserRow {
  id: string;
  name: string;
  email: string;
}

/** Chosen users as the push's page lists them (a deleted one keeps its name until the push is edited). */
export async function pushUsers(manager: EntityManager, ids: readonly string[]): Promise<Map<string, PushUserRow>> {
  if (ids.length === 0) return new Map();
  const rows: PushUserRow[] = await manager.query(
    `SELECT id, trim(concat_ws(' ', first_name, last_name)) AS name, email FROM accounts WHERE id = ANY($1::uuid[])`,
    [[...new Set(ids)]],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** How many will receive the push (its progress bar's total), once its sent_at is set. */
export async function recipientCount(manager: EntityManager, pushId: string, destination: PushDestination): Promise<number> {
  const [row]: Array<{ count: number }> = await manager.query(`SELECT count(*)::int AS count FROM accounts a WHERE ${RECIPIENT}`, [
    destination.roles,
    destination.user_ids,
    pushId,
  ]);
  return row.count;
}

/** The next recipients after `afterId` in id order (keyset paging: each batch starts where the last one ended). */
export async function nextRecipients(manager: EntityManager, pushId: string, destination: PushDestination, afterId: string | null, limit: number): Promise<string[]> {
  const rows: Array<{ id: string }> = await manager.query(
    `SELECT a.id FROM accounts a WHERE ${RECIPIENT} AND ($4::uuid IS NULL OR a.id > $4::uuid) ORDER BY a.id LIMIT $5`,
    [destination.roles, destination.user_ids, pushId, afterId, limit],
  );
  return rows.map((row) => row.id);
}
