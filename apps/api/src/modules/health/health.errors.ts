import { ErrorCode } from '@huddle/domain';
import { DomainError } from '../../common/errors/domain-error';

export const HealthErrors = {
  databaseUnavailable: (): DomainError => new DomainError(ErrorCode.ServiceUnavailable, 'The database is not answering'),
} as const;
