import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength, ValidateIf } from 'class-validator';
import { GENDERS, isGenderId, isValidEmail, isValidLink, isValidPhone, LIMITS, MESSAGES } from '@huddle/domain';
import { NormaliseEmail, NormaliseLink, NormalisePhone, Omittable, PlainText, Satisfies, SatisfiesNumber, Trim } from '../../dto-rules';

// Longest stored media path; paths are short keys under /media, this only bounds abuse.
const MAX_MEDIA_PATH = 500;
const MAX_LINK = 500;
const MAX_NAME = LIMITS.personName.max;

const isBlank = (value: unknown): boolean => value === '' || value === null || value === undefined;

/** A name the form requires ('This field is required'). */
export function RequiredName(): PropertyDecorator {
  return applyDecorators(ApiProperty({ maxLength: MAX_NAME }), Trim(), IsNotEmpty({ message: MESSAGES.required }), IsString(), MaxLength(MAX_NAME), PlainText());
}

/** A name that may be left out (the athlete wizard's partial saves). */
export function OptionalName(): PropertyDecorator {
  return applyDecorators(ApiPropertyOptional({ maxLength: MAX_NAME }), Trim(), Omittable(), IsNotEmpty({ message: MESSAGES.required }), IsString(), MaxLength(MAX_NAME), PlainText());
}

/** Required once present (spec §5: 'gender required when present'): null or '' is refused, absence keeps it. */
export function GenderField(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: Number, enum: GENDERS.map((gender) => gender.id), description: 'Id from reference data genders.' }),
    ValidateIf((_object, value) => value !== undefined),
    IsNotEmpty({ message: MESSAGES.required }),
    SatisfiesNumber('isGenderId', isGenderId, MESSAGES.unknownChoice),
  );
}

/** A social link: optional; '' or null removes it; otherwise checked as typed, then given https when it has no scheme. */
export function SocialLinkField(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_LINK, example: 'https://instagram.com/jordan' }),
    NormaliseLink(),
    ValidateIf((_object, value) => !isBlank(value)),
    Satisfies('isValidLink', isValidLink, MESSAGES.invalidLink),
    MaxLength(MAX_LINK, { message: MESSAGES.invalidLink }),
  );
}

export function DescriptionField(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: String, nullable: true, maxLength: LIMITS.description.max }),
    ValidateIf((_object, value) => !isBlank(value)),
    IsString(),
    MaxLength(LIMITS.description.max, { message: MESSAGES.descriptionTooLong }),
    PlainText(true),
  );
}

/**
 * The path of a file the caller uploaded (POST /user/upload-photo or upload-intro); ownership is
 * checked by the media module. It cannot be emptied: a profile keeps a photo and a video once it has one.
 */
export function MediaPathField(kind: 'image' | 'video', required = false): PropertyDecorator {
  const message = kind === 'image' ? MESSAGES.choosePhoto : MESSAGES.chooseVideo;
  const documented = { type: String, maxLength: MAX_MEDIA_PATH, description: `Path answered by the ${kind === 'image' ? 'photo' : 'video'} upload.` };
  return applyDecorators(
    required ? ApiProperty(documented) : ApiPropertyOptional(documented),
    ...(required ? [] : [ValidateIf((_object: object, value: unknown) => value !== undefined && value !== null)]),
    IsNotEmpty({ message }),
    IsString({ message }),
    MaxLength(MAX_MEDIA_PATH, { message }),
  );
}

export function RequiredEmailField(): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ format: 'email' }),
    NormaliseEmail(),
    IsNotEmpty({ message: MESSAGES.required }),
    MaxLength(254, { message: MESSAGES.emailInvalid }),
    Satisfies('isValidEmail', isValidEmail, MESSAGES.emailInvalid),
  );
}

export function RequiredPhoneField(): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ description: 'US number; stored as +1 and ten digits.', example: '+15551234567' }),
    NormalisePhone(),
    IsNotEmpty({ message: MESSAGES.required }),
    Satisfies('isValidPhone', isValidPhone, MESSAGES.phoneIncorrect),
  );
}

export function RequiredLinkField(): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ maxLength: MAX_LINK, example: 'https://acme.example' }),
    NormaliseLink(),
    IsNotEmpty({ message: MESSAGES.required }),
    Satisfies('isValidLink', isValidLink, MESSAGES.invalidLink),
    MaxLength(MAX_LINK, { message: MESSAGES.invalidLink }),
  );
}

/** Free text of the business details: optional, bounded like every text field (spec §9: 500). */
export function OptionalText(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: String, nullable: true, maxLength: LIMITS.text.max }),
    ValidateIf((_object, value) => !isBlank(value)),
    IsString(),
    MaxLength(LIMITS.text.max, { message: MESSAGES.textTooLong }),
    PlainText(true),
  );
}
