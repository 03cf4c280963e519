import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { LIMITS, MESSAGES } from '@huddle/domain';
import { PlainText, Trim } from '../../dto-rules';
import { MediaPathField, OptionalText, RequiredEmailField, RequiredLinkField, RequiredPhoneField } from './profile-fields';

/** business_info as a business edits it: name, phone, email and website are required (spec §5). */
export class BusinessInfoInput {
  @ApiProperty({ maxLength: LIMITS.businessName.max, example: 'Acme Sports Drinks' })
  @Trim()
  @IsNotEmpty({ message: MESSAGES.required })
  @IsString()
  @MaxLength(LIMITS.businessName.max)
  @PlainText()
  name!: string;

  @RequiredEmailField()
  email!: string;

  @RequiredPhoneField()
  phone!: string;

  @RequiredLinkField()
  website!: string;

  @OptionalText()
  about?: string | null;

  @OptionalText()
  description?: string | null;

  @OptionalText()
  category_list?: string | null;

  @OptionalText()
  single_line_address?: string | null;

  @MediaPathField('image')
  picture?: string;
}
