import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 13, live video chat: when a request's call started (requests.chat_started_at, the
 * countdown's origin and the timers' deadline), the video session of a request (video_sessions:
 * the provider, its room and each party's call identity; tokens are minted per join, never
 * stored), and the embedded provider's signalling messages on their way to the other party's
 * stream (live_signals: transient, swept after minutes).
 */
export class VideoChat1763771000000 implements MigrationInterface {
  name = 'VideoChat1763771000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE requests ADD COLUMN chat_started_at timestamptz`);
    await runner.query(`CREATE INDEX requests_chats_idx ON requests (chat_started_at) WHERE status = 6`);
    await runner.query(`CREATE TABLE video_sessions (
      request_id uuid PRIMARY KEY,
      provider varchar(16) NOT NULL CHECK (provider IN ('twilio', 'embedded')),
      app_id varchar(100) NOT NULL,
      channel_name varchar(100) NOT NULL UNIQUE,
      athlete_id uuid NOT NULL,
      athlete_uid varchar(64) NOT NULL,
      requester_id uuid NOT NULL,
      fan_uid varchar(64) NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query(`CREATE TABLE live_signals (
      id bigserial PRIMARY KEY,
      user_id uuid NOT NULL,
      request_id uuid NOT NULL,
      sender varchar(64) NOT NULL,
      kind varchar(16) NOT NULL,
      data text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query(`CREATE INDEX live_signals_created_idx ON live_signals (created_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE live_signals`);
    await runner.query(`DROP TABLE video_sessions`);
    await runner.query(`DROP INDEX requests_chats_idx`);
    await runner.query(`ALTER TABLE requests DROP COLUMN chat_started_at`);
  }
}
