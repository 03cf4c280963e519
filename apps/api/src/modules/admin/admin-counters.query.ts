import type { EntityManager } from 'typeorm';
import { foldSql } from '../../database/party-rollups';
import { preparedQuery } from '../../database/prepared-query';

/**
 * Read model of the administrator's statistics (GET /admin/counters): reads the accounts module's
 * counts by type (`account_type_counts`), booking's `requests` and `campaigns`, payments'
 * `ledger_entries`, and the totals the database keeps of the last two as they change, by UTC day
 * and by UTC month (`request_day_counts`, `ledger_day_totals`, `request_month_counts`,
 * `ledger_month_totals`: migrations 1763772350000 and 1763772750000, triggers on every insert,
 * update and delete). One statement, never a pass over a million requests, the ledger's millions of
 * rows or every account:
 * - users by type and completeness (always totals), from their kept counts;
 * - paid requests created in the period by status and type with their amounts, and the ledger's
 *   money recorded in the period: the whole UTC months of the period from the month totals, the
 *   whole days around them from the day totals, the part days at its edges (a rolling '30d' starts
 *   at this very second) from the rows themselves through requests_paid_created_idx and
 *   ledger_entries_created_idx;
 * - paid campaigns created in the period.
 * Periods are [from, to), an open end when null.
 */

export interface CounterPeriod {
  from: Date | null;
  to: Date | null;
}

export interface AccountCountRow {
  user_type: number;
  users: number;
  uncompleted: number;
}

export interface RequestCountRow {
  status: number;
  type: string;
  requests: number;
  cents: number;
}

/** The ledger's money of the period as payments reports it (ledgerBalances), in cents. */
export interface CounterMoney {
  /** Cash captured from payers. */
  captured: number;
  /** The platform's fees (the platform_fees account's credit). */
  fees: number;
  /** Cash given back to payers (refunded, or a campaign share returned). */
  refunded: number;
  /** Cash sent to athletes, net of transfers that came back. */
  paidOut: number;
  /** What athletes are owed (their payable accounts' credit). */
  payable: number;
}

export interface CounterRows {
  accounts: AccountCountRow[];
  requests: RequestCountRow[];
  campaigns: number;
  money: CounterMoney;
}

const DAY_MS = 86_400_000;
/** Appended rows past which a reader folds the day totals into one row per key. */
export const UNFOLDED_LIMIT = 5_000;

/** The UTC day of a time ('YYYY-MM-DD'). */
const dayOf = (time: number): string => new Date(time).toISOString().slice(0, 10);

