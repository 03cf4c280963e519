import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsNotEmpty, IsString, IsUUID, Matches, Max, MaxLength, Min } from 'class-validator';
import { LIMITS, MESSAGES } from '@huddle/domain';
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
