import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { MESSAGES } from '@huddle/domain';
import { Omittable } from '../../dto-rules';

export const SEARCH_FIELDS = ['name', 'sport', 'school'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 50;
// Deep OFFSETs cost a scan of every skipped row; nobody pages a thousand pages into a search.
export const MAX_PAGE = 1000;
export const DEFAULT_RECENT_LIMIT = 10;

export class AthleteSearchQuery {
  @ApiPropertyOptional({ description: 'Text to search; empty lists every athlete.', example: 'jor mil' })
  @Omittable()
  @IsString()
  @MaxLength(100, { message: MESSAGES.textTooLong })
  filter?: string;

  @ApiPropertyOptional({ enum: SEARCH_FIELDS, default: 'name', description: 'What the filter matches: first/last name, a sport name, a school name or short name.' })
  @Omittable()
  @IsIn(SEARCH_FIELDS)
  field?: SearchField;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE, default: 1, description: '1-based page number.' })
  @Omittable()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE)
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE })
  @Omittable()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  page_size?: number;
}

export class RecentAthletesQuery {
  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_RECENT_LIMIT })
  @Omittable()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  limit?: number;
}

export class AthleteLookupQuery {
  @ApiPropertyOptional({ format: 'uuid', description: 'The athlete to show (or username).' })
  @Omittable()
  @IsString()
  @MaxLength(64)
  athlete_id?: string;

  @ApiPropertyOptional({ description: 'The athlete to show by username, as in /@{username}.', example: 'jordan.miles' })
  @Omittable()
  @IsString()
  @MaxLength(64)
  username?: string;
}

/** The spec's athlete list card plus what a card links to (docs/discovery-contract.md). */
export class AthleteCardDto {
  @ApiProperty({ format: 'uuid' })
  athlete_id!: string;

  @ApiProperty({ type: String, nullable: true, example: 'jordan.miles' })
  username!: string | null;

  @ApiProperty({ type: String, nullable: true })
  first_name!: string | null;

  @ApiProperty({ type: String, nullable: true })
  last_name!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Square photo, a /media/... path.' })
  profile_photo!: string | null;

  @ApiProperty({ type: String, nullable: true, description: '320x440 card photo, a /media/... path.' })
  dashboard_photo!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Name of the first sport.', example: 'Basketball' })
  sports_played!: string | null;

  @ApiProperty({ type: String, nullable: true })
  school_name!: string | null;

  @ApiProperty({ type: Number, nullable: true, description: 'Dollars; null when the athlete does not offer endorsements.', example: 150 })
  endorsement_rate!: number | null;

  @ApiProperty({ type: Number, nullable: true, description: 'Average stars (1..5, two decimals); null without reviews.', example: 4.67 })
  rating!: number | null;

  @ApiProperty({ example: 3 })
  reviews_count!: number;
}

export class AthleteSearchPayload {
  @ApiProperty({ type: () => [AthleteCardDto] })
  athletes!: AthleteCardDto[];

  @ApiProperty({ description: 'Athletes matching the filter, over every page.', example: 134 })
  total!: number;

  @ApiProperty({ example: 1 })
  page!: number;

  @ApiProperty({ example: 20 })
  page_size!: number;
}

export class RecentAthletesPayload {
  @ApiProperty({ type: () => [AthleteCardDto], description: 'Athletes the caller booked, most recent first, then the newest athletes.' })
  athletes!: AthleteCardDto[];
}
