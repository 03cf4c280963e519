import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { MONEY_EVENT_KINDS, REQUEST_STATUS_CODES, SERVICE_TYPES } from '@huddle/domain';
import { REQUEST_ACTIONS } from '@huddle/domain/request-actions';
import { REQUEST_PAYOUT_STATUSES } from '@huddle/domain/payouts';

export class RequestPartyDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ type: String, nullable: true })
  first_name!: string | null;

  @ApiProperty({ type: String, nullable: true })
  last_name!: string | null;

  @ApiProperty({ type: String, nullable: true })
  username!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Media path of the profile photo.' })
  profile_photo!: string | null;

  @ApiProperty({ type: String, nullable: true, description: "A business's own name (what its requests go by); null for a person." })
  business_name!: string | null;
}

export class RequestEventDto {
  @ApiProperty({ description: 'Unix seconds.' })
  start_time!: number;

  @ApiProperty({ description: 'Unix seconds.' })
  end_time!: number;
}

export class RequestVideoDto {
  @ApiProperty({ description: 'Path under the API root that streams the video for this viewer: a redirect to a short-lived signed URL, so a player asks here again at each load.' })
  url!: string;

  @ApiProperty({ description: 'The requester sees the watermarked copy until the request is finished and reviewed.' })
  watermarked!: boolean;

  @ApiProperty({ type: String, nullable: true, description: 'Download of the original: after approval and review for the requester; always for the athlete.' })
  download_url!: string | null;
}

export class RequestReviewDto {
  @ApiProperty({ minimum: 1, maximum: 5 })
  rate!: number;

  @ApiProperty({ description: 'Unix seconds.' })
  submitted_at!: number;
}

export class RequestHistoryDto {
  @ApiProperty({ description: "A request action, 'create' or 'pay'." })
  action!: string;

  @ApiProperty()
  label!: string;

  @ApiProperty({ enum: ['requester', 'athlete', 'admin', 'system'] })
  actor!: string;

  @ApiProperty({ type: String, nullable: true })
  actor_name!: string | null;

  @ApiProperty({ type: Number, nullable: true })
  from_status!: number | null;

  @ApiProperty()
  to_status!: number;

  @ApiProperty({ type: String, nullable: true })
  note!: string | null;

  @ApiProperty({ description: 'Unix seconds.' })
  at!: number;
}

/** A request in a list (GET /booking/request/filter). */
export class RequestSummaryDto {
  @ApiProperty({ description: "The request's uuid; '@' and the campaign's uuid for an endorsement campaign (a business's list)." })
  id!: string;

  @ApiProperty({ enum: SERVICE_TYPES })
  type!: string;

  @ApiProperty({ enum: REQUEST_STATUS_CODES })
  status!: number;

  @ApiProperty()
  order_number!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ description: 'Dollars.' })
  request_amount!: number;

  @ApiProperty({ type: Number, nullable: true, description: 'Unix seconds; pending requests expire then.' })
  expiration_time!: number | null;

  @ApiProperty()
  created_at!: number;

  @ApiProperty()
  updated_at!: number;

  @ApiProperty({ type: String, nullable: true })
  paid_id!: string | null;

  @ApiProperty()
  paid!: boolean;

  @ApiProperty({ type: RequestPartyDto, description: 'The other party: the athlete for a requester, the requester for an athlete.' })
  profile!: RequestPartyDto;

  @ApiProperty({ type: RequestEventDto, nullable: true })
  event!: RequestEventDto | null;

  @ApiProperty({ type: Number, nullable: true, description: "An endorsement campaign's number of athletes; null for a request." })
  athletes_count!: number | null;
}

/** A request as its requester, athlete or an administrator sees it (GET /booking/request). */
export class RequestDto extends RequestSummaryDto {
  @ApiProperty({ format: 'uuid' })
  athlete_id!: string;

  @ApiProperty({ format: 'uuid' })
  requester_id!: string;

  @ApiPropertyOptional({ description: 'Dollars; only for the athlete and an administrator.' })
  fee_amount?: number;

  @ApiPropertyOptional({ description: 'Dollars; only for the athlete and an administrator.' })
  amount_to_athlete?: number;

  @ApiProperty()
  authorised!: boolean;

  @ApiProperty()
  reviewed!: boolean;

  @ApiProperty({ description: 'Always false: Apple in-app purchase belongs to a mobile app Huddle does not ship.' })
  is_apple_iap!: boolean;

  @ApiProperty({ description: 'Comma-separated platforms.' })
  social_media_platform!: string;

