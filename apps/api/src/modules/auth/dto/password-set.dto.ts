import { ApiProperty, PickType } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { ADMIN_MESSAGES } from '@huddle/domain/admin';
import { SignUpDto } from './credentials.dto';

/** POST /user/accounts/password-set: the emailed link's token and the password, by the sign-up's rules. */
export class SetPasswordDto extends PickType(SignUpDto, ['password'] as const) {
  @ApiProperty({ description: 'The token of the emailed /set-password?token= link.' })
  @IsNotEmpty({ message: ADMIN_MESSAGES.setPasswordLinkInvalid })
  @IsString({ message: ADMIN_MESSAGES.setPasswordLinkInvalid })
  @MaxLength(200, { message: ADMIN_MESSAGES.setPasswordLinkInvalid })
  token!: string;
}
