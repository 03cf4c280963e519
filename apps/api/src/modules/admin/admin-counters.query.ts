import type { EntityManager } from 'typeorm';

/**
 * Read model of the administrator's statistics (GET /admin/counters): reads the accounts module's
 * `accounts`, booking's `requests` and `campaigns`. Two aggregate statements, each one pass over an
 * index grouped by indexed columns (accounts_user_type_idx: user type and completeness of live
 * accounts; requests_counters_idx: paid requests by status and type with their amounts; for a
 * period, requests_paid_created_idx: paid requests by creation time), never a query per user,
 * status or type: they hold at a million requests. Users are always totals; requests and campaigns
 * count when created in the period ([from, to), an open end when null).
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

export interface CounterRows {
  accounts: AccountCountRow[];
  requests: RequestCountRow[];
  campaigns: number;
}

export async function counterRows(manager: EntityManager, period: CounterPeriod = { from: null, to: null }): Promise<CounterRows> {
  // Deleted accounts are not counted; blocked ones still are (they are accounts, and may return).
  const accounts: AccountCountRow[] = await manager.query(
    `SELECT user_type, count(*)::int AS users, count(*) FILTER (WHERE NOT profile_completed)::int AS uncompleted
       FROM accounts WHERE deleted_at IS NULL GROUP BY user_type`,
  );
  // A request counts once paid (an unpaid draft is an abandoned checkout); a campaign likewise.
  const within = `($1::timestamptz IS NULL OR created_at >= $1) AND ($2::timestamptz IS NULL OR created_at < $2)`;
  const [row]: Array<{ requests: Array<Omit<RequestCountRow, 'cents'> & { cents: string | number }>; campaigns: number }> = await manager.query(
    `SELECT (SELECT coalesce(json_agg(g), '[]') FROM (
               SELECT status, type, count(*)::int AS requests, sum(request_amount_cents)::bigint AS cents
                 FROM requests WHERE paid AND ${within} GROUP BY status, type) g) AS requests,
            (SELECT count(*)::int FROM campaigns WHERE paid AND ${within}) AS campaigns`,
    [period.from, period.to],
  );
  return { accounts, requests: row.requests.map((entry) => ({ ...entry, cents: Number(entry.cents) })), campaigns: row.campaigns };
}
