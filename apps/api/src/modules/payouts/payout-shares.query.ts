import type { EntityManager } from 'typeorm';
import { shareMoneySql } from '@huddle/domain/payouts';
import type { RequestShareFacts, ShareMoney } from '@huddle/domain/payouts';
import { preparedQuery } from '../../database/prepared-query';

/** One request's share with the athlete it belongs to and what it is (for the athlete's lists). */
export interface AthleteShare extends RequestShareFacts {
  athleteId: string;
  name: string;
  type: string;
}

interface ShareRow {
  request_id: string;
  athlete_id: string;
  name: string;
  type: string;
  status: RequestShareFacts['status'];
  paid: boolean;
  finished_at: string | null;
  share_cents: string | null;
  sent_cents: string | null;
  pending_cents: string | null;
  marked_cents: number | null;
  disputed: boolean;
}

/**
 * The facts libs/domain's payout rule needs for each paid request of these athletes that the
 * ledger owes them something for (reads `requests`, `payment_disputes`,
 * `payout_allocations` (each part of a payout with its own transfer's state), `request_payout_marks` and `money_incidents`). The share is the ledger's: what
 * the athlete's payable account was credited for the request (owed_to_athlete) less any refund,
 * so a request whose capture has not been recorded yet owes nothing. A dispute of the request or of
 * its campaign that has not closed holds it, and so does a refund made at the provider outside
 * Huddle until an administrator resolved it (the money may be gone: it is not paid out on trust). `finishedOnly` keeps the payable candidates alone.
 * The share is read from the request's athlete_share_cents, which a trigger keeps as the sum of
 * the request's entries on the athlete's payable account (null while there is none), so a busy
 * athlete's shares are one index range rather than a sum of the ledger per request (an index-only
 * range without `names`: the request's name is then ''); a request's payout parts are read through
 * its athlete's payout items (an allocation pays its request's athlete, who is its item's); the
 * few open disputes and incidents are read once, not per request.
 */
export interface SharesOptions {
  /** Only finished requests, the payable candidates (default); false adds those still under way. */
  finishedOnly?: boolean;
  /** The requests' names (default); false keeps the read index-only, each name then ''. */
  names?: boolean;
}

// Each request's payout parts, for every share, from its athlete's payout items (one pass).
const ALL_PARTS = `LEFT JOIN (SELECT a.request_id, sum(a.amount_cents) FILTER (WHERE a.status = 'sent') AS sent_cents,
                         sum(a.amount_cents) FILTER (WHERE a.status = 'pending') AS pending_cents
                    FROM payout_items i JOIN payout_allocations a ON a.payout_item_id = i.id
                   WHERE i.athlete_id = ANY($1::uuid[])
                   GROUP BY a.request_id) al ON al.request_id = r.id`;

/** The requests an open dispute or an open outside refund holds (a handful): read once, not per request. */
const HELD = `held AS (
            SELECT coalesce(array_agg(subject), '{}') AS subjects FROM (
              SELECT d.subject_id::text AS subject FROM payment_disputes d WHERE d.closed_at IS NULL
              UNION ALL
              SELECT x.subject_id FROM money_incidents x WHERE x.kind = 'refund_outside_huddle' AND x.subject_type IN ('request', 'campaign') AND x.status = 'open') open_holds
          )`;
const DISPUTED = `(r.id::text = ANY(held.subjects) OR coalesce(r.endorsement_campaign_id::text = ANY(held.subjects), false))`;

/** Whether an open dispute or an open outside refund holds this request's share now (its own payment's, or its campaign's). */
export async function isShareHeld(manager: EntityManager, requestId: string, campaignId: string | null): Promise<boolean> {
  const rows: Array<{ held: boolean }> = await manager.query(
    `WITH ${HELD} SELECT ($1::text = ANY(held.subjects) OR coalesce($2::text = ANY(held.subjects), false)) AS held FROM held`,
    [requestId, campaignId],
  );
  return rows[0]?.held === true;
}

export async function sharesOf(
  manager: EntityManager,
  athleteIds: readonly string[],
  { finishedOnly = true, names = true }: SharesOptions = {},
): Promise<AthleteShare[]> {
  if (athleteIds.length === 0) return [];
  const rows: ShareRow[] = await manager.query(
    `WITH ${HELD}
     SELECT r.id AS request_id, r.athlete_id, ${names ? 'r.name' : `''`} AS name, r.type, r.status, true AS paid,
            extract(epoch FROM r.finished_at)::bigint::text AS finished_at,
            r.athlete_share_cents::text AS share_cents, al.sent_cents::text, al.pending_cents::text, m.amount_cents AS marked_cents,
            ${DISPUTED} AS disputed
       FROM requests r CROSS JOIN held
       ${ALL_PARTS}
       LEFT JOIN request_payout_marks m ON m.request_id = r.id
      WHERE r.athlete_id = ANY($1::uuid[]) AND r.paid AND ($2::boolean = false OR r.status = 5) AND r.athlete_share_cents IS NOT NULL
      ORDER BY r.finished_at NULLS LAST, r.id`,
    [athleteIds, finishedOnly],
  );
  return rows.map((row) => ({
    requestId: row.request_id,
    athleteId: row.athlete_id,
    name: row.name,
    type: row.type,
    status: row.status,
    paid: row.paid,
    finishedAt: row.finished_at === null ? null : Number(row.finished_at),
    shareCents: Number(row.share_cents ?? 0),
    disputed: row.disputed,
    sentCents: Number(row.sent_cents ?? 0),
    pendingCents: Number(row.pending_cents ?? 0),
    markedCents: row.marked_cents ?? 0,
  }));
}

