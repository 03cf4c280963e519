import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import { isValidEmail, isValidResetCode, LIMITS, MESSAGES } from '@huddle/domain';
import { NormaliseEmail, Satisfies, Trim } from '../../dto-rules';

export class RequestPasswordResetDto {
  @ApiProperty({ format: 'email', example: 'fan@huddle.test' })
  @NormaliseEmail()
  @IsNotEmpty({ message: MESSAGES.emailRequired })
  @Satisfies('isValidEmail', isValidEmail, MESSAGES.emailInvalid)
  email!: string;
}

export class ConfirmPasswordResetDto extends RequestPasswordResetDto {
  @ApiProperty({ description: 'The new password.', minLength: LIMITS.password.min, maxLength: LIMITS.password.max })
  @IsNotEmpty({ message: MESSAGES.passwordRequired })
  @IsString({ message: MESSAGES.passwordRequired })
  @MinLength(LIMITS.password.min, { message: MESSAGES.passwordTooShort })
  @MaxLength(LIMITS.password.max, { message: MESSAGES.passwordTooLong })
  password!: string;

  @ApiProperty({ description: 'The six-digit code from the email.', example: '042917', pattern: '^\\d{6}$' })
  @Trim()
  @IsNotEmpty({ message: MESSAGES.enterCode })
  @Satisfies('isValidResetCode', isValidResetCode, MESSAGES.enterCode)
  verificationCode!: string;
}
