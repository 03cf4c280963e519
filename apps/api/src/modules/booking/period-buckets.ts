import { CHART_BUCKETS, nextPeriodStart, periodLabel, periodStarts } from '@huddle/domain/periods';
import type { Period } from '@huddle/domain/periods';

/** One period of a chart: where it starts, its label, and the cents that fell in it. */
export interface PeriodBucket {
  start: Date;
  label: string;
  cents: number;
}

/**
 * The chart's periods in the viewer's zone (libs/domain's periods: the last CHART_BUCKETS[period]
 * up to the one holding `now`, oldest first) and the bounds a read model's SQL sorts times into
 * with width_bucket(time, bounds): the starts, then the end of the last period. The periods follow
 * each other, so bucket i (1-based) is [starts[i - 1], the next start); 0 is before the first,
 * starts.length + 1 after the last.
 */
export function chartPeriods(now: Date, period: Period, zone: string): ChartPeriods {
  // A zone's midnights fall on a quarter hour of UTC (every offset is a multiple of 15 minutes), so
  // within one quarter hour the periods are the same: worked out once (a few hundred Intl calls).
  const key = `${period} ${zone} ${Math.floor(now.getTime() / QUARTER_HOUR_MS)}`;
  const known = periodsByQuarterHour.get(key);
  if (known) return known;
  const starts = periodStarts(now, period, zone, CHART_BUCKETS[period]);
  const periods = {
    starts,
    bounds: [...starts, nextPeriodStart(starts[starts.length - 1], period, zone)],
    labels: starts.map((start) => periodLabel(start, period, zone)),
  };
  if (periodsByQuarterHour.size >= PERIODS_KEPT) periodsByQuarterHour.clear();
  periodsByQuarterHour.set(key, periods);
  return periods;
}

const QUARTER_HOUR_MS = 15 * 60 * 1000;
const PERIODS_KEPT = 2000;
const periodsByQuarterHour = new Map<string, ChartPeriods>();

/** A chart's periods in a viewer's zone: their starts, the edges SQL buckets by, their labels (worked out with them). */
export interface ChartPeriods {
  starts: Date[];
  bounds: Date[];
  labels: string[];
}

/** The chart's buckets from the SQL's sums by width_bucket (a period nothing fell in has 0). */
export function bucketsOf(periods: ChartPeriods, sums: ReadonlyArray<{ bucket: number; cents: number | string }>): PeriodBucket[] {
  const byBucket = new Map(sums.map((row) => [row.bucket, Number(row.cents)]));
  return periods.starts.map((start, index) => ({ start, label: periods.labels[index], cents: byBucket.get(index + 1) ?? 0 }));
}

/**
 * SQL pieces for a party's UTC-day rollup read in the viewer's periods (`bounds`: the SQL of the
 * timestamptz[] of every period edge): a day row counts whole when no edge falls inside its day,
 * which the day then carries (its UTC midnight, `at`); the days an edge cuts (a zone other than
 * UTC) are read from the requests themselves instead. `splitDays` names those days; `inWindow` keeps
 * a day row from the first edge's day on and off the cut days.
 */
export function dayRollupSql(bounds: string) {
  return {
    splitDays: `SELECT DISTINCT (t AT TIME ZONE 'UTC')::date AS day FROM unnest(${bounds}) t WHERE t <> date_trunc('day', t, 'UTC')`,
    inWindow: `day >= (SELECT min((t AT TIME ZONE 'UTC')::date) FROM unnest(${bounds}) t) AND day NOT IN (SELECT day FROM split)`,
    dayStart: `(day::timestamp AT TIME ZONE 'UTC')`,
    /**
     * The rows of `from` (a table with its alias) matching `where` whose `column` falls on each cut
     * day, read day by day (OFFSET 0 keeps each day its own index range rather than one pass over
     * the party's every request filtered 26 times), as (at, value).
     */
    cutRows: (column: string, value: string, from: string, where: string) =>
      `SELECT x.at, x.value FROM split s CROSS JOIN LATERAL (
         SELECT ${column} AS at, ${value} AS value FROM ${from}
          WHERE ${where} AND ${column} >= (s.day::timestamp AT TIME ZONE 'UTC') AND ${column} < ((s.day + 1)::timestamp AT TIME ZONE 'UTC') OFFSET 0) x`,
  };
}
