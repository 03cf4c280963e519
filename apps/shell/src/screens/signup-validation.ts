import { isValidEmail, isValidPhone, LIMITS, MESSAGES, normalizePhone } from '@huddle/domain';
import type { FieldErrors } from './form-errors';

export type SignupField = 'email' | 'password' | 'phone' | 'eula';

export interface SignupValues {
  email: string;
  password: string;
  phone: string;
  eulaAccepted: boolean;
}

/** Sign-up validation of spec §5, in the order the fields appear. */
export function signupErrors(values: SignupValues): FieldErrors<SignupField> {
  const errors: FieldErrors<SignupField> = {};
  if (!values.email.trim()) errors.email = MESSAGES.emailRequired;
  else if (!isValidEmail(values.email)) errors.email = MESSAGES.emailInvalid;
  if (!values.password) errors.password = MESSAGES.passwordRequired;
  else if (values.password.length < LIMITS.password.min) errors.password = MESSAGES.passwordTooShort;
  if (!values.phone.trim()) errors.phone = MESSAGES.phoneRequired;
  else if (!isValidPhone(normalizePhone(values.phone))) errors.phone = MESSAGES.phoneIncorrect;
  if (!values.eulaAccepted) errors.eula = MESSAGES.eulaRequired;
  return errors;
}
