import { Injectable } from '@nestjs/common';
import { IsNull } from 'typeorm';
import type { Repository } from 'typeorm';
import { Transactions } from '../../database/transactions';
import { SessionEntity } from './entities/session.entity';
import type { AccountEntity } from './entities/account.entity';
import { generateSessionToken, hashSessionToken, isWellFormedSessionToken, SESSION_TTL_MS } from './session-token';

export interface IssuedSession {
  /** The raw token: returned once, to be sent to the client; only its hash is kept. */
  token: string;
  session: SessionEntity;
}

export interface ResolvedSession {
  session: SessionEntity;
  account: AccountEntity;
}

// last_seen_at is a hint for users and admins, not an audit log; one write per window is enough.
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

@Injectable()
export class SessionsService {
  constructor(private readonly transactions: Transactions) {}

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
    const session = await this.sessions
      .createQueryBuilder('session')
      .innerJoinAndSelect('session.account', 'account')
      .where('session.token_hash = :hash', { hash: hashSessionToken(token) })
      .andWhere('session.revoked_at IS NULL')
      .andWhere('session.expires_at > now()')
      .andWhere('account.deleted_at IS NULL')
      .andWhere('account.blocked = false')
      .getOne();
    if (!session?.account) return null;

    const now = new Date();
    if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await this.sessions.update({ id: session.id }, { lastSeenAt: now });
      session.lastSeenAt = now;
    }
    return { session, account: session.account };
  }

  async revoke(sessionId: string): Promise<void> {
    await this.sessions.update({ id: sessionId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }

  /** Signs an account out everywhere (password reset, blocking, deletion). */
  async revokeAllForAccount(accountId: string): Promise<void> {
    await this.sessions.update({ accountId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }
}
