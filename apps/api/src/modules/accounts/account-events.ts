import type { UserTypeCode } from '@huddle/domain';

/**
 * Domain events auth announces about accounts; other modules react without auth knowing them.
 *
 * A new account: published as durable jobs (JobsService.publishIn, in the transaction that creates
 * the account), one per subscriber (JobsService.subscribe), each retried until it succeeds.
 */
export const ACCOUNT_CREATED = 'account.created';
/**
 * An account's stored fields changed (profile, username, completion, deletion), or accounts were
 * imported. An in-process event (@nestjs/event-emitter): it only clears caches, so losing it loses
 * nothing but freshness.
 */
export const ACCOUNT_CHANGED = 'account.changed';
/**
 * An account was deleted (its owner's or an administrator's deletion): a durable job published in
 * the deletion's transaction, so what others must end with it (booking: the requests still waiting
 * for an answer, and the athlete's accepted ones not started yet) happens even after a crash.
 */
export const ACCOUNT_CLOSED = 'account.closed';

export interface AccountClosedEvent {
  accountId: string;
  userType: UserTypeCode;
  /** When the account was deleted (ISO): what had started by then is judged at that moment, not when the job runs. */
  closedAt?: string;
}

export interface AccountChangedEvent {
  /** The type travels with the id, so listeners that care about one kind (athletes) skip the rest. */
  accounts: Array<{ id: string; userType: UserTypeCode }>;
}

export interface AccountCreatedEvent {
  accountId: string;
  userType: UserTypeCode;
  /** What a sign-in provider told about the business, to prefill its details. */
  business?: { name: string | null; email: string | null };
}
