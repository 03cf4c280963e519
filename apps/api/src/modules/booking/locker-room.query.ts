import type { EntityManager } from 'typeorm';
import { SERVICE_TYPES } from '@huddle/domain';
import type { ServiceType } from '@huddle/domain';
import type { Period } from '@huddle/domain/periods';
import { bucketsOf, chartPeriods, dayRollupSql } from './period-buckets';
import { preparedQuery } from '../../database/prepared-query';

/** The athlete's paid requests of one type and status: how many. */
interface CountRow {
  type: ServiceType;
  status: number;
  requests: number;
}

export interface EarningsBucket {
  start: Date;
  label: string;
  cents: number;
}

export interface LockerRoomFacts {
  weekStart: Date;
  monthStart: Date;
  earnings: { totalCents: number; weekCents: number; monthCents: number };
  byType: Array<{ type: ServiceType; total: number; pending: number }>;
  requests: { total: number; pending: number; week: number; month: number };
  /** The athlete's paid requests by status code (the counters' pending, accepted, ...). */
  byStatus: Record<number, number>;
  chart: Record<Period, EarningsBucket[]>;
  /** Rollup rows appended since the athlete's last fold (the caller folds past PARTY_UNFOLDED_LIMIT). */
  unfolded: number;
}

const DAYS = dayRollupSql('$4::timestamptz[] || $5::timestamptz[]');

/**
 * The locker room in one statement ($1 the athlete, $2 and $3 the starts of the viewer's week and
 * month, $4 and $5 the week and month charts' bounds), from the athlete's rollups
 * (athlete_totals: requests and earnings by type and status; athlete_days: requests made and
 * earnings by UTC day over the charts' year, each day an edge of the viewer's periods cuts read
 * from the requests through requests_athlete_made_idx and requests_athlete_earned_idx), so the
 * busiest athlete's costs what a new one's does; `unfolded` counts the rows appended since the
 * last fold.
 */
export const LOCKER_ROOM_SQL = `
  WITH totals AS (
         SELECT kind AS type, status, sum(requests)::int AS requests, sum(share_cents) AS cents, count(*) FILTER (WHERE NOT folded)::int AS unfolded
           FROM athlete_totals WHERE athlete_id = $1 GROUP BY 1, 2
       ),
       split AS (${DAYS.splitDays}),
       days AS (SELECT ${DAYS.dayStart} AS at, made, earned_cents, folded FROM athlete_days WHERE athlete_id = $1 AND ${DAYS.inWindow}),
       made AS (
         SELECT at, made AS n FROM days WHERE made <> 0
         UNION ALL
         ${DAYS.cutRows('r.created_at', '1', 'requests r', 'r.athlete_id = $1 AND r.paid')}
       ),
       earned AS (
         SELECT at, earned_cents AS cents FROM days WHERE earned_cents <> 0
         UNION ALL
         ${DAYS.cutRows('coalesce(r.accepted_at, r.owed_at)', 'r.athlete_share_cents', 'requests r', 'r.athlete_id = $1 AND r.paid AND r.athlete_share_cents <> 0')}
       )
  SELECT (SELECT coalesce(json_agg(t), '[]') FROM (SELECT type, status, requests FROM totals WHERE requests <> 0) t) AS counts,
         (SELECT coalesce(sum(cents), 0) FROM totals) AS total,
         (SELECT json_build_object('week', coalesce(sum(n) FILTER (WHERE at >= $2), 0), 'month', coalesce(sum(n) FILTER (WHERE at >= $3), 0)) FROM made) AS made,
         (SELECT json_build_object('week', coalesce(sum(cents) FILTER (WHERE at >= $2), 0), 'month', coalesce(sum(cents) FILTER (WHERE at >= $3), 0)) FROM earned) AS earnings,
         (SELECT coalesce(json_agg(b), '[]') FROM (SELECT width_bucket(at, $4::timestamptz[]) AS bucket, sum(cents) AS cents FROM earned WHERE at >= ($4::timestamptz[])[1] GROUP BY 1) b) AS weeks,
         (SELECT coalesce(json_agg(b), '[]') FROM (SELECT width_bucket(at, $5::timestamptz[]) AS bucket, sum(cents) AS cents FROM earned WHERE at >= ($5::timestamptz[])[1] GROUP BY 1) b) AS months,
         (SELECT coalesce(sum(unfolded), 0) FROM totals)::int + (SELECT count(*) FILTER (WHERE NOT folded) FROM days)::int AS unfolded`;

/**
 * The athlete's locker room (issue 23), read from the athlete's rollups of `requests` (which
 * carry the ledger's share: migrations RequestMoneyColumns and PartyTotals) and `requests` itself:
 * - a request counts as the /requests feed counts it: the athlete's paid requests, each campaign
 *   share as an 'endorsement_campaign' (its own row, type endorsement, with a campaign id);
 * - what it earned is the ledger's: the athlete's payable account credited for it (owed_to_athlete,
 *   recorded once the money is captured and the athlete agreed) less any refund (refunded), as the
 *   request's athlete_share_cents carries it (kept from the ledger by a trigger), so a
 *   refunded request and a campaign share given back before it was split ('returned', never owed)
 *   earn nothing; payouts (paid_out / payout_returned) move money already earned and are left out;
 * - earnings fall in the period of the request's acceptance (when the athlete agreed to the deal
 *   and its share became owed), requests in the period they were made, both in the viewer's zone
 *   (libs/domain's periods: the current calendar week and month).
 */
export async function lockerRoomOf(manager: EntityManager, athleteId: string, now: Date, zone: string): Promise<LockerRoomFacts> {
  const weeks = chartPeriods(now, 'week', zone);
  const months = chartPeriods(now, 'month', zone);
  // The viewer's week and month (libs/domain's viewerPeriods) are the charts' last periods.
  const weekStart = weeks.starts[weeks.starts.length - 1];
  const monthStart = months.starts[months.starts.length - 1];
  const [row]: Array<{
    counts: CountRow[];
    total: number | string;
    made: { week: number | string; month: number | string };
    earnings: { week: number | string; month: number | string };
    weeks: Array<{ bucket: number; cents: number | string }>;
    months: Array<{ bucket: number; cents: number | string }>;
    unfolded: number;
  }> = await preparedQuery(manager, 'locker_room', LOCKER_ROOM_SQL, [athleteId, weekStart, monthStart, weeks.bounds, months.bounds]);
  const sum = (rows: CountRow[]): number => rows.reduce((total, entry) => total + entry.requests, 0);
  const pending = row.counts.filter((entry) => entry.status === 1);
  const byStatus: Record<number, number> = {};
  for (const entry of row.counts) byStatus[entry.status] = (byStatus[entry.status] ?? 0) + entry.requests;

  return {
    weekStart,
    monthStart,
    earnings: { totalCents: Number(row.total), weekCents: Number(row.earnings.week), monthCents: Number(row.earnings.month) },
    byType: SERVICE_TYPES.map((type) => ({
      type,
      total: sum(row.counts.filter((entry) => entry.type === type)),
      pending: sum(pending.filter((entry) => entry.type === type)),
    })),
    requests: { total: sum(row.counts), pending: sum(pending), week: Number(row.made.week), month: Number(row.made.month) },
    byStatus,
    chart: { week: bucketsOf(weeks, row.weeks), month: bucketsOf(months, row.months) },
    unfolded: row.unfolded,
  };
}
