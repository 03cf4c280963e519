import { toDollars as fromCents, isVideoDelivery, moneyEventText, requestPartyName, RequestStatus } from '@huddle/domain';
import type { MoneyEventKind } from '@huddle/domain';
import { availableActions, deliveryDeadline, historyLabel } from '@huddle/domain/request-actions';
import type { RequestParty, TimerSettings } from '@huddle/domain/request-actions';
import type { RequestPayoutStatus } from '@huddle/domain/payouts';
import { factsOf } from './request-core.service';
import type { RequestEntity } from './entities/request.entity';
import type { RequestDto, RequestHistoryDto, RequestPartyDto, RequestSummaryDto } from './dto/request.dto';
import type { HistoryRow, PartyRow } from './request-views.query';

export type Viewer = Exclude<RequestParty, 'system'>;

/** The name a step the system took goes by. */
const SYSTEM_NAME = 'Huddle';

function seconds(date: Date | null): number | null {
  return date ? Math.floor(date.getTime() / 1000) : null;
}

/**
 * Who a history entry names, by one rule: whoever caused the step. Paying is always the
 * requester's doing (the provider's confirmation, a system job, only tells Huddle it happened), so
 * its step ('Card held', or 'Paid' in a campaign: historyLabel) names the requester; any other
 * system step (an expiry, a lapsed hold) is Huddle's.
 */
function historyActor(row: HistoryRow, request: RequestEntity, parties: Map<string, PartyRow>): Pick<RequestHistoryDto, 'actor' | 'actor_name'> {
  if (row.action === 'pay') return { actor: 'requester', actor_name: requestPartyName(parties.get(request.requesterId)) };
  if (row.actor_party === 'system') return { actor: 'system', actor_name: SYSTEM_NAME };
  return { actor: row.actor_party, actor_name: row.actor ? requestPartyName(row.actor) : null };
}

/** A party as a request names it (an athlete, a fan, or a business by its own name); null fields for an account gone. */
export function partyDto(id: string, row: PartyRow | undefined): RequestPartyDto {
  return {
    id,
    first_name: row?.first_name ?? null,
    last_name: row?.last_name ?? null,
    username: row?.username ?? null,
    profile_photo: row?.profile_photo ?? null,
    business_name: row?.business_name?.trim() || null,
  };
}

export function summaryOf(request: RequestEntity, viewer: Viewer, parties: Map<string, PartyRow>): RequestSummaryDto {
  const otherId = viewer === 'athlete' ? request.requesterId : request.athleteId;
  const start = seconds(request.startAt);
  const end = seconds(request.endAt);
  return {
    id: request.id,
    type: request.type,
    status: request.status,
    order_number: String(request.orderNumber),
    name: request.name,
    request_amount: fromCents(request.requestAmountCents),
    expiration_time: request.status === RequestStatus.Pending && request.paid ? seconds(request.expirationTime) : null,
    created_at: seconds(request.createdAt) ?? 0,
    updated_at: seconds(request.updatedAt) ?? 0,
    paid_id: request.paidId,
    paid: request.paid,
    profile: partyDto(otherId, parties.get(otherId)),
    event: start !== null && end !== null ? { start_time: start, end_time: end } : null,
    athletes_count: null,
  };
}

/**
 * What each party of a request sees (spec §3, §6): only the athlete and an administrator see the
 * fee split; the requester never gets the original delivery video's path (the watermarked stream
 * until the request is finished and reviewed); a shoutout's recipient addresses are the
 * requester's business, not the athlete's.
 */
