import type { EntityManager } from 'typeorm';
import type { UserTypeCode } from '@huddle/domain';

/** A session and its account's role facts: what a session token is signed from. */
export interface SignedInSessionRow {
  session_id: string;
  expires_at: Date;
  account_id: string;
  user_type: UserTypeCode;
  profile_completed: boolean;
}

/**
 * Read model behind session tokens (DESIGN "Data": SQL that reads several modules' tables lives in
 * a named read model). Reads `sessions` (auth's) and `accounts` (the accounts module's): the
 * session must be live (not revoked, not expired) and its account neither blocked nor deleted, the
 * same conditions AccountsService.findSignedIn applies. The access guard no longer runs it per
 * call: only when a token is renewed (near its expiry, or older than a change of its account).
 */
// What makes a session live: not revoked, not expired, and its account neither blocked nor deleted.
const LIVE = 's.revoked_at IS NULL AND s.expires_at > now() AND NOT a.blocked AND a.deleted_at IS NULL';

/**
 * The live session's facts, its last_seen_at touched in the same statement when older than five
 * minutes (a hint for users and admins, not an audit log: one write per window); null when it is not live.
 */
export async function renewSignedInSession(manager: EntityManager, sessionId: string): Promise<SignedInSessionRow | null> {
  const rows: SignedInSessionRow[] = await manager.query(
    `WITH live AS (
       SELECT s.id AS session_id, s.expires_at, a.id AS account_id, a.user_type, a.profile_completed
         FROM sessions s JOIN accounts a ON a.id = s.account_id
        WHERE s.id = $1 AND ${LIVE}
     ), touched AS (
       UPDATE sessions SET last_seen_at = now() WHERE id IN (SELECT session_id FROM live) AND last_seen_at < now() - interval '5 minutes'
     )
     SELECT * FROM live`,
    [sessionId],
  );
  return rows[0] ?? null;
}

/** A new session's facts whether it is live or not (a blocked account's is revoked at once). */
export async function sessionFacts(manager: EntityManager, sessionId: string): Promise<(SignedInSessionRow & { live: boolean }) | null> {
  const rows: Array<SignedInSessionRow & { live: boolean }> = await manager.query(
    `SELECT s.id AS session_id, s.expires_at, a.id AS account_id, a.user_type, a.profile_completed, (${LIVE}) AS live
       FROM sessions s JOIN accounts a ON a.id = s.account_id
      WHERE s.id = $1`,
    [sessionId],
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
