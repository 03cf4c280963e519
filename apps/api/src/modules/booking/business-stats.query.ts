import type { EntityManager } from 'typeorm';
import { LIMITS, SERVICE_TYPES } from '@huddle/domain';
import type { ServiceType } from '@huddle/domain';
import type { Period } from '@huddle/domain/periods';
import { bucketsOf, chartPeriods, dayRollupSql } from './period-buckets';
import { preparedQuery } from '../../database/prepared-query';

/** One paid request (or campaign share) of the business with what the ledger kept of its money. */
interface SpendRow {
  type: ServiceType;
  status: number;
  athlete_id: string;
  first_name: string | null;
  last_name: string | null;
  username: string | null;
  amount_cents: number;
  spent_cents: string;
  spent_at: Date;
}

/** Statuses whose request the athlete accepted: accepted, pending review, finished, in progress. */
export const ACCEPTED_STATUSES: readonly number[] = [2, 4, 5, 6];
/** The one status of a request that was declined, expired or canceled (by anyone). */
export const REJECTED_STATUS = 3;

export interface SpendBucket {
  start: Date;
  label: string;
  cents: number;
}

export interface BusinessStatsFacts {
  totals: { spentCents: number; acceptedCents: number; rejectedCents: number };
  byStatus: { pending: number; accepted: number; finished: number; canceled: number; in_progress: number; pending_review: number };
  byType: Array<{ type: ServiceType; count: number; spentCents: number; acceptedCents: number; rejectedCents: number }>;
  /** The athletes named one by one (the most spent on first; `athletes` of them, all when null). */
  byAthlete: Array<{ athleteId: string; name: string; count: number; spentCents: number }>;
  /** The business's other athletes together: how many, their requests and what was spent on them. */
  otherAthletes: { athletes: number; count: number; spentCents: number };
  chart: Record<Period, SpendBucket[]>;
  /** Rollup rows appended since the business's last fold (the caller folds past PARTY_UNFOLDED_LIMIT). */
  unfolded: number;
}

/** The athlete as the statistics name them: first and last name, else the username. */
function athleteNameOf(row: { first_name: string | null; last_name: string | null; username: string | null }): string {
  return [row.first_name, row.last_name].filter(Boolean).join(' ') || row.username || 'Athlete';
}

/** The business's paid requests of one type and status: how many, their prices, what they spent. */
interface GroupRow {
  type: ServiceType;
  status: number;
  requests: number;
  amount_cents: number | string;
  spent_cents: number | string;
}

const DAYS = dayRollupSql('$2::timestamptz[] || $3::timestamptz[]');

/**
 * The statistics in one statement ($1 the business, $2 and $3 the week and month charts' bounds,
 * $4 how many athletes to name, null for all), from the requester's rollups (requester_totals: by
 * type and status, with prices and what they spent; requester_athletes: by athlete, the first $4
 * by spending named from accounts; requester_days: spent by UTC day over the charts' year, each day
 * an edge of the viewer's periods cuts read from the requests through requests_requester_spent_idx),
 * so the busiest business costs what a new one does; `unfolded` counts the rows appended since the
 * last fold.
 *
 * The athletes are not grouped whole: a fold leaves at most one folded row per athlete (foldParty
 * deletes every row of the party and puts back one per key, one folder at a time), so only the
 * athletes with appended rows are summed (`merged`, with their folded row), the others' folded
 * rows are final (settled), and the first $4 are the first $4 of the settled ones with the merged
 * ones beside them. The settled ones are read in their order from requester_athletes_ranked_idx
 * (folded rows by spending), so only the first $4 of them and those with appended rows are read,
 * and they are counted as the folded rows less those with appended rows (one folded row each).
 * The busiest business (3,381 athletes) reads this in 3.4 ms, against 4.8 ms sorting every
 * settled athlete (EXPLAIN ANALYZE in bench:stats at a million requests).
 */
