import { ApiProperty } from '@nestjs/swagger';
import { ALL_ROLE_CODES } from '@huddle/domain';
import type { RoleCode, UserTypeCode } from '@huddle/domain';
import { AthleteInfoDto } from '../../athletes/dto/athlete-info.dto';
import { SocialLinksDto } from './social-links';

/** A business's part of AccountDto (spec §3, business_info). */
export class BusinessInfoDto {
  @ApiProperty({ type: String, nullable: true })
  name!: string | null;

  @ApiProperty({ type: String, nullable: true, format: 'email' })
  email!: string | null;

  @ApiProperty({ type: String, nullable: true })
  about!: string | null;

  @ApiProperty({ type: String, nullable: true, example: '+15551234567' })
  phone!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Path of an uploaded image.' })
  picture!: string | null;

  @ApiProperty({ type: String, nullable: true })
  website!: string | null;

  @ApiProperty({ type: String, nullable: true })
  description!: string | null;

  @ApiProperty({ type: String, nullable: true })
  category_list!: string | null;

  @ApiProperty({ type: String, nullable: true })
  single_line_address!: string | null;

  @ApiProperty({ format: 'uuid' })
  user_id!: string;
}

/** A fan's survey (spec §3): what the fan follows. */
export class FanInfoDto {
  @ApiProperty({ type: [Number] })
  conferences!: number[];

  @ApiProperty({ type: [Number] })
  sports!: number[];

  @ApiProperty({ type: [Number] })
  teams!: number[];
}

/** The one shape of an account the API answers (spec §3, Account); secrets never appear here. */
export class AccountDto extends SocialLinksDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ enum: [1, 2, 3, 4], description: '1 fan, 2 athlete, 3 business, 4 administrator.' })
  user_type!: UserTypeCode;

  @ApiProperty({ enum: ALL_ROLE_CODES, description: 'Role code of the route table: user_type, or user_type + 10 while the profile is incomplete.' })
  role!: RoleCode;

  @ApiProperty()
  profile_completed!: boolean;

  @ApiProperty()
  blocked!: boolean;

  @ApiProperty({ type: String, nullable: true })
  first_name!: string | null;

  @ApiProperty({ type: String, nullable: true })
  last_name!: string | null;

  @ApiProperty({ format: 'email' })
  email!: string;

  @ApiProperty({ type: String, nullable: true, example: '+15551234567' })
  phone!: string | null;

  @ApiProperty({ description: 'Whether the important steps of requests also come by email (in-app notifications always come).' })
  email_notifications!: boolean;

  @ApiProperty({ type: Number, nullable: true, description: 'Id from reference data genders.' })
  gender!: number | null;

  @ApiProperty({ type: String, nullable: true })
  username!: string | null;

  @ApiProperty({ type: String, nullable: true })
  description!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Path of the square profile photo.' })
  profile_photo!: string | null;

  @ApiProperty({ type: String, nullable: true, description: "Path of the athlete's 8:11 dashboard photo." })
  dashboard_photo!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Path of the intro video.' })
  intro_video!: string | null;

  @ApiProperty({ type: () => AthleteInfoDto, nullable: true, description: 'Athletes only.' })
  athlete_info!: AthleteInfoDto | null;

  @ApiProperty({ type: () => BusinessInfoDto, nullable: true, description: 'Businesses only.' })
  business_info!: BusinessInfoDto | null;

  @ApiProperty({ type: () => FanInfoDto, nullable: true, description: 'Fans only.' })
  fan_info!: FanInfoDto | null;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;
}

export class AccountPayload {
  @ApiProperty({ type: () => AccountDto })
  account!: AccountDto;
}

/** Sign-up and sign-in: the account and the session token (also set as the httpOnly cookie). */
export class SignedInPayload extends AccountPayload {
  @ApiProperty({ description: 'Session token for the x-access-token header; browsers use the cookie instead.' })
  session_token!: string;
}
