import { ErrorCode, MESSAGES } from '@huddle/domain';
import { DomainError } from '../../common/errors/domain-error';
import type { FieldErrors } from '../../common/errors/domain-error';

export const AccountsErrors = {
  /** Rules that need stored data (a username once set, the merged wizard state): 1400 by field. */
  invalid: (fields: FieldErrors): DomainError => new DomainError(ErrorCode.ValidationFailed, Object.values(fields)[0] ?? MESSAGES.required, fields),
} as const;
