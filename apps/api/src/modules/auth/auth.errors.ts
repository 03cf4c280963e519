import { ErrorCode } from '@huddle/domain';
import { DomainError } from '../../common/errors/domain-error';

export const AuthErrors = {
  /** No valid session: none sent, or revoked, expired, or its account blocked or deleted. */
  signInRequired: (): DomainError => new DomainError(ErrorCode.Unauthorized),
  /** A signed-in account whose role the route does not admit. */
  forbidden: (): DomainError => new DomainError(ErrorCode.Forbidden),
  accountNotFound: (): DomainError => new DomainError(ErrorCode.NotFound, 'Account not found'),
} as const;
