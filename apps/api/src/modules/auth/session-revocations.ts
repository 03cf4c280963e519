import { Injectable, Logger } from '@nestjs/common';
import type { OnApplicationBootstrap } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { ClusterBus, MAX_NOTIFY_PAYLOAD_BYTES } from '../../database/cluster-bus';
import { Transactions } from '../../database/transactions';
import { ACCOUNT_CHANGED } from '../accounts/account-events';
import type { AccountChangedEvent } from '../accounts/account-events';
import { SessionTokens } from './session-jwt';
import type { SessionClaims } from './session-jwt';

/** Every API process reads it: "r:<session id>" revoked, "a:<account id>" changed (role, block, deletion). */
export const SESSIONS_CHANNEL = 'auth_sessions';
/** Clocks of API processes differ a little; a revoked id is kept that much longer than its last token. */
const CLOCK_SKEW_MS = 60_000;
const PRUNE_EVERY_MS = 60_000;

/**
 * What every API process must know about session tokens it did not issue: which sessions were
 * revoked (logout, password change, blocking, deletion), and which accounts changed since a token
 * was signed (its role may be out of date). A token names its session and carries its account's
 * role, so the access guard needs no database read per call; it asks this instead.
 *
 * Revoked session ids are kept until the last token of theirs has expired (revocation time plus a
 * token's lifetime), so the set stays small. It is loaded from PostgreSQL at start, kept up to
 * date through the cluster bus (delivered at the commit of the revoking transaction), and loaded
 * again after the listening connection was lost. Changed accounts are kept the same while: a
 * token of theirs signed before the change is checked once against its session row and renewed.
 * Whatever a process may have missed (before it started listening, while the connection was
 * down) makes every older token checked once the same way.
 */
@Injectable()
export class SessionRevocations implements OnApplicationBootstrap {
  private readonly logger = new Logger('SessionRevocations');
  /** Session id → until when (ms) a token of it may still be presented. */
  private readonly revoked = new Map<string, number>();
  /** Account id → when (ms) this process heard of its change. */
  private readonly changed = new Map<string, number>();
  /** Tokens signed before this (ms) are checked against their row once: what was missed before it is unknown. */
  private checkAllBefore = Date.now();
  private lastPrune = Date.now();

  constructor(
    private readonly bus: ClusterBus,
    private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
    private readonly tokens: SessionTokens,
  ) {
    this.bus.read(SESSIONS_CHANNEL, {
      onMessage: (payload) => this.hear(payload),
      onResync: () => void this.reload('after a lost bus connection'),
    });
  }

  private get keepMs(): number {
    return this.tokens.ttlSeconds * 1000 + CLOCK_SKEW_MS;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.reload(null);
  }

  /** How many revoked ids this process holds (tests: the set stays small). */
  get size(): number {
    return this.revoked.size;
  }

  /** Whether the token's session was revoked. */
  isRevoked(claims: SessionClaims): boolean {
    const until = this.revoked.get(claims.sid);
    return until !== undefined && until > Date.now();
  }

  /** Whether the token was signed before something this process heard (or may have missed) about its account. */
  isOutdated(claims: SessionClaims): boolean {
    const signedAt = claims.iat * 1000;
    // A change in the same second as the signing counts as later: the token is checked once more.
    const changedAt = this.changed.get(claims.sub);
    return signedAt < this.checkAllBefore || (changedAt !== undefined && signedAt <= changedAt);
  }

  /**
   * Tells every process (this one at once, the others when the caller's transaction commits)
   * that these sessions are revoked. Runs in the caller's manager, inside its transaction.
   */
  async announceRevoked(manager: EntityManager, sessionIds: readonly string[]): Promise<void> {
    if (sessionIds.length === 0) return;
    await this.send(manager, sessionIds.map((id) => `r:${id}`));
    this.transactions.afterCommit(() => this.remember(sessionIds));
  }

  /** An account's stored fields changed (after commit): its older tokens are checked once, on every process. */
  @OnEvent(ACCOUNT_CHANGED)
  async onAccountChanged(event: AccountChangedEvent): Promise<void> {
    const ids = event.accounts.map((account) => account.id);
    this.markChanged(ids);
    try {
      await this.send(this.dataSource.manager, ids.map((id) => `a:${id}`));
    } catch (error) {
      this.logger.warn(`Could not tell other processes of changed accounts: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async send(manager: EntityManager, items: readonly string[]): Promise<void> {
    let chunk: string[] = [];
    let bytes = 0;
    for (const item of items) {
      if (bytes + item.length + 1 > MAX_NOTIFY_PAYLOAD_BYTES && chunk.length > 0) {
        await this.bus.sendIn(manager, SESSIONS_CHANNEL, chunk.join(','));
        chunk = [];
        bytes = 0;
      }
      chunk.push(item);
      bytes += item.length + 1;
    }
    if (chunk.length > 0) await this.bus.sendIn(manager, SESSIONS_CHANNEL, chunk.join(','));
  }

  private hear(payload: string): void {
    const revoked: string[] = [];
    const changed: string[] = [];
    for (const item of payload.split(',')) {
      const [kind, id] = item.split(':');
      if (!id) continue;
      if (kind === 'r') revoked.push(id);
      if (kind === 'a') changed.push(id);
    }
    this.remember(revoked);
    this.markChanged(changed);
  }

  private remember(sessionIds: readonly string[], revokedAt: number = Date.now()): void {
    for (const id of sessionIds) this.revoked.set(id, Math.max(this.revoked.get(id) ?? 0, revokedAt + this.keepMs));
    this.prune();
  }

  private markChanged(accountIds: readonly string[]): void {
    const now = Date.now();
    for (const id of accountIds) this.changed.set(id, now);
    this.prune();
  }

  private prune(): void {
    const now = Date.now();
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    for (const [id, until] of this.revoked) if (until <= now) this.revoked.delete(id);
    for (const [id, at] of this.changed) if (at + this.keepMs <= now) this.changed.delete(id);
  }

  /** The sessions revoked within a token's lifetime, from their rows: at start, and after messages may have been lost. */
  private async reload(why: string | null): Promise<void> {
    const checkFrom = Date.now();
    try {
      const rows: Array<{ id: string; revoked_ms: string }> = await this.dataSource.query(
        `SELECT id, (extract(epoch FROM revoked_at) * 1000)::bigint AS revoked_ms
           FROM sessions WHERE revoked_at > now() - make_interval(secs => $1)`,
        [this.keepMs / 1000],
      );
      for (const row of rows) this.remember([row.id], Number(row.revoked_ms));
      this.checkAllBefore = Math.max(this.checkAllBefore, checkFrom);
      if (why) this.logger.log(`Revoked sessions reloaded ${why}: ${rows.length}`);
    } catch (error) {
      // Still safe: until a reload succeeds, tokens signed before it are checked against their rows.
      this.checkAllBefore = Math.max(this.checkAllBefore, Date.now());
      this.logger.warn(`Could not load revoked sessions: ${error instanceof Error ? error.message : String(error)}`);
      if (!why) throw error;
    }
  }
}
