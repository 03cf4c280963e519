import { ErrorCode, MESSAGES, REQUEST_STATUS_LABELS } from '@huddle/domain';
import type { RequestStatusCode } from '@huddle/domain';
import { DomainError } from '../../common/errors/domain-error';

export const BookingErrors = {
  requestNotFound: (): DomainError => new DomainError(ErrorCode.NotFound, MESSAGES.requestNotFound.title),
  athleteNotFound: (): DomainError => new DomainError(ErrorCode.NotFound, MESSAGES.athleteNotFound.title),
  /** Two racing actions on one request: the loser sees the state the winner left. */
  illegalTransition: (from: RequestStatusCode, to: RequestStatusCode): DomainError =>
    new DomainError(ErrorCode.Conflict, `A ${REQUEST_STATUS_LABELS[from].toLowerCase()} request cannot become ${REQUEST_STATUS_LABELS[to].toLowerCase()}`),
  wrongRequestDate: (field: string): DomainError =>
    new DomainError(ErrorCode.WrongRequestDate, MESSAGES.timeTravel, { [field]: MESSAGES.timeTravel }),
} as const;
