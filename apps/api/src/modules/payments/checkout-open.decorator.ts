import { UseGuards } from '@nestjs/common';
import { CheckoutOpenGuard } from './checkout-open.guard';

/**
 * A route that could try a card (a payment sheet, a confirmation, a card save): refused while the
 * caller's checkout is paused (DeclinedPayments). set-paid stays open, since it only re-reads a
 * payment the provider already accepted, and so does booking, which charges nothing. Written above
 * the route's @RateLimit: decorators apply bottom-up, so the attempt is counted first and a paused
 * account's attempts still use up its address's allowance.
 */
export function CheckoutOpen(): MethodDecorator {
  return UseGuards(CheckoutOpenGuard);
}
