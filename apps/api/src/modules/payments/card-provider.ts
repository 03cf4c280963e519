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
}

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

/** A verified provider event (webhook): its id for deduplication and the intent it is about. */
export interface ProviderEvent {
  id: string;
  type: string;
  intentId: string | null;
}

export interface CardProvider {
  readonly name: CardProviderName;
  /** What the browser needs to load the provider's card form; null for the sandbox. */
  readonly publishableKey: string | null;
  createIntent(input: {
    amountCents: number;
    payerId: string;
    requestId: string;
    description: string;
    idempotencyKey: string;
    captureMethod: CaptureMethod;
  }): Promise<ProviderIntent>;
  retrieveIntent(intentId: string): Promise<ProviderIntent>;
  capture(intentId: string, idempotencyKey: string): Promise<ProviderIntent>;
  /** Voids the hold (Stripe: cancel the PaymentIntent). */
  cancel(intentId: string, idempotencyKey: string): Promise<ProviderIntent>;
  /** Refunds a captured intent: all of it, or `amountCents` of it (one campaign share); once per key. */
  refund(intentId: string, idempotencyKey: string, amountCents?: number): Promise<ProviderIntent>;
  /** Starts saving a card for later (Stripe: a SetupIntent); answers its client secret. */
  createSetup(payerId: string, idempotencyKey: string): Promise<{ clientSecret: string }>;
  listCards(payerId: string): Promise<SavedCard[]>;
  /** Checks a webhook's signature and answers the event, or throws. */
  verifyEvent(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}

export const CARD_PROVIDER = Symbol('CardProvider');
