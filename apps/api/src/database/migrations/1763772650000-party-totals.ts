import type { MigrationInterface, QueryRunner } from 'typeorm';
import { statementTriggerFunction, statementTriggers } from './statement-trigger';

// A request as the feeds and counters name its type: a campaign share is an 'endorsement_campaign'.
const KIND = `CASE WHEN endorsement_campaign_id IS NULL THEN type ELSE 'endorsement_campaign' END`;
// The clocks of the counters: earnings fall when the athlete agreed (or the share was first owed),
// a business's spending when the athlete accepted (or the request was made); UTC days.
const EARNED_AT = `coalesce(accepted_at, owed_at)`;
const SPENT_AT = `coalesce(accepted_at, created_at)`;
const utcDay = (time: string): string => `(${time} AT TIME ZONE 'UTC')::date`;

/** The rollup tables this migration creates, with the party column each is read by. */
const ROLLUPS = ['athlete_totals', 'athlete_days', 'athlete_payouts', 'requester_totals', 'requester_athletes', 'requester_days'] as const;

/**
 * One statement that appends the change a statement on `requests` made to every party rollup
 * (`source`: the paid rows added with sign +1 and taken away with -1); a group whose change sums to
 * nothing appends nothing (an update of columns no rollup holds).
 */
function trackRequests(source: string): string {
  return `
    WITH c AS MATERIALIZED (
           SELECT athlete_id, requester_id, ${KIND} AS kind, status, sign, request_amount_cents::bigint AS amount, spent_cents AS spent,
                  coalesce(athlete_share_cents, 0) AS share, created_at, ${EARNED_AT} AS earned_at, ${SPENT_AT} AS spent_at
             FROM (${source}) s WHERE paid
         ),
         athlete_totals_in AS (
           INSERT INTO athlete_totals (athlete_id, kind, status, requests, share_cents)
           SELECT athlete_id, kind, status, sum(sign), sum(sign * CASE WHEN earned_at IS NULL THEN 0 ELSE share END)
             FROM c GROUP BY 1, 2, 3 HAVING (sum(sign), sum(sign * CASE WHEN earned_at IS NULL THEN 0 ELSE share END)) <> (0, 0)
         ),
         athlete_days_in AS (
           INSERT INTO athlete_days (athlete_id, day, made, earned_cents)
           SELECT athlete_id, day, sum(made), sum(earned) FROM (
             SELECT athlete_id, ${utcDay('created_at')} AS day, sign AS made, 0::bigint AS earned FROM c
             UNION ALL
             SELECT athlete_id, ${utcDay('earned_at')}, 0, sign * share FROM c WHERE earned_at IS NOT NULL AND share <> 0
           ) x GROUP BY 1, 2 HAVING (sum(made), sum(earned)) <> (0, 0)
         ),
         requester_totals_in AS (
           INSERT INTO requester_totals (requester_id, kind, status, requests, amount_cents, spent_cents)
           SELECT requester_id, kind, status, sum(sign), sum(sign * amount), sum(sign * spent)
             FROM c GROUP BY 1, 2, 3 HAVING (sum(sign), sum(sign * amount), sum(sign * spent)) <> (0, 0, 0)
         ),
         requester_athletes_in AS (
           INSERT INTO requester_athletes (requester_id, athlete_id, requests, spent_cents)
           SELECT requester_id, athlete_id, sum(sign), sum(sign * spent) FROM c GROUP BY 1, 2 HAVING (sum(sign), sum(sign * spent)) <> (0, 0)
         )
    INSERT INTO requester_days (requester_id, day, spent_cents)
    SELECT requester_id, ${utcDay('spent_at')}, sum(sign * spent) FROM c WHERE spent <> 0 GROUP BY 1, 2 HAVING sum(sign * spent) <> 0`;
}

/**
 * The change a statement on `payout_allocations` made: each request's cents covered by payouts on
 * their way or sent (requests.payout_covered_cents, added to what the column holds so concurrent
 * payouts never overwrite each other), and each athlete's payouts by state.
 */
function trackAllocations(source: string): string {
  return `
    WITH c AS MATERIALIZED (SELECT request_id, payout_item_id, status, sign * amount_cents::bigint AS cents FROM (${source}) s),
         covered AS (
           UPDATE requests r SET payout_covered_cents = r.payout_covered_cents + d.cents
             FROM (SELECT request_id, sum(cents) AS cents FROM c WHERE status IN ('pending', 'sent') GROUP BY 1) d
            WHERE r.id = d.request_id AND d.cents <> 0
         )
    INSERT INTO athlete_payouts (athlete_id, status, cents)
    SELECT i.athlete_id, c.status, sum(c.cents) FROM c JOIN payout_items i ON i.id = c.payout_item_id GROUP BY 1, 2 HAVING sum(c.cents) <> 0`;
}

