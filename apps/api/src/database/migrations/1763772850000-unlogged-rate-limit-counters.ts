import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rate-limit counters without the write-ahead log. Every limited call (statistics, search, money
 * routes) upserts its key's row; on a logged table each of those commits waited for the log to
 * reach the disk while holding the row, so one account's calls queued behind each other's flushes
 * (bench:stats: the counters' endpoints stalled near 80 calls a second whatever their SQL cost). An
 * unlogged table writes no log, so its commits do not wait. The price: PostgreSQL empties it after
 * a crash, which forgets the windows then open (a limit restarts counting); counts are never lost
 * otherwise, and every API process still shares them.
 */
export class UnloggedRateLimitCounters1763772850000 implements MigrationInterface {
  name = 'UnloggedRateLimitCounters1763772850000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE rate_limit_counters SET UNLOGGED`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE rate_limit_counters SET LOGGED`);
  }
}