export function requestView(
  request: RequestEntity,
  viewer: Viewer,
  parties: Map<string, PartyRow>,
  extra: {
    history: HistoryRow[];
    review: { rate: number; submitted_at: Date } | null;
    shareUrl: string | null;
    nowSeconds: number;
    campaignName?: string | null;
    /** The configured timers: the delivery deadline counts DELIVERY_DEADLINE_DAYS from acceptance. */
    timers: Pick<TimerSettings, 'deliveryDeadlineSeconds'>;
    money?: ReadonlyArray<{ kind: MoneyEventKind; amountCents: number; at: Date }>;
    payoutStatus?: RequestPayoutStatus | null;
    /** What of the athlete's share reached them so far (sent or marked), for the athlete and an administrator. */
    payoutPaidCents?: number | null;
  },
): RequestDto {
  const summary = summaryOf(request, viewer, parties);
  const details: Record<string, unknown> = { ...request.details };
  if (viewer === 'requester') delete details.video;
  if (viewer === 'athlete') delete details.recipients_emails;
  const videoPath = typeof request.details.video === 'string' ? request.details.video : null;
  const original = viewer !== 'requester' || (request.status === RequestStatus.Finished && request.reviewed);
  const videoUrl = `booking/request/video?request_id=${request.id}`;
  const history: RequestHistoryDto[] = extra.history.map((row) => ({
    action: row.action,
    label: historyLabel(row.action, request.endorsementCampaignId !== null),
    ...historyActor(row, request, parties),
    from_status: row.from_status,
    to_status: row.to_status,
    note: row.note,
    at: seconds(row.created_at) ?? 0,
  }));
  const party = viewer === 'admin' ? 'admin' : viewer;
  const dto: RequestDto = {
    ...summary,
    athlete_id: request.athleteId,
    requester_id: request.requesterId,
    authorised: request.authorised,
    reviewed: request.reviewed,
    is_apple_iap: false,
    social_media_platform: request.socialMediaPlatform ?? '',
    endorsement_campaign_id: request.endorsementCampaignId,
    campaign_name: extra.campaignName ?? null,
    disclosure_acknowledged: request.disclosureAcknowledgedAt !== null,
    accepted_at: seconds(request.acceptedAt),
    delivery_deadline: deliveryDeadline({ status: request.status, type: request.type, acceptedAt: seconds(request.acceptedAt) }, extra.timers),
    viewer,
    available_actions: availableActions(party, factsOf(request, extra.timers), extra.nowSeconds),
    athlete: partyDto(request.athleteId, parties.get(request.athleteId)),
    requester: partyDto(request.requesterId, parties.get(request.requesterId)),
    first_name: summary.profile.first_name,
    last_name: summary.profile.last_name,
    profile_photo: summary.profile.profile_photo,
    details,
    [request.type]: details,
    video:
      videoPath && isVideoDelivery(request.type)
        ? { url: original ? videoUrl : `${videoUrl}&variant=watermarked`, watermarked: !original, download_url: original ? `${videoUrl}&download=1` : null }
        : null,
    video_chat_completed: request.videoChatCompleted,
    flagged: request.flaggedAt !== null,
    review: extra.review ? { rate: extra.review.rate, submitted_at: seconds(extra.review.submitted_at) ?? 0 } : null,
    history,
    share_url: viewer === 'requester' ? extra.shareUrl : null,
    payment: request.paid
      ? {
          amount: fromCents(request.requestAmountCents),
          athlete_id: request.athleteId,
          athlete_name: requestPartyName(parties.get(request.athleteId)),
          sender: request.requesterId,
          sender_name: requestPartyName(parties.get(request.requesterId)),
          // Spec §3: the payout status is the athlete's and the administrator's business.
          payout_status: viewer === 'requester' ? null : (extra.payoutStatus ?? 'unpaid'),
          payout_paid: viewer === 'requester' ? null : fromCents(extra.payoutPaidCents ?? 0),
        }
      : null,
    money: (extra.money ?? []).map((event) => ({ kind: event.kind, amount: fromCents(event.amountCents), at: seconds(event.at) ?? 0, text: moneyEventText(event.kind, event.amountCents) })),
  };
  if (viewer !== 'requester') {
    dto.fee_amount = fromCents(request.feeAmountCents);
    dto.amount_to_athlete = fromCents(request.amountToAthleteCents);
  }
  return dto;
}
