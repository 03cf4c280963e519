/**
 * The one card-provider interface (DESIGN: real adapter plus an embedded default). Stripe's
 * objects and states are the model: a PaymentIntent with manual capture is authorised
 * (requires_capture) when the requester pays, captured when the athlete accepts, canceled (the hold
 * voided) otherwise, and refunded after capture when an administrator cancels.
 */
export const CARD_PROVIDERS = ['sandbox', 'stripe'] as const;
export type CardProviderName = (typeof CARD_PROVIDERS)[number];

export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export interface ProviderIntent {
  id: string;
  clientSecret: string;
  status: IntentStatus;
  amountCents: number;
  /** Refunded in full after capture. */
  refunded: boolean;
  /** How much of the captured amount was refunded so far (partial refunds of a campaign's shares). */
  amountRefundedCents: number;
  /** When the card was authorised (unix seconds): a request's expiry counts from here. */
  authorisedAt: number | null;
  /**
   * Until when the provider keeps the hold (unix seconds; Stripe's charge capture_before): a capture
   * after it cannot succeed, so a request must be accepted (and captured) before it.
   */
  captureBefore: number | null;
  /** The card that paid, for receipts. */
  card: { brand: string; last4: string } | null;
  /** The charge of a captured intent (Stripe's latest_charge): what payouts draw their transfers on. */
  chargeId: string | null;
}

/** A refund as the provider reports it now: only 'succeeded' means the money went back. */
export type RefundStatus = 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';

export interface ProviderRefund {
  id: string;
  status: RefundStatus;
  amountCents: number;
  /** The provider's reason when it failed. */
  failureReason: string | null;
  /** Made by Huddle (it carries Huddle's key); false for a refund made in the provider's dashboard. */
  ours: boolean;
  /** Huddle's idempotency key it was made with (its metadata), when Huddle made it. */
  key: string | null;
}

/** A dispute (chargeback) as the provider reports it now. */
export interface ProviderDispute {
  id: string;
  intentId: string;
  amountCents: number;
  /** Stripe's statuses: warning_*, needs_response, under_review, won, lost. */
  status: string;
  reason: string | null;
  /** The deadline to submit evidence (unix seconds). */
  evidenceDueBy: number | null;
}

/** The longest a card hold lasts at the provider when it says nothing (Stripe: 7 days for online card payments). */
export const DEFAULT_HOLD_SECONDS = 7 * 24 * 3600;

/**
 * 'manual': the card is held when the payer confirms and captured later (a single request, on
 * acceptance). 'automatic': captured when the payer confirms (a campaign: holds would lapse
 * before every athlete answers).
 */
export type CaptureMethod = 'manual' | 'automatic';

export interface SavedCard {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** A verified provider event (webhook): its id for deduplication and what it is about. */
export interface ProviderEvent {
  id: string;
  type: string;
  /** The payment intent it concerns (an intent, or a charge's, refund's or dispute's intent). */
  intentId: string | null;
  /** The object it carries: payment_intent, charge, refund, dispute, account, transfer, payout, ... */
  objectType: string;
  objectId: string | null;
  /** Events of a connected account carry its id (Stripe's event.account). */
  accountId: string | null;
}

export interface CardProvider {
  readonly name: CardProviderName;
  /** What the browser needs to load the provider's card form; null for the sandbox. */
  readonly publishableKey: string | null;
  createIntent(input: {
    amountCents: number;
    payerId: string;
    /** The payer's email: the provider's customer carries it and sends its receipt there. */
    payerEmail?: string | null;
    requestId: string;
    description: string;
    idempotencyKey: string;
    captureMethod: CaptureMethod;
  }): Promise<ProviderIntent>;
  retrieveIntent(intentId: string): Promise<ProviderIntent>;
  capture(intentId: string, idempotencyKey: string): Promise<ProviderIntent>;
  /** Voids the hold (Stripe: cancel the PaymentIntent). */
  cancel(intentId: string, idempotencyKey: string): Promise<ProviderIntent>;
  /**
   * Refunds a captured intent: all of it, or `amountCents` of it (one campaign share); once per key
   * (a repeat answers the first refund as it is now, re-read).
   */
  refund(intentId: string, idempotencyKey: string, amountCents?: number): Promise<{ intent: ProviderIntent; refund: ProviderRefund }>;
  retrieveRefund(refundId: string): Promise<ProviderRefund>;
  /** The refunds of an intent, newest first (reconciliation, and refunds made outside Huddle). */
  listRefunds(intentId: string): Promise<ProviderRefund[]>;
  retrieveDispute(disputeId: string): Promise<ProviderDispute>;
  /** Starts saving a card for later (Stripe: a SetupIntent); answers its client secret. */
  createSetup(payerId: string, idempotencyKey: string): Promise<{ clientSecret: string }>;
  listCards(payerId: string): Promise<SavedCard[]>;
  /** Whose card a SetupIntent was saving (Huddle's account id), from its customer; null when it is none of Huddle's payers. */
  payerOfSetup(setupId: string): Promise<string | null>;
  /** Checks a webhook's signature and answers the event, or throws. */
  verifyEvent(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}

export const CARD_PROVIDER = Symbol('CardProvider');
