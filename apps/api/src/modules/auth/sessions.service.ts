import { Injectable } from '@nestjs/common';
import { IsNull } from 'typeorm';
import type { Repository } from 'typeorm';
import { Transactions } from '../../database/transactions';
import { roleCodeOf } from '@huddle/domain';
import type { AuthenticatedAccount } from '../../common/access/authenticated-account';
import { AccountsService } from '../accounts/accounts.service';
import { SessionEntity } from './entities/session.entity';
import { findSignedInSession, liveSessionIds } from './signed-in-session.query';
import { generateSessionToken, hashSessionToken, isWellFormedSessionToken, SESSION_TTL_MS } from './session-token';

export interface IssuedSession {
  /** The raw token: returned once, to be sent to the client; only its hash is kept. */
  token: string;
  session: SessionEntity;
}

export interface ResolvedSession {
  sessionId: string;
  account: AuthenticatedAccount;
}

// last_seen_at is a hint for users and admins, not an audit log; one write per window is enough.
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

@Injectable()
export class SessionsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly accounts: AccountsService,
  ) {}

  // Through the caller's transaction when there is one (account deletion revokes inside it).
  private get sessions(): Repository<SessionEntity> {
    return this.transactions.manager.getRepository(SessionEntity);
  }

  async create(accountId: string, now: Date = new Date()): Promise<IssuedSession> {
    const token = generateSessionToken();
    const session = await this.sessions.save(
      this.sessions.create({
        tokenHash: hashSessionToken(token),
        accountId,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
        revokedAt: null,
      }),
    );
    return { token, session };
  }

  /** The live session and account behind a token, or null when revoked, expired, blocked or deleted. */
  async resolve(token: string): Promise<ResolvedSession | null> {
    if (!isWellFormedSessionToken(token)) return null;
    const row = await findSignedInSession(this.transactions.manager, hashSessionToken(token));
    if (!row) return null;

    const now = new Date();
    if (now.getTime() - row.last_seen_at.getTime() > TOUCH_INTERVAL_MS) {
      await this.sessions.update({ id: row.session_id }, { lastSeenAt: now });
    }
    return {
      sessionId: row.session_id,
      account: { id: row.account_id, userType: row.user_type, role: roleCodeOf({ user_type: row.user_type, profile_completed: row.profile_completed }, false) },
    };
  }

  /** Which of these sessions are still live: a stream that outlives its session is ended. */
  async liveOf(sessionIds: readonly string[]): Promise<Set<string>> {
    return liveSessionIds(this.transactions.manager, sessionIds);
  }

  async revoke(sessionId: string): Promise<void> {
    await this.sessions.update({ id: sessionId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }

  /**
   * Deletes an account (the accounts module's soft delete: the email and username become free),
   * then revokes every session of it, so no device stays signed in.
   */
  async closeAccount(accountId: string): Promise<void> {
    // One transaction: an account is never deleted with its sessions still alive.
    await this.transactions.run(async () => {
      await this.accounts.softDelete(accountId);
      await this.revokeAllForAccount(accountId);
    });
  }

  /** Signs an account out everywhere (password reset, blocking, deletion). */
  async revokeAllForAccount(accountId: string): Promise<void> {
    await this.sessions.update({ accountId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }
}