export const BUSINESS_STATS_SQL = `
  WITH totals AS (
         SELECT kind AS type, status, sum(requests)::int AS requests, sum(amount_cents) AS amount_cents, sum(spent_cents) AS spent_cents,
                count(*) FILTER (WHERE NOT folded)::int AS unfolded
           FROM requester_totals WHERE requester_id = $1 GROUP BY 1, 2
       ),
       appended AS (
         SELECT athlete_id, sum(requests) AS requests, sum(spent_cents) AS spent_cents, count(*)::int AS rows
           FROM requester_athletes WHERE requester_id = $1 AND NOT folded GROUP BY 1
       ),
       merged AS (
         SELECT u.athlete_id, (u.requests + coalesce(f.requests, 0))::int AS requests, u.spent_cents + coalesce(f.spent_cents, 0) AS spent_cents
           FROM appended u LEFT JOIN requester_athletes f ON f.requester_id = $1 AND f.folded AND f.athlete_id = u.athlete_id
       ),
       settled_first AS (
         SELECT f.athlete_id, f.requests::int AS requests, f.spent_cents FROM requester_athletes f
          WHERE f.requester_id = $1 AND f.folded AND f.requests <> 0 AND NOT EXISTS (SELECT 1 FROM appended u WHERE u.athlete_id = f.athlete_id)
          ORDER BY f.spent_cents DESC, f.requests DESC, f.athlete_id LIMIT $4
       ),
       named AS (
         SELECT * FROM (
           (SELECT * FROM settled_first)
           UNION ALL
           (SELECT * FROM merged WHERE requests <> 0)
         ) candidates ORDER BY spent_cents DESC, requests DESC, athlete_id LIMIT $4
       ),
       split AS (${DAYS.splitDays}),
       days AS (SELECT ${DAYS.dayStart} AS at, spent_cents, folded FROM requester_days WHERE requester_id = $1 AND ${DAYS.inWindow}),
       spent AS (
         SELECT at, spent_cents AS cents FROM days WHERE spent_cents <> 0
         UNION ALL
         ${DAYS.cutRows('coalesce(r.accepted_at, r.created_at)', 'r.spent_cents', 'requests r', 'r.requester_id = $1 AND r.paid AND r.spent_cents <> 0')}
       )
  SELECT (SELECT coalesce(json_agg(g), '[]') FROM (SELECT type, status, requests, amount_cents, spent_cents FROM totals WHERE requests <> 0) g) AS groups,
         (SELECT coalesce(json_agg(x), '[]') FROM (
            SELECT n.athlete_id, a.first_name, a.last_name, a.username, n.requests, n.spent_cents
              FROM named n LEFT JOIN accounts a ON a.id = n.athlete_id) x) AS athletes,
         ((SELECT count(*) FROM requester_athletes f WHERE f.requester_id = $1 AND f.folded AND f.requests <> 0)
          - (SELECT count(*) FROM appended u JOIN requester_athletes f ON f.requester_id = $1 AND f.folded AND f.requests <> 0 AND f.athlete_id = u.athlete_id)
          + (SELECT count(*) FROM merged WHERE requests <> 0))::int AS athlete_count,
         (SELECT coalesce(json_agg(b), '[]') FROM (SELECT width_bucket(at, $2::timestamptz[]) AS bucket, sum(cents) AS cents FROM spent WHERE at >= ($2::timestamptz[])[1] GROUP BY 1) b) AS weeks,
         (SELECT coalesce(json_agg(b), '[]') FROM (SELECT width_bucket(at, $3::timestamptz[]) AS bucket, sum(cents) AS cents FROM spent WHERE at >= ($3::timestamptz[])[1] GROUP BY 1) b) AS months,
         (SELECT coalesce(sum(unfolded), 0) FROM totals)::int + (SELECT coalesce(sum(rows), 0) FROM appended)::int
           + (SELECT count(*) FILTER (WHERE NOT folded) FROM days)::int AS unfolded`;

/**
 * The business's statistics (issue 23, /stats), read from `requests`, `ledger_entries` and
 * `accounts` (the athletes' names):
 * - a request counts as the business's /requests feed counts it: its paid requests, each campaign
 *   share on its own as an 'endorsement_campaign' (type endorsement with a campaign id);
 * - spent is the ledger's: the cash captured for the request less what went back to the business
 *   (refunded, or a campaign share 'returned' before it was split), so a declined, expired or
 *   canceled request and a refunded share spend nothing; disputes are left out (a dispute is
 *   between the card's bank and Huddle, not a change of what the business bought);
 * - accepted total: the prices (request_amount_cents) of the requests the athlete accepted, i.e.
 *   now accepted, pending review, finished or in progress (2, 4, 5, 6); rejected total: the prices
 *   of the requests declined, expired or canceled (3), whose money went back; pending requests are
 *   in neither;
 * - spending over time falls in the period the athlete accepted the request (when its money is
 *   captured; the request's own clock, as the locker room's earnings), net of any later refund of
 *   the same request, in the viewer's zone (libs/domain's periods).
 */
