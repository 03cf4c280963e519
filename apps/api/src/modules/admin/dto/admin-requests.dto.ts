import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, IsUUID, MaxLength } from 'class-validator';
import { MESSAGES, SERVICE_TYPES } from '@huddle/domain';
import { REQUEST_PAYOUT_STATUSES } from '@huddle/domain/payouts';
import type { RequestPayoutStatus } from '@huddle/domain/payouts';
import { Omittable } from '../../dto-rules';
import { PageQuery } from '../../page.query';
import { CampaignDto, RequestDto, RequestSummaryDto } from '../../booking/dto/request.dto';

export class AdminRequestsFilterQuery extends PageQuery {
  @ApiProperty({ format: 'uuid', description: 'The user, as athlete or requester.' })
  @IsUUID('all', { message: MESSAGES.nothingFound.title })
  user_id!: string;

  @ApiPropertyOptional({ enum: SERVICE_TYPES, description: "One of the eight types; endorsement_campaign picks a campaign's requests, endorsement those booked alone." })
  @Omittable()
  @IsIn(SERVICE_TYPES, { message: MESSAGES.unknownChoice })
  request_type?: string;

  @ApiPropertyOptional({ enum: REQUEST_PAYOUT_STATUSES, description: "The athlete's payout of the request: unpaid (including not finished yet), processing, paid." })
  @Omittable()
  @IsIn(REQUEST_PAYOUT_STATUSES, { message: MESSAGES.unknownChoice })
  payout_status?: RequestPayoutStatus;
}

/** A row of a user's requests: the summary the user's own list shows, and what the administrator adds to it. */
export class AdminRequestRowDto extends RequestSummaryDto {
  @ApiProperty({ enum: REQUEST_PAYOUT_STATUSES }) payout_status!: RequestPayoutStatus;
  @ApiProperty({ description: "Dollars of the athlete's share that reached them so far (0 when none). With payout_status 'unpaid' and above 0: paid in part." })
  payout_paid!: number;
  @ApiProperty({ format: 'uuid' }) athlete_id!: string;
  @ApiProperty({ format: 'uuid' }) requester_id!: string;
  @ApiProperty({ type: String, nullable: true, description: "The campaign the request is part of (its page is /manage/request/@{id})." }) endorsement_campaign_id!: string | null;
}

export class AdminRequestListPayload {
  @ApiProperty({ type: () => [AdminRequestRowDto] }) requests!: AdminRequestRowDto[];
  @ApiProperty() total!: number;
  @ApiProperty() page!: number;
  @ApiProperty() page_size!: number;
}

export class AdminRequestLookupQuery {
  @ApiProperty({ description: "A request's uuid, or '@' and a campaign's uuid." })
  @IsString({ message: MESSAGES.requestNotFound.title })
  @MaxLength(100, { message: MESSAGES.requestNotFound.title })
  id!: string;
}

/** A request as the administrator sees it, or a campaign (for an '@' id): one of the two. */
export class AdminRequestLookupPayload {
  @ApiPropertyOptional({ type: () => RequestDto }) request?: RequestDto;
  @ApiPropertyOptional({ type: () => CampaignDto }) campaign?: CampaignDto;
}
