import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 10, shoutout recipients: the watch link of a finished shoutout. The token is the link
 * itself, an unguessable capability (256 random bits) like a presigned URL: kept as it is, not
 * hashed, because the requester's Share button gives the same link again, and it opens nothing but
 * the watermarked video and the athlete's name. Revoking stamps revoked_at; at most one link of a
 * request is live at a time.
 */
export class ShareLinks1763770700000 implements MigrationInterface {
  name = 'ShareLinks1763770700000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE request_share_links (
      token text PRIMARY KEY CHECK (length(token) >= 40),
      request_id uuid NOT NULL REFERENCES requests(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      revoked_at timestamptz
    )`);
    await runner.query(`CREATE UNIQUE INDEX request_share_links_live ON request_share_links (request_id) WHERE revoked_at IS NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE request_share_links`);
  }
}
