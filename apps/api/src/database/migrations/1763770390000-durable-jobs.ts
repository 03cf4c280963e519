import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What background jobs need besides the queue itself (whose tables live in the `pgboss` schema,
 * created and upgraded by pg-boss): the idempotency records of JobsService.once, and the id of the
 * job that kept an outbox email, so a retried send keeps it once.
 */
export class DurableJobs1763770390000 implements MigrationInterface {
  name = 'DurableJobs1763770390000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE job_runs (
      job_id uuid PRIMARY KEY,
      name text NOT NULL,
      ran_at timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query(`CREATE INDEX job_runs_ran_at_idx ON job_runs (ran_at)`);
    await runner.query(`ALTER TABLE outbox_emails ADD COLUMN message_id text`);
    await runner.query(`ALTER TABLE outbox_emails ADD CONSTRAINT outbox_emails_message_id_key UNIQUE (message_id)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE outbox_emails DROP COLUMN message_id`);
    await runner.query(`DROP TABLE job_runs`);
  }
}
