import { ERROR_MESSAGES, ErrorCode, MESSAGES } from '@huddle/domain';
import { DomainError } from '../../common/errors/domain-error';
import type { FieldErrors } from '../../common/errors/domain-error';

export const AccountsErrors = {
  accountNotFound: (): DomainError => new DomainError(ErrorCode.NotFound, 'Account not found'),
  emailTaken: (): DomainError =>
    new DomainError(ErrorCode.EmailTaken, undefined, { email: ERROR_MESSAGES[ErrorCode.EmailTaken] }),
  usernameTaken: (): DomainError =>
    new DomainError(ErrorCode.UsernameTaken, undefined, { username: ERROR_MESSAGES[ErrorCode.UsernameTaken] }),
  /** Rules that need stored data (a username once set, the merged wizard state): 1400 by field. */
  invalid: (fields: FieldErrors): DomainError => new DomainError(ErrorCode.ValidationFailed, Object.values(fields)[0] ?? MESSAGES.required, fields),
} as const;
