import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 23, NIL disclosure: one record per accepted request (a campaign's share included), written
 * by the nil module's job of the acceptance. The payor's details are copied as they were when the
 * deal was agreed, so a later rename does not rewrite what the athlete disclosed. One record per
 * request (unique), so a job run twice never writes two.
 */
export class NilDisclosures1763772270000 implements MigrationInterface {
  name = 'NilDisclosures1763772270000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE nil_disclosures (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      request_id uuid NOT NULL UNIQUE REFERENCES requests (id) ON DELETE CASCADE,
      athlete_id uuid NOT NULL REFERENCES accounts (id),
      payor_id uuid NOT NULL REFERENCES accounts (id),
      payor_kind varchar(8) NOT NULL CHECK (payor_kind IN ('fan', 'business')),
      payor_name varchar(200) NOT NULL,
      company_name varchar(200),
      company_email varchar(254),
      company_website text,
      company_address text,
      request_type varchar(32) NOT NULL,
      amount_cents integer NOT NULL CHECK (amount_cents >= 0),
      fee_cents integer NOT NULL CHECK (fee_cents >= 0),
      athlete_net_cents integer NOT NULL CHECK (athlete_net_cents >= 0),
      agreed_at timestamptz NOT NULL,
      obligations text NOT NULL,
      payor_total_cents integer NOT NULL CHECK (payor_total_cents >= 0),
      flagged boolean NOT NULL DEFAULT false,
      report_by date,
      reported_on date,
      nil_go_status varchar(16) CHECK (nil_go_status IN ('cleared', 'flagged', 'not_cleared')),
      void boolean NOT NULL DEFAULT false,
      voided_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT nil_disclosures_flagged_report_by CHECK (NOT flagged OR report_by IS NOT NULL),
      CONSTRAINT nil_disclosures_reported_flagged CHECK (reported_on IS NULL OR flagged),
      CONSTRAINT nil_disclosures_status_reported CHECK (nil_go_status IS NULL OR reported_on IS NOT NULL),
      CONSTRAINT nil_disclosures_void_at CHECK (NOT void OR voided_at IS NOT NULL)
    )`);
    // The athlete's list (newest agreed first) and a payor's running total with one athlete.
    await runner.query(`CREATE INDEX nil_disclosures_athlete_idx ON nil_disclosures (athlete_id, agreed_at DESC)`);
    await runner.query(`CREATE INDEX nil_disclosures_payor_idx ON nil_disclosures (athlete_id, payor_id, agreed_at) INCLUDE (amount_cents) WHERE NOT void`);
    // The administrator's export of every flagged deal.
    await runner.query(`CREATE INDEX nil_disclosures_flagged_idx ON nil_disclosures (agreed_at) WHERE flagged`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE nil_disclosures`);
  }
}
