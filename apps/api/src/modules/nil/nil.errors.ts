import { ErrorCode } from '@huddle/domain';
import { nilDateLabel } from '@huddle/domain/nil';
import { DomainError } from '../../common/errors/domain-error';

/** What the NIL disclosure routes answer when they refuse; every message is one a person reads. */
export const NIL_MESSAGES = {
  notFound: 'This NIL deal was not found',
  notFlagged: 'Only a deal that must be disclosed (flagged) can be marked reported',
  reportedOnInvalid: 'Enter the date you reported it as YYYY-MM-DD',
  reportedBeforeAgreed: (agreedDay: string) => `The report date cannot be before the deal was agreed (${nilDateLabel(agreedDay, true)})`,
  reportedInFuture: 'The report date cannot be in the future',
  statusInvalid: 'Choose the NIL Go status: cleared, flagged or not cleared',
} as const;

export const NilErrors = {
  /** Unknown, malformed, or another athlete's: one answer for all, so ids cannot be probed. */
  notFound: (): DomainError => new DomainError(ErrorCode.NotFound, NIL_MESSAGES.notFound),
  notFlagged: (): DomainError => new DomainError(ErrorCode.Conflict, NIL_MESSAGES.notFlagged),
  reportedOn: (message: string): DomainError => new DomainError(ErrorCode.ValidationFailed, message, { reported_on: message }),
} as const;
