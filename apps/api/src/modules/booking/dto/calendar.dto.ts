import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { REQUEST_STATUS_CODES } from '@huddle/domain';
import { TIMED_SERVICE_TYPES } from '@huddle/domain/request-actions';

/** The longest range one calendar read may cover: a month view with its leading and trailing weeks, with room. */
export const CALENDAR_MAX_DAYS = 100;

const toSeconds = ({ value }: { value: unknown }): unknown => (typeof value === 'string' && /^\d{1,11}$/.test(value) ? Number(value) : value);

export class CalendarRangeQuery {
  @ApiProperty({ description: 'Start of the range, unix seconds (inclusive): events ending after it are listed.' })
  @Transform(toSeconds)
  @IsInt({ message: 'Choose a valid start of the range' })
  @Min(0, { message: 'Choose a valid start of the range' })
  @Max(32503680000, { message: 'Choose a valid start of the range' })
  from!: number;

  @ApiProperty({ description: `End of the range, unix seconds (exclusive): after from, at most ${CALENDAR_MAX_DAYS} days later.` })
  @Transform(toSeconds)
  @IsInt({ message: 'Choose a valid end of the range' })
  @Min(0, { message: 'Choose a valid end of the range' })
  @Max(32503680000, { message: 'Choose a valid end of the range' })
  to!: number;
}

export class CalendarEventDto {
  @ApiProperty({ format: 'uuid', description: 'The request; its page is /request/{id}.' })
  id!: string;

  @ApiProperty({ enum: TIMED_SERVICE_TYPES })
  type!: string;

  @ApiProperty({ enum: REQUEST_STATUS_CODES, description: 'Accepted (2), In progress (6) or Finished (5).' })
  status!: number;

  @ApiProperty({ description: "The request's name as the requester gave it." })
  name!: string;

  @ApiProperty({ description: 'Unix seconds.' })
  start_time!: number;

  @ApiProperty({ description: 'Unix seconds.' })
  end_time!: number;

  @ApiProperty({ type: String, nullable: true, description: 'The address; null for a video chat.' })
  address!: string | null;

  @ApiProperty({ description: "The requester's public name: a business's name, else first name and last initial." })
  requester_name!: string;
}

export class CalendarPayload {
  @ApiProperty({ type: [CalendarEventDto], description: 'By start.' })
  events!: CalendarEventDto[];
}

export class CalendarFeedPayload {
  @ApiProperty({ description: "The private iCal feed's URL (PUBLIC_APP_URL/api/v1/public/calendar/{token}.ics); whoever holds it reads the calendar." })
  url!: string;
}
