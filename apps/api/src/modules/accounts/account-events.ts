import type { UserTypeCode } from '@huddle/domain';

/** Domain events about accounts (created by auth's sign-up paths, changed by this module); listeners react without the emitter knowing them. */
export const ACCOUNT_CREATED = 'account.created';
/** An account's stored fields changed (profile, username, completion, deletion), or accounts were imported. */
export const ACCOUNT_CHANGED = 'account.changed';

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
