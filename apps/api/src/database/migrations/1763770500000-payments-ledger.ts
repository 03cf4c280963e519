import type { MigrationInterface, QueryRunner } from 'typeorm';

// Movements the ledger records (payments/ledger.ts LEDGER_MOVEMENTS).
const MOVEMENTS = "'authorised', 'voided', 'captured', 'owed_to_athlete', 'refunded'";
// Card providers (payments/card-provider.ts CARD_PROVIDERS).
const PROVIDERS = "'sandbox', 'stripe'";

/**
 * Issue 10, the payments module's tables: one payment intent per request (ours, naming the
 * provider's object), the ledger (every movement of money is rows that sum to zero; each movement
 * once per request), the provider events already handled (webhooks deduplicated on event id), the
 * idempotency keys sent with provider calls, and the embedded sandbox provider's own state.
 */
export class PaymentsLedger1763770500000 implements MigrationInterface {
  name = 'PaymentsLedger1763770500000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE payment_intents (
      request_id uuid PRIMARY KEY,
      payer_id uuid NOT NULL REFERENCES accounts (id),
      provider varchar(16) NOT NULL CHECK (provider IN (${PROVIDERS})),
      provider_intent_id varchar(255) NOT NULL UNIQUE,
      client_secret varchar(255) NOT NULL,
      amount_cents integer NOT NULL CHECK (amount_cents > 0),
      currency char(3) NOT NULL DEFAULT 'usd',
      status varchar(40) NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query(`CREATE INDEX payment_intents_payer_idx ON payment_intents (payer_id)`);

    await runner.query(`CREATE TABLE ledger_entries (
      id bigserial PRIMARY KEY,
      request_id uuid NOT NULL,
      movement varchar(24) NOT NULL CHECK (movement IN (${MOVEMENTS})),
      account varchar(80) NOT NULL,
      amount_cents bigint NOT NULL CHECK (amount_cents <> 0),
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query(`CREATE INDEX ledger_entries_request_idx ON ledger_entries (request_id, movement)`);
    await runner.query(`CREATE INDEX ledger_entries_account_idx ON ledger_entries (account)`);
    // A movement happens once per request: a retried job or webhook finds it recorded.
    await runner.query(`CREATE TABLE ledger_movements (
      request_id uuid NOT NULL,
      movement varchar(24) NOT NULL CHECK (movement IN (${MOVEMENTS})),
      amount_cents bigint NOT NULL,
      recorded_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (request_id, movement)
    )`);

    await runner.query(`CREATE TABLE provider_events (
      id varchar(255) PRIMARY KEY,
      type varchar(100) NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now()
    )`);

    await runner.query(`CREATE TABLE payment_idempotency_keys (
      key varchar(255) PRIMARY KEY,
      operation varchar(24) NOT NULL,
      request_id uuid NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);

    // The Stripe customer of each payer (their saved cards hang on it).
    await runner.query(`CREATE TABLE stripe_customers (
      account_id uuid PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
      customer_id varchar(255) NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);

    // The embedded provider's state: what Stripe would keep on its side.
    await runner.query(`CREATE TABLE sandbox_intents (
      id varchar(64) PRIMARY KEY,
      client_secret varchar(128) NOT NULL UNIQUE,
      owner_id uuid NOT NULL,
      amount_cents integer NOT NULL CHECK (amount_cents > 0),
      status varchar(40) NOT NULL,
      refunded boolean NOT NULL DEFAULT false,
      last_error varchar(300),
      card_brand varchar(20),
      card_last4 char(4),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query(`CREATE TABLE sandbox_payment_methods (
      id varchar(64) PRIMARY KEY,
      owner_id uuid NOT NULL,
      brand varchar(20) NOT NULL,
      last4 char(4) NOT NULL,
      exp_month smallint NOT NULL,
      exp_year smallint NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (owner_id, brand, last4, exp_month, exp_year)
    )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['stripe_customers', 'sandbox_payment_methods', 'sandbox_intents', 'payment_idempotency_keys', 'provider_events', 'ledger_movements', 'ledger_entries', 'payment_intents']) {
      await runner.query(`DROP TABLE ${table}`);
    }
  }
}
