import { ErrorCode } from '@huddle/domain';
import { ADMIN_MESSAGES } from '@huddle/domain/admin';
import { DomainError } from '../../common/errors/domain-error';
import type { FieldErrors } from '../../common/errors/domain-error';

export const PushesErrors = {
  notFound: (): DomainError => new DomainError(ErrorCode.NotFound, ADMIN_MESSAGES.pushNotFound),
  invalid: (fields: FieldErrors): DomainError => new DomainError(ErrorCode.ValidationFailed, undefined, fields),
  /** A push that left (sending or sent) is what its recipients read: it is not rewritten. */
  notEditable: (): DomainError => new DomainError(ErrorCode.Conflict, ADMIN_MESSAGES.pushNotEditable),
  /** Its job is writing the notifications: the row holds the job's progress until it is sent. */
  beingSent: (): DomainError => new DomainError(ErrorCode.Conflict, ADMIN_MESSAGES.pushBeingSent),
  usersUnavailable: (): DomainError =>
    new DomainError(ErrorCode.ValidationFailed, ADMIN_MESSAGES.pushUsersUnavailable, { 'destination.user_ids': ADMIN_MESSAGES.pushUsersUnavailable }),
} as const;
