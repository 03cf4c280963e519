import { ApiError, unwrap } from '@huddle/api-client';
import { isUserTypeCode, normalizeEmail, type UserTypeCode } from '@huddle/domain';
import type { ShellAccount } from '@huddle/ui';
import { api, untypedRequest } from './http';

/** The account in a sign-in or sign-up reply (`{ account, session_token, status_response }`). */
export function accountOf(body: Record<string, unknown>): ShellAccount | null {
  const record = body.account;
  if (typeof record !== 'object' || record === null) return null;
  const account = record as Record<string, unknown>;
  if (!isUserTypeCode(account.user_type) || typeof account.id !== 'string' || typeof account.email !== 'string') return null;
  const text = (key: string) => (typeof account[key] === 'string' ? (account[key] as string) : null);
  return {
    id: account.id,
    user_type: account.user_type,
    profile_completed: account.profile_completed === true,
    email: account.email,
    first_name: text('first_name'),
    last_name: text('last_name'),
    username: text('username'),
    profile_photo: text('profile_photo'),
  };
}

function requireAccount(body: Record<string, unknown>): ShellAccount {
  const account = accountOf(body);
  if (!account) throw new ApiError(0, 'The server answered without an account', 200);
  return account;
}

/**
 * The signed-in account, or null when there is none: 401 means signed out, and an API that
 * cannot be reached (or fails) leaves the visitor signed out rather than stuck on a loader.
 */
export async function fetchSignedInAccount(): Promise<ShellAccount | null> {
  try {
    const { account } = await unwrap(api.GET('/user/accounts'));
    return account;
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}

/** POST /user/sign-ins as a form (spec §7). */
export async function signIn(email: string, password: string): Promise<ShellAccount> {
  return requireAccount(await untypedRequest('POST', '/user/sign-ins', { form: { email: normalizeEmail(email), password } }));
}

export interface SignUpInput {
  userType: UserTypeCode;
  email: string;
  password: string;
  phone: string;
}

/** POST /user/email-verifications: creates the account and its session. */
export async function signUp(input: SignUpInput): Promise<ShellAccount> {
  const json = { email: normalizeEmail(input.email), password: input.password, phone: input.phone, user_type: input.userType };
  return requireAccount(await untypedRequest('POST', '/user/email-verifications', { json }));
}

/** DELETE /user/sessions: revokes the session server-side. */
export async function signOut(): Promise<void> {
  await untypedRequest('DELETE', '/user/sessions');
}

/** DELETE /user/accounts/passwords: emails a reset code. */
export async function requestPasswordReset(email: string): Promise<void> {
  await untypedRequest('DELETE', '/user/accounts/passwords', { form: { email: normalizeEmail(email) } });
}

/** POST /user/accounts/passwords: sets the new password with the emailed code. */
export async function confirmPasswordReset(email: string, verificationCode: string, password: string): Promise<void> {
  await untypedRequest('POST', '/user/accounts/passwords', {
    form: { email: normalizeEmail(email), verificationCode, password },
  });
}
