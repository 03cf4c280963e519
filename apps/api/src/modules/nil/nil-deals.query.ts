import type { EntityManager } from 'typeorm';
import { publicRequesterName, UserType } from '@huddle/domain';
import type { NilPayor } from '@huddle/domain/nil';

/** An accepted request as its disclosure records it: the deal, its payor and what was agreed. */
export interface NilDeal {
  requestId: string;
  status: number;
  type: string;
  name: string;
  athleteId: string;
  payorId: string;
  payor: NilPayor;
  amountCents: number;
  feeCents: number;
  athleteNetCents: number;
  acceptedAt: Date | null;
  details: Record<string, unknown>;
  socialPlatforms: string | null;
  campaignName: string | null;
}

interface DealRow {
  id: string;
  status: number;
  type: string;
  name: string;
  athlete_id: string;
  requester_id: string;
  request_amount_cents: number;
  fee_amount_cents: number;
  amount_to_athlete_cents: number;
  accepted_at: Date | null;
  details: Record<string, unknown> | null;
  social_media_platform: string | null;
  campaign_name: string | null;
  user_type: number;
  first_name: string | null;
  last_name: string | null;
  account_email: string;
  business_name: string | null;
  business_email: string | null;
  website: string | null;
  single_line_address: string | null;
}

function blankToNull(text: string | null): string | null {
  return text && text.trim() !== '' ? text.trim() : null;
}

/**
 * One request as a NIL deal, read from booking's `requests` and `campaigns` (a share's campaign)
 * and the payor's `accounts` and `business_profiles`: the price, fee and athlete's share as the
 * request stored them (split by libs/domain's splitAmount when it was made). The payor is the
 * requester: the fan, or the business (also for a campaign's share, which the business paid).
 * A business's contact email is its profile's, else its account's.
 */
export async function nilDealOf(manager: EntityManager, requestId: string): Promise<NilDeal | null> {
  const rows: DealRow[] = await manager.query(
    `SELECT r.id, r.status, r.type, r.name, r.athlete_id, r.requester_id, r.request_amount_cents, r.fee_amount_cents,
            r.amount_to_athlete_cents, r.accepted_at, r.details, r.social_media_platform, c.name AS campaign_name,
            a.user_type, a.first_name, a.last_name, a.email AS account_email,
            b.name AS business_name, b.email AS business_email, b.website, b.single_line_address
       FROM requests r
       JOIN accounts a ON a.id = r.requester_id
       LEFT JOIN business_profiles b ON b.account_id = r.requester_id
       LEFT JOIN campaigns c ON c.id = r.endorsement_campaign_id
      WHERE r.id = $1`,
    [requestId],
  );
  const row = rows[0];
  if (!row) return null;
  const isBusiness = Number(row.user_type) === UserType.Business;
  const name = publicRequesterName({ firstName: row.first_name, lastName: row.last_name, businessName: isBusiness ? row.business_name : null });
  const payor: NilPayor = isBusiness
    ? {
        kind: 'business',
        name,
        company: {
          name,
          email: blankToNull(row.business_email) ?? blankToNull(row.account_email),
          website: blankToNull(row.website),
          address: blankToNull(row.single_line_address),
        },
      }
    : { kind: 'fan', name, company: null };
  return {
    requestId: row.id,
    status: Number(row.status),
    type: row.type,
    name: row.name,
    athleteId: row.athlete_id,
    payorId: row.requester_id,
    payor,
    amountCents: Number(row.request_amount_cents),
    feeCents: Number(row.fee_amount_cents),
    athleteNetCents: Number(row.amount_to_athlete_cents),
    acceptedAt: row.accepted_at,
    details: row.details ?? {},
    socialPlatforms: blankToNull(row.social_media_platform),
    campaignName: row.campaign_name,
  };
}

/** An athlete's name and email from `accounts`, for the packet and the administrator's export. */
export async function nilAthletesOf(manager: EntityManager, athleteIds: readonly string[]): Promise<Map<string, { name: string; email: string }>> {
  if (athleteIds.length === 0) return new Map();
  const rows: Array<{ id: string; first_name: string | null; last_name: string | null; email: string }> = await manager.query(
    `SELECT id, first_name, last_name, email FROM accounts WHERE id = ANY($1::uuid[])`,
    [athleteIds],
  );
  return new Map(rows.map((row) => [row.id, { name: [row.first_name, row.last_name].filter((part) => part && part.trim()).join(' ') || row.email, email: row.email }]));
}
