import { ErrorCode, MESSAGES } from '@huddle/domain';
import { DomainError } from '../../common/errors/domain-error';

export const AdminRequestsErrors = {
  /** An unknown or malformed request or campaign id (/manage/request/{id} shows its not-found state). */
  requestNotFound: (): DomainError => new DomainError(ErrorCode.NotFound, MESSAGES.requestNotFound.title),
} as const;
