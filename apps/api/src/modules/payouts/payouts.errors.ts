import { ErrorCode, MESSAGES } from '@huddle/domain';
import { PAYOUT_MESSAGES } from '@huddle/domain/payouts';
import { DomainError } from '../../common/errors/domain-error';
import type { FieldErrors } from '../../common/errors/domain-error';

export const PayoutsErrors = {
  /** The send's amounts add up to nothing: Pay is disabled in the form for the same reason. */
  nothingToPay: (): DomainError => new DomainError(ErrorCode.ValidationFailed, PAYOUT_MESSAGES.nothingToPay, { payout_items: PAYOUT_MESSAGES.nothingToPay }),
  athleteTwice: (field: string): DomainError => new DomainError(ErrorCode.ValidationFailed, PAYOUT_MESSAGES.athleteTwice, { [field]: PAYOUT_MESSAGES.athleteTwice }),
  /** Not an athlete (or no account at all): as the admin's look-ups answer a missing athlete. */
  athleteNotFound: (field: string): DomainError => new DomainError(ErrorCode.NotFound, MESSAGES.athleteNotFound.title, { [field]: MESSAGES.athleteNotFound.title }),
  /** Checked again under the athlete's lock: another payout (or a refund) got there first. */
  moreThanPayable: (field: string, payableCents: number): DomainError => conflict(field, PAYOUT_MESSAGES.moreThanPayable(payableCents)),
  accountNotReady: (field: string, name: string, reason: string): DomainError => conflict(field, PAYOUT_MESSAGES.accountNotReady(name, reason)),
  /** Spec §4, the same words as payments' payoutNotAllowed (the rule now lives in libs/domain). */
  payoutNotAllowed: (): DomainError => new DomainError(ErrorCode.Conflict, PAYOUT_MESSAGES.notPayable),
  /** An open dispute, or a refund made at the provider, holds the share until it is settled. */
  shareHeld: (): DomainError => new DomainError(ErrorCode.Conflict, 'This request is disputed or was refunded at the card provider: its payout waits until that is settled'),
  /** A request is marked paid once: what came back after the mark (a transfer refused or reversed) goes with the next payout. */
  alreadyMarked: (): DomainError =>
    new DomainError(ErrorCode.Conflict, 'This payout was already marked paid once; what came back since is payable again and goes with the next payout'),
  requestNotFound: (): DomainError => new DomainError(ErrorCode.NotFound, MESSAGES.requestNotFound.title),
  /** An idempotency key already used for a different payout. */
  keyReused: (): DomainError => new DomainError(ErrorCode.Conflict, 'This confirmation was already used for another payout; reload and confirm again'),
  /** The payout-account routes while no provider can hold one (never: the sandbox is the default). */
  accountMissing: (): DomainError => new DomainError(ErrorCode.NotFound, 'Connect a payout account first'),
  linkExpired: (): DomainError => new DomainError(ErrorCode.NotFound, 'This onboarding link has expired; start again from your payout settings'),
} as const;

function conflict(field: string, message: string): DomainError {
  const details: FieldErrors = { [field]: message };
  return new DomainError(ErrorCode.Conflict, message, details);
}
