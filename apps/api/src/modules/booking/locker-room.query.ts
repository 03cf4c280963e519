import type { EntityManager } from 'typeorm';
import { SERVICE_TYPES } from '@huddle/domain';
import { CHART_BUCKETS, nextPeriodStart, periodLabel, periodStarts, viewerPeriods } from '@huddle/domain/periods';
import type { ServiceType } from '@huddle/domain';
import type { Period } from '@huddle/domain/periods';

/** One paid request of the athlete with what the ledger owes them for it. */
interface ShareRow {
  type: ServiceType;
  status: number;
  created_at: Date;
  earned_at: Date | null;
  share_cents: string;
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
  chart: Record<Period, EarningsBucket[]>;
}

/**
 * The athlete's locker room (issue 23), read from `requests` and `ledger_entries`:
 * - a request counts as the /requests feed counts it: the athlete's paid requests, each campaign
 *   share as an 'endorsement_campaign' (its own row, type endorsement, with a campaign id);
 * - what it earned is the ledger's: the athlete's payable account credited for it (owed_to_athlete,
 *   recorded once the money is captured and the athlete agreed) less any refund (refunded), so a
 *   refunded request and a campaign share given back before it was split ('returned', never owed)
 *   earn nothing; payouts (paid_out / payout_returned) move money already earned and are left out;
 * - earnings fall in the period of the request's acceptance (when the athlete agreed to the deal
 *   and its share became owed), requests in the period they were made, both in the viewer's zone
 *   (libs/domain's periods: the current calendar week and month).
 */
export async function lockerRoomOf(manager: EntityManager, athleteId: string, now: Date, zone: string): Promise<LockerRoomFacts> {
  const rows: ShareRow[] = await manager.query(
    `SELECT CASE WHEN r.endorsement_campaign_id IS NULL THEN r.type ELSE 'endorsement_campaign' END AS type,
            r.status, r.created_at, coalesce(r.accepted_at, l.owed_at) AS earned_at, coalesce(l.share_cents, 0)::text AS share_cents
       FROM requests r
       LEFT JOIN LATERAL (SELECT -sum(e.amount_cents) AS share_cents, min(e.created_at) FILTER (WHERE e.movement = 'owed_to_athlete') AS owed_at
                            FROM ledger_entries e
                           WHERE e.request_id = r.id AND e.account = $2 AND e.movement IN ('owed_to_athlete', 'refunded')) l ON true
      WHERE r.athlete_id = $1 AND r.paid`,
    [athleteId, `athlete_payable:${athleteId}`],
  );
  const { weekStart, monthStart } = viewerPeriods(now, zone);
  const earned = rows.flatMap((row) => (row.earned_at === null || Number(row.share_cents) === 0 ? [] : [{ at: row.earned_at, cents: Number(row.share_cents) }]));
  const sumFrom = (from: Date | null, to: Date | null = null): number =>
    earned.filter((row) => (from === null || row.at >= from) && (to === null || row.at < to)).reduce((sum, row) => sum + row.cents, 0);

  const byType = SERVICE_TYPES.map((type) => {
    const ofType = rows.filter((row) => row.type === type);
    return { type, total: ofType.length, pending: ofType.filter((row) => row.status === 1).length };
  });

  const chartOf = (period: Period): EarningsBucket[] =>
    periodStarts(now, period, zone, CHART_BUCKETS[period]).map((start) => ({
      start,
      label: periodLabel(start, period, zone),
      cents: sumFrom(start, nextPeriodStart(start, period, zone)),
    }));

  return {
    weekStart,
    monthStart,
    earnings: { totalCents: sumFrom(null), weekCents: sumFrom(weekStart), monthCents: sumFrom(monthStart) },
    byType,
    requests: {
      total: rows.length,
      pending: rows.filter((row) => row.status === 1).length,
      week: rows.filter((row) => row.created_at >= weekStart).length,
      month: rows.filter((row) => row.created_at >= monthStart).length,
    },
    chart: { week: chartOf('week'), month: chartOf('month') },
  };
}
