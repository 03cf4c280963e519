import type { MigrationInterface, QueryRunner } from 'typeorm';

// Movements the ledger records (payments/ledger.ts LEDGER_MOVEMENTS): money out and disputes added.
const MOVEMENTS_BEFORE = "'authorised', 'voided', 'captured', 'owed_to_athlete', 'refunded', 'returned'";
const MOVEMENTS = `${MOVEMENTS_BEFORE}, 'paid_out', 'payout_returned', 'dispute_withdrawn', 'dispute_reinstated', 'dispute_lost'`;

/**
 * Issue 21, money true: the ledger's movements for payouts and disputes; money incidents (a money
 * job that gave up, a hold that lapsed, a difference reconciliation found), which an administrator
 * sees and nothing fixes silently; when a card hold was authorised and until when the provider
 * keeps it (expiry counts from the authorisation and never outlives the hold); the card that paid
 * (receipts); disputes against a payment.
 */
export class MoneyTrue1763771200000 implements MigrationInterface {
  name = 'MoneyTrue1763771200000';

  async up(runner: QueryRunner): Promise<void> {
    for (const table of ['ledger_entries', 'ledger_movements']) {
      await runner.query(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_movement_check`);
      await runner.query(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_movement_check CHECK (movement IN (${MOVEMENTS}))`);
    }

    await runner.query(`CREATE TABLE money_incidents (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      dedup_key varchar(255) NOT NULL UNIQUE,
      kind varchar(40) NOT NULL,
      subject_type varchar(20) NOT NULL CHECK (subject_type IN ('request', 'campaign', 'payout_item', 'provider_object', 'ledger')),
      subject_id varchar(255) NOT NULL,
      amount_cents bigint,
      message text NOT NULL,
      details jsonb NOT NULL DEFAULT '{}'::jsonb,
      status varchar(12) NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved')),
      created_at timestamptz NOT NULL DEFAULT now(),
      resolved_at timestamptz,
      resolved_by uuid REFERENCES accounts (id),
      resolution text
    )`);
    await runner.query(`CREATE INDEX money_incidents_open_idx ON money_incidents (created_at DESC) WHERE status = 'open'`);
    await runner.query(`CREATE INDEX money_incidents_subject_idx ON money_incidents (subject_id)`);

    await runner.query(`ALTER TABLE payment_intents
      ADD COLUMN authorised_at timestamptz,
      ADD COLUMN capture_before timestamptz,
      ADD COLUMN card_brand varchar(20),
      ADD COLUMN card_last4 char(4)`);
    await runner.query(`ALTER TABLE sandbox_intents ADD COLUMN authorised_at timestamptz, ADD COLUMN capture_before timestamptz`);
    // The sandbox's refunds get ids and statuses, and it keeps disputes: what Stripe would report.
    await runner.query(`ALTER TABLE sandbox_refunds
      ADD COLUMN id varchar(64) NOT NULL DEFAULT ('re_sbx_' || substr(md5(random()::text), 1, 24)) UNIQUE,
      ADD COLUMN status varchar(20) NOT NULL DEFAULT 'succeeded',
      ADD COLUMN failure_reason varchar(80)`);
    await runner.query(`CREATE TABLE sandbox_disputes (
      id varchar(64) PRIMARY KEY,
      intent_id varchar(64) NOT NULL REFERENCES sandbox_intents (id),
      amount_cents integer NOT NULL CHECK (amount_cents > 0),
      status varchar(40) NOT NULL,
      reason varchar(80),
      evidence_due_by timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);

    await runner.query(`CREATE TABLE payment_disputes (
      id varchar(255) PRIMARY KEY,
      subject_id uuid NOT NULL,
      provider_intent_id varchar(255) NOT NULL,
      amount_cents integer NOT NULL CHECK (amount_cents > 0),
      reason varchar(80),
      status varchar(40) NOT NULL,
      evidence_due_by timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      closed_at timestamptz
    )`);
    await runner.query(`CREATE INDEX payment_disputes_subject_idx ON payment_disputes (subject_id)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE payment_disputes`);
    await runner.query(`DROP TABLE sandbox_disputes`);
    await runner.query(`ALTER TABLE sandbox_refunds DROP COLUMN id, DROP COLUMN status, DROP COLUMN failure_reason`);
    await runner.query(`ALTER TABLE sandbox_intents DROP COLUMN authorised_at, DROP COLUMN capture_before`);
    await runner.query(`ALTER TABLE payment_intents DROP COLUMN authorised_at, DROP COLUMN capture_before, DROP COLUMN card_brand, DROP COLUMN card_last4`);
    await runner.query(`DROP TABLE money_incidents`);
    for (const table of ['ledger_entries', 'ledger_movements']) {
      await runner.query(`DELETE FROM ${table} WHERE movement NOT IN (${MOVEMENTS_BEFORE})`);
      await runner.query(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_movement_check`);
      await runner.query(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_movement_check CHECK (movement IN (${MOVEMENTS_BEFORE}))`);
    }
  }
}
