import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, IsUUID, MaxLength } from 'class-validator';
import { MESSAGES } from '@huddle/domain';
import { Omittable, Trim } from '../../dto-rules';
import { PageQuery } from '../../page.query';

/** What an audit row can be about (admin_audit.subject_type). */
export const AUDIT_SUBJECT_TYPES = ['user', 'request', 'campaign', 'payout', 'push', 'incident', 'job', 'money_incident', 'payout_item'] as const;

/** GET /admin/audit: newest first, narrowed by any of these. */
export class AdminAuditQuery extends PageQuery {
  @ApiPropertyOptional({ format: 'uuid', description: 'Only what this administrator did.' })
  @Omittable()
  @IsUUID('all', { message: MESSAGES.unknownChoice })
  admin_id?: string;

  @ApiPropertyOptional({ enum: AUDIT_SUBJECT_TYPES })
  @Omittable()
  @IsIn(AUDIT_SUBJECT_TYPES, { message: MESSAGES.unknownChoice })
  subject_type?: string;

  @ApiPropertyOptional({ maxLength: 255, description: 'The id of the user, request, campaign, ... the action was on.' })
  @Omittable()
  @Trim()
  @IsString()
  @MaxLength(255)
  subject_id?: string;

  @ApiPropertyOptional({ maxLength: 60, example: 'user.block' })
  @Omittable()
  @Trim()
  @IsString()
  @MaxLength(60)
  action?: string;
}

export class AdminAuditEntryDto {
  @ApiProperty() id!: string;
  @ApiProperty({ format: 'uuid' }) admin_id!: string;
  @ApiProperty({ description: "The administrator's name, or their email when they have none." }) admin_name!: string;
  @ApiProperty({ example: 'user.block' }) action!: string;
  @ApiProperty() subject_type!: string;
  @ApiProperty() subject_id!: string;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true }) before!: Record<string, unknown> | null;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true }) after!: Record<string, unknown> | null;
  @ApiProperty({ description: 'ISO 8601.' }) created_at!: string;
}

export class AdminAuditPayload {
  @ApiProperty({ type: [AdminAuditEntryDto] }) entries!: AdminAuditEntryDto[];
  @ApiProperty() total!: number;
  @ApiProperty() page!: number;
  @ApiProperty() page_size!: number;
}
