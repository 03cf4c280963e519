import { Logger } from '@nestjs/common';
import type { OnModuleDestroy } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type { DataSource } from 'typeorm';

export type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

// Expired windows are deleted this often; a stale row is harmless (the next hit restarts it).
const SWEEP_INTERVAL_MS = 10 * 60_000;

/**
 * A RETURNING column that makes the statement's own (implicit, single-statement) transaction
 * commit without waiting for its WAL flush. Every caller from one address counts on one row, whose
 * lock each upsert holds until its commit: with the flush awaited, the row admitted one hit per
 * disk flush (a few hundred a second on a busy disk, every search of a campus queued behind it).
 * A counter lost in a database crash costs at most the hits of the last moments, which start
 * counting again; the statement never runs inside another transaction (the storage queries
 * through the data source, outside the request's transaction), so nothing else commits unflushed.
 */
export const ASYNC_COMMIT = `set_config('synchronous_commit', 'off', true) AS async_commit`;

/**
 * @nestjs/throttler's storage in PostgreSQL (table rate_limit_counters), so the counts hold
 * across API workers and hosts and survive a restart. One fixed window per key: the first hit
 * opens it for `ttl` ms, later hits count up, and a key over its limit stays blocked until the
 * window ends (the only caller, RateLimitGuard, asks for no longer block). A single upsert counts
 * each hit, so concurrent hits on one key never lose a count.
 */
export class PostgresThrottlerStorage implements ThrottlerStorage, OnModuleDestroy {
  private readonly logger = new Logger('RateLimits');
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly dataSource: DataSource) {
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS);
    this.sweeper.unref();
  }

  async increment(key: string, ttl: number, limit: number): Promise<ThrottlerStorageRecord> {
    const rows: Array<{ hits: number; seconds_left: number }> = await this.dataSource.query(
      `INSERT INTO rate_limit_counters AS c (key, hits, window_ends_at) VALUES ($1, 1, clock_timestamp() + $2 * interval '1 millisecond')
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN c.window_ends_at <= clock_timestamp() THEN 1 ELSE c.hits + 1 END,
         window_ends_at = CASE WHEN c.window_ends_at <= clock_timestamp() THEN EXCLUDED.window_ends_at ELSE c.window_ends_at END
       RETURNING hits, greatest(1, ceil(extract(epoch FROM c.window_ends_at - clock_timestamp())))::int AS seconds_left, ${ASYNC_COMMIT}`,
      [key, ttl],
    );
    const { hits, seconds_left: secondsLeft } = rows[0];
    const isBlocked = hits > limit;
    return { totalHits: hits, timeToExpire: secondsLeft, isBlocked, timeToBlockExpire: isBlocked ? secondsLeft : 0 };
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }

  private async sweep(): Promise<void> {
    try {
      await this.dataSource.query('DELETE FROM rate_limit_counters WHERE window_ends_at < clock_timestamp()');
    } catch (error) {
      this.logger.warn(`Could not delete expired rate-limit windows: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
