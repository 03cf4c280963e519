import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsNotEmpty, IsString, IsUUID, Matches, Max, MaxLength, Min } from 'class-validator';
import { LIMITS, MESSAGES, VIDEO_SIGNAL_KINDS, VIDEO_SIGNAL_MAX_BYTES } from '@huddle/domain';
import { PageQuery } from '../../page.query';
import { Omittable, PlainText, Trim } from '../../dto-rules';

const NOT_FOUND = MESSAGES.requestNotFound.title;

export class RequestIdQuery {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: NOT_FOUND })
  request_id!: string;
}

export class RequestLookupQuery {
  @ApiProperty({ format: 'uuid', description: 'The request id.' })
  @IsUUID('all', { message: NOT_FOUND })
  id!: string;
}

export class PaidIdQuery {
  @ApiProperty({ description: 'The shareable id of a paid request (/request/@{paid_id}).' })
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{8,40}$/, { message: NOT_FOUND })
  paid_id!: string;
}

export class RequestBody {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: NOT_FOUND })
  request_id!: string;
}

export class RequestFilterQuery extends PageQuery {
  @ApiPropertyOptional({ enum: ['pending', 'accepted', 'finished'], default: 'pending' })
  @Omittable()
  @IsIn(['pending', 'accepted', 'finished'])
  status?: 'pending' | 'accepted' | 'finished';
}

export class CountersQuery {
  @ApiPropertyOptional({ description: "The viewer's IANA time zone (the browser's, e.g. America/Chicago) for the locker room's week and month; UTC by default.", example: 'America/Chicago' })
  @Omittable()
  @IsString()
  @MaxLength(64, { message: 'Choose a valid time zone' })
  @Matches(/^[A-Za-z0-9_+\-/]+$/, { message: 'Choose a valid time zone' })
  tz?: string;
}

export class ReviewBody {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: NOT_FOUND })
  request_id!: string;

  @ApiProperty({ minimum: 1, maximum: 5 })
  @IsInt({ message: MESSAGES.ratingRequired })
  @Min(1, { message: MESSAGES.ratingRequired })
  @Max(5, { message: MESSAGES.ratingRequired })
  rate!: number;
}

export class SupportBody {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: NOT_FOUND })
  request_id!: string;

  @ApiProperty({ maxLength: LIMITS.text.max })
  @Trim()
  @IsString()
  @IsNotEmpty({ message: MESSAGES.required })
  @MaxLength(LIMITS.text.max, { message: MESSAGES.textTooLong })
  @PlainText(true)
  message!: string;
}

export class VideoQuery {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: NOT_FOUND })
  request_id!: string;

  @ApiPropertyOptional({ enum: ['1'], description: '1: as an attachment (Download video).' })
  @Omittable()
  @IsIn(['1', '0'])
  download?: string;

  @ApiPropertyOptional({ enum: ['watermarked'] })
  @Omittable()
  @IsIn(['watermarked', 'original'])
  variant?: string;
}

/** The delivery form's fields (the video part is read by the upload interceptor). */
export class DeliveryUploadBody {
  @ApiProperty({ format: 'uuid' })
  request_id!: string;

  @ApiProperty({ type: 'string', format: 'binary', description: 'mp4 or QuickTime, checked by content; up to VIDEO_MAX_MB; no duration limit.' })
  video!: unknown;
}

export class ApproveBody {
  @ApiProperty({ format: 'uuid' })
  request_id!: string;
}

export class AcceptQuery extends RequestIdQuery {
  @ApiPropertyOptional({
    enum: ['true', 'false'],
    description: "Endorsements: the athlete acknowledges the paid-endorsement disclosure (#ad or the platform's paid-partnership label); required to accept one.",
  })
  @Omittable()
  @IsIn(['true', 'false', '1', '0'])
  disclosure_acknowledged?: string;
}

const CAMPAIGN_NOT_FOUND = 'Campaign not found';

export class CampaignLookupQuery {
  @ApiProperty({ format: 'uuid', description: 'The campaign id (/request/@{campaignId}).' })
  @IsUUID('all', { message: CAMPAIGN_NOT_FOUND })
  endorsement_campaign!: string;
}

export class CampaignIdQuery {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: CAMPAIGN_NOT_FOUND })
  campaign_id!: string;
}

/** A request (request_id) or a campaign (endorsement_campaign_id): exactly one (the checkout's calls). */
export class RequestOrCampaignRef {
  @ApiPropertyOptional({ format: 'uuid' })
  @Omittable()
  @IsUUID('all', { message: NOT_FOUND })
  request_id?: string;

  @ApiPropertyOptional({ format: 'uuid' })
  @Omittable()
  @IsUUID('all', { message: CAMPAIGN_NOT_FOUND })
  endorsement_campaign_id?: string;
}

/** The payment sheet of a request or of a campaign (query). */
export class PaymentSheetQuery extends RequestOrCampaignRef {}

/** set-paid of a request or of a campaign (body). */
export class SetPaidBody extends RequestOrCampaignRef {}

/** The campaign form (spec §7), as a form sends it: strings; validated by libs/domain's campaignPayloadSchema. */
export class CampaignCreateBody {
  @ApiProperty({ maxLength: 200 }) name!: string;
  @ApiProperty({ maxLength: LIMITS.text.max }) endorsement_task!: string;
  @ApiPropertyOptional({ description: 'Optional; a link without a scheme gets https.' }) endorsement_link?: string;
  @ApiPropertyOptional({ description: 'Comma-joined social platforms.' }) social_media_platform?: string;
  @ApiProperty({ description: 'Comma-joined athlete ids (1 to 50).' }) athlete_ids!: string;
  @ApiProperty({ description: 'A JSON list of {"athlete_id", "amount"} (dollars, 1.5 to below 99999999), one per athlete, amounts above 0 only.' })
  proposed_amounts!: string;
}

export class VideoSignalBody {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: NOT_FOUND })
  request_id!: string;

  @ApiProperty({ description: "The caller's join token (GET /booking/request/video-chat)." })
  @IsString()
  @MaxLength(2000)
  token!: string;

  @ApiProperty({ enum: VIDEO_SIGNAL_KINDS })
  @IsIn([...VIDEO_SIGNAL_KINDS])
  kind!: string;

  @ApiProperty({ description: 'The SDP or ICE candidate as JSON text (at most 16 KB).' })
  @IsString()
  @MaxLength(VIDEO_SIGNAL_MAX_BYTES)
  data!: string;
}
