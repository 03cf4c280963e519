import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { SERVICE_TYPES } from '@huddle/domain';
import { NIL_GO_STATUSES } from '@huddle/domain/nil';
import { NIL_MESSAGES } from '../nil.errors';

export class NilCompanyDto {
  @ApiProperty({ description: "The business's name." }) name!: string;
  @ApiProperty({ type: String, nullable: true, description: "The business's contact email (its profile's, else its account's)." }) email!: string | null;
  @ApiProperty({ type: String, nullable: true }) website!: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The business's address, when its profile has one." }) address!: string | null;
}

export class NilPayorDto {
  @ApiProperty({ enum: ['fan', 'business'] }) kind!: 'fan' | 'business';
  @ApiProperty({ description: "The fan's public name, or the business's name." }) name!: string;
  @ApiProperty({ type: NilCompanyDto, nullable: true, description: 'A business payor and its details; null for a fan.' }) company!: NilCompanyDto | null;
}

export class NilDisclosureDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid', description: 'The accepted request; its page is /request/{id}.' }) request_id!: string;
  @ApiProperty({ enum: SERVICE_TYPES, description: "The service; 'endorsement_campaign' for a campaign's share." }) request_type!: string;
  @ApiProperty({ type: NilPayorDto }) payor!: NilPayorDto;
  @ApiProperty({ description: "The deal's compensation (the request's price), dollars." }) amount!: number;
  @ApiProperty({ description: "Huddle's platform fee, dollars." }) platform_fee!: number;
  @ApiProperty({ description: "The athlete's net (compensation less the fee), dollars." }) athlete_net!: number;
  @ApiProperty({ format: 'date-time', description: 'When the athlete accepted (the deal was agreed).' }) agreed_at!: string;
  @ApiProperty({ description: "What the athlete agreed to do: the request's details as text, one per line." }) obligations!: string;
  @ApiProperty({ description: "What this payor paid the athlete with this deal (void deals left out), dollars." }) payor_total!: number;
  @ApiProperty({ description: 'Must be reported to NIL Go: the payor total reached $600 with this deal or before.' }) flagged!: boolean;
  @ApiProperty({ type: String, nullable: true, format: 'date', description: 'YYYY-MM-DD: 5 business days after the agreed day (New York); null when not flagged.' })
  report_by!: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Business days to report_by: 0 on the day, negative when overdue; null when not flagged or already reported.' })
  business_days_left!: number | null;
  @ApiProperty({ type: String, nullable: true, format: 'date', description: 'YYYY-MM-DD the athlete reported it; null until then.' }) reported_on!: string | null;
  @ApiProperty({ type: String, enum: NIL_GO_STATUSES, nullable: true, description: "NIL Go's answer, when the athlete gave it." }) nil_go_status!: string | null;
  @ApiProperty({ description: 'The request was refunded in full: kept on record, left out of later totals.' }) void!: boolean;
  @ApiProperty({ description: "The packet's file name, e.g. huddle-nil-disclosure-2026-11-27-acme-co.pdf." }) packet_filename!: string;
}

export class NilDisclosureListPayload {
  @ApiProperty({ type: [NilDisclosureDto], description: 'Newest agreed first.' }) disclosures!: NilDisclosureDto[];
}

export class NilDisclosurePayload {
  @ApiProperty({ type: NilDisclosureDto }) disclosure!: NilDisclosureDto;
}

export class NilReportedInput {
  @ApiProperty({ format: 'date', description: 'YYYY-MM-DD: not before the agreed day (New York), not after today.' })
  @IsString({ message: NIL_MESSAGES.reportedOnInvalid })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: NIL_MESSAGES.reportedOnInvalid })
  reported_on!: string;

  @ApiPropertyOptional({ enum: NIL_GO_STATUSES, description: "NIL Go's answer; may be sent again to change it." })
  @IsOptional()
  @IsIn(NIL_GO_STATUSES, { message: NIL_MESSAGES.statusInvalid })
  nil_go_status?: (typeof NIL_GO_STATUSES)[number];
}
