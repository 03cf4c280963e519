import type { EntityManager } from 'typeorm';
import { SERVICE_TYPES } from '@huddle/domain';
import type { ServiceType } from '@huddle/domain';
import { viewerPeriods } from '@huddle/domain/periods';
import type { Period } from '@huddle/domain/periods';
import { bucketsOf, chartPeriods } from './period-buckets';

/** The athlete's paid requests of one type and status: how many, and how many made this week and month. */
interface CountRow {
  type: ServiceType;
  status: number;
  requests: number;
  week: number;
  month: number;
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
}

/**
 * The locker room in one statement ($1 the athlete, $2 and $3 the starts of the viewer's week and
 * month, $4 and $5 the week and month charts' bounds), one index range of the athlete's paid
 * requests (requests_athlete_counters_idx, which carries each request's share of the ledger):
 * grouped by type and status, and what each earned summed in total, this week, this month and per
 * chart period.
 */
export const LOCKER_ROOM_SQL = `
  WITH mine AS (
         SELECT CASE WHEN endorsement_campaign_id IS NULL THEN type ELSE 'endorsement_campaign' END AS type, status, created_at,
                coalesce(accepted_at, owed_at) AS earned_at, athlete_share_cents AS cents
           FROM requests WHERE athlete_id = $1 AND paid
       ),
       earned AS (SELECT earned_at AS at, cents FROM mine WHERE cents <> 0 AND earned_at IS NOT NULL)
  SELECT (SELECT coalesce(json_agg(g), '[]') FROM (
            SELECT type, status, count(*)::int AS requests, count(*) FILTER (WHERE created_at >= $2)::int AS week, count(*) FILTER (WHERE created_at >= $3)::int AS month
              FROM mine GROUP BY type, status) g) AS counts,
         (SELECT json_build_object('total', coalesce(sum(cents), 0), 'week', coalesce(sum(cents) FILTER (WHERE at >= $2), 0), 'month', coalesce(sum(cents) FILTER (WHERE at >= $3), 0))
            FROM earned) AS earnings,
         (SELECT coalesce(json_agg(b), '[]') FROM (SELECT width_bucket(at, $4::timestamptz[]) AS bucket, sum(cents) AS cents FROM earned WHERE at >= ($4::timestamptz[])[1] GROUP BY 1) b) AS weeks,
         (SELECT coalesce(json_agg(b), '[]') FROM (SELECT width_bucket(at, $5::timestamptz[]) AS bucket, sum(cents) AS cents FROM earned WHERE at >= ($5::timestamptz[])[1] GROUP BY 1) b) AS months`;

/**
 * The athlete's locker room (issue 23), read from `requests` and `ledger_entries`:
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
  const { weekStart, monthStart } = viewerPeriods(now, zone);
  const weeks = chartPeriods(now, 'week', zone);
  const months = chartPeriods(now, 'month', zone);
  const [row]: Array<{
    counts: CountRow[];
    earnings: { total: number | string; week: number | string; month: number | string };
    weeks: Array<{ bucket: number; cents: number | string }>;
    months: Array<{ bucket: number; cents: number | string }>;
  }> = await manager.query(LOCKER_ROOM_SQL, [athleteId, weekStart, monthStart, weeks.bounds, months.bounds]);
  const sum = (rows: CountRow[], count: (row: CountRow) => number): number => rows.reduce((total, entry) => total + count(entry), 0);
  const pending = row.counts.filter((entry) => entry.status === 1);
  const byStatus: Record<number, number> = {};
  for (const entry of row.counts) byStatus[entry.status] = (byStatus[entry.status] ?? 0) + entry.requests;

  return {
    weekStart,
    monthStart,
    earnings: { totalCents: Number(row.earnings.total), weekCents: Number(row.earnings.week), monthCents: Number(row.earnings.month) },
    byType: SERVICE_TYPES.map((type) => ({
      type,
      total: sum(row.counts.filter((entry) => entry.type === type), (entry) => entry.requests),
      pending: sum(pending.filter((entry) => entry.type === type), (entry) => entry.requests),
    })),
    requests: {
      total: sum(row.counts, (entry) => entry.requests),
      pending: sum(pending, (entry) => entry.requests),
      week: sum(row.counts, (entry) => entry.week),
      month: sum(row.counts, (entry) => entry.month),
    },
    byStatus,
    chart: { week: bucketsOf(weeks.starts, 'week', zone, row.weeks), month: bucketsOf(months.starts, 'month', zone, row.months) },
  };
}
