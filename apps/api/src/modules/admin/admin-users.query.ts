import type { EntityManager } from 'typeorm';
import { RequestStatus, UserType } from '@huddle/domain';
import type { UserTypeCode } from '@huddle/domain';
import { isUuid } from '../../common/validation/uuid';

export interface AdminUsersFilter {
  /** Part of a name, an email or a username, or a whole account id. */
  text: string;
  userType: UserTypeCode | null;
  /** null: any; administrators count as complete (their role ignores the flag). */
  completed: boolean | null;
}

export interface AdminUserRow {
  id: string;
  user_type: UserTypeCode;
  profile_completed: boolean;
  first_name: string | null;
  last_name: string | null;
  email: string;
  phone: string | null;
  username: string | null;
  profile_photo: string | null;
  blocked: boolean;
  created_at: Date;
}

const COLUMNS = 'id, user_type, profile_completed, first_name, last_name, email, phone, username, profile_photo, blocked, created_at';

function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function where(filter: AdminUsersFilter): { sql: string; params: unknown[] } {
  const conditions = ['deleted_at IS NULL'];
  const params: unknown[] = [];
  if (filter.userType !== null) {
    params.push(filter.userType);
    conditions.push(`user_type = $${params.length}`);
  }
  if (filter.completed !== null) {
    params.push(UserType.Admin);
    conditions.push(`${filter.completed ? '' : 'NOT '}(profile_completed OR user_type = $${params.length})`);
  }
  if (filter.text !== '') {
    params.push(likePattern(filter.text));
    const like = `$${params.length}`;
    const matches = [
      `lower(email) LIKE ${like}`,
      `lower(coalesce(username, '')) LIKE ${like}`,
      `lower(concat_ws(' ', first_name, last_name)) LIKE ${like}`,
    ];
    if (isUuid(filter.text)) {
      params.push(filter.text);
      matches.push(`id = $${params.length}::uuid`);
    }
    conditions.push(`(${matches.join(' OR ')})`);
  }
  return { sql: conditions.join(' AND '), params };
}

/**
 * Read model of the console's users list (reads accounts' `accounts`): live accounts only (a
 * deleted one is never listed), newest first.
 */
export async function adminUsersPage(manager: EntityManager, filter: AdminUsersFilter, limit: number, offset: number): Promise<{ rows: AdminUserRow[]; total: number }> {
  const { sql, params } = where(filter);
  const [rows, [{ total }]] = await Promise.all([
    manager.query(`SELECT ${COLUMNS} FROM accounts WHERE ${sql} ORDER BY created_at DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [
      ...params,
      limit,
      offset,
    ]) as Promise<AdminUserRow[]>,
    manager.query(`SELECT count(*)::int AS total FROM accounts WHERE ${sql}`, params) as Promise<Array<{ total: number }>>,
  ]);
  return { rows, total };
}

/** One live account as a row of the list (reads `accounts`), or null. */
export async function adminUserRow(manager: EntityManager, id: string): Promise<AdminUserRow | null> {
  if (!isUuid(id)) return null;
  const [row] = (await manager.query(`SELECT ${COLUMNS} FROM accounts WHERE id = $1 AND deleted_at IS NULL`, [id])) as AdminUserRow[];
  return row ?? null;
}

/**
 * The pending (status 1) requests an account takes part in, as athlete or requester (reads
 * booking's `requests`): what blocking it cancels through the request core. Locked here, inside the
 * block's transaction, oldest first so locks are taken in one order: a request the athlete accepts
 * while the block runs is then either seen accepted (PostgreSQL re-checks the status once the lock
 * is won) and left alone, as a blocked user's accepted requests are, or canceled before it could be
 * accepted; never accepted, charged and then canceled by the block. An unpaid campaign's requests
 * are not among them: nothing may touch one on its own before its campaign is paid
 * (checkRequestAction), so cancelling it would refuse the whole block; the draft goes with its
 * sweep (UNPAID_DRAFT_TTL_HOURS), and once paid its requests are cancelable like any other.
 */
export async function pendingRequestIdsOf(manager: EntityManager, accountId: string): Promise<string[]> {
  const rows: Array<{ id: string }> = await manager.query(
    `SELECT id FROM requests
      WHERE (athlete_id = $1 OR requester_id = $1) AND status = $2 AND (paid OR endorsement_campaign_id IS NULL)
      ORDER BY created_at, id
        FOR UPDATE`,
    [accountId, RequestStatus.Pending],
  );
  return rows.map((row) => row.id);
}
