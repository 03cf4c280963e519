import { ErrorCode, MESSAGES } from '@huddle/domain';
import { ADMIN_MESSAGES } from '@huddle/domain/admin';
import { DomainError } from '../../common/errors/domain-error';

export const AdminUsersErrors = {
  /** Unknown, malformed or deleted ids all read the same (the console shows 'Nothing found / Please, confirm the ID and try again'). */
  userNotFound: (): DomainError => new DomainError(ErrorCode.NotFound, MESSAGES.nothingFound.title),
  cannotBlockSelf: (): DomainError => new DomainError(ErrorCode.Forbidden, ADMIN_MESSAGES.cannotBlockSelf),
  cannotRemoveSelf: (): DomainError => new DomainError(ErrorCode.Forbidden, ADMIN_MESSAGES.cannotRemoveSelf),
  /** An administrator's account is not changed through user management, a peer's or one's own (isManagedInConsole). */
  administratorNotManaged: (): DomainError => new DomainError(ErrorCode.Forbidden, ADMIN_MESSAGES.administratorNotManaged),
  /** Services, school, sports, photo and intro uploads are an athlete's. */
  notAnAthlete: (field: string): DomainError => new DomainError(ErrorCode.ValidationFailed, ADMIN_MESSAGES.notAnAthlete, { [field]: ADMIN_MESSAGES.notAnAthlete }),
} as const;
