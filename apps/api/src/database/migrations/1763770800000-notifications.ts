import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 11, live notifications. A notification belongs to one user; `seq` numbers that user's
 * notifications 1, 2, 3 ... in the order their transactions commit (the writer holds the user's
 * counter row locked until commit), never reusing a number, so it is the stream's event id and
 * Last-Event-ID replays exactly what a client missed. `data` is { title, text, link }. Each account chooses whether the
 * important ones also come by email (`accounts.email_notifications`, on by default).
 */
export class Notifications1763770800000 implements MigrationInterface {
  name = 'Notifications1763770800000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE notifications (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      seq bigint NOT NULL CHECK (seq > 0),
      data jsonb NOT NULL,
      is_read boolean NOT NULL DEFAULT false,
      reference_id uuid,
      request_id uuid REFERENCES requests(id) ON DELETE SET NULL,
      request_type varchar(32),
      endorsement_campaign_id uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, seq)
    )`);
    await runner.query(`CREATE INDEX notifications_unread ON notifications (user_id) WHERE NOT is_read`);
    // The last number given to each user's notifications. It only goes up (deleting notifications
    // leaves it), so a number is never given twice; its row lock, held to the commit, orders them.
    await runner.query(`CREATE TABLE notification_counters (
      user_id uuid PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
      last_seq bigint NOT NULL CHECK (last_seq > 0)
    )`);
    await runner.query(`ALTER TABLE accounts ADD COLUMN email_notifications boolean NOT NULL DEFAULT true`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE accounts DROP COLUMN email_notifications`);
    await runner.query(`DROP TABLE notification_counters`);
    await runner.query(`DROP TABLE notifications`);
  }
}
