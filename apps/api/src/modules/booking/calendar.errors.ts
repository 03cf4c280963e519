import { ErrorCode } from '@huddle/domain';
import { DomainError } from '../../common/errors/domain-error';

export const CalendarErrors = {
  /** An unknown, regenerated or malformed feed token: one answer for all, so a token cannot be probed. */
  feedNotFound: (): DomainError => new DomainError(ErrorCode.NotFound, 'This calendar feed is no longer available'),
  invalidRange: (message: string): DomainError => new DomainError(ErrorCode.ValidationFailed, undefined, { to: message }),
} as const;
