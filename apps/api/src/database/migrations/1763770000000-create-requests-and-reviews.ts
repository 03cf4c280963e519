import type { MigrationInterface, QueryRunner } from 'typeorm';
/**
 * Migrations import no live code: what they create is written here as it was when they were
 * first applied, so a later change to a rule cannot change what an old migration does (a schema
 * change ships as a new migration). test/schema-matches-code.spec.ts checks the live code still
 * agrees with what the database holds.
 */
// RequestStatus codes (pending 1, accepted 2, canceled 3, pending review 4, finished 5, in progress 6).
const STATUS_CODES = '1, 2, 3, 4, 5, 6';
const FINISHED = 5;
// SERVICE_TYPES.
const TYPES = "'personal_appearance', 'speaking_engagement', 'training_session', 'endorsement', 'video_chat', 'shoutout', 'camp', 'endorsement_campaign'";

/**
 * Issue 4, booking's tables: requests (spec §3, Request; money in integer cents, the per-type
 * block in `details`) and one review per finished request. The booking flow itself arrives
 * later; the athlete profile already reads finished requests (History) and reviews from here.
 */
export class CreateRequestsAndReviews1763770000000 implements MigrationInterface {
  name = 'CreateRequestsAndReviews1763770000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE SEQUENCE requests_order_number_seq START 100001`);
    await runner.query(`
      CREATE TABLE requests (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_number bigint NOT NULL UNIQUE DEFAULT nextval('requests_order_number_seq'),
        type varchar(32) NOT NULL CHECK (type IN (${TYPES})),
        status smallint NOT NULL CHECK (status IN (${STATUS_CODES})),
        athlete_id uuid NOT NULL REFERENCES accounts (id),
        requester_id uuid NOT NULL REFERENCES accounts (id),
        name varchar(200) NOT NULL,
        request_amount_cents integer NOT NULL CHECK (request_amount_cents >= 0),
        amount_to_athlete_cents integer NOT NULL CHECK (amount_to_athlete_cents >= 0),
        fee_amount_cents integer NOT NULL CHECK (fee_amount_cents >= 0),
        paid boolean NOT NULL DEFAULT false,
        paid_id varchar(100),
        accepted_at timestamptz,
        expiration_time timestamptz,
        authorised boolean NOT NULL DEFAULT false,
        reviewed boolean NOT NULL DEFAULT false,
        social_media_platform varchar(200),
        endorsement_campaign_id uuid,
        details jsonb NOT NULL DEFAULT '{}',
        finished_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (status <> ${FINISHED} OR finished_at IS NOT NULL)
      )`);
    await runner.query(`ALTER SEQUENCE requests_order_number_seq OWNED BY requests.order_number`);
    // The profile's History: an athlete's finished requests, newest first.
    await runner.query(
      `CREATE INDEX requests_athlete_finished_idx ON requests (athlete_id, finished_at DESC, id) WHERE status = ${FINISHED}`,
    );
    // The requester's lists and "athletes you booked recently".
    await runner.query(`CREATE INDEX requests_requester_idx ON requests (requester_id, created_at DESC)`);
    await runner.query(`CREATE INDEX requests_athlete_idx ON requests (athlete_id, status, created_at DESC)`);
    await runner.query(`CREATE INDEX requests_campaign_idx ON requests (endorsement_campaign_id) WHERE endorsement_campaign_id IS NOT NULL`);
    await runner.query(`CREATE UNIQUE INDEX requests_paid_id_key ON requests (paid_id) WHERE paid_id IS NOT NULL`);

    await runner.query(`
      CREATE TABLE reviews (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        request_id uuid NOT NULL UNIQUE REFERENCES requests (id) ON DELETE CASCADE,
        athlete_id uuid NOT NULL REFERENCES accounts (id),
        reviewer_id uuid NOT NULL REFERENCES accounts (id),
        rate smallint NOT NULL CHECK (rate BETWEEN 1 AND 5),
        comment varchar(500),
        submitted_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The profile's Reviews (newest first) and every card's rating; INCLUDE lets the rating be an index-only read.
    await runner.query(`CREATE INDEX reviews_athlete_idx ON reviews (athlete_id, submitted_at DESC) INCLUDE (rate)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE reviews`);
    await runner.query(`DROP TABLE requests`);
  }
}
