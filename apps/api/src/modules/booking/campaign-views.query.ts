import type { EntityManager } from 'typeorm';
import { UserType } from '@huddle/domain';
import type { RequestStatusCode } from '@huddle/domain';
import type { PartyRow } from './request-views.query';

/**
 * Read models of campaigns (issue 12). Tables read: accounts and athlete_services (who can be
 * invited), requests and accounts (a campaign's athletes), campaigns and requests (a business's
 * list, where a campaign is one entry beside its single requests).
 */

/** The chosen athletes who can be invited: listed (a complete, unblocked, live athlete) and offering endorsements. */
export async function invitableAthletes(manager: EntityManager, athleteIds: readonly string[]): Promise<Set<string>> {
  const rows: Array<{ id: string }> = await manager.query(
    `SELECT a.id FROM accounts a
       JOIN athlete_services es ON es.athlete_id = a.id AND es.service_type = 'endorsement' AND es.enabled
      WHERE a.id = ANY($1::uuid[]) AND a.user_type = ${UserType.Athlete} AND a.profile_completed AND NOT a.blocked AND a.deleted_at IS NULL`,
    [athleteIds],
  );
  return new Set(rows.map((row) => row.id));
}

/**
 * The athletes of a campaign who are no longer on Huddle (blocked or deleted since its draft was
 * made), by id, with their names: what checkout refuses and a late payment cancels. `lock` (the
 * payment's transaction) reads every athlete's account FOR SHARE: a block or a deletion in
 * progress is waited for and seen. One that comes after waits for the payment, so its own look at
 * the athlete's waiting requests (the block's, or the deletion's ACCOUNT_CLOSED job) finds the
 * share paid and cancels it. Never neither.
 */
export async function goneAthletesOf(manager: EntityManager, campaignId: string, { lock = false } = {}): Promise<Map<string, string>> {
  const rows: Array<{ id: string; name: string; gone: boolean }> = await manager.query(
    `SELECT a.id, trim(concat_ws(' ', a.first_name, a.last_name)) AS name, (a.blocked OR a.deleted_at IS NOT NULL) AS gone
       FROM requests r JOIN accounts a ON a.id = r.athlete_id
      WHERE r.endorsement_campaign_id = $1
      ORDER BY a.id${lock ? ' FOR SHARE OF a' : ''}`,
    [campaignId],
  );
  const gone = rows.filter((row) => row.gone).sort((a, b) => a.name.localeCompare(b.name));
  return new Map(gone.map((row) => [row.id, row.name]));
}

export interface CampaignEntryRow {
  id: string;
  status: RequestStatusCode;
  request_amount_cents: number;
  created_at: Date;
  updated_at: Date;
  expiration_time: Date | null;
  has_video: boolean;
  athlete: PartyRow;
}

/** Every request of the campaigns, with its athlete's name and photo, in one statement. */
export async function campaignEntriesOf(manager: EntityManager, campaignIds: readonly string[]): Promise<Map<string, CampaignEntryRow[]>> {
  const byCampaign = new Map<string, CampaignEntryRow[]>(campaignIds.map((id) => [id, []]));
  if (campaignIds.length === 0) return byCampaign;
  const rows: Array<Omit<CampaignEntryRow, 'athlete'> & { campaign_id: string } & Omit<PartyRow, 'id'> & { athlete_id: string }> = await manager.query(
    `SELECT r.endorsement_campaign_id AS campaign_id, r.id, r.status, r.request_amount_cents, r.created_at, r.updated_at, r.expiration_time,
            (r.details->>'video' IS NOT NULL) AS has_video,
            a.id AS athlete_id, a.first_name, a.last_name, a.username, a.profile_photo
       FROM requests r JOIN accounts a ON a.id = r.athlete_id
      WHERE r.endorsement_campaign_id = ANY($1::uuid[])
      ORDER BY r.id`,
    [campaignIds],
  );
  for (const row of rows) {
    byCampaign.get(row.campaign_id)?.push({
      id: row.id,
      status: row.status,
      request_amount_cents: row.request_amount_cents,
      created_at: row.created_at,
      updated_at: row.updated_at,
      expiration_time: row.expiration_time,
      has_video: row.has_video,
      athlete: { id: row.athlete_id, first_name: row.first_name, last_name: row.last_name, username: row.username, profile_photo: row.profile_photo },
    });
  }
  return byCampaign;
}

/** One entry of a requester's list: a single request, or a whole campaign. */
export interface ListEntryRef {
  kind: 'request' | 'campaign';
  id: string;
}

/**
 * One page of a requester's paid requests of some statuses, newest change first, where a
 * campaign is one entry (by its derived status) and its requests are not listed on their own.
 */
export async function requesterListPage(
  manager: EntityManager,
  requesterId: string,
  statuses: readonly number[],
  limit: number,
  offset: number,
): Promise<{ entries: ListEntryRef[]; total: number }> {
  const rows: Array<ListEntryRef & { total: number }> = await manager.query(
    `SELECT kind, id, count(*) OVER ()::int AS total FROM (
       SELECT 'request' AS kind, id, updated_at FROM requests
        WHERE requester_id = $1 AND paid AND status = ANY($2::smallint[]) AND endorsement_campaign_id IS NULL
       UNION ALL
       SELECT 'campaign' AS kind, id, updated_at FROM campaigns
        WHERE business_id = $1 AND paid AND status = ANY($2::smallint[])
     ) entries
     ORDER BY updated_at DESC, id DESC LIMIT $3 OFFSET $4`,
    [requesterId, statuses, limit, offset],
  );
  if (rows.length > 0 || offset === 0) return { entries: rows.map((row) => ({ kind: row.kind, id: row.id })), total: rows[0]?.total ?? 0 };
  // A page past the end still reports the total.
  const [{ total }]: Array<{ total: number }> = await manager.query(
    `SELECT ((SELECT count(*) FROM requests WHERE requester_id = $1 AND paid AND status = ANY($2::smallint[]) AND endorsement_campaign_id IS NULL)
           + (SELECT count(*) FROM campaigns WHERE business_id = $1 AND paid AND status = ANY($2::smallint[])))::int AS total`,
    [requesterId, statuses],
  );
  return { entries: [], total };
}
