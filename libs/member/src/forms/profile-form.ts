import { ApiError, toApiError } from '@huddle/api-client';
import {
  ErrorCode,
  isValidEmail,
  isValidPhone,
  isValidUsername,
  LIMITS,
  MESSAGES,
  normalizePhone,
  UserType,
  type UserTypeCode,
} from '@huddle/domain';

export type FieldErrors<Field extends string = string> = Partial<Record<Field, string>>;

export interface BusinessValues {
  name: string;
  email: string;
  phone: string;
  website: string;
}

/** The profile as the wizard's first step and /settings/info edit it. */
export interface ProfileValues {
  first_name: string;
  last_name: string;
  /** Empty string while no gender is chosen. */
  gender: string;
  description: string;
  business: BusinessValues;
}

/** The account fields /settings/info adds to the wizard's. */
export interface AccountValues extends ProfileValues {
  email: string;
  phone: string;
  username: string;
}

export type ProfileField =
  | 'first_name'
  | 'last_name'
  | 'gender'
  | 'description'
  | 'photo'
  | 'email'
  | 'phone'
  | 'username'
  | 'business.name'
  | 'business.email'
  | 'business.phone'
  | 'business.website';

const blank = (value: string) => value.trim() === '';

function businessErrors(business: BusinessValues): FieldErrors<ProfileField> {
  const errors: FieldErrors<ProfileField> = {};
  if (blank(business.name)) errors['business.name'] = MESSAGES.required;
  if (blank(business.email)) errors['business.email'] = MESSAGES.required;
  else if (!isValidEmail(business.email)) errors['business.email'] = MESSAGES.emailInvalid;
  if (blank(business.phone)) errors['business.phone'] = MESSAGES.required;
  else if (!isValidPhone(normalizePhone(business.phone))) errors['business.phone'] = MESSAGES.phoneIncorrect;
  if (blank(business.website)) errors['business.website'] = MESSAGES.required;
  return errors;
}

/**
 * The wizard's profile step (spec §5): names and a photo for everyone; athletes also choose a
 * gender and may describe themselves in at most 230 characters; businesses give the company's
 * name, email, phone and website.
 */
export function profileStepErrors(values: ProfileValues, userType: UserTypeCode, hasPhoto: boolean): FieldErrors<ProfileField> {
  const errors: FieldErrors<ProfileField> = {};
  if (blank(values.first_name)) errors.first_name = MESSAGES.required;
  if (blank(values.last_name)) errors.last_name = MESSAGES.required;
  if (userType === UserType.Athlete && blank(values.gender)) errors.gender = MESSAGES.required;
  if (values.description.length > LIMITS.description.max) errors.description = MESSAGES.descriptionTooLong;
  if (!hasPhoto) errors.photo = MESSAGES.choosePhoto;
  return userType === UserType.Business ? { ...errors, ...businessErrors(values.business) } : errors;
}

export interface AccountEditContext {
  userType: UserTypeCode;
  /** Spec §5: the username is required once the account has one. */
  hadUsername: boolean;
  /** Spec §5: gender is required when the account has one. */
  hadGender: boolean;
}

/** /settings/info (spec §5, Profile edit): every problem shows 'This field is required' or its rule's message. */
export function accountEditErrors(values: AccountValues, context: AccountEditContext): FieldErrors<ProfileField> {
  const errors: FieldErrors<ProfileField> = {};
  if (blank(values.email)) errors.email = MESSAGES.required;
  else if (!isValidEmail(values.email)) errors.email = MESSAGES.emailInvalid;
  if (blank(values.phone)) errors.phone = MESSAGES.required;
  else if (!isValidPhone(normalizePhone(values.phone))) errors.phone = MESSAGES.phoneIncorrect;
  if (blank(values.first_name)) errors.first_name = MESSAGES.required;
  if (blank(values.last_name)) errors.last_name = MESSAGES.required;
  if (context.hadGender && blank(values.gender)) errors.gender = MESSAGES.required;
  if (blank(values.username)) {
    if (context.hadUsername) errors.username = MESSAGES.required;
  } else if (!isValidUsername(values.username.trim())) errors.username = MESSAGES.usernameInvalid;
  if (values.description.length > LIMITS.description.max) errors.description = MESSAGES.descriptionTooLong;
  return context.userType === UserType.Business ? { ...errors, ...businessErrors(values.business) } : errors;
}

/** Where a failed save shows (spec §5): 208 on the email field, 211 on the username field, field errors on their fields, the rest in an alert. */
export interface ServerErrorPlacement {
  fields: FieldErrors<string>;
  alert: string | null;
}

const SERVER_FIELD_NAMES: Record<string, string> = {
  'business_info.name': 'business.name',
  'business_info.email': 'business.email',
  'business_info.phone': 'business.phone',
  'business_info.website': 'business.website',
};

export function placeServerError(error: unknown, knownFields: readonly string[]): ServerErrorPlacement {
  if (!(error instanceof ApiError)) return { fields: {}, alert: toApiError(error).message };
  if (error.code === ErrorCode.EmailTaken) return { fields: { email: error.message }, alert: null };
  if (error.code === ErrorCode.UsernameTaken) return { fields: { username: error.message }, alert: null };
  const fields: FieldErrors<string> = {};
  for (const [name, message] of Object.entries(error.fieldErrors)) {
    const field = SERVER_FIELD_NAMES[name] ?? name;
    if (knownFields.includes(field)) fields[field] = message;
  }
  return Object.keys(fields).length > 0 ? { fields, alert: null } : { fields: {}, alert: error.message };
}

export function hasErrors(errors: FieldErrors<string>): boolean {
  return Object.values(errors).some(Boolean);
}
