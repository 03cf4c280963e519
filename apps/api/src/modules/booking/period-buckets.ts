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
export function chartPeriods(now: Date, period: Period, zone: string): { starts: Date[]; bounds: Date[] } {
  const starts = periodStarts(now, period, zone, CHART_BUCKETS[period]);
  return { starts, bounds: [...starts, nextPeriodStart(starts[starts.length - 1], period, zone)] };
}

/** The chart's buckets from the SQL's sums by width_bucket (a period nothing fell in has 0). */
export function bucketsOf(starts: readonly Date[], period: Period, zone: string, sums: ReadonlyArray<{ bucket: number; cents: number | string }>): PeriodBucket[] {
  const byBucket = new Map(sums.map((row) => [row.bucket, Number(row.cents)]));
  return starts.map((start, index) => ({ start, label: periodLabel(start, period, zone), cents: byBucket.get(index + 1) ?? 0 }));
}
