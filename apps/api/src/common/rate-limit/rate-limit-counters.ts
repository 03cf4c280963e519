import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface CounterWindow {
  /** Hits that block the key; reaching it restarts the window, so a block lasts a whole window. */
  limit: number;
  windowMs: number;
  /** The caller's time (the app's Clock), so a rule counted per business event can be tested by moving it. */
  now: Date;
}

/**
 * Counts of events that are not requests (a declined card, reported by the provider), in the same
 * rate_limit_counters table as RateLimitGuard's counts, so every API process and host sees them and
 * the storage's sweeper deletes them once their window ended. Keys are the caller's, prefixed by
 * what they count.
 */
@Injectable()
export class RateLimitCounters {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Counts one event under `key` and answers the hits of its window. The first hit opens a window;
   * the hit that reaches the limit opens a fresh one, so what it blocks stays blocked for a whole
   * window from then. One upsert: concurrent hits never lose a count.
   */
  async hit(key: string, { limit, windowMs, now }: CounterWindow): Promise<number> {
    const rows: Array<{ hits: number }> = await this.dataSource.query(
      `INSERT INTO rate_limit_counters AS c (key, hits, window_ends_at) VALUES ($1, 1, $2::timestamptz + $3 * interval '1 millisecond')
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN c.window_ends_at <= $2::timestamptz THEN 1 ELSE c.hits + 1 END,
         window_ends_at = CASE WHEN c.window_ends_at <= $2::timestamptz OR c.hits + 1 >= $4 THEN EXCLUDED.window_ends_at ELSE c.window_ends_at END
       RETURNING hits`,
      [key, now.toISOString(), windowMs, limit],
    );
    return rows[0].hits;
  }

  /** The hits counted under `key` in a window still open at `now`; 0 when none is. */
  async hits(key: string, now: Date): Promise<number> {
    const rows: Array<{ hits: number }> = await this.dataSource.query(`SELECT hits FROM rate_limit_counters WHERE key = $1 AND window_ends_at > $2::timestamptz`, [
      key,
      now.toISOString(),
    ]);
    return rows[0]?.hits ?? 0;
  }
}
