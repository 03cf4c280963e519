import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, ValidateIf, ValidateNested } from 'class-validator';
import { isValidUsername, LIMITS, MESSAGES } from '@huddle/domain';
import { Omittable, Satisfies, Trim } from '../../dto-rules';
import { BusinessInfoInput } from './business-info.input';
import {
  DescriptionField,
  GenderField,
  MediaPathField,
  RequiredEmailField,
  RequiredName,
  RequiredPhoneField,
} from './profile-fields';
import { SocialLinksInput } from './social-links';

/**
 * PATCH /user/accounts: one part of the caller's profile saved on its own (a new photo or intro
 * video, the social links, the request emails switch), every field optional. The profile form's
 * required fields (names, email, phone: spec §5's profile edit) belong to PUT; a part saved alone
 * does not re-send them, so an account that never gave a phone (a business signed in with
 * Facebook, a user an administrator added) can still change its photo or its links.
 */
export class PatchAccountDto extends SocialLinksInput {
  @ApiPropertyOptional({ description: 'Whether the important steps of requests also come by email; left out: unchanged.' })
  @Omittable()
  @IsBoolean()
  email_notifications?: boolean;

  @MediaPathField('image')
  profile_photo?: string;

  @MediaPathField('image')
  dashboard_photo?: string;

  @MediaPathField('video')
  intro_video?: string;
}

/**
 * PUT /user/accounts: the caller's own profile (there is no id: nobody edits anyone else's here):
 * the parts PATCH saves alone, and the form's required fields.
 */
export class UpdateAccountDto extends PatchAccountDto {
  @RequiredName()
  first_name!: string;

  @RequiredName()
  last_name!: string;

  @RequiredEmailField()
  email!: string;

  @RequiredPhoneField()
  phone!: string;

  @GenderField()
  gender?: number;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    pattern: `^[A-Za-z0-9._]{${LIMITS.username.min},${LIMITS.username.max}}$`,
    description: 'Unique, case-insensitively. Cannot be removed once set.',
  })
  @Trim()
  @ValidateIf((_object, value) => value !== undefined && value !== null && value !== '')
  @Satisfies('isValidUsername', isValidUsername, MESSAGES.usernameInvalid)
  username?: string | null;

  @DescriptionField()
  description?: string | null;

  @ApiPropertyOptional({ type: () => BusinessInfoInput, description: 'Businesses only; ignored for other accounts.' })
  @Omittable()
  @ValidateNested()
  @Type(() => BusinessInfoInput)
  business_info?: BusinessInfoInput;
}
