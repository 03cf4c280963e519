import { ERROR_MESSAGES, ErrorCode, MESSAGES } from '@huddle/domain';
import { ADMIN_MESSAGES } from '@huddle/domain/admin';
import { DomainError } from '../../common/errors/domain-error';

export const AuthErrors = {
  /** No valid session: none sent, or revoked, expired, or its account blocked or deleted. */
  signInRequired: (): DomainError => new DomainError(ErrorCode.Unauthorized),
  /** A signed-in account whose role the route does not admit. */
  forbidden: (): DomainError => new DomainError(ErrorCode.Forbidden),
  /** Wrong email, wrong password, deleted account or no password at all: one answer for all. */
  incorrectCredentials: (): DomainError => new DomainError(ErrorCode.IncorrectCredentials),
  /** Told only after the right password, so it reveals nothing to someone guessing. */
  accountBlocked: (): DomainError => new DomainError(ErrorCode.Forbidden, MESSAGES.accountBlocked),
  /** Wrong, expired, used or exhausted code, or no such account: one answer for all. */
  incorrectResetCode: (): DomainError =>
    new DomainError(ErrorCode.IncorrectResetCode, undefined, { verificationCode: ERROR_MESSAGES[ErrorCode.IncorrectResetCode] }),
  /** A set-password link that is wrong, used, expired, or whose account is blocked or gone: one answer for all. */
  setPasswordLinkInvalid: (): DomainError => new DomainError(ErrorCode.ValidationFailed, ADMIN_MESSAGES.setPasswordLinkInvalid, { token: ADMIN_MESSAGES.setPasswordLinkInvalid }),
  /** No Facebook app configured and the sandbox page not allowed (BUSINESS_SIGN_IN_SANDBOX). */
  businessSignInUnavailable: (): DomainError => new DomainError(ErrorCode.ServiceUnavailable, MESSAGES.businessSignInUnavailable),
  /** Business sign-in started on an origin the app is not configured for (PUBLIC_APP_URL, CORS_ORIGINS): it could not come back there. */
  foreignAppOrigin: (origin: string, origins: readonly string[]): DomainError => {
    const message = `Business sign-in cannot come back to ${origin}: open Huddle at ${origins.join(' or ')} and sign in there`;
    return new DomainError(ErrorCode.ValidationFailed, message, { origin: message });
  },
} as const;
