import { Injectable } from '@nestjs/common';
import type { EntityManager, Repository } from 'typeorm';
import { Transactions } from '../../database/transactions';
import { roleCodeOf } from '@huddle/domain';
import type { AuthenticatedAccount } from '../../common/access/authenticated-account';
import { Clock } from '../../common/time/clock';
import { ACCOUNT_CLOSED } from '../accounts/account-events';
import type { AccountClosedEvent } from '../accounts/account-events';
import { AccountsService } from '../accounts/accounts.service';
import { JobsService } from '../jobs/jobs.service';
import { SessionEntity } from './entities/session.entity';
import { SessionRevocations } from './session-revocations';
import { SessionTokens, userTypeOfRole } from './session-jwt';
import type { SessionClaims } from './session-jwt';
import { liveSessionIds, renewSignedInSession, sessionFacts } from './signed-in-session.query';
import type { SignedInSessionRow } from './signed-in-session.query';
import { newSessionRowHash, SESSION_TTL_MS } from './session-token';
import type { TokenSource } from './session-token';

export interface IssuedSession {
  /** The session token (a signed JWT): returned to the client, never stored. */
  token: string;
  session: SessionEntity;
}

export interface ResolvedSession {
  sessionId: string;
  account: AuthenticatedAccount;
}

/** A caller's session, and the new token to hand back when this call renewed it. */
export interface AuthenticatedSession {
  auth: ResolvedSession;
  renewed?: { token: string; sessionExpiresAt: Date };
}

/** A token with less than this part of its lifetime left is renewed (sliding sessions). */
const RENEW_WHEN_LEFT = 1 / 3;

function accountOf(row: SignedInSessionRow): AuthenticatedAccount {
  return { id: row.account_id, userType: row.user_type, role: roleCodeOf({ user_type: row.user_type, profile_completed: row.profile_completed }, false) };
}

@Injectable()
export class SessionsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly accounts: AccountsService,
    private readonly tokens: SessionTokens,
    private readonly revocations: SessionRevocations,
    private readonly jobs: JobsService,
    private readonly clock: Clock,
  ) {}

  // Through the caller's transaction when there is one (account deletion revokes inside it).
  private get sessions(): Repository<SessionEntity> {
    return this.transactions.manager.getRepository(SessionEntity);
  }

  /**
   * A new session row and its first token. An account that may not sign in (blocked, deleted)
   * gets a session revoked at birth: its token is refused like any revoked one.
   */
  async create(accountId: string, now: Date = new Date()): Promise<IssuedSession> {
    const session = await this.sessions.save(
      this.sessions.create({
        tokenHash: newSessionRowHash(),
        accountId,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
        revokedAt: null,
      }),
    );
    const facts = await sessionFacts(this.transactions.manager, session.id);
    if (!facts) throw new Error(`Session ${session.id} has no account`);
    if (!facts.live) await this.revoke(session.id);
    return { token: this.tokens.sign({ sub: accountId, role: accountOf(facts).role, sid: session.id }, session.expiresAt, now), session };
  }

  /**
   * The caller's session, from the token alone when it is good, unrevoked, not older than a
   * change of its account and not near its expiry. Otherwise the session row decides (one
   * statement): a live session gets a new token, anything else is no session at all.
   */
  async authenticate(request: TokenSource): Promise<AuthenticatedSession | null> {
    const verdict = await this.tokens.verify(request);
    if (verdict.kind === 'none' || this.revocations.isRevoked(verdict.claims)) return null;
    const { claims } = verdict;
    const nearExpiry = claims.exp - Date.now() / 1000 < this.tokens.ttlSeconds * RENEW_WHEN_LEFT;
    if (verdict.kind === 'valid' && !nearExpiry && !this.revocations.isOutdated(claims)) {
      return { auth: { sessionId: claims.sid, account: { id: claims.sub, role: claims.role, userType: userTypeOfRole(claims.role) } } };
    }
    return this.renew(claims);
  }

  private async renew(claims: SessionClaims): Promise<AuthenticatedSession | null> {
    const row = await renewSignedInSession(this.transactions.manager, claims.sid);
    if (!row || row.account_id !== claims.sub) return null;
    const account = accountOf(row);
    const token = this.tokens.sign({ sub: account.id, role: account.role, sid: row.session_id }, row.expires_at);
    return { auth: { sessionId: row.session_id, account }, renewed: { token, sessionExpiresAt: row.expires_at } };
  }

  /** Which of these sessions are still live: a stream that outlives its session is ended. */
  async liveOf(sessionIds: readonly string[]): Promise<Set<string>> {
    return liveSessionIds(this.transactions.manager, sessionIds);
  }

  async revoke(sessionId: string): Promise<void> {
    await this.revokeWhere(this.transactions.manager, 'id = :sessionId', { sessionId });
  }

  /**
   * Deletes an account (the accounts module's soft delete: the email and username become free),
   * then revokes every session of it, so no device stays signed in, and announces it
   * (ACCOUNT_CLOSED: booking ends the requests still waiting for an answer, and the athlete's
   * accepted ones not started yet).
   */
  async closeAccount(accountId: string): Promise<void> {
    // One transaction: an account is never deleted with its sessions still alive, nor unannounced.
    await this.transactions.run(async () => {
      const { userType } = await this.accounts.getById(accountId);
      await this.accounts.softDelete(accountId);
      await this.revokeAllForAccount(accountId);
      await this.jobs.publishIn<AccountClosedEvent>(this.transactions.manager, ACCOUNT_CLOSED, { accountId, userType, closedAt: this.clock.now().toISOString() });
    });
  }

  /** Signs an account out everywhere (blocking, deletion). */
  async revokeAllForAccount(accountId: string): Promise<void> {
    await this.revokeAllForAccountIn(this.transactions.manager, accountId);
  }

  /** The same, inside a transaction of the caller's own manager (a password reset or set). */
  async revokeAllForAccountIn(manager: EntityManager, accountId: string, now: Date = new Date()): Promise<void> {
    await this.revokeWhere(manager, 'account_id = :accountId', { accountId }, now);
  }

  /** Revokes the rows (the source of truth) and tells every API process, at the commit. */
  private async revokeWhere(manager: EntityManager, where: string, parameters: Record<string, string>, now: Date = new Date()): Promise<void> {
    const result = await manager
      .createQueryBuilder()
      .update(SessionEntity)
      .set({ revokedAt: now })
      .where(`${where} AND revoked_at IS NULL`, parameters)
      .returning(['id'])
      .execute();
    await this.revocations.announceRevoked(
      manager,
      (result.raw as Array<{ id: string }>).map((row) => row.id),
    );
  }
}
