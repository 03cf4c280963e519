/**
 * Where athletes' money goes (DESIGN: real adapter plus an embedded default): Stripe Connect
 * Express accounts and transfers to them (separate charges and transfers), or the embedded sandbox
 * that keeps the same objects and states in its own tables. Stripe's objects are the model.
 */
export const PAYOUT_PROVIDERS = ['sandbox', 'stripe'] as const;
export type PayoutProviderName = (typeof PAYOUT_PROVIDERS)[number];

/** A connected account as the provider reports it now. */
export interface ConnectAccount {
  id: string;
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  /** What the provider still needs before (or to keep) paying out: Stripe's requirements.currently_due. */
  requirementsDue: string[];
}

export interface ProviderTransfer {
  id: string;
  amountCents: number;
  destination: string;
  /** Reversed in full: the money is back in the platform's balance. */
  reversed: boolean;
  amountReversedCents: number;
  /** Our payout item, from the transfer's metadata (set when it was created). */
  payoutItemId: string | null;
  /** The part of the item it pays (a payout allocation), from its metadata; null for a transfer of a whole item made before transfers were per charge. */
  allocationId: string | null;
  /** The charge it was drawn on (Stripe's source_transaction), if any. */
  sourceTransaction: string | null;
}

/** A connected account's payout to its bank, as the provider reports it now. */
export interface ConnectedPayout {
  id: string;
  status: string;
  amountCents: number;
  failureMessage: string | null;
}

export interface TransferInput {
  amountCents: number;
  destination: string;
  /** Ties the transfers of one payout together (Stripe's transfer_group). */
  transferGroup: string;
  metadata: Record<string, string>;
  /** Kept in our database with the payout allocation: every retry of the job sends the same key. */
  idempotencyKey: string;
  /**
   * The charge whose money this transfer pays out (Stripe's source_transaction): the transfer is
   * drawn on that charge's funds rather than on the platform's available balance, so it can be
   * made while the charge is still pending in the balance; never more than the charge has left.
   */
  sourceTransaction: string | null;
}

export interface PayoutProvider {
  readonly name: PayoutProviderName;
  /** Creates the athlete's connected account; a repeat of the key answers the same account. */
  createAccount(input: { athleteId: string; email: string | null; idempotencyKey: string }): Promise<ConnectAccount>;
  retrieveAccount(accountId: string): Promise<ConnectAccount>;
  /** A one-time onboarding link; the provider sends the browser to returnUrl when done, refreshUrl when the link expired. */
  createAccountLink(input: { accountId: string; refreshUrl: string; returnUrl: string }): Promise<{ url: string; expiresAt: number }>;
  /** Moves money from a charge (or the platform's balance) to a connected account, once per idempotency key. */
  createTransfer(input: TransferInput): Promise<ProviderTransfer>;
  /** The transfer an earlier try made under this key in the payout's group, or null: never creates one. */
  findTransfer(transferGroup: string, idempotencyKey: string): Promise<ProviderTransfer | null>;
  /** Every transfer the provider holds in a payout's group (Stripe's transfer_group), reversed ones included. */
  transfersOfGroup(transferGroup: string): Promise<ProviderTransfer[]>;
  retrieveTransfer(transferId: string): Promise<ProviderTransfer>;
  /** A payout of a connected account to its bank; null when the provider has none by that id. */
  retrievePayout(accountId: string, payoutId: string): Promise<ConnectedPayout | null>;
}

export const PAYOUT_PROVIDER = Symbol('PayoutProvider');

/** Thrown for what the provider refuses (a transfer to an account that cannot take one): the job retries, then gives up. */
export class PayoutProviderError extends Error {}
