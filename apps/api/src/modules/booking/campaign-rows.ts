import type { EntityManager } from 'typeorm';
import { deriveCampaignStatus, RequestStatus } from '@huddle/domain';
import type { RequestStatusCode } from '@huddle/domain';

/** A campaigns row (booking owns the table; issue 12). */
export interface CampaignRow {
  id: string;
  order_number: string;
  business_id: string;
  name: string;
  task: string;
  link: string | null;
  social_media_platform: string | null;
  status: RequestStatusCode;
  total_cents: number;
  paid: boolean;
  paid_at: Date | null;
  finished_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export async function campaignRow(manager: EntityManager, campaignId: string, lock = false): Promise<CampaignRow | null> {
  const rows: CampaignRow[] = await manager.query(`SELECT * FROM campaigns WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [campaignId]);
  return rows[0] ?? null;
}

export interface CampaignRefresh {
  campaign: CampaignRow;
  from: RequestStatusCode;
  to: RequestStatusCode;
}

/**
 * Locks the campaign and sets its status from its requests by libs/domain's rule, at `now`. Called
 * in the transaction of every change of one of its requests, after that request's row is locked
 * and changed. The campaign's row is always locked after its requests' (here, in checkout and in
 * the campaign's cancel alike), so concurrent changes of one campaign queue without deadlock, and
 * each reads the statuses the previous one committed.
 */
export async function refreshCampaignStatus(manager: EntityManager, campaignId: string, now: Date): Promise<CampaignRefresh> {
  const campaign = await campaignRow(manager, campaignId, true);
  if (!campaign) throw new Error(`Campaign ${campaignId} is missing`);
  const rows: Array<{ status: RequestStatusCode }> = await manager.query(`SELECT status FROM requests WHERE endorsement_campaign_id = $1`, [campaignId]);
  const to = deriveCampaignStatus(rows.map((row) => row.status));
  const from = campaign.status;
  const finishedAt = to === RequestStatus.Finished ? (campaign.finished_at ?? now) : null;
  await manager.query(`UPDATE campaigns SET status = $2, finished_at = $3, updated_at = $4 WHERE id = $1`, [campaignId, to, finishedAt, now]);
  return { campaign: { ...campaign, status: to, finished_at: finishedAt, updated_at: now }, from, to };
}
