import type { MigrationInterface, QueryRunner } from 'typeorm';

// Statuses that hold a slot in the athlete's calendar (CALENDAR_HOLDING_STATUSES): accepted 2, in progress 6.
const HOLDING = '2, 6';
// Parties of the request core (RequestParty) and the history's own 'paid' entry.
const PARTIES = "'requester', 'athlete', 'admin', 'system'";

/**
 * Issue 10, the request core: the timed slot a request holds (start_at, end_at), when it was paid,
 * delivered and flagged, a video chat's completion, the history of every change, and the
 * double-booking guarantee as a constraint: an athlete can never hold two overlapping accepted
 * (or in-progress) timed requests, however many accepts race.
 */
export class BookingCore1763770600000 implements MigrationInterface {
  name = 'BookingCore1763770600000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE EXTENSION IF NOT EXISTS btree_gist`);
    await runner.query(`ALTER TABLE requests
      ADD COLUMN start_at timestamptz,
      ADD COLUMN end_at timestamptz,
      ADD COLUMN paid_at timestamptz,
      ADD COLUMN delivered_at timestamptz,
      ADD COLUMN flagged_at timestamptz,
      ADD COLUMN video_chat_completed boolean NOT NULL DEFAULT false,
      ADD CONSTRAINT requests_event_window CHECK ((start_at IS NULL) = (end_at IS NULL) AND (end_at IS NULL OR end_at > start_at)),
      ADD CONSTRAINT requests_paid_at CHECK (NOT paid OR paid_at IS NOT NULL OR finished_at IS NOT NULL)`);
    await runner.query(`ALTER TABLE requests ADD CONSTRAINT requests_no_double_booking
      EXCLUDE USING gist (athlete_id WITH =, tstzrange(start_at, end_at) WITH &&)
      WHERE (status IN (${HOLDING}) AND start_at IS NOT NULL)`);
    // The sweeps of the request timers: pending paid requests by expiry, unpaid drafts by age,
    // and accepted or delivered requests waiting for completion.
    await runner.query(`CREATE INDEX requests_expiry_idx ON requests (expiration_time) WHERE status = 1 AND paid`);
    await runner.query(`CREATE INDEX requests_drafts_idx ON requests (created_at) WHERE NOT paid`);
    await runner.query(`CREATE INDEX requests_open_idx ON requests (status) WHERE status IN (2, 4, 6)`);
    await runner.query(`CREATE INDEX requests_athlete_paid_idx ON requests (athlete_id, status, created_at DESC) WHERE paid`);

    await runner.query(`CREATE TABLE request_history (
      id bigserial PRIMARY KEY,
      request_id uuid NOT NULL REFERENCES requests (id) ON DELETE CASCADE,
      action varchar(32) NOT NULL,
      actor_party varchar(16) NOT NULL CHECK (actor_party IN (${PARTIES})),
      actor_id uuid,
      from_status smallint,
      to_status smallint NOT NULL,
      note varchar(500),
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query(`CREATE INDEX request_history_request_idx ON request_history (request_id, id)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE request_history`);
    await runner.query(`ALTER TABLE requests DROP CONSTRAINT requests_no_double_booking`);
    await runner.query(`ALTER TABLE requests
      DROP COLUMN start_at, DROP COLUMN end_at, DROP COLUMN paid_at, DROP COLUMN delivered_at,
      DROP COLUMN flagged_at, DROP COLUMN video_chat_completed`);
  }
}
