import { ErrorCode } from '@huddle/domain';
import { DomainError } from '../../common/errors/domain-error';
import type { FieldErrors } from '../../common/errors/domain-error';

export const BusinessExportErrors = {
  /** Unknown, or another business's: the same answer, so ids cannot be probed. */
  notFound: (): DomainError => new DomainError(ErrorCode.NotFound, 'This export was not found'),
  notReady: (): DomainError => new DomainError(ErrorCode.NotFound, 'This export is not ready yet'),
  invalid: (fields: FieldErrors): DomainError => new DomainError(ErrorCode.ValidationFailed, undefined, fields),
  tooMany: (limit: number): DomainError =>
    new DomainError(ErrorCode.TooManyRequests, `You already have ${limit} exports in progress; please wait for one to finish`),
} as const;
