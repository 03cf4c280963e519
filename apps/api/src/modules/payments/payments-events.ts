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

/** What a payment intent pays for: one request, or a whole campaign. */
export type PaymentKind = 'request' | 'campaign';
