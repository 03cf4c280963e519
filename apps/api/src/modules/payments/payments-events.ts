/** Events payments announces through the job queue (one job per subscriber). */

/** A card hold is in place for a request (seen by a provider event); booking marks it paid. */
export const PAYMENT_AUTHORISED = 'payments.authorised';

export interface PaymentAuthorisedEvent {
  requestId: string;
}