  @ApiProperty({ type: String, nullable: true })
  endorsement_campaign_id!: string | null;

  @ApiProperty({ type: String, nullable: true, description: "The campaign's name, for a request of an endorsement campaign." })
  campaign_name!: string | null;

  @ApiProperty({ description: 'Endorsements: the athlete acknowledged the paid-endorsement disclosure when accepting.' })
  disclosure_acknowledged!: boolean;

  @ApiProperty({ type: Number, nullable: true })
  accepted_at!: number | null;

  @ApiProperty({ type: Number, nullable: true, description: 'An accepted shoutout or endorsement must be delivered by then (unix seconds), or it is canceled and refunded; null otherwise.' })
  delivery_deadline!: number | null;

  @ApiProperty({ enum: ['requester', 'athlete', 'admin'] })
  viewer!: string;

  @ApiProperty({ enum: REQUEST_ACTIONS, isArray: true, description: 'What the viewer can do now (the domain action table).' })
  available_actions!: string[];

  @ApiProperty({ type: RequestPartyDto })
  athlete!: RequestPartyDto;

  @ApiProperty({ type: RequestPartyDto })
  requester!: RequestPartyDto;

  @ApiProperty({ type: String, nullable: true })
  first_name!: string | null;

  @ApiProperty({ type: String, nullable: true })
  last_name!: string | null;

  @ApiProperty({ type: String, nullable: true })
  profile_photo!: string | null;

  @ApiProperty({ type: 'object', additionalProperties: true, description: "The type's own block as booked (spec §3), under the key named by the type." })
  details!: Record<string, unknown>;

  @ApiProperty({ type: RequestVideoDto, nullable: true })
  video!: RequestVideoDto | null;

  @ApiProperty()
  video_chat_completed!: boolean;

  @ApiProperty()
  flagged!: boolean;

  @ApiProperty({ type: RequestReviewDto, nullable: true })
  review!: RequestReviewDto | null;

  @ApiProperty({ type: [RequestHistoryDto] })
  history!: RequestHistoryDto[];

  @ApiProperty({ type: String, nullable: true, description: "The shoutout's watch link: the requester's, after approval." })
  share_url!: string | null;

  @ApiProperty({ type: () => RequestPaymentDto, nullable: true, description: 'Spec §3: null until the request is paid.' })
  payment!: RequestPaymentDto | null;

  @ApiProperty({ type: () => [MoneyEventDto], description: "The buyer's money, oldest first: held, charged, released, refunded, disputed." })
  money!: MoneyEventDto[];
}

/** Spec §3's payment block of a request: what was paid, by whom, to whom, and (athlete, admin) its payout. */
export class RequestPaymentDto {
  @ApiProperty({ description: 'Dollars.' })
  amount!: number;

  @ApiProperty({ format: 'uuid' })
  athlete_id!: string;

  @ApiProperty()
  athlete_name!: string;

  @ApiProperty({ format: 'uuid', description: "The payer's account id." })
  sender!: string;

  @ApiProperty()
  sender_name!: string;

  @ApiProperty({ enum: REQUEST_PAYOUT_STATUSES, nullable: true, description: "The athlete's payout of this request; null for the requester." })
  payout_status!: string | null;

  @ApiProperty({ type: Number, nullable: true, description: "Dollars of the athlete's share that reached them so far (transfers arrived, or marked paid); null for the requester. With payout_status 'unpaid' and above 0: paid in part." })
  payout_paid!: number | null;
}

/** One line of the buyer's money timeline: a movement the provider confirmed. */
export class MoneyEventDto {
  @ApiProperty({ enum: MONEY_EVENT_KINDS })
  kind!: string;

  @ApiProperty({ description: 'Dollars.' })
  amount!: number;

  @ApiProperty({ description: 'Unix seconds.' })
  at!: number;

  @ApiProperty({ description: "What a person reads: 'Card hold of $45.00 released'." })
  text!: string;
}

export class RequestPayload {
  @ApiProperty({ type: RequestDto })
  request!: RequestDto;
}

export class RequestListPayload {
  @ApiProperty({ type: [RequestSummaryDto] })
  requests!: RequestSummaryDto[];

  @ApiProperty()
  total!: number;

  @ApiProperty()
  page!: number;

  @ApiProperty()
  page_size!: number;
}

export class LockerRoomEarningsDto {
  @ApiProperty({ description: 'Dollars the ledger owes the athlete for their captured requests, net of refunds, ever.' })
  total!: number;

  @ApiProperty({ description: "The same for requests accepted this calendar week (from Monday 00:00 in the viewer's zone)." })
  week!: number;

