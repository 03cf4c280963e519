import type { EntityManager } from 'typeorm';
import type { RequestShareFacts } from '@huddle/domain/payouts';

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
 * ledger owes them something for (reads `requests`, `ledger_entries`, `payment_disputes`,
 * `payout_allocations` (each part of a payout with its own transfer's state), `request_payout_marks` and `money_incidents`). The share is the ledger's: what
 * the athlete's payable account was credited for the request (owed_to_athlete) less any refund,
 * so a request whose capture has not been recorded yet owes nothing. A dispute of the request or of
 * its campaign that has not closed holds it, and so does a refund made at the provider outside
 * Huddle until an administrator resolved it (the money may be gone: it is not paid out on trust). `finishedOnly` keeps the payable candidates alone.
 */
export async function sharesOf(manager: EntityManager, athleteIds: readonly string[], finishedOnly = true): Promise<AthleteShare[]> {
  if (athleteIds.length === 0) return [];
  const rows: ShareRow[] = await manager.query(
    `SELECT r.id AS request_id, r.athlete_id, r.name, r.type, r.status, r.paid,
            extract(epoch FROM r.finished_at)::bigint::text AS finished_at,
            l.share_cents::text, al.sent_cents::text, al.pending_cents::text, m.amount_cents AS marked_cents,
            (EXISTS (SELECT 1 FROM payment_disputes d
                      WHERE d.closed_at IS NULL AND (d.subject_id = r.id OR d.subject_id = r.endorsement_campaign_id))
             OR EXISTS (SELECT 1 FROM money_incidents x
                         WHERE x.kind = 'refund_outside_huddle' AND x.status = 'open'
                           AND (x.subject_id = r.id::text OR x.subject_id = r.endorsement_campaign_id::text))) AS disputed
       FROM requests r
       JOIN LATERAL (SELECT -sum(e.amount_cents) AS share_cents FROM ledger_entries e
                      WHERE e.request_id = r.id AND e.account = 'athlete_payable:' || r.athlete_id::text) l ON true
       LEFT JOIN LATERAL (SELECT sum(a.amount_cents) FILTER (WHERE a.status = 'sent') AS sent_cents,
                                 sum(a.amount_cents) FILTER (WHERE a.status = 'pending') AS pending_cents
                            FROM payout_allocations a
                           WHERE a.request_id = r.id) al ON true
       LEFT JOIN request_payout_marks m ON m.request_id = r.id
      WHERE r.athlete_id = ANY($1::uuid[]) AND r.paid AND ($2::boolean = false OR r.status = 5)
        AND l.share_cents IS NOT NULL
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
