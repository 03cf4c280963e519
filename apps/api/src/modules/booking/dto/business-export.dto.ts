import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, Matches, MaxLength } from 'class-validator';
import { Omittable } from '../../dto-rules';
import { BUSINESS_EXPORT_FORMATS, BUSINESS_EXPORT_STATUSES } from '../entities/business-export.entity';
import type { BusinessExportFormat, BusinessExportStatus } from '../entities/business-export.entity';

export const EXPORT_FORMAT_MESSAGE = 'Choose csv or pdf';
export const EXPORT_SEND_MESSAGE = 'Choose true (email it) or false (download it)';
export const TIME_ZONE_MESSAGE = 'Choose a valid time zone';

/** GET /booking/request/counters-business-export: the spec's query (send, export), with the viewer's zone. */
export class BusinessExportQuery {
  @ApiProperty({ enum: BUSINESS_EXPORT_FORMATS, description: 'The file: csv or pdf.' })
  @IsIn(BUSINESS_EXPORT_FORMATS, { message: EXPORT_FORMAT_MESSAGE })
  export!: BusinessExportFormat;

  @ApiPropertyOptional({ enum: ['true', 'false'], description: "true: also emailed to the account's own address as an attachment; false (the default): downloaded." })
  @Omittable()
  @IsIn(['true', 'false'], { message: EXPORT_SEND_MESSAGE })
  send?: 'true' | 'false';

  @ApiPropertyOptional({ description: "The viewer's IANA time zone (the browser's) for the report's days and months; UTC by default.", example: 'America/Chicago' })
  @Omittable()
  @IsString({ message: TIME_ZONE_MESSAGE })
  @MaxLength(64, { message: TIME_ZONE_MESSAGE })
  @Matches(/^[A-Za-z0-9_+\-/]+$/, { message: TIME_ZONE_MESSAGE })
  tz?: string;
}

export class BusinessExportDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ enum: BUSINESS_EXPORT_FORMATS })
  format!: BusinessExportFormat;

  @ApiProperty({ description: "Emailed to the account's own address when done." })
  send!: boolean;

  @ApiProperty({ enum: BUSINESS_EXPORT_STATUSES })
  status!: BusinessExportStatus;

  @ApiProperty({ minimum: 0, maximum: 100, description: 'How far the job is, 0-100.' })
  progress!: number;

  @ApiProperty({ example: 'huddle-statistics-acme-co-2026-11-27.pdf' })
  filename!: string;

  @ApiProperty({ type: String, nullable: true, description: 'The address the email went to; set only once the mail server accepted it.' })
  emailed_to!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Why the export failed, in words for the user.' })
  error!: string | null;

  @ApiProperty({ format: 'date-time', description: 'ISO 8601.' })
  created_at!: string;

  @ApiProperty({ type: String, nullable: true, description: "The file's path under the API (/booking/request/counters-business-export/{id}/file) once done; null before." })
  download_path!: string | null;
}

export class BusinessExportPayload {
  @ApiProperty({ example: 'huddle-statistics-acme-co-2026-11-27.pdf' })
  filename!: string;

  @ApiProperty({ type: BusinessExportDto })
  export!: BusinessExportDto;
}
