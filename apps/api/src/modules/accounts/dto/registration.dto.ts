import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDefined, IsInt, IsNotEmpty, ValidateNested } from 'class-validator';
import { isSocialLinkType, MESSAGES, SOCIAL_LINK_TYPES } from '@huddle/domain';
import type { SocialLinkType } from '@huddle/domain';
import { Omittable, Satisfies } from '../../dto-rules';
import { AthleteInfoInput } from '../../athletes/dto/athlete-info.dto';
import { BusinessInfoInput } from './business-info.input';
import { DescriptionField, GenderField, MediaPathField, OptionalName, RequiredName } from './profile-fields';
import { SocialLinksInput } from './social-links';

// Bounds one request's work; far more than anyone follows.
const MAX_FOLLOWED = 500;

/** athlete_personal_info of the wizard; finish-registration then requires names, photo and video. */
export class AthletePersonalInfoInput extends SocialLinksInput {
  @GenderField()
  gender?: number;

  @OptionalName()
  first_name?: string;

  @OptionalName()
  last_name?: string;

  @DescriptionField()
  description?: string | null;

  @MediaPathField('video')
  intro_video?: string;

  @MediaPathField('image')
  profile_photo?: string;

  @MediaPathField('image')
  dashboard_photo?: string;
}

/** POST /user/finish-registration and /user/save-athlete-profile (everything optional for the latter). */
export class AthleteRegistrationDto {
  @ApiPropertyOptional({ type: () => AthletePersonalInfoInput })
  @Omittable()
  @ValidateNested()
  @Type(() => AthletePersonalInfoInput)
  athlete_personal_info?: AthletePersonalInfoInput;

  @ApiPropertyOptional({ type: () => AthleteInfoInput })
  @Omittable()
  @ValidateNested()
  @Type(() => AthleteInfoInput)
  athlete_info?: AthleteInfoInput;
}

function FollowedIds(description: string): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ type: [Number], description }),
    IsDefined({ message: MESSAGES.required }),
    IsArray({ message: MESSAGES.unknownChoice }),
    ArrayMaxSize(MAX_FOLLOWED),
    IsInt({ each: true, message: MESSAGES.unknownChoice }),
  );
}

/** POST /user/fan/finish-registration. */
export class FanRegistrationDto {
  @RequiredName()
  first_name!: string;

  @RequiredName()
  last_name!: string;

  @GenderField()
  gender?: number;

  @MediaPathField('image', true)
  profile_photo!: string;

  @FollowedIds('Followed conference ids (reference data conferences).')
  conferences!: number[];

  @FollowedIds('Followed sport ids (reference data sports).')
  sports!: number[];

  @FollowedIds('Followed team ids (reference data teams).')
  teams!: number[];
}

/** POST /user/business/finish-registration. */
export class BusinessRegistrationDto {
  @RequiredName()
  first_name!: string;

  @RequiredName()
  last_name!: string;

  /** The contact's gender, as the wizard's profile step asks it of every role (left out: none). */
  @GenderField()
  gender?: number;

  @MediaPathField('image', true)
  profile_photo!: string;

  @ApiProperty({ type: () => BusinessInfoInput })
  @IsDefined({ message: MESSAGES.required })
  @ValidateNested()
  @Type(() => BusinessInfoInput)
  business_info!: BusinessInfoInput;
}

export class RemoveLinkQuery {
  @ApiProperty({ enum: SOCIAL_LINK_TYPES })
  @IsNotEmpty({ message: MESSAGES.required })
  @Satisfies('isSocialLinkType', isSocialLinkType, MESSAGES.unknownChoice)
  type!: SocialLinkType;
}
