import { ErrorCode, MESSAGES } from '@huddle/domain';
import { DomainError } from '../../common/errors/domain-error';

export const PaymentsErrors = {
  paymentRequired: (): DomainError => new DomainError(ErrorCode.PaymentRequired),
  alreadyPaid: (): DomainError => new DomainError(ErrorCode.Conflict, 'This request is already paid'),
  /** Spec §4: an administrator may mark a payout paid only for a finished, paid request. */
  payoutNotAllowed: (): DomainError => new DomainError(ErrorCode.Conflict, 'A payout can be marked paid only for a finished, paid request'),
  providerUnavailable: (): DomainError => new DomainError(ErrorCode.ServiceUnavailable, 'The card payment provider is not answering, please try again'),
  notFound: (): DomainError => new DomainError(ErrorCode.NotFound, 'Payment not found'),
  /** Another payer's checkout: answered as a missing one. */
  notYours: (): DomainError => new DomainError(ErrorCode.NotFound, 'Payment not found'),
  badSignature: (): DomainError => new DomainError(ErrorCode.ValidationFailed, 'The webhook signature is not valid'),
  /** Too many declined cards (DeclinedPayments): answered like the rate limits, with its own message. */
  checkoutPaused: (windowSeconds: number): DomainError => new DomainError(ErrorCode.TooManyRequests, MESSAGES.checkoutPaused(windowSeconds)),
  /** The sandbox will not play that event on this payment (nothing captured to dispute, no open dispute, ...). */
  sandboxRefused: (why: string): DomainError => new DomainError(ErrorCode.Conflict, why),
} as const;
