import type { EntityManager } from 'typeorm';
import { UserType } from '@huddle/domain';
import type { RequestEntity } from './entities/request.entity';

/**
 * Read model of the request pages: the parties' names and photos (accounts and business_profiles,
 * owned by the accounts module), the review (reviews) and the history (request_history) of
 * requests. Tables read: requests, accounts, business_profiles, reviews, request_history.
 */
export interface PartyRow {
  id: string;
  first_name: string | null;
  last_name: string | null;
  username: string | null;
  profile_photo: string | null;
  /** A business's own name; null for a person or a business that has not named itself. */
  business_name?: string | null;
}

/** A business's name when it is a business that named itself, as SQL over accounts `a` and its business_profiles `b`. */
const BUSINESS_NAME_SQL = `CASE WHEN a.user_type = ${UserType.Business} THEN nullif(trim(b.name), '') END`;

export interface HistoryRow {
  action: string;
  actor_party: string;
  /** The account that took the step, as a party is named (libs/domain `requestPartyName`); null when none did or it is gone. */
  actor: Pick<PartyRow, 'first_name' | 'last_name' | 'username' | 'business_name'> | null;
  from_status: number | null;
  to_status: number;
  note: string | null;
  created_at: Date;
}

export async function partiesOf(manager: EntityManager, ids: readonly string[]): Promise<Map<string, PartyRow>> {
  if (ids.length === 0) return new Map();
  const rows: PartyRow[] = await manager.query(
    `SELECT a.id, a.first_name, a.last_name, a.username, a.profile_photo, ${BUSINESS_NAME_SQL} AS business_name
       FROM accounts a LEFT JOIN business_profiles b ON b.account_id = a.id WHERE a.id = ANY($1::uuid[])`,
    [[...new Set(ids)]],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

export interface RequestPageRows {
  parties: Map<string, PartyRow>;
  history: HistoryRow[];
  review: { rate: number; submitted_at: Date } | null;
  campaignName: string | null;
}

/**
 * Everything a request page shows beside the request row, in one statement (one round trip and
 * one pooled connection, rather than three queries side by side): both parties' names and photos,
 * the history oldest first with each actor's name, the review, and the campaign's name.
 */
export async function requestPageOf(
  manager: EntityManager,
  request: { id: string; athleteId: string; requesterId: string; endorsementCampaignId: string | null },
): Promise<RequestPageRows> {
  const [row]: Array<{
    campaign_name: string | null;
    parties: PartyRow[];
    history: Array<Omit<HistoryRow, 'created_at'> & { created_at: string }>;
    review: { rate: number; submitted_at: string } | null;
  }> = await manager.query(
    `SELECT
       (SELECT coalesce(json_agg(json_build_object('id', a.id, 'first_name', a.first_name, 'last_name', a.last_name,
                                                   'username', a.username, 'profile_photo', a.profile_photo,
                                                   'business_name', ${BUSINESS_NAME_SQL})), '[]')
          FROM accounts a LEFT JOIN business_profiles b ON b.account_id = a.id WHERE a.id = ANY($2::uuid[])) AS parties,
       (SELECT coalesce(json_agg(json_build_object('action', h.action, 'actor_party', h.actor_party,
                                                   'actor', CASE WHEN a.id IS NULL THEN NULL ELSE json_build_object(
                                                     'first_name', a.first_name, 'last_name', a.last_name, 'username', a.username,
                                                     'business_name', ${BUSINESS_NAME_SQL}) END,
                                                   'from_status', h.from_status, 'to_status', h.to_status, 'note', h.note,
                                                   'created_at', h.created_at) ORDER BY h.id), '[]')
          FROM request_history h LEFT JOIN accounts a ON a.id = h.actor_id LEFT JOIN business_profiles b ON b.account_id = h.actor_id
         WHERE h.request_id = $1) AS history,
       (SELECT json_build_object('rate', r.rate, 'submitted_at', r.submitted_at) FROM reviews r WHERE r.request_id = $1) AS review,
       (SELECT c.name FROM campaigns c WHERE c.id = $3) AS campaign_name`,
    [request.id, [request.athleteId, request.requesterId], request.endorsementCampaignId],
  );
  return {
    parties: new Map(row.parties.map((party) => [party.id, party])),
    history: row.history.map((entry) => ({ ...entry, created_at: new Date(entry.created_at) })),
    review: row.review ? { rate: row.review.rate, submitted_at: new Date(row.review.submitted_at) } : null,
    campaignName: row.campaign_name,
  };
}

/** The tab of /requests a status belongs to (spec §2): Pending; Accepted (2, 4, 6); Finished (3, 5). */
export const TAB_STATUSES = { pending: [1], accepted: [2, 4, 6], finished: [3, 5] } as const;
export type RequestTabName = keyof typeof TAB_STATUSES;

export interface RequestPage {
  rows: RequestEntity[];
  total: number;
}
