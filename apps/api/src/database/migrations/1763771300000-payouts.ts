import type { MigrationInterface, QueryRunner } from 'typeorm';

// Payout providers (payouts/payout-provider.ts PAYOUT_PROVIDERS).
const PROVIDERS = "'sandbox', 'stripe'";
// PAYOUT_ITEM_STATUSES of libs/domain payouts.ts.
const ITEM_STATUSES = "'pending', 'sent', 'failed', 'reversed'";

/**
 * Issue 21, money out: where each athlete's money goes (their Connect account, its state as the
 * provider last reported it); payouts an administrator sends, one item per athlete with the
 * idempotency key its transfer carries and the cents of each request it pays (a request whose
 * whole share is covered reads paid by itself); an administrator's mark that a request's share was
 * paid outside Huddle; what every administrator did (admin_audit, never a secret); and the
 * embedded sandbox's own Connect state, which Stripe keeps on its side.
 */
export class Payouts1763771300000 implements MigrationInterface {
  name = 'Payouts1763771300000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE payout_accounts (
      athlete_id uuid PRIMARY KEY REFERENCES accounts (id),
      provider varchar(16) NOT NULL CHECK (provider IN (${PROVIDERS})),
      provider_account_id varchar(255) NOT NULL UNIQUE,
      charges_enabled boolean NOT NULL DEFAULT false,
      payouts_enabled boolean NOT NULL DEFAULT false,
      details_submitted boolean NOT NULL DEFAULT false,
      requirements_due text[] NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);

    await runner.query(`CREATE TABLE payouts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      provider varchar(16) NOT NULL CHECK (provider IN (${PROVIDERS})),
      -- What the administrator reads as the payout's id, and Stripe's transfer_group of its transfers.
      provider_payout_id varchar(255) NOT NULL UNIQUE,
      created_by uuid NOT NULL REFERENCES accounts (id),
      total_cents bigint NOT NULL CHECK (total_cents > 0),
      -- The console's confirmation sends one key: a double click or a retried call finds this payout.
      idempotency_key varchar(255) UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query(`CREATE INDEX payouts_created_idx ON payouts (created_at, id)`);

    await runner.query(`CREATE TABLE payout_items (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      payout_id uuid NOT NULL REFERENCES payouts (id),
      athlete_id uuid NOT NULL REFERENCES accounts (id),
      amount_cents integer NOT NULL CHECK (amount_cents > 0),
      receiver_email varchar(254),
      receiver_phone varchar(32),
      destination_account_id varchar(255) NOT NULL,
      status varchar(12) NOT NULL DEFAULT 'pending' CHECK (status IN (${ITEM_STATUSES})),
      provider_transfer_id varchar(255) UNIQUE,
      idempotency_key varchar(255) NOT NULL UNIQUE,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz,
      UNIQUE (payout_id, athlete_id)
    )`);
    await runner.query(`CREATE INDEX payout_items_athlete_idx ON payout_items (athlete_id, created_at DESC)`);

    await runner.query(`CREATE TABLE payout_allocations (
      payout_item_id uuid NOT NULL REFERENCES payout_items (id),
      request_id uuid NOT NULL REFERENCES requests (id),
      amount_cents integer NOT NULL CHECK (amount_cents > 0),
      PRIMARY KEY (payout_item_id, request_id)
    )`);
    await runner.query(`CREATE INDEX payout_allocations_request_idx ON payout_allocations (request_id)`);

    await runner.query(`CREATE TABLE request_payout_marks (
      request_id uuid PRIMARY KEY REFERENCES requests (id),
      -- The ledger's subject of the mark's paid_out movement.
      id uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
      amount_cents integer NOT NULL CHECK (amount_cents >= 0),
      marked_by uuid NOT NULL REFERENCES accounts (id),
      created_at timestamptz NOT NULL DEFAULT now()
    )`);

    await runner.query(`CREATE TABLE admin_audit (
      id bigserial PRIMARY KEY,
      admin_id uuid NOT NULL REFERENCES accounts (id),
      action varchar(60) NOT NULL,
      subject_type varchar(40) NOT NULL,
      subject_id varchar(255) NOT NULL,
      before jsonb,
      after jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query(`CREATE INDEX admin_audit_subject_idx ON admin_audit (subject_type, subject_id, id)`);
    await runner.query(`CREATE INDEX admin_audit_admin_idx ON admin_audit (admin_id, created_at DESC)`);

    await runner.query(`CREATE TABLE sandbox_connect_accounts (
      id varchar(64) PRIMARY KEY,
      athlete_id uuid NOT NULL UNIQUE,
      email varchar(254),
      details_submitted boolean NOT NULL DEFAULT false,
      charges_enabled boolean NOT NULL DEFAULT false,
      payouts_enabled boolean NOT NULL DEFAULT false,
      requirements_due text[] NOT NULL DEFAULT '{external_account,individual.first_name,individual.last_name,tos_acceptance.date}',
      link_token varchar(64) UNIQUE,
      link_expires_at timestamptz,
      return_url text,
      refresh_url text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query(`CREATE TABLE sandbox_transfers (
      idempotency_key varchar(255) PRIMARY KEY,
      id varchar(64) NOT NULL UNIQUE,
      destination varchar(64) NOT NULL REFERENCES sandbox_connect_accounts (id),
      amount_cents integer NOT NULL CHECK (amount_cents > 0),
      transfer_group varchar(255),
      reversed boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['sandbox_transfers', 'sandbox_connect_accounts', 'admin_audit', 'request_payout_marks', 'payout_allocations', 'payout_items', 'payouts', 'payout_accounts']) {
      await runner.query(`DROP TABLE ${table}`);
    }
  }
}
