import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 22, custom pushes (the pushes module's table): an administrator's message to roles or to
 * chosen users, and the progress of its sending job. The job notifies recipients in id order, a
 * batch a transaction, and keeps the last id it notified (`last_recipient_id`) in the batch's own
 * transaction, so a job that is retried or crashed goes on after it and notifies nobody twice.
 *
 * And an index for the administrator's counters (GET /admin/counters) over booking's requests:
 * paid requests by status and type with their amounts, answered from the index alone.
 */
export class CustomPushes1763771800000 implements MigrationInterface {
  name = 'CustomPushes1763771800000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE custom_pushes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name varchar(100) NOT NULL,
      subject varchar(150) NOT NULL,
      message varchar(500) NOT NULL,
      roles smallint[] NOT NULL DEFAULT '{}' CHECK (roles <@ ARRAY[1, 2, 3]::smallint[]),
      user_ids uuid[] NOT NULL DEFAULT '{}',
      status varchar(16) NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'sending', 'sent')),
      recipients_total integer NOT NULL DEFAULT 0 CHECK (recipients_total >= 0),
      recipients_done integer NOT NULL DEFAULT 0 CHECK (recipients_done >= 0),
      last_recipient_id uuid,
      created_by uuid NOT NULL REFERENCES accounts (id),
      sent_by uuid REFERENCES accounts (id),
      sent_at timestamptz,
      finished_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT custom_pushes_destination CHECK ((cardinality(roles) > 0) <> (cardinality(user_ids) > 0)),
      CONSTRAINT custom_pushes_sent CHECK (status = 'draft' OR sent_at IS NOT NULL)
    )`);
    await runner.query(`CREATE INDEX custom_pushes_created_idx ON custom_pushes (created_at DESC, id DESC)`);
    await runner.query(`CREATE INDEX requests_counters_idx ON requests (status, type) INCLUDE (request_amount_cents) WHERE paid`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX requests_counters_idx`);
    await runner.query(`DROP TABLE custom_pushes`);
  }
}
