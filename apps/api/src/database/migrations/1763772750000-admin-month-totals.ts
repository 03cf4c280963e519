import type { MigrationInterface, QueryRunner } from 'typeorm';
import { statementTriggerFunction, statementTriggers } from './statement-trigger';

// The UTC day and month a row counts on (GET /admin/counters' dates are UTC days).
const DAY = `(created_at AT TIME ZONE 'UTC')::date`;
const MONTH = `date_trunc('month', created_at AT TIME ZONE 'UTC')::date`;
// The ledger's accounts as the administrator's money groups them: each athlete's payable as one.
const ACCOUNT_KIND = `CASE WHEN account LIKE 'athlete\\_payable:%' THEN 'athlete_payable' ELSE account END`;

/** The paid requests' change by `bucket` (DAY or MONTH), status and type, of the signed rows `source`. */
const requestChange = (bucket: string, source: string): string => `
  SELECT ${bucket} AS bucket, status, type, sum(sign) AS requests, sum(sign * request_amount_cents::bigint) AS cents
    FROM (${source}) s WHERE paid GROUP BY 1, 2, 3 HAVING (sum(sign), sum(sign * request_amount_cents::bigint)) <> (0, 0)`;
/** The ledger's change by `bucket`, account kind and movement, of the signed rows `source`. */
const ledgerChange = (bucket: string, source: string): string => `
  SELECT ${bucket} AS bucket, ${ACCOUNT_KIND} AS account, movement, sum(sign * amount_cents) AS cents
    FROM (${source}) s GROUP BY 1, 2, 3 HAVING sum(sign * amount_cents) <> 0`;
/** The accounts' change by type: users not deleted, and those of them with an incomplete profile. */
const accountChange = (source: string): string => `
  SELECT user_type, coalesce(sum(sign) FILTER (WHERE deleted_at IS NULL), 0) AS users,
         coalesce(sum(sign) FILTER (WHERE deleted_at IS NULL AND NOT profile_completed), 0) AS uncompleted
    FROM (${source}) s GROUP BY 1
  HAVING (coalesce(sum(sign) FILTER (WHERE deleted_at IS NULL), 0), coalesce(sum(sign) FILTER (WHERE deleted_at IS NULL AND NOT profile_completed), 0)) <> (0, 0)`;


const trackRequests = (source: string): string => `
  WITH day_in AS (INSERT INTO request_day_counts (day, status, type, requests, cents) ${requestChange(DAY, source)})
  INSERT INTO request_month_counts (month, status, type, requests, cents) ${requestChange(MONTH, source)}`;
const trackLedger = (source: string): string => `
  WITH day_in AS (INSERT INTO ledger_day_totals (day, account, movement, cents) ${ledgerChange(DAY, source)})
  INSERT INTO ledger_month_totals (month, account, movement, cents) ${ledgerChange(MONTH, source)}`;
const trackAccounts = (source: string): string => `INSERT INTO account_type_counts (user_type, users, uncompleted) ${accountChange(source)}`;

/**
 * Issue 23, the administrator's counters at a million requests (npm run bench:stats): besides the
 * day totals of migration CountersAtScale1763772350000, the same totals by UTC month
 * (request_month_counts, ledger_month_totals), so a period reads its whole months from a row each
 * instead of a row a day, and the accounts by type (account_type_counts) instead of a pass over
 * every account. The day totals' triggers now keep the month totals in the same statement; a new
 * trigger on accounts keeps their counts. Rows appended, summed and folded by the reader as the
 * day totals are (admin-counters.query.ts). Filled from the rows already there.
 */
export class AdminMonthTotals1763772750000 implements MigrationInterface {
  name = 'AdminMonthTotals1763772750000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE request_month_counts (
      month date NOT NULL, status smallint NOT NULL, type varchar(32) NOT NULL, requests bigint NOT NULL, cents bigint NOT NULL, folded boolean NOT NULL DEFAULT false)`);
    await runner.query(`CREATE INDEX request_month_counts_month_idx ON request_month_counts (month) INCLUDE (status, type, requests, cents, folded)`);
    await runner.query(`CREATE TABLE ledger_month_totals (
      month date NOT NULL, account varchar(80) NOT NULL, movement varchar(24) NOT NULL, cents bigint NOT NULL, folded boolean NOT NULL DEFAULT false)`);
    await runner.query(`CREATE INDEX ledger_month_totals_month_idx ON ledger_month_totals (month) INCLUDE (account, movement, cents, folded)`);
    await runner.query(`CREATE TABLE account_type_counts (
      user_type smallint NOT NULL, users bigint NOT NULL, uncompleted bigint NOT NULL, folded boolean NOT NULL DEFAULT false)`);

    await runner.query(`INSERT INTO request_month_counts (month, status, type, requests, cents, folded)
      SELECT ${MONTH}, status, type, count(*), sum(request_amount_cents), true FROM requests WHERE paid GROUP BY 1, 2, 3`);
    await runner.query(`INSERT INTO ledger_month_totals (month, account, movement, cents, folded)
      SELECT ${MONTH}, ${ACCOUNT_KIND}, movement, sum(amount_cents), true FROM ledger_entries GROUP BY 1, 2, 3`);
    await runner.query(`INSERT INTO account_type_counts (user_type, users, uncompleted, folded)
      SELECT user_type, count(*), count(*) FILTER (WHERE NOT profile_completed), true FROM accounts WHERE deleted_at IS NULL GROUP BY 1`);

    await runner.query(
      statementTriggerFunction('request_day_counts_track', 'paid, created_at, status, type, request_amount_cents', trackRequests, 'DELETE FROM request_day_counts; DELETE FROM request_month_counts'),
    );
    await runner.query(statementTriggerFunction('ledger_day_totals_track', 'created_at, account, movement, amount_cents', trackLedger, 'DELETE FROM ledger_day_totals; DELETE FROM ledger_month_totals'));
    await runner.query(statementTriggerFunction('account_type_counts_track', 'user_type, deleted_at, profile_completed', trackAccounts, 'DELETE FROM account_type_counts'));
    for (const statement of statementTriggers('accounts', 'type', 'account_type_counts_track')) await runner.query(statement);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const event of ['insert', 'update', 'delete', 'truncate']) await runner.query(`DROP TRIGGER accounts_type_${event} ON accounts`);
    await runner.query(`DROP FUNCTION account_type_counts_track()`);
    // The day totals' triggers as CountersAtScale made them: the day rows alone.
    await runner.query(
      statementTriggerFunction(
        'request_day_counts_track',
        'paid, created_at, status, type, request_amount_cents',
        (source) => `INSERT INTO request_day_counts (day, status, type, requests, cents) ${requestChange(DAY, source)}`,
        'DELETE FROM request_day_counts',
      ),
    );
    await runner.query(
      statementTriggerFunction(
        'ledger_day_totals_track',
        'created_at, account, movement, amount_cents',
        (source) => `INSERT INTO ledger_day_totals (day, account, movement, cents) ${ledgerChange(DAY, source)}`,
        'DELETE FROM ledger_day_totals',
      ),
    );
    for (const table of ['account_type_counts', 'ledger_month_totals', 'request_month_counts']) await runner.query(`DROP TABLE ${table}`);
  }
}