  @ApiProperty({ description: "The same for requests accepted this calendar month (from the 1st, 00:00 in the viewer's zone)." })
  month!: number;
}

export class LockerRoomMoneyDto {
  @ApiProperty({ description: 'Dollars captured for requests not finished yet (as /payouts/summary owed).' })
  owed!: number;

  @ApiProperty({ description: 'Dollars Huddle may pay out now (as /payouts/summary payable).' })
  payable!: number;

  @ApiProperty({ description: 'Dollars of payouts on their way (as /payouts/summary on_its_way).' })
  on_its_way!: number;

  @ApiProperty({ description: 'Dollars paid out (as /payouts/summary paid).' })
  paid_out!: number;
}

export class LockerRoomTypeDto {
  @ApiProperty({ enum: SERVICE_TYPES })
  type!: string;

  @ApiProperty({ description: 'Paid requests of this type, every status.' })
  total!: number;

  @ApiProperty({ description: 'Of them, pending (waiting for the athlete).' })
  pending!: number;
}

export class LockerRoomRequestsDto {
  @ApiProperty() total!: number;
  @ApiProperty() pending!: number;
  @ApiProperty({ description: "Paid requests made this calendar week, in the viewer's zone." })
  week!: number;
  @ApiProperty({ description: "Paid requests made this calendar month, in the viewer's zone." })
  month!: number;
  @ApiProperty({ type: [LockerRoomTypeDto], description: 'Every request type, in the product order; a campaign share counts as endorsement_campaign.' })
  by_type!: LockerRoomTypeDto[];
}

export class EarningsBucketDto {
  @ApiProperty({ description: "The bucket's start (unix seconds): a Monday or a 1st at 00:00 in the viewer's zone." })
  start!: number;

  @ApiProperty({ description: "The bucket as the chart prints it: 'Nov 23' or 'Nov 2026'." })
  label!: string;

  @ApiProperty({ description: 'Dollars earned by requests accepted in the bucket.' })
  earnings!: number;
}

export class LockerRoomChartDto {
  @ApiProperty({ type: [EarningsBucketDto], description: 'The last 12 weeks, oldest first, ending with this week.' })
  weeks!: EarningsBucketDto[];

  @ApiProperty({ type: [EarningsBucketDto], description: 'The last 12 months, oldest first, ending with this month.' })
  months!: EarningsBucketDto[];
}

export class LockerRoomDto {
  @ApiProperty({ description: 'The zone the periods were computed in (the tz sent, UTC by default).' })
  time_zone!: string;

  @ApiProperty({ description: 'Unix seconds: this week started (Monday 00:00 local).' })
  week_start!: number;

  @ApiProperty({ description: 'Unix seconds: this month started (the 1st, 00:00 local).' })
  month_start!: number;

  @ApiProperty({ type: LockerRoomEarningsDto })
  earnings!: LockerRoomEarningsDto;

  @ApiProperty({ type: LockerRoomMoneyDto })
  money!: LockerRoomMoneyDto;

  @ApiProperty({ type: LockerRoomRequestsDto })
  requests!: LockerRoomRequestsDto;

  @ApiProperty({ type: LockerRoomChartDto })
  chart!: LockerRoomChartDto;
}

export class BusinessStatsTotalsDto {
  @ApiProperty({ description: 'Dollars the business spent: captured less refunded (the ledger), ever.' })
  spent!: number;

  @ApiProperty({ description: 'Dollars of the requests the athlete accepted (now accepted, pending review, finished or in progress), at their price.' })
  accepted!: number;

  @ApiProperty({ description: 'Dollars of the requests declined, expired or canceled (status 3), at their price; their money went back.' })
  rejected!: number;
}

export class BusinessStatsStatusDto {
  @ApiProperty() pending!: number;
  @ApiProperty() accepted!: number;
  @ApiProperty() finished!: number;
  @ApiProperty() canceled!: number;
  @ApiProperty() in_progress!: number;
  @ApiProperty() pending_review!: number;
}

export class BusinessStatsTypeDto {
  @ApiProperty({ enum: SERVICE_TYPES })
  type!: string;

  @ApiProperty({ description: 'Paid requests of this type, every status; a campaign share counts as endorsement_campaign.' })
  count!: number;

  @ApiProperty({ description: 'Dollars spent on them (captured less refunded).' })
  spent!: number;

  @ApiProperty({ description: 'Dollars of those the athlete accepted.' })
  accepted!: number;

  @ApiProperty({ description: 'Dollars of those declined, expired or canceled.' })
  rejected!: number;
}

