import { Injectable, Logger } from '@nestjs/common';
import type { OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ASYNC_COMMIT } from './postgres-throttler.storage';
import type { ThrottlerStorageRecord } from './postgres-throttler.storage';

/** How long hits counted in this process may wait before they are added to the shared count. */
export const BATCH_FLUSH_MS = 200;
/** How long a shared count read from the database may decide hits here (a busy key is read at each flush). */
export const FRESH_MS = 2 * BATCH_FLUSH_MS;

/** A key's window as this process knows it: the shared count when last read, plus its own hits since. */
interface LocalWindow {
  endsAt: number;
  windowMs: number;
  /** The window's hits: the shared count as last read, plus this process's hits not yet sent. */
  hits: number;
  unsent: number;
  /** When the shared count was last read. */
  readAt: number;
}

/**
 * Hits this process may count without asking the database: all but the last tenth of the limit,
 * so a key comes near its limit counted in the database hit by hit, as PostgresThrottlerStorage
 * counts. A limit of 10 or less is always counted there.
 */
function localAllowance(limit: number): number {
  return limit - Math.ceil(limit / 10);
}

/**
 * The same counts as PostgresThrottlerStorage (table rate_limit_counters, one fixed window per
 * key, shared by every API process and host), for limits hit by many cheap calls (athlete
 * searches: every keystroke of every visitor) where one upsert per call would cost as much as the
 * call itself. A key's first hit in a window and every hit in the last tenth of its limit are
 * counted in the database at once, as the storage does, and decide on the shared count; the hits
 * in between are counted here first, on a shared count read less than FRESH_MS ago, and sent in
 * one upsert every BATCH_FLUSH_MS (which reads the count afresh). So one process alone limits
 * exactly as before; with several, a key may pass its limit by the hits the other processes
 * counted in the last FRESH_MS or so before they saw it near its limit (a few calls past 600 a
 * minute, for search), and it never blocks earlier than the storage would.
 */
@Injectable()
export class BatchedCounts implements OnModuleDestroy {
  private readonly logger = new Logger('RateLimits');
  private readonly windows = new Map<string, LocalWindow>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly dataSource: DataSource) {}

  async increment(key: string, windowMs: number, limit: number): Promise<ThrottlerStorageRecord> {
    const now = Date.now();
    const known = this.windows.get(key);
    const open = known !== undefined && known.endsAt > now;
    if (open && known.hits < localAllowance(limit) && now - known.readAt < FRESH_MS) {
      known.hits += 1;
      known.unsent += 1;
      this.schedule();
      return { totalHits: known.hits, timeToExpire: Math.max(1, Math.ceil((known.endsAt - now) / 1000)), isBlocked: false, timeToBlockExpire: 0 };
    }
    // A new window, or near the limit: counted in the database now, with this process's unsent hits.
    const unsent = open ? known.unsent : 0;
    if (open) known.unsent = 0;
    // Hits of a window that ended are not carried into the next one.
    else this.windows.delete(key);
    let counted: Map<string, { hits: number; msLeft: number }>;
    try {
      counted = await this.send([{ key, hits: unsent + 1, windowMs }]);
    } catch (error) {
      if (open) known.unsent += unsent;
      throw error;
    }
    const { hits, msLeft } = counted.get(key) as { hits: number; msLeft: number };
    this.remember(key, windowMs, hits, msLeft);
    const secondsLeft = Math.max(1, Math.ceil(msLeft / 1000));
    const isBlocked = hits > limit;
    return { totalHits: hits, timeToExpire: secondsLeft, isBlocked, timeToBlockExpire: isBlocked ? secondsLeft : 0 };
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, BATCH_FLUSH_MS);
    this.timer.unref();
  }

  /** Sends every open window's unsent hits in one statement and forgets the windows that ended. */
  private async flush(): Promise<void> {
    const now = Date.now();
    const batch: Array<{ key: string; hits: number; windowMs: number }> = [];
    for (const [key, window] of this.windows) {
      if (window.endsAt <= now) this.windows.delete(key);
      else if (window.unsent > 0) batch.push({ key, hits: window.unsent, windowMs: window.windowMs });
    }
    if (batch.length === 0) return;
    for (const { key } of batch) (this.windows.get(key) as LocalWindow).unsent = 0;
    try {
      const counted = await this.send(batch);
      for (const { key, windowMs } of batch) {
        const { hits, msLeft } = counted.get(key) as { hits: number; msLeft: number };
        this.remember(key, windowMs, hits, msLeft);
      }
    } catch (error) {
      for (const { key, hits } of batch) {
        const window = this.windows.get(key);
        if (window) window.unsent += hits;
      }
      this.logger.warn(`Could not count batched rate-limit hits: ${error instanceof Error ? error.message : String(error)}`);
      this.schedule();
    }
  }

  /** The shared count after a send, plus the hits this process counted while it was on its way. */
  private remember(key: string, windowMs: number, hits: number, msLeft: number): void {
    const unsent = this.windows.get(key)?.unsent ?? 0;
    const now = Date.now();
    this.windows.set(key, { endsAt: now + msLeft, windowMs, hits: hits + unsent, unsent, readAt: now });
  }

  /**
   * Adds hits to keys in one upsert, as PostgresThrottlerStorage counts one (a window that ended
   * restarts with them). Keys in order, so two processes sending the same keys lock them in the
   * same order.
   */
  private async send(batch: ReadonlyArray<{ key: string; hits: number; windowMs: number }>): Promise<Map<string, { hits: number; msLeft: number }>> {
    const sorted = [...batch].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const rows: Array<{ key: string; hits: number; ms_left: number }> = await this.dataSource.query(
      `INSERT INTO rate_limit_counters AS c (key, hits, window_ends_at)
       SELECT k, n, clock_timestamp() + w * interval '1 millisecond' FROM unnest($1::text[], $2::int[], $3::int[]) WITH ORDINALITY AS u(k, n, w, i) ORDER BY i
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN c.window_ends_at <= clock_timestamp() THEN EXCLUDED.hits ELSE c.hits + EXCLUDED.hits END,
         window_ends_at = CASE WHEN c.window_ends_at <= clock_timestamp() THEN EXCLUDED.window_ends_at ELSE c.window_ends_at END
       RETURNING key, hits, greatest(1, ceil(extract(epoch FROM c.window_ends_at - clock_timestamp()) * 1000))::int AS ms_left, ${ASYNC_COMMIT}`,
      [sorted.map((item) => item.key), sorted.map((item) => item.hits), sorted.map((item) => item.windowMs)],
    );
    return new Map(rows.map((row) => [row.key, { hits: row.hits, msLeft: row.ms_left }]));
  }
}