/** The first of the UTC month of a time, or of the month after it when `after` and it is not a 1st. */
function monthStart(time: number, after: boolean): number {
  const date = new Date(time);
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0-99 as 1900-1999.
  const first = new Date(0);
  first.setUTCFullYear(date.getUTCFullYear(), date.getUTCMonth(), 1);
  if (after && first.getTime() !== time) first.setUTCFullYear(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
  return first.getTime();
}

/** A range of days or months as the statement takes it: [from, to) dates, open ends infinite. */
type DateRange = [string, string];
const NONE: DateRange = ['infinity', 'infinity'];
const range = (from: number | null, to: number | null): DateRange => [from === null ? '-infinity' : dayOf(from), to === null ? 'infinity' : dayOf(to)];

/** A partial edge day longer than this is read the other way round (see periodParts). */
const HALF_DAY_MS = DAY_MS / 2;

/**
 * How a period splits: whole UTC months read from the month totals, the whole UTC days before the
 * first whole month and after the last read from the day totals, and the instants before the first
 * whole day and after the last ([headFrom, headTo), [tailFrom, tailTo); null bounds when there is no
 * such part) read from the rows. An open end is an infinite range.
 *
 * A partial edge day more than half inside the period is read as its whole day from the totals
 * less the rows of its part outside the period ([outHeadFrom, outHeadTo), [outTailFrom,
 * outTailTo), subtracted), so no edge reads more than half a day of rows: a rolling 30 days asked
 * for at 01:00 UTC read 23 hours of ledger entries (26,600 rows at a million requests, 24-37 ms)
 * and now reads one.
 */
export function periodParts(period: CounterPeriod) {
  const from = period.from?.getTime() ?? null;
  const to = period.to?.getTime() ?? null;
  const firstWhole = from === null ? null : Math.ceil(from / DAY_MS) * DAY_MS;
  const endWhole = to === null ? null : Math.floor(to / DAY_MS) * DAY_MS;
  const noOut = { outHeadFrom: null, outHeadTo: null, outTailFrom: null, outTailTo: null };
  if (firstWhole !== null && endWhole !== null && firstWhole >= endWhole) {
    // No whole day inside: the rows alone.
    return { headFrom: period.from, headTo: period.to, tailFrom: null, tailTo: null, ...noOut, daysBefore: NONE, daysAfter: NONE, months: NONE };
  }
  const headPart = from !== null && firstWhole !== from ? (firstWhole as number) - from : 0;
  const tailPart = to !== null && endWhole !== to ? to - (endWhole as number) : 0;
  const headWhole = headPart > HALF_DAY_MS;
  const tailWhole = tailPart > HALF_DAY_MS;
  // The days read from the totals: an edge day read whole is one of them.
  const dayFrom = headWhole ? (firstWhole as number) - DAY_MS : firstWhole;
  const dayEnd = tailWhole ? (endWhole as number) + DAY_MS : endWhole;
  const edges = {
    headFrom: headPart > 0 && !headWhole ? period.from : null,
    headTo: headPart > 0 && !headWhole ? new Date(firstWhole as number) : null,
    tailFrom: tailPart > 0 && !tailWhole ? new Date(endWhole as number) : null,
    tailTo: tailPart > 0 && !tailWhole ? period.to : null,
    outHeadFrom: headWhole ? new Date(dayFrom as number) : null,
    outHeadTo: headWhole ? period.from : null,
    outTailFrom: tailWhole ? period.to : null,
    outTailTo: tailWhole ? new Date(dayEnd as number) : null,
  };
  const firstMonth = dayFrom === null ? null : monthStart(dayFrom, true);
  const endMonth = dayEnd === null ? null : monthStart(dayEnd, false);
  if (firstMonth !== null && endMonth !== null && firstMonth >= endMonth) {
    // No whole month inside: the days alone.
    return { ...edges, daysBefore: range(dayFrom, dayEnd), daysAfter: NONE, months: NONE };
  }
  return {
    ...edges,
    daysBefore: dayFrom === null ? NONE : range(dayFrom, firstMonth),
    daysAfter: dayEnd === null ? NONE : range(endMonth, dayEnd),
    months: range(firstMonth, endMonth),
  };
}

// $1 headFrom, $2 headTo, $3 tailFrom, $4 tailTo (instants); $5-$6 and $7-$8 the whole days before
// and after the whole months $9-$10 (dates); $11 from, $12 to; $13-$16 the instants of edge days
// read whole that lie outside the period (their rows subtracted).
const IN_EDGES = `((created_at >= $1 AND created_at < $2) OR (created_at >= $3 AND created_at < $4))`;
const IN_DAYS = `((day >= $5::date AND day < $6::date) OR (day >= $7::date AND day < $8::date))`;
const IN_MONTHS = `month >= $9::date AND month < $10::date`;
const OUT_OF_PERIOD = `((created_at >= $13 AND created_at < $14) OR (created_at >= $15 AND created_at < $16))`;
const LEDGER_ACCOUNT = `CASE WHEN account LIKE 'athlete\\_payable:%' THEN 'athlete_payable' ELSE account END`;

/** The statement behind the administrator's counters (exported for bench:stats and its EXPLAIN). */
export const ADMIN_COUNTERS_SQL = `
  WITH requests_in AS (
         SELECT status, type, requests, cents, NOT folded AS unfolded FROM request_month_counts WHERE ${IN_MONTHS}
         UNION ALL
         SELECT status, type, requests, cents, NOT folded FROM request_day_counts WHERE ${IN_DAYS}
         UNION ALL
         SELECT status, type, 1, request_amount_cents, false FROM requests
          WHERE paid AND ${IN_EDGES}
         UNION ALL
         SELECT status, type, -1, -request_amount_cents, false FROM requests
          WHERE paid AND ${OUT_OF_PERIOD}
       ),
       ledger_in AS (
         SELECT account, movement, cents, NOT folded AS unfolded FROM ledger_month_totals WHERE ${IN_MONTHS}
         UNION ALL
         SELECT account, movement, cents, NOT folded FROM ledger_day_totals WHERE ${IN_DAYS}
         UNION ALL
         SELECT ${LEDGER_ACCOUNT}, movement, amount_cents, false FROM ledger_entries WHERE ${IN_EDGES}
         UNION ALL
         SELECT ${LEDGER_ACCOUNT}, movement, -amount_cents, false FROM ledger_entries WHERE ${OUT_OF_PERIOD}
       )
  SELECT (SELECT coalesce(json_agg(a), '[]') FROM (
            SELECT user_type, sum(users)::int AS users, sum(uncompleted)::int AS uncompleted
              FROM account_type_counts GROUP BY user_type HAVING sum(users) <> 0) a) AS accounts,
         (SELECT coalesce(json_agg(g), '[]') FROM (
            SELECT status, type, sum(requests)::int AS requests, sum(cents)::bigint AS cents
              FROM requests_in GROUP BY status, type HAVING sum(requests) <> 0) g) AS requests,
         (SELECT count(*)::int FROM campaigns WHERE paid AND ($11::timestamptz IS NULL OR created_at >= $11) AND ($12::timestamptz IS NULL OR created_at < $12)) AS campaigns,
         (SELECT json_build_object(
            'captured', coalesce(sum(cents) FILTER (WHERE account = 'cash' AND movement = 'captured'), 0),
            'fees', coalesce(-sum(cents) FILTER (WHERE account = 'platform_fees'), 0),
            'refunded', coalesce(-sum(cents) FILTER (WHERE account = 'cash' AND movement IN ('refunded', 'returned')), 0),
            'paidOut', coalesce(-sum(cents) FILTER (WHERE account = 'cash' AND movement IN ('paid_out', 'payout_returned')), 0),
            'payable', coalesce(-sum(cents) FILTER (WHERE account = 'athlete_payable'), 0)) FROM ledger_in) AS money,
         (SELECT count(*) FILTER (WHERE unfolded) FROM requests_in)::int + (SELECT count(*) FILTER (WHERE unfolded) FROM ledger_in)::int
           + (SELECT count(*) FILTER (WHERE NOT folded) FROM account_type_counts)::int AS unfolded`;

/** The statement's parameters for a period. */
export function adminCountersParameters(period: CounterPeriod): unknown[] {
  const parts = periodParts(period);
  return [
    parts.headFrom,
    parts.headTo,
    parts.tailFrom,
    parts.tailTo,
    ...parts.daysBefore,
    ...parts.daysAfter,
    ...parts.months,
    period.from,
    period.to,
    parts.outHeadFrom,
    parts.outHeadTo,
    parts.outTailFrom,
    parts.outTailTo,
  ];
}

/**
 * Folds the day and month totals and the account counts: each key's appended rows become one. One reader at a time (an advisory
 * lock; another finds it taken and leaves it); rows appended meanwhile are left for the next fold.
 */
export const FOLD_DAY_TOTALS_SQL: readonly string[] = [
  foldSql('request_day_counts', ['day', 'status', 'type'], ['requests', 'cents']),
  foldSql('ledger_day_totals', ['day', 'account', 'movement'], ['cents']),
  foldSql('request_month_counts', ['month', 'status', 'type'], ['requests', 'cents']),
  foldSql('ledger_month_totals', ['month', 'account', 'movement'], ['cents']),
  foldSql('account_type_counts', ['user_type'], ['users', 'uncompleted']),
];
const FOLD_LOCK = "hashtext('admin-counters-fold')";

export async function foldDayTotals(manager: EntityManager): Promise<void> {
  await manager.transaction(async (inner) => {
    const [{ locked }]: Array<{ locked: boolean }> = await inner.query(`SELECT pg_try_advisory_xact_lock(${FOLD_LOCK}) AS locked`);
    if (!locked) return;
    for (const statement of FOLD_DAY_TOTALS_SQL) await inner.query(statement);
  });
}

/** The counters of a period, in one statement; `unfolded` says how many appended rows it summed. */
export async function adminCountersOf(manager: EntityManager, period: CounterPeriod = { from: null, to: null }): Promise<CounterRows & { unfolded: number }> {
  const [row]: Array<{
    accounts: AccountCountRow[];
    requests: Array<Omit<RequestCountRow, 'cents'> & { cents: string | number }>;
    campaigns: number;
    money: Record<keyof CounterMoney, string | number>;
    unfolded: number;
  }> = await preparedQuery(manager, 'admin_counters', ADMIN_COUNTERS_SQL, adminCountersParameters(period));
  const money = Object.fromEntries(Object.entries(row.money).map(([key, cents]) => [key, Number(cents)])) as unknown as CounterMoney;
  return {
    accounts: row.accounts,
    requests: row.requests.map((entry) => ({ ...entry, cents: Number(entry.cents) })),
    campaigns: row.campaigns,
    money,
    unfolded: row.unfolded,
  };
}
