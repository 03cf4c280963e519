import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateAuthTables1763769600000 implements MigrationInterface {
  name = 'CreateAuthTables1763769600000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE accounts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_type smallint NOT NULL CHECK (user_type BETWEEN 1 AND 4),
        first_name varchar(100),
        last_name varchar(100),
        email varchar(254) NOT NULL CHECK (email = lower(email)),
        phone varchar(16),
        gender smallint,
        profile_photo text,
        intro_video text,
        username varchar(36),
        password_hash text,
        blocked boolean NOT NULL DEFAULT false,
        profile_completed boolean NOT NULL DEFAULT false,
        description varchar(230),
        tiktok_link text,
        twitter_link text,
        snapchat_link text,
        facebook_link text,
        instagram_link text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz
      )`);
    // Deleted accounts release their email and username for new sign-ups.
    await runner.query(`CREATE UNIQUE INDEX accounts_email_key ON accounts (lower(email)) WHERE deleted_at IS NULL`);
    await runner.query(`CREATE UNIQUE INDEX accounts_username_key ON accounts (lower(username)) WHERE username IS NOT NULL AND deleted_at IS NULL`);
    await runner.query(`CREATE INDEX accounts_user_type_idx ON accounts (user_type, profile_completed) WHERE deleted_at IS NULL`);

    await runner.query(`
      CREATE TABLE sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        token_hash char(64) NOT NULL,
        account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz
      )`);
    await runner.query(`CREATE UNIQUE INDEX sessions_token_hash_key ON sessions (token_hash)`);
    await runner.query(`CREATE INDEX sessions_account_id_idx ON sessions (account_id)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE sessions`);
    await runner.query(`DROP TABLE accounts`);
  }
}