export class BusinessStatsAthleteDto {
  @ApiProperty() athlete_id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ description: 'Paid requests (campaign shares one by one) to this athlete.' })
  count!: number;
  @ApiProperty({ description: 'Dollars spent on them (captured less refunded).' })
  spent!: number;
}

export class BusinessStatsOtherAthletesDto {
  @ApiProperty({ description: 'Athletes booked beyond those named in by_athlete (0 when all are named).' })
  athletes!: number;
  @ApiProperty({ description: 'Their paid requests together.' })
  count!: number;
  @ApiProperty({ description: 'Dollars spent on them together.' })
  spent!: number;
}

export class SpendingBucketDto {
  @ApiProperty({ description: "The bucket's start (unix seconds): a Monday or a 1st at 00:00 in the viewer's zone." })
  start!: number;

  @ApiProperty({ description: "The bucket as the chart prints it: 'Nov 23' or 'Nov 2026'." })
  label!: string;

  @ApiProperty({ description: 'Dollars captured in the bucket, less their later refunds.' })
  spent!: number;
}

export class BusinessStatsChartDto {
  @ApiProperty({ type: [SpendingBucketDto], description: 'The last 12 weeks, oldest first, ending with this week.' })
  weeks!: SpendingBucketDto[];

  @ApiProperty({ type: [SpendingBucketDto], description: 'The last 12 months, oldest first, ending with this month.' })
  months!: SpendingBucketDto[];
}

export class BusinessStatsDto {
  @ApiProperty({ description: 'The zone the periods were computed in (the tz sent, UTC by default).' })
  time_zone!: string;

  @ApiProperty({ type: BusinessStatsTotalsDto })
  totals!: BusinessStatsTotalsDto;

  @ApiProperty({ type: BusinessStatsStatusDto })
  by_status!: BusinessStatsStatusDto;

  @ApiProperty({ type: [BusinessStatsTypeDto], description: 'Every request type, in the product order.' })
  by_type!: BusinessStatsTypeDto[];

  @ApiProperty({ type: [BusinessStatsAthleteDto], description: 'The athletes the business spent most on, most first (at most 20; the export lists every one).' })
  by_athlete!: BusinessStatsAthleteDto[];

  @ApiProperty({ type: BusinessStatsOtherAthletesDto, description: 'The other athletes the business booked, together.' })
  other_athletes!: BusinessStatsOtherAthletesDto;

  @ApiProperty({ type: BusinessStatsChartDto })
  chart!: BusinessStatsChartDto;
}

export class RequestCountersDto {
  @ApiProperty() pending!: number;
  @ApiProperty() accepted!: number;
  @ApiProperty() finished!: number;
  @ApiProperty() canceled!: number;
  @ApiProperty() in_progress!: number;
  @ApiProperty() pending_review!: number;

  @ApiPropertyOptional({ type: LockerRoomDto, description: "An athlete's locker room (issue 23); absent for fans and businesses." })
  locker_room?: LockerRoomDto;

  @ApiPropertyOptional({ type: BusinessStatsDto, description: "A business's statistics (issue 23, /stats); absent for fans and athletes." })
  business_stats?: BusinessStatsDto;
}

export class RequestCountersPayload {
  @ApiProperty({ type: RequestCountersDto })
  counters!: RequestCountersDto;
}

export class PaymentIntentSecretDto {
  @ApiProperty()
  client_secret!: string;
}

export class PaymentSheetPayload {
  @ApiProperty({ type: PaymentIntentSecretDto })
  payment_intent!: PaymentIntentSecretDto;

  @ApiProperty({ enum: ['sandbox', 'stripe'] })
  provider!: string;

  @ApiProperty({ type: String, nullable: true, description: "Stripe's publishable key; null for the embedded sandbox." })
  publishable_key!: string | null;

  @ApiProperty({ description: 'Dollars.' })
  amount!: number;
}

export class SupportSentPayload {
  @ApiProperty()
  sent!: boolean;
}

export class SharePayload {
  @ApiProperty({ type: String, nullable: true, description: 'The live watch link of the shoutout, or null after revoking it.' })
  share_url!: string | null;
}

export class WatchAthleteDto extends OmitType(RequestPartyDto, ['id', 'business_name'] as const) {}

/** A shoutout's public watch page: the athlete and the watermarked video, nothing of the request. */
export class WatchPayload {
  @ApiProperty({ type: WatchAthleteDto })
  athlete!: WatchAthleteDto;

  @ApiProperty({ description: 'Path under the API root that streams the watermarked video: a redirect to a short-lived signed URL; 1404 once the link is revoked.' })
  video_url!: string;
}

