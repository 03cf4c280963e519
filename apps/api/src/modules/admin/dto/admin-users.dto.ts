import { ApiProperty, ApiPropertyOptional, IntersectionType, PartialType, PickType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsNotEmpty, IsString, IsUUID, MaxLength, ValidateNested } from 'class-validator';
import { ALL_ROLE_CODES, MESSAGES, UserType } from '@huddle/domain';
import type { RoleCode, UserTypeCode } from '@huddle/domain';
import { Omittable, Trim } from '../../dto-rules';
import { PageQuery, toInteger } from '../../page.query';
import { AccountDto } from '../../accounts/dto/account.dto';
import { UpdateAccountDto } from '../../accounts/dto/update-account.dto';
import { AthleteInfoInput } from '../../athletes/dto/athlete-info.dto';
import { AthleteServicesInput } from '../../athletes/dto/athlete-services.dto';
import { SignUpDto } from '../../auth/dto/credentials.dto';

const USER_TYPES = [UserType.Fan, UserType.Athlete, UserType.Business, UserType.Admin] as const;
/** 2 any, 1 complete, 0 incomplete (spec §6, the users list's filter). */
export const PROFILE_COMPLETED_FILTERS = [0, 1, 2] as const;
export type ProfileCompletedFilter = (typeof PROFILE_COMPLETED_FILTERS)[number];

const NOTHING_FOUND = MESSAGES.nothingFound.title;

/** GET /admin/user/search and /admin/user/list-by-type. A page_size given is kept as the administrator's setting. */
export class AdminUsersQuery extends PageQuery {
  @ApiPropertyOptional({ maxLength: 200, description: 'Part of a name, email or username, or a whole account id.' })
  @Omittable()
  @Trim()
  @IsString()
  @MaxLength(200)
  request?: string;

  @ApiPropertyOptional({ enum: USER_TYPES, description: '1 fan, 2 athlete, 3 business, 4 administrator; left out: every type.' })
  @Omittable()
  @Transform(toInteger)
  @IsIn(USER_TYPES, { message: MESSAGES.unknownChoice })
  user_type?: UserTypeCode;

  @ApiPropertyOptional({ enum: PROFILE_COMPLETED_FILTERS, default: 2, description: '2 any, 1 complete, 0 incomplete.' })
  @Omittable()
  @Transform(toInteger)
  @IsIn(PROFILE_COMPLETED_FILTERS, { message: MESSAGES.unknownChoice })
  profile_completed?: ProfileCompletedFilter;
}

/** One account of the console's users list. */
export class AdminUserRowDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: USER_TYPES }) user_type!: UserTypeCode;
  @ApiProperty({ enum: ALL_ROLE_CODES, description: 'user_type, or user_type + 10 while the profile is incomplete.' }) role!: RoleCode;
  @ApiProperty({ type: String, nullable: true }) first_name!: string | null;
  @ApiProperty({ type: String, nullable: true }) last_name!: string | null;
  @ApiProperty({ format: 'email' }) email!: string;
  @ApiProperty({ type: String, nullable: true }) phone!: string | null;
  @ApiProperty({ type: String, nullable: true }) username!: string | null;
  @ApiProperty({ type: String, nullable: true }) profile_photo!: string | null;
  @ApiProperty() blocked!: boolean;
  @ApiProperty() profile_completed!: boolean;
  @ApiProperty({ description: 'ISO 8601.' }) created_at!: string;
}

export class AdminUsersPayload {
  @ApiProperty({ type: [AdminUserRowDto] }) users!: AdminUserRowDto[];
  @ApiProperty() total!: number;
  @ApiProperty() page!: number;
  @ApiProperty() page_size!: number;
}

/** GET /admin/user?user_id=: any text; what is not a live account's id answers 1404 'Nothing found'. */
export class AdminUserIdQuery {
  @ApiProperty({ format: 'uuid' })
  @IsString({ message: NOTHING_FOUND })
  user_id!: string;
}

/** The whole account as the console shows it: AccountDto, never deleted (a deleted account is not found). */
export class AdminUserDto extends AccountDto {
  @ApiProperty({ enum: [false] }) deleted!: false;
}

export class AdminUserPayload {
  @ApiProperty({ type: AdminUserDto }) user!: AdminUserDto;
}

export class AdminUserMessagePayload {
  @ApiProperty({ type: AdminUserDto }) user!: AdminUserDto;
  @ApiProperty() message!: string;
}

export class AdminUserRowMessagePayload {
  @ApiProperty({ type: AdminUserRowDto }) user!: AdminUserRowDto;
  @ApiProperty() message!: string;
}

export class AdminMessagePayload {
  @ApiProperty() message!: string;
}

/** POST /admin/user/add: the sign-up's email and role rules (1 fan, 2 athlete, 3 business). */
export class AdminAddUserInput extends PickType(SignUpDto, ['email', 'user_type'] as const) {}

/** A body naming one account. */
export class AdminUserIdInput {
  @ApiProperty({ format: 'uuid' })
  @IsNotEmpty({ message: NOTHING_FOUND })
  @IsUUID('all', { message: NOTHING_FOUND })
  user_id!: string;
}

export class AdminBlockUserInput extends AdminUserIdInput {
  @ApiProperty({ description: 'true blocks, false unblocks.' })
  @IsBoolean({ message: MESSAGES.required })
  blocked!: boolean;
}

/** ?athlete_id= of the console's uploads on an athlete's behalf. */
export class AdminAthleteIdQuery {
  @ApiProperty({ format: 'uuid' })
  @IsNotEmpty({ message: NOTHING_FOUND })
  @IsUUID('all', { message: NOTHING_FOUND })
  athlete_id!: string;
}

/**
 * POST /admin/user/update: the fields of the user's own settings (PUT /user/accounts), each
 * optional (a missing one keeps what is stored) but checked by the same rules with the same
 * messages when sent; an athlete's services as PUT /athlete/services takes them, and the school
 * and sports as the wizard's athlete_info takes them.
 */
export class AdminUpdateUserInput extends IntersectionType(
  PartialType(UpdateAccountDto, { skipNullProperties: false }),
  PickType(AthleteInfoInput, ['school_id', 'sports'] as const),
) {
  @ApiProperty({ format: 'uuid' })
  @IsNotEmpty({ message: NOTHING_FOUND })
  @IsUUID('all', { message: NOTHING_FOUND })
  user_id!: string;

  @ApiPropertyOptional({ type: () => AthleteServicesInput, description: 'Athletes only: as PUT /athlete/services; at least one service stays on.' })
  @Omittable()
  @ValidateNested()
  @Type(() => AthleteServicesInput)
  athlete_services?: AthleteServicesInput;
}
