import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateMediaObjects1763769900000 implements MigrationInterface {
  name = 'CreateMediaObjects1763769900000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE media_objects (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        key text NOT NULL,
        owner_account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        kind varchar(10) NOT NULL CHECK (kind IN ('image', 'video')),
        content_type varchar(100) NOT NULL,
        size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
        duration_seconds numeric(10, 3) CHECK (duration_seconds >= 0),
        width integer,
        height integer,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE UNIQUE INDEX media_objects_key_key ON media_objects (key)`);
    await runner.query(`CREATE INDEX media_objects_owner_idx ON media_objects (owner_account_id, kind)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE media_objects`);
  }
}
