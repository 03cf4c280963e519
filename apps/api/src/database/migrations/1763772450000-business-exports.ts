import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 23, the business's statistics export (GET /booking/request/counters-business-export):
 * - business_exports: one row per export asked for, worked by the `stats.business-export` job; the
 *   finished file is kept in the row (bytea, at most 20 MB) for its download link. `mail_claimed_at`
 *   is written before the email is handed to the mail adapter, so a retry after a crash in between
 *   knows a send may have happened and never sends a second copy;
 * - outbox_email_attachments: what the embedded mail default (no SMTP_URL) keeps of an email's
 *   attachments: name, type and size always, the bytes when they are small enough to keep.
 */
export class BusinessExports1763772450000 implements MigrationInterface {
  name = 'BusinessExports1763772450000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE business_exports (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        business_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        format varchar(3) NOT NULL CONSTRAINT business_exports_format CHECK (format IN ('csv', 'pdf')),
        send boolean NOT NULL,
        time_zone varchar(64) NOT NULL,
        status varchar(7) NOT NULL DEFAULT 'queued' CONSTRAINT business_exports_status CHECK (status IN ('queued', 'running', 'done', 'failed')),
        progress smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
        filename varchar(200) NOT NULL,
        content_type varchar(100),
        file bytea CHECK (octet_length(file) <= 20971520),
        mail_claimed_at timestamptz,
        emailed_to varchar(254),
        error varchar(500),
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      )`);
    // A business's exports newest first, and its queued or running ones counted under the limit.
    await runner.query(`CREATE INDEX business_exports_business_idx ON business_exports (business_id, created_at DESC)`);
    await runner.query(`
      CREATE TABLE outbox_email_attachments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email_id uuid NOT NULL REFERENCES outbox_emails (id) ON DELETE CASCADE,
        filename varchar(255) NOT NULL,
        content_type varchar(255) NOT NULL,
        size_bytes integer NOT NULL CHECK (size_bytes >= 0),
        content bytea,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX outbox_email_attachments_email_idx ON outbox_email_attachments (email_id)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE outbox_email_attachments`);
    await runner.query(`DROP TABLE business_exports`);
  }
}
