import type { MigrationInterface, QueryRunner } from 'typeorm';

// The day a row counts on: its UTC calendar day (GET /admin/counters' dates are UTC days).
const DAY = `(created_at AT TIME ZONE 'UTC')::date`;
// The ledger's accounts as the administrator's money groups them: each athlete's payable as one.
const ACCOUNT_KIND = `CASE WHEN account LIKE 'athlete\\_payable:%' THEN 'athlete_payable' ELSE account END`;

/**
 * Issue 23, the counters at a million requests (npm run bench:stats):
 * - indexes that hold what the locker room and the business's statistics read, so each reads one
 *   index range: an athlete's and a requester's paid requests with the columns they group on, the
 *   ledger's athlete shares (owed, refunded) by payable account, the cash each request kept, and
 *   each request's entries by account (the payouts page's shares, read beside the locker room);
 * - the administrator's counters kept as they change: paid requests by UTC day of creation, status
 *   and type (count and amount), and the ledger by UTC day, account (athlete payables as one) and
 *   movement. Triggers on requests and ledger_entries append the change of each statement as rows
 *   (never an update of a shared row, so concurrent bookings and captures never wait on each other);
 *   a reader sums them, and folds them together once they pile up (admin-counters.query.ts).
 *   Filled from the rows already there.
 */
