import { ApiError, unwrap, type ApiClient } from '@huddle/api-client';
import { LIMITS, MESSAGES } from '@huddle/domain';
import { ADMIN_MESSAGES } from '@huddle/domain/admin';
import { api } from '../api/http';
import type { FieldErrors } from './form-errors';

export type SetPasswordField = 'password' | 'confirm';

/** The message under Confirm password when the two differ. */
export const PASSWORDS_DIFFER = 'Passwords do not match';

/** What Set password shows when done (spec §5's wording of Restore's success). */
export const PASSWORD_SET = { title: 'Password set', text: MESSAGES.passwordRestored.text } as const;

/** The token of /set-password?token=...; '' when the link carries none (then the link is invalid). */
export function setPasswordToken(search: string): string {
  return (new URLSearchParams(search).get('token') ?? '').trim();
}

/** Sign-up's password rules (spec §5), and the confirmation equal to it. */
export function setPasswordErrors(password: string, confirm: string): FieldErrors<SetPasswordField> {
  const errors: FieldErrors<SetPasswordField> = {};
  if (!password) errors.password = MESSAGES.passwordRequired;
  else if (password.length < LIMITS.password.min) errors.password = MESSAGES.passwordTooShort;
  else if (password.length > LIMITS.password.max) errors.password = MESSAGES.passwordTooLong;
  if (!confirm) errors.confirm = MESSAGES.required;
  else if (!errors.password && confirm !== password) errors.confirm = PASSWORDS_DIFFER;
  return errors;
}

/** A refusal that means the link itself is no good (wrong, used, expired, or its account gone): no form can fix it. */
export function isInvalidLink(error: unknown): boolean {
  return error instanceof ApiError && (error.message === ADMIN_MESSAGES.setPasswordLinkInvalid || error.fieldErrors.token !== undefined);
}

/** POST /user/accounts/password-set (skip-auth): the emailed link's token and the new password, once. */
export async function setPasswordWithToken(token: string, password: string, client: ApiClient = api): Promise<void> {
  await unwrap(client.POST('/user/accounts/password-set', { body: { token, password } }));
}
