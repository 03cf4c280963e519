import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rate-limit counters live in the database, so every API process (API_WORKERS, or several
 * hosts) counts the same sign-in and reset attempts: one fixed window per key.
 */
export class CreateRateLimitCounters1763770200000 implements MigrationInterface {
  name = 'CreateRateLimitCounters1763770200000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE rate_limit_counters (
      key text PRIMARY KEY,
      hits integer NOT NULL,
      window_ends_at timestamptz NOT NULL
    )`);
    await runner.query(`CREATE INDEX rate_limit_counters_window_ends_at_idx ON rate_limit_counters (window_ends_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE rate_limit_counters`);
  }
}
