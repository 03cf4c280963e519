import { ErrorCode, MESSAGES } from '@huddle/domain';
import { DomainError } from '../../common/errors/domain-error';

export const AdminErrors = {
  userNotFound: (): DomainError => new DomainError(ErrorCode.NotFound, MESSAGES.nothingFound.title),
  /** An administrator cannot block or remove the account they are signed in with. */
  cannotActOnSelf: (): DomainError => new DomainError(ErrorCode.Forbidden, 'You cannot do this to your own account'),
  incidentNotFound: (): DomainError => new DomainError(ErrorCode.NotFound, 'Incident not found'),
  incidentResolved: (): DomainError => new DomainError(ErrorCode.Conflict, 'This incident is already resolved'),
  jobNotDead: (): DomainError => new DomainError(ErrorCode.Conflict, 'This job is not waiting for a retry'),
  jobNotRetriable: (): DomainError => new DomainError(ErrorCode.Forbidden, 'This job cannot be retried here'),
} as const;
