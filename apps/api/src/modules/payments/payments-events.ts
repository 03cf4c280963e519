/** Events payments announces through the job queue (one job per subscriber). */

/**
 * A card hold is in place for a request, or a campaign's payment was captured (seen by a provider
 * event); booking marks it paid.
 */
export const PAYMENT_AUTHORISED = 'payments.authorised';

export interface PaymentAuthorisedEvent {
  /** The request's id, or the campaign's when kind is 'campaign'. */
  requestId: string;
  kind?: PaymentKind;
}

/**
 * A request's card hold is gone before it could be charged (canceled at the provider, or past its
 * capture deadline): booking cancels the request through its core, and both parties are told.
 */
export const PAYMENT_HOLD_LOST = 'payments.hold-lost';

export interface PaymentHoldLostEvent {
  requestId: string;
  /** Said to both parties and kept in the history. */
  reason: string;
}

/**
 * A request's card hold was released at the provider (a void Huddle asked for, confirmed): booking
 * clears the request's `authorised`, so it no longer reads as held.
 */
export const PAYMENT_HOLD_RELEASED = 'payments.hold-released';

export interface PaymentHoldReleasedEvent {
  requestId: string;
}

/**
 * A payment was disputed (first recorded): payouts checks whether the athlete's share of it was
 * already paid out (a dispute serialised after a payout, see holdDisputesOffIn) and tells the
 * administrator which payout holds it.
 */
export const PAYMENT_DISPUTED = 'payments.disputed';

export interface PaymentDisputedEvent {
  /** The request's id, or the campaign's for a campaign's payment. */
  subjectId: string;
  disputeId: string;
  amountCents: number;
}

/**
 * A refund made at the card provider, not through Huddle, was first seen: like a dispute, payouts
 * tells the administrator which payout items had already paid out part of that payment's share.
 */
export const PAYMENT_REFUNDED_OUTSIDE = 'payments.refunded-outside';

export interface PaymentRefundedOutsideEvent {
  /** The request's id, or the campaign's for a campaign's payment. */
  subjectId: string;
  refundId: string;
  amountCents: number;
}

/** What a payment intent pays for: one request, or a whole campaign. */
export type PaymentKind = 'request' | 'campaign';

/**
 * A Connect object changed at the provider (a connected account, a transfer, a payout of a
 * connected account): the payouts module subscribes (JobsService.subscribe) and re-reads the
 * object from the provider before acting, so a repeated or late event changes nothing wrong.
 * Payments only verifies, deduplicates on the event id and routes.
 */
export const PROVIDER_CONNECT_EVENT = 'payments.connect-event';

export type ConnectObjectType = 'account' | 'transfer' | 'payout';

export interface ProviderConnectEvent {
  eventId: string;
  type: string;
  objectType: ConnectObjectType;
  objectId: string;
  /** The connected account the event came from (Stripe's `account` field), when it came from one. */
  accountId: string | null;
}

/** What the sandbox plays of the provider's Connect side for a payout item (an administrator's tool, and tests'). */
export const SANDBOX_CONNECT_EVENTS = ['transfer_reversed', 'payout_failed'] as const;
export type SandboxConnectEvent = (typeof SANDBOX_CONNECT_EVENTS)[number];

/** A Connect object the sandbox changed: reported as the provider's event of that type. */
export interface SandboxConnectChange {
  type: string;
  objectType: ConnectObjectType;
  objectId: string;
  accountId: string | null;
}

/**
 * Payouts owns the sandbox's Connect side; it registers this with PaymentsService
 * (useSandboxConnectPlayer) so the sandbox's provider-events route can play Connect events without
 * payments importing payouts. Answers what changed, why nothing could be played, or that there is no such item.
 */
export type SandboxConnectPlayer = (payoutItemId: string, event: SandboxConnectEvent) => Promise<{ changes: SandboxConnectChange[] } | { refused: string } | { missing: true }>;
