import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 22, the administrator's user management:
 * - password_set_tokens (auth's): the single-use, expiring link an account added by an
 *   administrator gets by email to choose its password. Only a keyed hash of the token is kept.
 * - admin_settings (the admin console's own data, not product data: the admin module owns it):
 *   what an administrator chose for the console, such as the users list's page size.
 */
export class AdminConsole1763771750000 implements MigrationInterface {
  name = 'AdminConsole1763771750000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE password_set_tokens (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      account_id uuid NOT NULL REFERENCES accounts (id),
      token_hash char(64) NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query(`CREATE INDEX password_set_tokens_account_idx ON password_set_tokens (account_id)`);
    await runner.query(`CREATE TABLE admin_settings (
      admin_id uuid PRIMARY KEY REFERENCES accounts (id),
      users_page_size integer NOT NULL CHECK (users_page_size BETWEEN 1 AND 100),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE admin_settings`);
    await runner.query(`DROP TABLE password_set_tokens`);
  }
}
