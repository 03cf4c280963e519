import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { ATHLETE_SERVICE_TYPES, SERVICE_TYPES } from '@huddle/domain';
import type { AthleteServiceType, ServiceType } from '@huddle/domain';
import { SocialLinksDto } from '../../accounts/dto/social-links';

export class SportRefDto {
  @ApiProperty({ example: 2 })
  id!: number;

  @ApiProperty({ example: 'Basketball' })
  name!: string;
}

export class PublicServiceDto {
  @ApiProperty({ enum: ATHLETE_SERVICE_TYPES })
  type!: AthleteServiceType;

  @ApiProperty({ description: 'Dollars (per hour when per_hour).', example: 120 })
  rate!: number;

  @ApiProperty({ description: 'Camp and training sessions are priced per hour.' })
  per_hour!: boolean;
}

export class AthleteProfileDto extends SocialLinksDto {
  @ApiProperty({ format: 'uuid' })
  athlete_id!: string;

  @ApiProperty({ type: String, nullable: true })
  username!: string | null;

  @ApiProperty({ type: String, nullable: true })
  first_name!: string | null;

  @ApiProperty({ type: String, nullable: true })
  last_name!: string | null;

  @ApiProperty({ type: String, nullable: true })
  description!: string | null;

  @ApiProperty({ type: String, nullable: true })
  profile_photo!: string | null;

  @ApiProperty({ type: String, nullable: true })
  dashboard_photo!: string | null;

  @ApiProperty({ type: String, nullable: true })
  intro_video!: string | null;

  @ApiProperty({ type: Number, nullable: true, description: 'Id from reference data genders.' })
  gender!: number | null;

  @ApiProperty({ type: Number, nullable: true })
  school_id!: number | null;

  @ApiProperty({ type: String, nullable: true })
  school_name!: string | null;

  @ApiProperty({ type: () => [SportRefDto], description: 'The one played first.' })
  sports!: SportRefDto[];

  @ApiProperty({ type: String, nullable: true })
  sports_played!: string | null;

  @ApiProperty({ type: () => [PublicServiceDto], description: 'Enabled services only.' })
  services!: PublicServiceDto[];

  @ApiProperty({ type: Number, nullable: true, description: 'Average stars; null without reviews.' })
  rating!: number | null;

  @ApiProperty()
  reviews_count!: number;

  @ApiProperty({ type: String, nullable: true, description: "Path of the public profile ('/@username'); null without a username.", example: '/@jordan.miles' })
  profile_url_path!: string | null;
}

export class ReviewDto {
  @ApiProperty({ minimum: 1, maximum: 5 })
  rate!: number;

  @ApiProperty({ description: 'Unix seconds.' })
  submitted_at!: number;

  @ApiProperty()
  reviewer_name!: string;

  @ApiProperty({ type: String, nullable: true })
  reviewer_image!: string | null;

  @ApiProperty({ type: String, nullable: true })
  comment!: string | null;
}

/** The route a profile's shoutout plays from, under the API root. */
export const SHOUTOUT_VIDEO_ROUTE = 'public/athletes/shoutout-video';

export class ShoutoutPreviewDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({
    description: `Path under the API root that streams the watermarked video (${SHOUTOUT_VIDEO_ROUTE}?id=...: a redirect to a short-lived signed URL); never the original.`,
    example: `${SHOUTOUT_VIDEO_ROUTE}?id=0b5e3c1a-8a57-4f1e-9d43-2f0f8c7e9a10`,
  })
  video!: string;

  @ApiProperty({ description: 'Unix seconds.' })
  created_at!: number;
}

export class ShoutoutVideoQuery {
  // A malformed id names no shoutout: the same 1404 as an unknown one, so it is checked there.
  @ApiProperty({ format: 'uuid', description: 'The id of a shoutout on the profile (ShoutoutPreviewDto.id).' })
  @IsString()
  @MaxLength(64)
  id!: string;
}

/** A finished request as anyone (guests included) may see it: no request id, no full name. */
export class HistoryItemDto {
  @ApiProperty({ enum: SERVICE_TYPES })
  type!: ServiceType;

  @ApiProperty({ description: 'Unix seconds.' })
  finished_at!: number;

  @ApiProperty({ description: "The requester's first name and last initial ('Riley P.'), or the business's name for a business requester." })
  requester_name!: string;
}

export class AthletePublicPayload {
  @ApiProperty({ type: () => AthleteProfileDto })
  athlete!: AthleteProfileDto;

  @ApiProperty({ type: () => [ReviewDto], description: 'Newest first.' })
  reviews!: ReviewDto[];

  @ApiProperty({ type: () => [ShoutoutPreviewDto] })
  shoutouts!: ShoutoutPreviewDto[];

  @ApiProperty({ type: () => [HistoryItemDto], description: 'Finished requests, newest first, at most 20.' })
  history!: HistoryItemDto[];
}
