import type { Checkout } from '../payments/payments.service';
import type { PaymentSheetPayload } from './dto/request.dto';

/** The payment sheet's answer for a checkout of `amountCents` (a request's or a campaign's). */
export function paymentSheetOf(checkout: Checkout, amountCents: number): PaymentSheetPayload {
  return {
    payment_intent: { client_secret: checkout.clientSecret },
    provider: checkout.provider,
    publishable_key: checkout.publishableKey,
    amount: amountCents / 100,
  };
}