/** One athlete of a campaign, as its business sees it (spec §4: sorted by status priority, then newest). */
export class CampaignRequestDto {
  @ApiProperty({ format: 'uuid', description: "The athlete's request (/request/{id})." })
  id!: string;

  @ApiProperty({ enum: REQUEST_STATUS_CODES })
  status!: number;

  @ApiProperty({ description: "Dollars: this athlete's price." })
  request_amount!: number;

  @ApiProperty()
  created_at!: number;

  @ApiProperty()
  updated_at!: number;

  @ApiProperty({ type: Number, nullable: true, description: 'Unix seconds; a pending invitation expires then.' })
  expiration_time!: number | null;

  @ApiProperty({ type: RequestPartyDto })
  athlete!: RequestPartyDto;

  @ApiProperty({ description: 'The athlete delivered a video (status 4 or 5): View opens the request.' })
  has_video!: boolean;

  @ApiProperty({ description: "This share was refunded to the business's card (the provider confirmed it)." })
  refunded!: boolean;
}

/** An endorsement campaign (spec §3's grouped view), for its business or an administrator. */
export class CampaignDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ enum: ['endorsement_campaign'] })
  type!: 'endorsement_campaign';

  @ApiProperty({ enum: REQUEST_STATUS_CODES, description: "Derived from its requests' statuses (spec §4)." })
  status!: number;

  @ApiProperty()
  order_number!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty()
  task!: string;

  @ApiProperty({ type: String, nullable: true })
  link!: string | null;

  @ApiProperty({ description: 'Comma-separated platforms.' })
  social_media_platform!: string;

  @ApiProperty()
  paid!: boolean;

  @ApiProperty()
  created_at!: number;

  @ApiProperty()
  updated_at!: number;

  @ApiProperty({ type: Number, nullable: true, description: 'Unix seconds: when the last pending invitation expires.' })
  expiration_time!: number | null;

  @ApiProperty({ description: 'Dollars committed: the prices of the athletes not canceled.' })
  request_amount!: number;

  @ApiProperty({ description: 'Dollars refunded to the card so far.' })
  refunded_amount!: number;

  @ApiProperty({ description: 'Dollars charged for the campaign.' })
  total_paid!: number;

  @ApiProperty()
  athletes_count!: number;

  @ApiProperty({ enum: ['cancel'], isArray: true, description: "What the viewer can do now: 'cancel' while the campaign is pending." })
  available_actions!: string[];

  @ApiProperty({ type: [CampaignRequestDto] })
  requests!: CampaignRequestDto[];

  @ApiProperty({ type: () => [MoneyEventDto], description: "The campaign's money, oldest first: charged once, each share refunded, disputes." })
  money!: MoneyEventDto[];
}

export class CampaignPayload {
  @ApiProperty({ type: CampaignDto })
  campaign!: CampaignDto;
}

/** set-paid's answer: the request, or the campaign, that was paid. */
export class SetPaidPayload {
  @ApiPropertyOptional({ type: RequestDto })
  request?: RequestDto;

  @ApiPropertyOptional({ type: CampaignDto })
  campaign?: CampaignDto;
}

export class IceServerDto {
  @ApiProperty({ oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] })
  urls!: string | string[];

  @ApiPropertyOptional()
  username?: string;

  @ApiPropertyOptional()
  credential?: string;
}

/** A party's join of a call (spec §3's video session data, as the client gets it). */
export class VideoChatJoinPayload {
  @ApiProperty({ enum: ['twilio', 'embedded'] })
  provider!: string;

  @ApiProperty()
  appId!: string;

  @ApiProperty()
  channelName!: string;

  @ApiProperty({ description: "The caller's identity in the call." })
  uid!: string;

  @ApiProperty({ description: 'Bound to the room and the caller; expires at token_expires_at.' })
  token!: string;

  @ApiProperty()
  partner_uid!: string;

  @ApiProperty({ type: [IceServerDto] })
  ice_servers!: IceServerDto[];

  @ApiProperty({ description: 'Unix seconds: when the call started.' })
  started_at!: number;

  @ApiProperty({ description: "Unix seconds: when the call's 5 minutes are up." })
  ends_at!: number;

  @ApiProperty()
  token_expires_at!: number;
}

export class VideoChatCheckPayload {
  @ApiProperty()
  video_chat_completed!: boolean;

  @ApiProperty({ enum: REQUEST_STATUS_CODES })
  status!: number;
}

export class VideoSignalSentPayload {
  @ApiProperty()
  sent!: boolean;
}
