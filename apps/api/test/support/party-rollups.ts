import type { DataSource } from 'typeorm';
import { FOLD_ALL_PARTIES_SQL } from '../../src/database/party-rollups';

const KIND = `CASE WHEN endorsement_campaign_id IS NULL THEN type ELSE 'endorsement_campaign' END`;

/**
 * Each per-party rollup (migration PartyTotals1763772650000) summed per key, beside the same sums
 * computed from the rows they are kept from: paid requests, payout allocations and marks. Keys
 * whose sums are all zero are left out on both sides. Text, so bigints compare exactly.
 */
const CHECKS: ReadonlyArray<{ name: string; kept: string; computed: string }> = [
  {
    name: 'athlete_totals',
    kept: `SELECT athlete_id, kind, status, sum(requests)::text AS requests, sum(share_cents)::text AS cents FROM athlete_totals
            GROUP BY 1, 2, 3 HAVING (sum(requests), sum(share_cents)) <> (0, 0)`,
    computed: `SELECT athlete_id, ${KIND} AS kind, status, count(*)::text AS requests,
                      coalesce(sum(athlete_share_cents) FILTER (WHERE coalesce(accepted_at, owed_at) IS NOT NULL), 0)::text AS cents
                 FROM requests WHERE paid GROUP BY 1, 2, 3`,
  },
  {
    name: 'athlete_days (made)',
    kept: `SELECT athlete_id, day, sum(made)::text AS n FROM athlete_days GROUP BY 1, 2 HAVING sum(made) <> 0`,
    computed: `SELECT athlete_id, (created_at AT TIME ZONE 'UTC')::date AS day, count(*)::text AS n FROM requests WHERE paid GROUP BY 1, 2`,
  },
  {
    name: 'athlete_days (earned)',
    kept: `SELECT athlete_id, day, sum(earned_cents)::text AS cents FROM athlete_days GROUP BY 1, 2 HAVING sum(earned_cents) <> 0`,
    computed: `SELECT athlete_id, (coalesce(accepted_at, owed_at) AT TIME ZONE 'UTC')::date AS day, sum(athlete_share_cents)::text AS cents FROM requests
                WHERE paid AND coalesce(accepted_at, owed_at) IS NOT NULL GROUP BY 1, 2 HAVING sum(athlete_share_cents) <> 0`,
  },
  {
    name: 'requester_totals',
    kept: `SELECT requester_id, kind, status, sum(requests)::text AS requests, sum(amount_cents)::text AS amount, sum(spent_cents)::text AS spent
             FROM requester_totals GROUP BY 1, 2, 3 HAVING (sum(requests), sum(amount_cents), sum(spent_cents)) <> (0, 0, 0)`,
    computed: `SELECT requester_id, ${KIND} AS kind, status, count(*)::text AS requests, sum(request_amount_cents)::text AS amount, sum(spent_cents)::text AS spent
                 FROM requests WHERE paid GROUP BY 1, 2, 3`,
  },
  {
    name: 'requester_athletes',
    kept: `SELECT requester_id, athlete_id, sum(requests)::text AS requests, sum(spent_cents)::text AS spent FROM requester_athletes
            GROUP BY 1, 2 HAVING (sum(requests), sum(spent_cents)) <> (0, 0)`,
    computed: `SELECT requester_id, athlete_id, count(*)::text AS requests, sum(spent_cents)::text AS spent FROM requests WHERE paid GROUP BY 1, 2`,
  },
  {
    name: 'requester_days',
    kept: `SELECT requester_id, day, sum(spent_cents)::text AS spent FROM requester_days GROUP BY 1, 2 HAVING sum(spent_cents) <> 0`,
    computed: `SELECT requester_id, (coalesce(accepted_at, created_at) AT TIME ZONE 'UTC')::date AS day, sum(spent_cents)::text AS spent FROM requests
                WHERE paid GROUP BY 1, 2 HAVING sum(spent_cents) <> 0`,
  },
  {
    name: 'athlete_payouts',
    kept: `SELECT athlete_id, status, sum(cents)::text AS cents FROM athlete_payouts GROUP BY 1, 2 HAVING sum(cents) <> 0`,
    computed: `SELECT i.athlete_id, a.status, sum(a.amount_cents)::text AS cents FROM payout_allocations a JOIN payout_items i ON i.id = a.payout_item_id GROUP BY 1, 2`,
  },
  {
    name: 'requests.payout_covered_cents',
    kept: `SELECT id, payout_covered_cents::text AS cents FROM requests WHERE payout_covered_cents <> 0`,
    computed: `SELECT request_id AS id, sum(cents)::text AS cents FROM (
                 SELECT request_id, amount_cents AS cents FROM payout_allocations WHERE status IN ('pending', 'sent')
                 UNION ALL SELECT request_id, amount_cents FROM request_payout_marks) c
                GROUP BY 1 HAVING sum(cents) <> 0`,
  },
];

/** The rollups and their sources, each as sorted JSON lines (order-free comparison). */
async function partyRollups(dataSource: DataSource): Promise<Record<string, { kept: string[]; computed: string[] }>> {
  const lines = async (sql: string): Promise<string[]> => ((await dataSource.query(sql)) as unknown[]).map((row) => JSON.stringify(row)).sort();
  const result: Record<string, { kept: string[]; computed: string[] }> = {};
  for (const check of CHECKS) result[check.name] = { kept: await lines(check.kept), computed: await lines(check.computed) };
  return result;
}

/**
 * Every per-party rollup holds exactly what its source rows say, before and after folding every
 * party's appended rows (a fold never changes a sum). Returns how many keys were compared.
 */
export async function expectPartyRollupsTrue(dataSource: DataSource): Promise<number> {
  const before = await partyRollups(dataSource);
  for (const [name, { kept, computed }] of Object.entries(before)) expect([name, kept]).toEqual([name, computed]);
  for (const statement of FOLD_ALL_PARTIES_SQL) await dataSource.query(statement);
  const after = await partyRollups(dataSource);
  for (const [name, { kept, computed }] of Object.entries(after)) expect([name, kept]).toEqual([name, computed]);
  const [{ unfolded }] = await dataSource.query(`SELECT (SELECT count(*) FROM athlete_totals WHERE NOT folded) + (SELECT count(*) FROM requester_days WHERE NOT folded) AS unfolded`);
  expect(Number(unfolded)).toBe(0);
  return Object.values(before).reduce((total, { kept }) => total + kept.length, 0);
}
