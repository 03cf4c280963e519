import type { EntityManager } from 'typeorm';
import type { UserTypeCode } from '@huddle/domain';

/** What the access guard needs on every request: the live session and the account's role facts. */
export interface SignedInSessionRow {
  session_id: string;
  last_seen_at: Date;
  account_id: string;
  user_type: UserTypeCode;
  profile_completed: boolean;
}

/**
 * Read model behind every authenticated request (DESIGN "Data": SQL that reads several modules'
 * tables lives in a named read model). Reads `sessions` (auth's) and `accounts` (the accounts
 * module's) in one statement: the session must be live (not revoked, not expired) and its account
 * neither blocked nor deleted, the same conditions AccountsService.findSignedIn applies. One round
 * trip instead of two, on the hottest path of the API.
 */
// What makes a session live: not revoked, not expired, and its account neither blocked nor deleted.
const LIVE = 's.revoked_at IS NULL AND s.expires_at > now() AND NOT a.blocked AND a.deleted_at IS NULL';

export async function findSignedInSession(manager: EntityManager, tokenHash: string): Promise<SignedInSessionRow | null> {
  const rows: SignedInSessionRow[] = await manager.query(
    `SELECT s.id AS session_id, s.last_seen_at, a.id AS account_id, a.user_type, a.profile_completed
       FROM sessions s JOIN accounts a ON a.id = s.account_id
      WHERE s.token_hash = $1 AND ${LIVE}`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

/** Which of these sessions are still live, by the same rule (long-lived connections check theirs). */
export async function liveSessionIds(manager: EntityManager, sessionIds: readonly string[]): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows: Array<{ id: string }> = await manager.query(
    `SELECT s.id FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE s.id = ANY($1::uuid[]) AND ${LIVE}`,
    [sessionIds],
  );
  return new Set(rows.map((row) => row.id));
}
