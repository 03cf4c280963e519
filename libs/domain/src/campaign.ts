import { RequestStatus, STATUS_PRIORITY, type RequestStatusCode } from './request-status';

const is = (...codes: RequestStatusCode[]) => (s: RequestStatusCode) => codes.includes(s);

/**
 * A campaign's status derived from its requests (spec §4), checked in the spec's order:
 * all canceled -> Canceled; all canceled or finished -> Finished; all pending or canceled ->
 * Pending; otherwise Pending review when any is 4, else Accepted. A campaign without requests
 * has nothing left to do, so it reads as Canceled.
 */
export function deriveCampaignStatus(statuses: readonly RequestStatusCode[]): RequestStatusCode {
  if (statuses.every(is(RequestStatus.Canceled))) return RequestStatus.Canceled;
  if (statuses.every(is(RequestStatus.Canceled, RequestStatus.Finished))) return RequestStatus.Finished;
  if (statuses.every(is(RequestStatus.Pending, RequestStatus.Canceled))) return RequestStatus.Pending;
  if (statuses.some(is(RequestStatus.PendingReview))) return RequestStatus.PendingReview;
  return RequestStatus.Accepted;
}

/** How many athletes one campaign may invite: the picker's select menu limit (spec §9, 50 options). */
export const CAMPAIGN_MAX_ATHLETES = 50;

/** An athlete's entry in a campaign: what ordering and sums need. */
export interface CampaignEntryFacts {
  status: RequestStatusCode;
  /** Unix seconds. */
  createdAt: number;
  amountCents: number;
}

/**
 * The campaign view's athlete list (spec §4): by status priority (lower first), then newest first;
 * ties broken by nothing else, so the caller's order (an id) stays stable.
 */
export function compareCampaignEntries(a: CampaignEntryFacts, b: CampaignEntryFacts): number {
  return STATUS_PRIORITY[a.status] - STATUS_PRIORITY[b.status] || b.createdAt - a.createdAt;
}

/** A campaign's sums leave out what was canceled (and so refunded): the amount still committed. */
export function campaignCommittedCents(entries: readonly CampaignEntryFacts[]): number {
  return entries.filter((entry) => entry.status !== RequestStatus.Canceled).reduce((sum, entry) => sum + entry.amountCents, 0);
}

/** What the campaign banner shows for a derived status (spec §4). */
export type CampaignBanner = 'cancel' | 'canceled' | 'finished' | 'awaiting_completion';

export function campaignBanner(status: RequestStatusCode): CampaignBanner {
  if (status === RequestStatus.Pending) return 'cancel';
  if (status === RequestStatus.Canceled) return 'canceled';
  if (status === RequestStatus.Finished) return 'finished';
  return 'awaiting_completion';
}

/** A campaign may be canceled by its business only while it is pending (every request 1 or 3). */
export function canCancelCampaign(statuses: readonly RequestStatusCode[]): boolean {
  return deriveCampaignStatus(statuses) === RequestStatus.Pending && statuses.some(is(RequestStatus.Pending));
}

/** A request id of the routes: '@' and a campaign id (a uuid) names a campaign (spec §2). */
const CAMPAIGN_REF = /^@([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * Spec §2 gives '@' ids two meanings: an endorsement campaign (/request/@{campaignId}) and a
 * shareable request link (/request/@{paid_id}). Huddle tells them apart by shape: a campaign id is
 * a uuid, a paid id is 16 characters of base64url (never 36 with dashes in those places).
 */
export function campaignIdOfRef(ref: string): string | null {
  return CAMPAIGN_REF.exec(ref)?.[1]?.toLowerCase() ?? null;
}

export function campaignRef(campaignId: string): string {
  return `@${campaignId}`;
}

/**
 * Paid endorsements must be disclosed (US FTC endorsement guides): both parties see the reminder on
 * an endorsement request, and the athlete acknowledges it when accepting; the API refuses an
 * endorsement accept without the acknowledgement.
 */
export const ENDORSEMENT_DISCLOSURE = {
  reminder:
    "This is a paid endorsement. Under the FTC's endorsement guides the post must disclose it: add #ad or use the platform's paid-partnership label.",
  acknowledge: "I will disclose this paid partnership with #ad or the platform's paid-partnership label",
  required: 'Please confirm you will disclose this paid partnership',
} as const;
