import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 21, reconciliation: each run of the comparison of the provider, the ledger and the
 * requests (daily, or `npm run reconcile`), with what it checked and found. Every difference is
 * also a money incident; this table is the money desk's "last reconciliation".
 */
export class ReconciliationRuns1763771600000 implements MigrationInterface {
  name = 'ReconciliationRuns1763771600000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE reconciliation_runs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      started_at timestamptz NOT NULL,
      finished_at timestamptz NOT NULL,
      days integer NOT NULL CHECK (days > 0),
      checked integer NOT NULL,
      differences integer NOT NULL,
      balanced boolean NOT NULL,
      details jsonb NOT NULL DEFAULT '[]'::jsonb
    )`);
    await runner.query(`CREATE INDEX reconciliation_runs_finished_idx ON reconciliation_runs (finished_at DESC)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE reconciliation_runs`);
  }
}
