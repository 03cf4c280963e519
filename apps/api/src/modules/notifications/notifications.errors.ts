import { ErrorCode } from '@huddle/domain';
import { DomainError } from '../../common/errors/domain-error';

export const NotificationsErrors = {
  notificationNotFound: (): DomainError => new DomainError(ErrorCode.NotFound, 'Notification not found'),
  pushNotFound: (): DomainError => new DomainError(ErrorCode.NotFound, 'Custom push not found'),
} as const;
