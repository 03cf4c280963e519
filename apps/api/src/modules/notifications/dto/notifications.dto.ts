import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsUUID, Matches } from 'class-validator';
import type { LiveNotification, NotificationData } from '@huddle/domain';
import { PageQuery } from '../../page.query';
import { Omittable } from '../../dto-rules';

/** Ids at most per call: a page of the list is at most 100. */
const MAX_IDS = 100;

/** Spec §7 sends the ids as a JSON array inside a form field (or a query parameter); JSON bodies may send the array itself. */
function toIdList({ value }: { value: unknown }): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** ?page=&page_size= of the list. */
export class NotificationListQuery extends PageQuery {}

export class NotificationIdsInput {
  @ApiProperty({ description: 'The notifications, as a JSON array of ids (a form field), e.g. ["0b5e3c1a-..."].', example: '["0b5e3c1a-8a57-4f1e-9d43-2f0f8c7e9a10"]' })
  @Transform(toIdList)
  @IsArray({ message: 'ids must be a JSON array of notification ids' })
  @ArrayMinSize(1, { message: 'ids must name at least one notification' })
  @ArrayMaxSize(MAX_IDS, { message: `ids may name at most ${MAX_IDS} notifications` })
  @IsUUID('all', { each: true, message: 'ids must be a JSON array of notification ids' })
  ids!: string[];
}

export class NotificationStreamQuery {
  @ApiPropertyOptional({ description: 'The last event id the client saw, when it cannot send the Last-Event-ID header (a new EventSource).' })
  @Omittable()
  @Matches(/^\d{1,15}$/, { message: 'last_event_id must be the id of an event of this stream' })
  last_event_id?: string;
}

export class NotificationDataDto implements NotificationData {
  @ApiProperty()
  title!: string;

  @ApiProperty()
  text!: string;

  @ApiProperty({ nullable: true, type: String, description: 'The app path it opens: /request/{id} or /request/@{campaignId}.' })
  link!: string | null;
}

export class NotificationDto implements LiveNotification {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ description: "The user's notifications are numbered 1, 2, 3 ... in the order they happened: the stream's event id." })
  seq!: number;

  @ApiProperty({ type: NotificationDataDto })
  data!: NotificationDataDto;

  @ApiProperty()
  is_read!: boolean;

  @ApiProperty({ format: 'uuid' })
  user_id!: string;

  @ApiProperty({ format: 'uuid', nullable: true, type: String })
  reference_id!: string | null;

  @ApiProperty({ format: 'uuid', nullable: true, type: String })
  request_id!: string | null;

  @ApiProperty({ nullable: true, type: String })
  request_type!: LiveNotification['request_type'];

  @ApiProperty({ format: 'uuid', nullable: true, type: String })
  endorsement_campaign_id!: string | null;

  @ApiProperty({ description: 'Unix seconds.' })
  created_at!: number;

  @ApiProperty({ description: 'Unix seconds.' })
  updated_at!: number;
}

export class NotificationListPayload {
  @ApiProperty({ type: [NotificationDto] })
  notifications!: NotificationDto[];

  @ApiProperty()
  unread_count!: number;

  @ApiProperty()
  total!: number;

  @ApiProperty()
  page!: number;

  @ApiProperty()
  page_size!: number;
}

export class UnreadCountPayload {
  @ApiProperty()
  unread_count!: number;
}
