import { ErrorCode, MESSAGES, REQUEST_STATUS_LABELS } from '@huddle/domain';
import type { RequestStatusCode } from '@huddle/domain';
import { DomainError } from '../../common/errors/domain-error';
import type { FieldErrors } from '../../common/errors/domain-error';

export const BookingErrors = {
  requestNotFound: (): DomainError => new DomainError(ErrorCode.NotFound, MESSAGES.requestNotFound.title),
  athleteNotFound: (): DomainError => new DomainError(ErrorCode.NotFound, MESSAGES.athleteNotFound.title),
  /** Two racing actions on one request: the loser sees the state the winner left. */
  illegalTransition: (from: RequestStatusCode, to: RequestStatusCode): DomainError =>
    new DomainError(ErrorCode.Conflict, `A ${REQUEST_STATUS_LABELS[from].toLowerCase()} request cannot become ${REQUEST_STATUS_LABELS[to].toLowerCase()}`),
  wrongRequestDate: (field: string): DomainError =>
    new DomainError(ErrorCode.WrongRequestDate, MESSAGES.timeTravel, { [field]: MESSAGES.timeTravel }),
  /** The athlete could only decline it: a slot they accepted overlaps it (their accept would be refused, naming it). */
  athleteBookedThen: (field: string): DomainError =>
    new DomainError(ErrorCode.Conflict, MESSAGES.athleteBookedThen, { [field]: MESSAGES.athleteBookedThen }),
  invalid: (fields: FieldErrors): DomainError => new DomainError(ErrorCode.ValidationFailed, undefined, fields),
  serviceNotOffered: (): DomainError =>
    new DomainError(ErrorCode.ValidationFailed, 'This athlete does not offer this service', { type: 'This athlete does not offer this service' }),
  priceChanged: (dollars: string): DomainError =>
    new DomainError(ErrorCode.ValidationFailed, `The price is now ${dollars}; please review it`, { request_amount: `The price is now ${dollars}` }),
  notADraft: (): DomainError => new DomainError(ErrorCode.Conflict, 'This request is already paid'),
  videoNotReady: (): DomainError => new DomainError(ErrorCode.Conflict, 'The video is being prepared, please try again in a moment'),
  videoTooLarge: (megabytes: number): DomainError => new DomainError(ErrorCode.PayloadTooLarge, `Video must be at most ${megabytes} MB`, { video: `Video must be at most ${megabytes} MB` }),
  noVideo: (): DomainError => new DomainError(ErrorCode.NotFound, 'This request has no video yet'),
  wrongDeliveryType: (): DomainError => new DomainError(ErrorCode.NotFound, MESSAGES.requestNotFound.title),
  /** An unknown or revoked watch link: the same answer for both, so a token cannot be probed. */
  watchLinkGone: (): DomainError => new DomainError(ErrorCode.NotFound, MESSAGES.watchLinkGone),
} as const;
