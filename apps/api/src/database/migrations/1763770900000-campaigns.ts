import type { MigrationInterface, QueryRunner } from 'typeorm';

// Movements the ledger records (payments/ledger.ts LEDGER_MOVEMENTS), 'returned' added.
const MOVEMENTS_BEFORE = "'authorised', 'voided', 'captured', 'owed_to_athlete', 'refunded'";
const MOVEMENTS = `${MOVEMENTS_BEFORE}, 'returned'`;

/**
 * Issue 12, endorsement campaigns: a campaign (one business, one task and link, one payment) and
 * its requests (one endorsement per athlete, endorsement_campaign_id). The campaign's status is
 * derived from its requests by libs/domain's rule and kept here, under the campaign's row lock, so
 * lists can filter by it. A payment intent is now a request's or a campaign's (kind), captured
 * automatically or manually; the sandbox keeps partial refunds by idempotency key; the ledger
 * learns 'returned' (a captured share given back before it was split). And the athlete's
 * acknowledgement of the paid-endorsement disclosure is kept on the request.
 */
export class Campaigns1763770900000 implements MigrationInterface {
  name = 'Campaigns1763770900000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE campaigns (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      -- Numbered from the requests' sequence: an order number names one request or one campaign.
      order_number bigint NOT NULL UNIQUE DEFAULT nextval('requests_order_number_seq'),
      business_id uuid NOT NULL REFERENCES accounts (id),
      name varchar(200) NOT NULL,
      task varchar(500) NOT NULL,
      link varchar(2000),
      social_media_platform varchar(200),
      status smallint NOT NULL DEFAULT 1 CHECK (status BETWEEN 1 AND 6),
      total_cents integer NOT NULL CHECK (total_cents > 0),
      paid boolean NOT NULL DEFAULT false,
      paid_at timestamptz,
      finished_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT campaigns_paid_at CHECK (NOT paid OR paid_at IS NOT NULL)
    )`);
    await runner.query(`CREATE INDEX campaigns_business_idx ON campaigns (business_id, status, updated_at DESC) WHERE paid`);
    await runner.query(`CREATE INDEX campaigns_drafts_idx ON campaigns (created_at) WHERE NOT paid`);
    await runner.query(`ALTER TABLE requests
      ADD CONSTRAINT requests_campaign_fk FOREIGN KEY (endorsement_campaign_id) REFERENCES campaigns (id) ON DELETE CASCADE,
      ADD COLUMN disclosure_acknowledged_at timestamptz`);

    await runner.query(`ALTER TABLE payment_intents
      ADD COLUMN kind varchar(16) NOT NULL DEFAULT 'request' CHECK (kind IN ('request', 'campaign')),
      ADD COLUMN capture_method varchar(16) NOT NULL DEFAULT 'manual' CHECK (capture_method IN ('manual', 'automatic'))`);
    await runner.query(`ALTER TABLE sandbox_intents
      ADD COLUMN capture_method varchar(16) NOT NULL DEFAULT 'manual',
      ADD COLUMN amount_refunded_cents integer NOT NULL DEFAULT 0 CHECK (amount_refunded_cents >= 0 AND amount_refunded_cents <= amount_cents)`);
    await runner.query(`CREATE TABLE sandbox_refunds (
      idempotency_key varchar(255) PRIMARY KEY,
      intent_id varchar(64) NOT NULL REFERENCES sandbox_intents (id),
      amount_cents integer NOT NULL CHECK (amount_cents > 0),
      created_at timestamptz NOT NULL DEFAULT now()
    )`);

    for (const table of ['ledger_entries', 'ledger_movements']) {
      await runner.query(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_movement_check`);
      await runner.query(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_movement_check CHECK (movement IN (${MOVEMENTS}))`);
    }
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['ledger_entries', 'ledger_movements']) {
      await runner.query(`DELETE FROM ${table} WHERE movement = 'returned'`);
      await runner.query(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_movement_check`);
      await runner.query(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_movement_check CHECK (movement IN (${MOVEMENTS_BEFORE}))`);
    }
    await runner.query(`DROP TABLE sandbox_refunds`);
    await runner.query(`ALTER TABLE sandbox_intents DROP COLUMN capture_method, DROP COLUMN amount_refunded_cents`);
    await runner.query(`ALTER TABLE payment_intents DROP COLUMN kind, DROP COLUMN capture_method`);
    await runner.query(`DELETE FROM requests WHERE endorsement_campaign_id IS NOT NULL`);
    await runner.query(`ALTER TABLE requests DROP CONSTRAINT requests_campaign_fk, DROP COLUMN disclosure_acknowledged_at`);
    await runner.query(`DROP TABLE campaigns`);
  }
}
