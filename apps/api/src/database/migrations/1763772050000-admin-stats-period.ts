import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 23, the administrator's statistics for a period (GET /admin/counters?period=): paid
 * requests by creation time with what the counters group and sum, and the ledger's entries by the
 * time they were recorded with what the money totals sum, so a period reads one index range.
 */
export class AdminStatsPeriod1763772050000 implements MigrationInterface {
  name = 'AdminStatsPeriod1763772050000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE INDEX requests_paid_created_idx ON requests (created_at) INCLUDE (status, type, request_amount_cents) WHERE paid`);
    await runner.query(`CREATE INDEX ledger_entries_created_idx ON ledger_entries (created_at) INCLUDE (movement, account, amount_cents)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX ledger_entries_created_idx`);
    await runner.query(`DROP INDEX requests_paid_created_idx`);
  }
}
