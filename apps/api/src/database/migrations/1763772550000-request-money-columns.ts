import type { MigrationInterface, QueryRunner } from 'typeorm';

// The entries a request's money columns are made of: the cash the requester's card left with
// Huddle (captured, less refunded or returned) and the athlete's payable account.
const MONEY_ENTRY = `(c.account = 'cash' AND c.movement IN ('captured', 'refunded', 'returned')) OR c.account LIKE 'athlete\\_payable:%'`;

/**
 * The change of the requests' money columns a set of ledger rows makes (`source`: the rows with a
 * `sign`, +1 for rows added and -1 for rows taken away), added to what the columns hold so two
 * transactions moving one request's money never overwrite each other (an UPDATE that waited on the
 * row's lock adds to the version it then sees).
 */
function applyMoney(source: string): string {
  const mine = `c.account = 'athlete_payable:' || q.athlete_id::text`;
  return `
    UPDATE requests r
       SET athlete_share_cents = CASE WHEN d.has_share THEN coalesce(r.athlete_share_cents, 0) + d.share ELSE r.athlete_share_cents END,
           owed_at = CASE WHEN d.owed_at IS NOT NULL AND (r.owed_at IS NULL OR d.owed_at < r.owed_at) THEN d.owed_at ELSE r.owed_at END,
           spent_cents = r.spent_cents + d.spent
      FROM (SELECT c.request_id,
                   bool_or(${mine}) AS has_share,
                   -coalesce(sum(c.sign * c.amount_cents) FILTER (WHERE ${mine}), 0) AS share,
                   min(c.created_at) FILTER (WHERE c.sign = 1 AND c.movement = 'owed_to_athlete' AND ${mine}) AS owed_at,
                   coalesce(sum(c.sign * c.amount_cents) FILTER (WHERE c.account = 'cash'), 0) AS spent
              FROM (${source}) c JOIN requests q ON q.id = c.request_id
             WHERE ${MONEY_ENTRY}
             GROUP BY c.request_id) d
     WHERE r.id = d.request_id AND (d.has_share OR d.spent <> 0)`;
}

/**
 * Issue 23, the counters at a million requests: each request carries what the ledger holds of its
 * money, so the locker room, the business's statistics and the payouts summary read one index
 * range of `requests` instead of summing the ledger request by request:
 * - athlete_share_cents: what the athlete's payable account was credited for the request
 *   (owed_to_athlete less refunded); NULL while it has no entry on that account;
 * - owed_at: when the share was first owed (the earnings' clock when the request has no acceptance);
 * - spent_cents: the cash captured for it less what went back (refunded, returned).
 * A statement trigger on ledger_entries adds each statement's change (the ledger is append-only;
 * deletes and updates are counted too, TRUNCATE clears). The columns are the ledger's, never
 * written by the application; `npm run reconcile` style checks can compare them with the ledger
 * (apps/api/test/locker-room.spec.ts does).
 */
export class RequestMoneyColumns1763772550000 implements MigrationInterface {
  name = 'RequestMoneyColumns1763772550000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE requests ADD COLUMN athlete_share_cents bigint, ADD COLUMN owed_at timestamptz, ADD COLUMN spent_cents bigint NOT NULL DEFAULT 0`);
    await runner.query(`CREATE FUNCTION request_money_track() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          ${applyMoney(`SELECT request_id, account, movement, amount_cents, created_at, 1 AS sign FROM new_rows`)};
        ELSIF TG_OP = 'UPDATE' THEN
          ${applyMoney(`SELECT request_id, account, movement, amount_cents, created_at, 1 AS sign FROM new_rows
                        UNION ALL SELECT request_id, account, movement, amount_cents, created_at, -1 FROM old_rows`)};
        ELSIF TG_OP = 'DELETE' THEN
          ${applyMoney(`SELECT request_id, account, movement, amount_cents, created_at, -1 AS sign FROM old_rows`)};
        ELSE
          UPDATE requests SET athlete_share_cents = NULL, owed_at = NULL, spent_cents = 0
           WHERE athlete_share_cents IS NOT NULL OR owed_at IS NOT NULL OR spent_cents <> 0;
        END IF;
        RETURN NULL;
      END $$`);
    await runner.query(
      `CREATE TRIGGER ledger_entries_money_insert AFTER INSERT ON ledger_entries REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION request_money_track()`,
    );
    await runner.query(
      `CREATE TRIGGER ledger_entries_money_update AFTER UPDATE ON ledger_entries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION request_money_track()`,
    );
    await runner.query(
      `CREATE TRIGGER ledger_entries_money_delete AFTER DELETE ON ledger_entries REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION request_money_track()`,
    );
    await runner.query(`CREATE TRIGGER ledger_entries_money_truncate AFTER TRUNCATE ON ledger_entries FOR EACH STATEMENT EXECUTE FUNCTION request_money_track()`);
    // Filled from the ledger already there.
    await runner.query(applyMoney(`SELECT request_id, account, movement, amount_cents, created_at, 1 AS sign FROM ledger_entries`));

    // The read models' index ranges, now with the money: an athlete's paid requests (counts by
    // type and status, earnings by when they were earned, the payouts' shares) and a requester's
    // (counts, prices, spent, by athlete and by when). The athlete's also holds what the payouts
    // summary reads of each share (payout-shares.query.ts without names: finished_at).
    await runner.query(`DROP INDEX requests_athlete_counters_idx`);
    await runner.query(`DROP INDEX requests_requester_counters_idx`);
    await runner.query(
      `CREATE INDEX requests_athlete_counters_idx ON requests (athlete_id)
         INCLUDE (id, status, type, endorsement_campaign_id, created_at, accepted_at, owed_at, athlete_share_cents, finished_at) WHERE paid`,
    );
    await runner.query(
      `CREATE INDEX requests_requester_counters_idx ON requests (requester_id)
         INCLUDE (status, type, endorsement_campaign_id, athlete_id, request_amount_cents, created_at, accepted_at, spent_cents) WHERE paid`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const event of ['insert', 'update', 'delete', 'truncate']) await runner.query(`DROP TRIGGER ledger_entries_money_${event} ON ledger_entries`);
    await runner.query(`DROP FUNCTION request_money_track()`);
    await runner.query(`DROP INDEX requests_athlete_counters_idx`);
    await runner.query(`DROP INDEX requests_requester_counters_idx`);
    await runner.query(`ALTER TABLE requests DROP COLUMN athlete_share_cents, DROP COLUMN owed_at, DROP COLUMN spent_cents`);
    await runner.query(
      `CREATE INDEX requests_athlete_counters_idx ON requests (athlete_id) INCLUDE (id, status, type, endorsement_campaign_id, created_at, accepted_at) WHERE paid`,
    );
    await runner.query(
      `CREATE INDEX requests_requester_counters_idx ON requests (requester_id)
         INCLUDE (id, status, type, endorsement_campaign_id, athlete_id, request_amount_cents, created_at, accepted_at) WHERE paid`,
    );
  }
}