/** An athlete's money as the locker room and the Payouts page read it, in one statement. */
export interface AthleteMoneyFacts extends ShareMoney {
  /** Cents of the athlete's payouts on their way, and sent (athlete_payouts, by state). */
  onItsWayCents: number;
  sentCents: number;
  /** Cents an administrator marked paid on the athlete's finished shares. */
  markedCents: number;
  /** athlete_payouts rows appended since its last fold (the caller folds past PARTY_UNFOLDED_LIMIT). */
  unfolded: number;
}

/**
 * An athlete's money in one statement ($1 the athlete, $2 libs/domain's payoutDueBefore): the
 * payout totals beside libs/domain's `shareMoney` of every share still open, i.e. above what
 * payouts on their way or sent and an administrator's mark cover (requests.payout_covered_cents,
 * kept by triggers; the index-only range requests_payout_open_idx), finished or not. What an
 * athlete is owed, holds and may be paid comes from these alone (a covered share pays nothing
 * more), summed by PostgreSQL with the rule's SQL twin (`shareMoneySql`): one row comes back, not
 * one per share. Read on every visit of the locker room: one round trip, one prepared statement.
 * A share's payout parts are read request by request (payout_allocations_request_idx), and only
 * for those some payout covers in part.
 */
export async function athleteMoneyOf(manager: EntityManager, athleteId: string, dueBefore: number): Promise<AthleteMoneyFacts> {
  const money = shareMoneySql(
    { status: 'status', paid: 'paid', disputed: 'disputed', finishedAt: 'finished_at', shareCents: 'share_cents', sentCents: 'sent_cents', pendingCents: 'pending_cents', markedCents: 'marked_cents' },
    '$2::bigint',
  );
  const [row] = await preparedQuery<Record<'on_its_way' | 'sent' | 'marked' | 'owed_cents' | 'held_cents' | 'past_due_cents' | 'current_due_cents', string> & { unfolded: number }>(
    manager,
    'athlete_money_sums',
    `WITH ${HELD},
          totals AS (
            SELECT (SELECT coalesce(sum(cents) FILTER (WHERE status = 'pending'), 0) FROM athlete_payouts WHERE athlete_id = $1)::text AS on_its_way,
                   (SELECT coalesce(sum(cents) FILTER (WHERE status = 'sent'), 0) FROM athlete_payouts WHERE athlete_id = $1)::text AS sent,
                   (SELECT count(*) FILTER (WHERE NOT folded) FROM athlete_payouts WHERE athlete_id = $1)::int AS unfolded,
                   (SELECT coalesce(sum(m.amount_cents), 0) FROM request_payout_marks m JOIN requests r ON r.id = m.request_id
                     WHERE r.athlete_id = $1 AND r.paid AND r.status = 5 AND r.athlete_share_cents IS NOT NULL)::text AS marked
          ),
          open_shares AS (
            SELECT r.status, true AS paid, extract(epoch FROM r.finished_at)::bigint AS finished_at, r.athlete_share_cents AS share_cents,
                   coalesce(al.sent_cents, 0) AS sent_cents, coalesce(al.pending_cents, 0) AS pending_cents, coalesce(m.amount_cents, 0) AS marked_cents,
                   ${DISPUTED} AS disputed
              FROM requests r CROSS JOIN held
              LEFT JOIN LATERAL (SELECT sum(a.amount_cents) FILTER (WHERE a.status = 'sent') AS sent_cents,
                                        sum(a.amount_cents) FILTER (WHERE a.status = 'pending') AS pending_cents
                                   FROM payout_allocations a WHERE a.request_id = r.id AND r.payout_covered_cents <> 0) al ON true
              LEFT JOIN request_payout_marks m ON m.request_id = r.id
             WHERE r.athlete_id = $1 AND r.paid AND r.athlete_share_cents IS NOT NULL AND r.athlete_share_cents > r.payout_covered_cents
          )
     SELECT t.*, s.* FROM totals t CROSS JOIN (SELECT ${money} FROM open_shares) s`,
    [athleteId, dueBefore],
  );
  const pastDueCents = Number(row.past_due_cents);
  const currentDueCents = Number(row.current_due_cents);
  return {
    owedCents: Number(row.owed_cents),
    heldCents: Number(row.held_cents),
    due: { payableCents: pastDueCents + currentDueCents, pastDueCents, currentDueCents },
    onItsWayCents: Number(row.on_its_way),
    sentCents: Number(row.sent),
    markedCents: Number(row.marked),
    unfolded: row.unfolded,
  };
}

/**
 * Athletes the ledger owes anything (their payable account is in credit; reads `ledger_entries`):
 * the only ones whose shares need reading to find who can be paid.
 */
export async function athletesOwed(manager: EntityManager): Promise<string[]> {
  const rows: Array<{ athlete_id: string }> = await manager.query(
    `SELECT substring(account FROM 17) AS athlete_id FROM ledger_entries
      WHERE account LIKE 'athlete\\_payable:%' GROUP BY account HAVING sum(amount_cents) < 0 ORDER BY 1`,
  );
  return rows.map((row) => row.athlete_id);
}