/** The change a statement on `request_payout_marks` made to each request's covered cents. */
function trackMarks(source: string): string {
  return `
    UPDATE requests r SET payout_covered_cents = r.payout_covered_cents + d.cents
      FROM (SELECT request_id, sum(sign * amount_cents::bigint) AS cents FROM (${source}) s GROUP BY 1) d
     WHERE r.id = d.request_id AND d.cents <> 0`;
}


// What covers a request's share on each side: its payouts on their way or sent, and its marks.
const ALLOCATIONS_COVER = `SELECT request_id, sum(amount_cents)::bigint AS cents FROM payout_allocations WHERE status IN ('pending', 'sent') GROUP BY 1`;
const MARKS_COVER = `SELECT request_id, sum(amount_cents)::bigint AS cents FROM request_payout_marks GROUP BY 1`;
/** After a TRUNCATE of one side: each request's covered cents are what the other side holds. */
const coveredBy = (other: string): string => `
  UPDATE requests r SET payout_covered_cents = coalesce(o.cents, 0)
    FROM requests q LEFT JOIN (${other}) o ON o.request_id = q.id
   WHERE r.id = q.id AND r.payout_covered_cents <> coalesce(o.cents, 0)`;

const REQUEST_COLUMNS = 'paid, athlete_id, requester_id, type, endorsement_campaign_id, status, request_amount_cents, spent_cents, athlete_share_cents, created_at, accepted_at, owed_at';

/**
 * Issue 23, the counters at a million requests, per party: what the locker room, a business's
 * statistics and an athlete's money read is kept as it changes, so a busy athlete's or business's
 * counters cost the same as a new one's (npm run bench:stats):
 * - athlete_totals: an athlete's paid requests by kind (campaign shares apart) and status, with
 *   what they earned (the share of the requests whose earnings have a day: accepted or owed);
 * - athlete_days: by UTC day, the athlete's paid requests made and the earnings that fell on it;
 * - requester_totals: a requester's paid requests by kind and status, their prices and what they
 *   spent; requester_athletes: by athlete; requester_days: spent by UTC day;
 * - athlete_payouts: an athlete's payout allocations by state;
 * - requests.payout_covered_cents: the cents of each request's share covered by payouts on their
 *   way or sent and by an administrator's mark, so the shares still open (a share above what covers
 *   it) are one partial index (requests_payout_open_idx) instead of every share the athlete ever had.
 * Statement triggers append each statement's change as rows (never an update of a shared row:
 * concurrent bookings of one athlete never wait on each other; only payouts and marks update the
 * rows of the requests they cover); a reader sums a party's rows and folds them into one row per
 * key once they pile up (src/database/party-rollups.ts). The days are UTC days: a
 * viewer's week or month whose edge falls inside one is completed from the requests themselves
 * through the indexes below. Filled from the rows already there.
 */
export class PartyTotals1763772650000 implements MigrationInterface {
  name = 'PartyTotals1763772650000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE requests ADD COLUMN payout_covered_cents bigint NOT NULL DEFAULT 0`);
    await runner.query(`CREATE TABLE athlete_totals (
      athlete_id uuid NOT NULL, kind varchar(32) NOT NULL, status smallint NOT NULL,
      requests bigint NOT NULL, share_cents bigint NOT NULL, folded boolean NOT NULL DEFAULT false)`);
    await runner.query(`CREATE TABLE athlete_days (
      athlete_id uuid NOT NULL, day date NOT NULL, made bigint NOT NULL, earned_cents bigint NOT NULL, folded boolean NOT NULL DEFAULT false)`);
    await runner.query(`CREATE TABLE athlete_payouts (
      athlete_id uuid NOT NULL, status varchar(12) NOT NULL, cents bigint NOT NULL, folded boolean NOT NULL DEFAULT false)`);
    await runner.query(`CREATE TABLE requester_totals (
      requester_id uuid NOT NULL, kind varchar(32) NOT NULL, status smallint NOT NULL,
      requests bigint NOT NULL, amount_cents bigint NOT NULL, spent_cents bigint NOT NULL, folded boolean NOT NULL DEFAULT false)`);
    await runner.query(`CREATE TABLE requester_athletes (
      requester_id uuid NOT NULL, athlete_id uuid NOT NULL, requests bigint NOT NULL, spent_cents bigint NOT NULL, folded boolean NOT NULL DEFAULT false)`);
    await runner.query(`CREATE TABLE requester_days (
      requester_id uuid NOT NULL, day date NOT NULL, spent_cents bigint NOT NULL, folded boolean NOT NULL DEFAULT false)`);
    await runner.query(`CREATE INDEX athlete_totals_athlete_idx ON athlete_totals (athlete_id) INCLUDE (kind, status, requests, share_cents, folded)`);
    await runner.query(`CREATE INDEX athlete_days_athlete_idx ON athlete_days (athlete_id, day) INCLUDE (made, earned_cents, folded)`);
    await runner.query(`CREATE INDEX athlete_payouts_athlete_idx ON athlete_payouts (athlete_id) INCLUDE (status, cents, folded)`);
    await runner.query(`CREATE INDEX requester_totals_requester_idx ON requester_totals (requester_id) INCLUDE (kind, status, requests, amount_cents, spent_cents, folded)`);
    await runner.query(`CREATE INDEX requester_athletes_requester_idx ON requester_athletes (requester_id) INCLUDE (athlete_id, requests, spent_cents, folded)`);
    await runner.query(`CREATE INDEX requester_days_requester_idx ON requester_days (requester_id, day) INCLUDE (spent_cents, folded)`);

