import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 23, the athlete's calendar (booking's table): the secret of each athlete's private iCal
 * feed (GET /api/v1/public/calendar/{token}.ics). Only a hash of the token is kept: the token is
 * an HMAC under AUTH_SECRET (not in the database) of the athlete and `nonce`, so the athlete can
 * be shown their URL again, and a leaked table neither opens a feed nor lets anyone compute one.
 * Regenerating draws a new nonce: the old token's hash is gone and its URL answers 404.
 *
 * And an index for the calendar's range reads: an athlete's timed requests by start.
 */
export class AthleteCalendar1763771900000 implements MigrationInterface {
  name = 'AthleteCalendar1763771900000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE athlete_calendar_feeds (
      athlete_id uuid PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
      nonce varchar(64) NOT NULL,
      token_hash char(64) NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      regenerated_at timestamptz
    )`);
    await runner.query(`CREATE INDEX requests_athlete_calendar_idx ON requests (athlete_id, start_at) WHERE start_at IS NOT NULL AND status IN (2, 5, 6)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX requests_athlete_calendar_idx`);
    await runner.query(`DROP TABLE athlete_calendar_feeds`);
  }
}