export async function businessStatsOf(
  manager: EntityManager,
  businessId: string,
  now: Date,
  zone: string,
  { athletes: named = LIMITS.businessStatsAthletes }: { athletes?: number | null } = {},
): Promise<BusinessStatsFacts> {
  const weeks = chartPeriods(now, 'week', zone);
  const months = chartPeriods(now, 'month', zone);
  const [row]: Array<{
    groups: GroupRow[];
    athletes: Array<{ athlete_id: string; first_name: string | null; last_name: string | null; username: string | null; requests: number; spent_cents: number | string }>;
    athlete_count: number;
    weeks: Array<{ bucket: number; cents: number | string }>;
    months: Array<{ bucket: number; cents: number | string }>;
    unfolded: number;
  }> = await preparedQuery(manager, 'business_stats', BUSINESS_STATS_SQL, [businessId, weeks.bounds, months.bounds, named]);
  const groups = row.groups.map((group) => ({ ...group, spentCents: Number(group.spent_cents), amountCents: Number(group.amount_cents) }));
  type Group = (typeof groups)[number];
  const sum = (list: Group[], cents: (group: Group) => number): number => list.reduce((total, group) => total + cents(group), 0);
  const spent = (group: Group): number => group.spentCents;
  const accepted = (group: Group): number => (ACCEPTED_STATUSES.includes(group.status) ? group.amountCents : 0);
  const rejected = (group: Group): number => (group.status === REJECTED_STATUS ? group.amountCents : 0);
  const count = (status: number): number => sum(groups.filter((group) => group.status === status), (group) => group.requests);

  const athletes = row.athletes.map((athlete) => ({ athleteId: athlete.athlete_id, name: athleteNameOf(athlete), count: athlete.requests, spentCents: Number(athlete.spent_cents) }));
  const totals = { spentCents: sum(groups, spent), acceptedCents: sum(groups, accepted), rejectedCents: sum(groups, rejected) };
  // The athletes not named: what is left of the totals once the named ones are taken out.
  const otherAthletes = {
    athletes: row.athlete_count - athletes.length,
    count: sum(groups, (group) => group.requests) - athletes.reduce((total, athlete) => total + athlete.count, 0),
    spentCents: totals.spentCents - athletes.reduce((total, athlete) => total + athlete.spentCents, 0),
  };
  return {
    totals,
    byStatus: { pending: count(1), accepted: count(2), canceled: count(3), pending_review: count(4), finished: count(5), in_progress: count(6) },
    byType: SERVICE_TYPES.map((type) => {
      const ofType = groups.filter((group) => group.type === type);
      return { type, count: sum(ofType, (group) => group.requests), spentCents: sum(ofType, spent), acceptedCents: sum(ofType, accepted), rejectedCents: sum(ofType, rejected) };
    }),
    byAthlete: athletes.sort((a, b) => b.spentCents - a.spentCents || b.count - a.count || a.name.localeCompare(b.name)),
    otherAthletes,
    chart: { week: bucketsOf(weeks, row.weeks), month: bucketsOf(months, row.months) },
    unfolded: row.unfolded,
  };
}

/** One of the business's paid requests as its statistics export lists it. */
export interface BusinessRequestLine {
  id: string;
  createdAt: Date;
  name: string;
  athleteName: string;
  type: ServiceType;
  status: number;
  amountCents: number;
  spentCents: number;
}

/** Where a page of the request list stops: the next page starts after it (newest first). */
export interface RequestLineCursor {
  createdAt: Date;
  id: string;
}

/** How many paid requests the business has (the /stats counts), and when the first was made. */
export async function businessRequestSpanOf(manager: EntityManager, businessId: string): Promise<{ count: number; firstAt: Date | null }> {
  const [row]: Array<{ count: number; first_at: Date | null }> = await manager.query(
    `SELECT count(*)::int AS count, min(created_at) AS first_at FROM requests WHERE requester_id = $1 AND paid`,
    [businessId],
  );
  return { count: row.count, firstAt: row.first_at };
}

/**
 * A page of the business's paid requests, newest first, with what each spent as /stats counts it
 * (the same rows and the same ledger sum as businessStatsOf), for the export's request list.
 */
export async function businessRequestsPageOf(
  manager: EntityManager,
  businessId: string,
  after: RequestLineCursor | null,
  limit: number,
): Promise<BusinessRequestLine[]> {
  const rows: Array<SpendRow & { id: string; created_at: Date; name: string }> = await manager.query(
    `SELECT r.id, r.created_at, r.name, CASE WHEN r.endorsement_campaign_id IS NULL THEN r.type ELSE 'endorsement_campaign' END AS type,
            r.status, a.first_name, a.last_name, a.username, r.request_amount_cents AS amount_cents, r.spent_cents::text AS spent_cents
       FROM requests r
       LEFT JOIN accounts a ON a.id = r.athlete_id
      WHERE r.requester_id = $1 AND r.paid AND ($2::timestamptz IS NULL OR (r.created_at, r.id) < ($2::timestamptz, $3::uuid))
      ORDER BY r.created_at DESC, r.id DESC
      LIMIT $4`,
    [businessId, after?.createdAt ?? null, after?.id ?? null, limit],
  );
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.created_at,
    name: row.name,
    athleteName: athleteNameOf(row),
    type: row.type,
    status: row.status,
    amountCents: row.amount_cents,
    spentCents: Number(row.spent_cents),
  }));
}