export class CountersAtScale1763772350000 implements MigrationInterface {
  name = 'CountersAtScale1763772350000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `CREATE INDEX requests_athlete_counters_idx ON requests (athlete_id) INCLUDE (id, status, type, endorsement_campaign_id, created_at, accepted_at) WHERE paid`,
    );
    await runner.query(
      `CREATE INDEX requests_requester_counters_idx ON requests (requester_id)
         INCLUDE (id, status, type, endorsement_campaign_id, athlete_id, request_amount_cents, created_at, accepted_at) WHERE paid`,
    );
    await runner.query(
      `CREATE INDEX ledger_entries_athlete_shares_idx ON ledger_entries (account, request_id) INCLUDE (movement, amount_cents, created_at)
         WHERE movement IN ('owed_to_athlete', 'refunded')`,
    );
    // The payouts page's shares beside the locker room (payout-shares.query.ts): each request's
    // entries on its athlete's payable account, without a pass over that account's every entry.
    await runner.query(`CREATE INDEX ledger_entries_request_account_idx ON ledger_entries (request_id, account) INCLUDE (amount_cents)`);
    await runner.query(
      `CREATE INDEX ledger_entries_request_cash_idx ON ledger_entries (request_id) INCLUDE (amount_cents)
         WHERE account = 'cash' AND movement IN ('captured', 'refunded', 'returned')`,
    );

    // Rows a statement appended are folded (false) until a reader sums them into one row per key (true).
    await runner.query(`CREATE TABLE request_day_counts (
      day date NOT NULL,
      status smallint NOT NULL,
      type varchar(32) NOT NULL,
      requests bigint NOT NULL,
      cents bigint NOT NULL,
      folded boolean NOT NULL DEFAULT false
    )`);
    await runner.query(`CREATE INDEX request_day_counts_day_idx ON request_day_counts (day) INCLUDE (status, type, requests, cents, folded)`);
    await runner.query(`CREATE TABLE ledger_day_totals (
      day date NOT NULL,
      account varchar(80) NOT NULL,
      movement varchar(24) NOT NULL,
      cents bigint NOT NULL,
      folded boolean NOT NULL DEFAULT false
    )`);
    await runner.query(`CREATE INDEX ledger_day_totals_day_idx ON ledger_day_totals (day) INCLUDE (account, movement, cents, folded)`);

    await runner.query(`CREATE FUNCTION request_day_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO request_day_counts (day, status, type, requests, cents)
          SELECT ${DAY}, status, type, count(*), sum(request_amount_cents) FROM new_rows WHERE paid GROUP BY 1, 2, 3;
        ELSIF TG_OP = 'UPDATE' THEN
          INSERT INTO request_day_counts (day, status, type, requests, cents)
          SELECT day, status, type, sum(n), sum(c) FROM (
            SELECT ${DAY} AS day, status, type, 1 AS n, request_amount_cents::bigint AS c FROM new_rows WHERE paid
            UNION ALL
            SELECT ${DAY}, status, type, -1, -request_amount_cents::bigint FROM old_rows WHERE paid
          ) changed GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(c) <> 0;
        ELSIF TG_OP = 'DELETE' THEN
          INSERT INTO request_day_counts (day, status, type, requests, cents)
          SELECT ${DAY}, status, type, -count(*), -sum(request_amount_cents) FROM old_rows WHERE paid GROUP BY 1, 2, 3;
        ELSE
          DELETE FROM request_day_counts;
        END IF;
        RETURN NULL;
      END $$`);
    await runner.query(`CREATE FUNCTION ledger_day_totals_track() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO ledger_day_totals (day, account, movement, cents)
          SELECT ${DAY}, ${ACCOUNT_KIND}, movement, sum(amount_cents) FROM new_rows GROUP BY 1, 2, 3;
        ELSIF TG_OP = 'UPDATE' THEN
          INSERT INTO ledger_day_totals (day, account, movement, cents)
          SELECT day, account, movement, sum(c) FROM (
            SELECT ${DAY} AS day, ${ACCOUNT_KIND} AS account, movement, amount_cents AS c FROM new_rows
            UNION ALL
            SELECT ${DAY}, ${ACCOUNT_KIND}, movement, -amount_cents FROM old_rows
          ) changed GROUP BY 1, 2, 3 HAVING sum(c) <> 0;
        ELSIF TG_OP = 'DELETE' THEN
          INSERT INTO ledger_day_totals (day, account, movement, cents)
          SELECT ${DAY}, ${ACCOUNT_KIND}, movement, -sum(amount_cents) FROM old_rows GROUP BY 1, 2, 3;
        ELSE
          DELETE FROM ledger_day_totals;
        END IF;
        RETURN NULL;
      END $$`);
    for (const [table, track] of [
      ['requests', 'request_day_counts_track'],
      ['ledger_entries', 'ledger_day_totals_track'],
    ]) {
      await runner.query(`CREATE TRIGGER ${table}_day_insert AFTER INSERT ON ${table} REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${track}()`);
      await runner.query(
        `CREATE TRIGGER ${table}_day_update AFTER UPDATE ON ${table} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${track}()`,
      );
      await runner.query(`CREATE TRIGGER ${table}_day_delete AFTER DELETE ON ${table} REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${track}()`);
      await runner.query(`CREATE TRIGGER ${table}_day_truncate AFTER TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION ${track}()`);
    }

    await runner.query(`INSERT INTO request_day_counts (day, status, type, requests, cents, folded)
      SELECT ${DAY}, status, type, count(*), sum(request_amount_cents), true FROM requests WHERE paid GROUP BY 1, 2, 3`);
    await runner.query(`INSERT INTO ledger_day_totals (day, account, movement, cents, folded)
      SELECT ${DAY}, ${ACCOUNT_KIND}, movement, sum(amount_cents), true FROM ledger_entries GROUP BY 1, 2, 3`);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['requests', 'ledger_entries']) {
      for (const event of ['insert', 'update', 'delete', 'truncate']) await runner.query(`DROP TRIGGER ${table}_day_${event} ON ${table}`);
    }
    await runner.query(`DROP FUNCTION ledger_day_totals_track()`);
    await runner.query(`DROP FUNCTION request_day_counts_track()`);
    await runner.query(`DROP TABLE ledger_day_totals`);
    await runner.query(`DROP TABLE request_day_counts`);
    for (const index of ['ledger_entries_request_cash_idx', 'ledger_entries_request_account_idx', 'ledger_entries_athlete_shares_idx', 'requests_requester_counters_idx', 'requests_athlete_counters_idx']) {
      await runner.query(`DROP INDEX ${index}`);
    }
  }
}
