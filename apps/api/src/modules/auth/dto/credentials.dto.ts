import { ApiProperty } from '@nestjs/swagger';
import { Equals, IsIn, IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import { isValidEmail, isValidPhone, LIMITS, MESSAGES, UserType } from '@huddle/domain';
import { NormaliseEmail, NormalisePhone, Satisfies } from '../../dto-rules';

const SIGN_UP_USER_TYPES = [UserType.Fan, UserType.Athlete, UserType.Business] as const;

/** POST /user/email-verifications: sign-up with email and password. */
export class SignUpDto {
  @ApiProperty({ enum: SIGN_UP_USER_TYPES, description: '1 fan, 2 athlete, 3 business.' })
  @IsNotEmpty({ message: MESSAGES.userTypeInvalid })
  @IsIn(SIGN_UP_USER_TYPES, { message: MESSAGES.userTypeInvalid })
  user_type!: (typeof SIGN_UP_USER_TYPES)[number];

  @ApiProperty({ format: 'email', example: 'fan@huddle.test' })
  @NormaliseEmail()
  @IsNotEmpty({ message: MESSAGES.emailRequired })
  @MaxLength(254, { message: MESSAGES.emailInvalid })
  @Satisfies('isValidEmail', isValidEmail, MESSAGES.emailInvalid)
  email!: string;

  @ApiProperty({ minLength: LIMITS.password.min, maxLength: LIMITS.password.max })
  @IsNotEmpty({ message: MESSAGES.passwordRequired })
  @IsString({ message: MESSAGES.passwordRequired })
  @MinLength(LIMITS.password.min, { message: MESSAGES.passwordTooShort })
  @MaxLength(LIMITS.password.max, { message: MESSAGES.passwordTooLong })
  password!: string;

  @ApiProperty({ description: 'US number; stored as +1 and ten digits.', example: '+15551234567' })
  @NormalisePhone()
  @IsNotEmpty({ message: MESSAGES.phoneRequired })
  @Satisfies('isValidPhone', isValidPhone, MESSAGES.phoneIncorrect)
  phone!: string;

  @ApiProperty({ enum: [true], description: 'The EULA was read and accepted.' })
  @Equals(true, { message: MESSAGES.eulaRequired })
  eula_accepted!: true;
}

/** POST /user/sign-ins, sent as a form. */
export class SignInDto {
  @ApiProperty({ format: 'email' })
  @NormaliseEmail()
  @IsNotEmpty({ message: MESSAGES.emailRequired })
  @IsString({ message: MESSAGES.emailRequired })
  email!: string;

  @ApiProperty()
  @IsNotEmpty({ message: MESSAGES.passwordRequired })
  @IsString({ message: MESSAGES.passwordRequired })
  @MaxLength(LIMITS.password.max, { message: MESSAGES.passwordTooLong })
  password!: string;
}