    // Each rollup's rows of a party are one index-only range (the sums carried in the index).
    // The edges of a viewer's periods inside a UTC day, from the requests: made, earned and spent
    // (with the columns the expressions are made of, so the ranges stay index-only).
    await runner.query(`CREATE INDEX requests_athlete_made_idx ON requests (athlete_id, created_at) WHERE paid`);
    await runner.query(`CREATE INDEX requests_athlete_earned_idx ON requests (athlete_id, (${EARNED_AT})) INCLUDE (accepted_at, owed_at, athlete_share_cents) WHERE paid`);
    await runner.query(`CREATE INDEX requests_requester_spent_idx ON requests (requester_id, (${SPENT_AT})) INCLUDE (accepted_at, created_at, spent_cents) WHERE paid`);

    // Filled from what is there (folded: one row per key), before the triggers exist.
    await runner.query(trackMarks(`SELECT request_id, amount_cents, 1 AS sign FROM request_payout_marks`));
    await runner.query(
      `UPDATE requests r SET payout_covered_cents = r.payout_covered_cents + d.cents
         FROM (${ALLOCATIONS_COVER}) d
        WHERE r.id = d.request_id`,
    );
    await runner.query(
      `INSERT INTO athlete_payouts (athlete_id, status, cents, folded)
       SELECT i.athlete_id, a.status, sum(a.amount_cents), true FROM payout_allocations a JOIN payout_items i ON i.id = a.payout_item_id GROUP BY 1, 2`,
    );
    await runner.query(trackRequests(`SELECT ${REQUEST_COLUMNS}, 1 AS sign FROM requests WHERE paid`));
    for (const table of ROLLUPS) await runner.query(`UPDATE ${table} SET folded = true`);

    const truncateRequests = `DELETE FROM athlete_totals; DELETE FROM athlete_days; DELETE FROM requester_totals; DELETE FROM requester_athletes; DELETE FROM requester_days`;
    await runner.query(statementTriggerFunction('party_totals_track', REQUEST_COLUMNS, trackRequests, truncateRequests));
    await runner.query(
      statementTriggerFunction('payout_allocations_track', 'request_id, payout_item_id, status, amount_cents', trackAllocations, `${coveredBy(MARKS_COVER)}; DELETE FROM athlete_payouts`),
    );
    await runner.query(statementTriggerFunction('payout_marks_track', 'request_id, amount_cents', trackMarks, coveredBy(ALLOCATIONS_COVER)));
    for (const [table, track] of [
      ['requests', 'party_totals_track'],
      ['payout_allocations', 'payout_allocations_track'],
      ['request_payout_marks', 'payout_marks_track'],
    ]) {
      for (const statement of statementTriggers(table, 'party', track)) await runner.query(statement);
    }

    await runner.query(
      `CREATE INDEX requests_payout_open_idx ON requests (athlete_id) INCLUDE (id, type, status, finished_at, athlete_share_cents, payout_covered_cents, endorsement_campaign_id)
         WHERE paid AND athlete_share_cents > payout_covered_cents`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['requests', 'payout_allocations', 'request_payout_marks']) {
      for (const event of ['insert', 'update', 'delete', 'truncate']) await runner.query(`DROP TRIGGER ${table}_party_${event} ON ${table}`);
    }
    for (const name of ['party_totals_track', 'payout_allocations_track', 'payout_marks_track']) await runner.query(`DROP FUNCTION ${name}()`);
    for (const table of ROLLUPS) await runner.query(`DROP TABLE ${table}`);
    for (const index of ['requests_payout_open_idx', 'requests_athlete_made_idx', 'requests_athlete_earned_idx', 'requests_requester_spent_idx']) await runner.query(`DROP INDEX ${index}`);
    await runner.query(`ALTER TABLE requests DROP COLUMN payout_covered_cents`);
  }
}
