import type { MigrationInterface, QueryRunner } from 'typeorm';

// PAYOUT_ITEM_STATUSES of libs/domain payouts.ts: an allocation's transfer goes through the same states.
const STATUSES = "'pending', 'sent', 'failed', 'reversed'";

/**
 * Issue 21, money out tied to the money in: each part of a payout item that pays one request (an
 * allocation) is its own transfer, drawn on that request's charge (Stripe's source_transaction), so
 * a payout right after a capture never waits for the platform's balance. Each allocation keeps its
 * transfer's idempotency key, the transfer and the charge it came from, and its state (a reversal
 * or a refusal gives back that part alone, the ledger keyed by the allocation's id). Allocations
 * written before this were paid by their item's one transfer: they take its state, and their
 * item keeps naming that transfer.
 *
 * Also: the embedded sandbox's transfers remember their source charge and its connected accounts
 * have payouts to a bank (which can fail, as Stripe's do); a Huddle refund keeps what its job was
 * asked, so a refund the provider completes after the job gave up is recorded from its event; and
 * each reconciliation run says what it reconciled (payments, or payout transfers).
 */
export class TransfersPerCharge1763771700000 implements MigrationInterface {
  name = 'TransfersPerCharge1763771700000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE payout_allocations
      ADD COLUMN id uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
      ADD COLUMN status varchar(12) NOT NULL DEFAULT 'pending' CHECK (status IN (${STATUSES})),
      ADD COLUMN idempotency_key varchar(255) UNIQUE,
      ADD COLUMN provider_transfer_id varchar(255) UNIQUE,
      ADD COLUMN source_transaction varchar(255),
      ADD COLUMN last_error text,
      ADD COLUMN sent_at timestamptz`);
    await runner.query(`UPDATE payout_allocations a SET status = i.status, sent_at = i.sent_at, idempotency_key = 'huddle:transfer:' || a.payout_item_id || ':' || a.id
                          FROM payout_items i WHERE i.id = a.payout_item_id`);
    await runner.query(`ALTER TABLE payout_allocations ALTER COLUMN idempotency_key SET NOT NULL`);
    await runner.query(`CREATE INDEX payout_allocations_pending_idx ON payout_allocations (payout_item_id) WHERE status = 'pending'`);

    await runner.query(`ALTER TABLE sandbox_transfers ADD COLUMN source_transaction varchar(64), ADD COLUMN metadata jsonb NOT NULL DEFAULT '{}'::jsonb`);
    await runner.query(`CREATE TABLE sandbox_connect_payouts (
      id varchar(64) PRIMARY KEY,
      account_id varchar(64) NOT NULL REFERENCES sandbox_connect_accounts (id),
      amount_cents integer NOT NULL CHECK (amount_cents > 0),
      status varchar(20) NOT NULL,
      failure_message text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);

    await runner.query(`ALTER TABLE payment_idempotency_keys ADD COLUMN payload jsonb`);
    await runner.query(`ALTER TABLE reconciliation_runs ADD COLUMN kind varchar(12) NOT NULL DEFAULT 'payments' CHECK (kind IN ('payments', 'transfers'))`);
    await runner.query(`CREATE INDEX reconciliation_runs_kind_idx ON reconciliation_runs (kind, finished_at DESC)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX reconciliation_runs_kind_idx`);
    await runner.query(`ALTER TABLE reconciliation_runs DROP COLUMN kind`);
    await runner.query(`ALTER TABLE payment_idempotency_keys DROP COLUMN payload`);
    await runner.query(`DROP TABLE sandbox_connect_payouts`);
    await runner.query(`ALTER TABLE sandbox_transfers DROP COLUMN source_transaction, DROP COLUMN metadata`);
    await runner.query(`DROP INDEX payout_allocations_pending_idx`);
    await runner.query(`ALTER TABLE payout_allocations DROP COLUMN id, DROP COLUMN status, DROP COLUMN idempotency_key, DROP COLUMN provider_transfer_id,
      DROP COLUMN source_transaction, DROP COLUMN last_error, DROP COLUMN sent_at`);
  }
}
