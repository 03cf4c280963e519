import { ApiError, unwrap } from '@huddle/api-client';
import { ERROR_MESSAGES, ErrorCode, isErrorCode, isUserTypeCode, normalizeEmail, type UserTypeCode } from '@huddle/domain';
import type { ShellAccount } from '@huddle/ui';
import { api } from './http';

/** The account in a sign-in or sign-up reply (`{ account, session_token, status_response }`). */
export function accountOf(body: object): ShellAccount | null {
  const record = (body as { account?: unknown }).account;
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

function requireAccount(body: object): ShellAccount {
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

/** Sends a body as application/x-www-form-urlencoded, the encoding spec §7 gives these calls. */
function formBody<Body extends Record<string, string>>(body: Body) {
  return {
    bodySerializer: (values: Body) => new URLSearchParams(values),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body,
  };
}

/** POST /user/sign-ins as a form (spec §7). */
export async function signIn(email: string, password: string): Promise<ShellAccount> {
  const reply = await unwrap(api.POST('/user/sign-ins', formBody({ email: normalizeEmail(email), password })));
  return requireAccount(reply);
}

export interface SignUpInput {
  /** Administrators are never created by sign-up. */
  userType: Exclude<UserTypeCode, 4>;
  email: string;
  password: string;
  phone: string;
}

/** POST /user/email-verifications: creates the account and its session. */
export async function signUp(input: SignUpInput): Promise<ShellAccount> {
  const json = {
    email: normalizeEmail(input.email),
    password: input.password,
    phone: input.phone,
    user_type: input.userType,
    // The form refuses to submit before the EULA is accepted (spec §5), so this is always true.
    eula_accepted: true as const,
  };
  return requireAccount(await unwrap(api.POST('/user/email-verifications', { body: json })));
}

/** DELETE /user/sessions: revokes the session server-side. */
export async function signOut(): Promise<void> {
  await unwrap(api.DELETE('/user/sessions'));
}

/** Spec §5, Restore: a reset request that fails with code 200 has in fact been accepted. */
export const RESET_REQUEST_ACCEPTED_CODES: readonly number[] = [200];

/** Spec §8: the password reset confirmation reports 200 and 202 as a wrong code (12001). */
export const WRONG_RESET_CODES: readonly number[] = [200, 202, ErrorCode.IncorrectResetCode];

/** DELETE /user/accounts/passwords: emails a reset code. */
export async function requestPasswordReset(email: string): Promise<void> {
  try {
    await unwrap(api.DELETE('/user/accounts/passwords', formBody({ email: normalizeEmail(email) })));
  } catch (error) {
    if (error instanceof ApiError && RESET_REQUEST_ACCEPTED_CODES.includes(error.code)) return;
    throw error;
  }
}

/** POST /user/accounts/passwords: sets the new password with the emailed code. */
export async function confirmPasswordReset(email: string, verificationCode: string, password: string): Promise<void> {
  try {
    await unwrap(api.POST('/user/accounts/passwords', formBody({ email: normalizeEmail(email), verificationCode, password })));
  } catch (error) {
    if (error instanceof ApiError && WRONG_RESET_CODES.includes(error.code) && error.code !== ErrorCode.IncorrectResetCode) {
      throw new ApiError(ErrorCode.IncorrectResetCode, ERROR_MESSAGES[ErrorCode.IncorrectResetCode], error.status);
    }
    throw error;
  }
}

/**
 * Where the Business sign-in button sends the browser (spec §7: social sign-in by redirect). The
 * API answers with a redirect to the provider and, after it, back to /signup or /dashboard on
 * `origin`, the origin this page was opened on (the sign-in's cookies live there).
 */
export function businessSignInUrl(apiBase: string, state: string, origin: string): string {
  return `${apiBase}/user/auth/business?${new URLSearchParams({ state, origin }).toString()}`;
}

/**
 * GET /user/auth/business/provider: resolves when business sign-in works on this server and can
 * come back to `origin`, and throws the API's error when it cannot (1503 'Business sign-in is not
 * available on this server'; 1400 for an origin the app is not configured for), so the button
 * can say so instead of sending the browser to an error page.
 */
export async function checkBusinessSignIn(origin: string): Promise<void> {
  await unwrap(api.GET('/user/auth/business/provider', { params: { query: { origin } } }));
}

/** The `error` query value the business sign-in callback adds to /login, when it is a known code. */
export function signInErrorOf(search: string): number | null {
  const value = Number(new URLSearchParams(search).get('error'));
  return isErrorCode(value) ? value : null;
}
