import type { EntityManager } from 'typeorm';

/**
 * Read model of the administrator's statistics (GET /admin/counters): reads the accounts module's
 * `accounts`, booking's `requests` and `campaigns`. Two aggregate statements, each one pass over an
 * index grouped by indexed columns (accounts_user_type_idx: user type and completeness of live
 * accounts; requests_counters_idx: paid requests by status and type with their amounts), never a
 * query per user, status or type: they hold at a million requests.
 */

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

export async function counterRows(manager: EntityManager): Promise<CounterRows> {
  // Deleted accounts are not counted; blocked ones still are (they are accounts, and may return).
  const accounts: AccountCountRow[] = await manager.query(
    `SELECT user_type, count(*)::int AS users, count(*) FILTER (WHERE NOT profile_completed)::int AS uncompleted
       FROM accounts WHERE deleted_at IS NULL GROUP BY user_type`,
  );
  // A request counts once paid (an unpaid draft is an abandoned checkout); a campaign likewise.
  const [row]: Array<{ requests: Array<Omit<RequestCountRow, 'cents'> & { cents: string | number }>; campaigns: number }> = await manager.query(
    `SELECT (SELECT coalesce(json_agg(g), '[]') FROM (
               SELECT status, type, count(*)::int AS requests, sum(request_amount_cents)::bigint AS cents
                 FROM requests WHERE paid GROUP BY status, type) g) AS requests,
            (SELECT count(*)::int FROM campaigns WHERE paid) AS campaigns`,
  );
  return { accounts, requests: row.requests.map((entry) => ({ ...entry, cents: Number(entry.cents) })), campaigns: row.campaigns };
}
