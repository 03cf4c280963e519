import { Injectable } from '@nestjs/common';
import { RateLimitCounters } from '../../common/rate-limit/rate-limit-counters';
import { Clock } from '../../common/time/clock';
import { AppConfig } from '../../config/app-config';
import { PaymentsErrors } from './payments.errors';

function keyOf(accountId: string): string {
  return `declined-payments:account:${accountId}`;
}

/**
 * Card testing shows as declines: after CHECKOUT_DECLINES_MAX of them by one account within
 * CHECKOUT_DECLINES_WINDOW_SECONDS, that account's checkout pauses for a whole window from the last
 * one (LIMITS.declinedCards). Whoever saw the decline records it (the sandbox's answers, Stripe's
 * payment_intent.payment_failed and setup_intent.setup_failed), so this knows no provider; when the
 * pause trips, PaymentsService cancels the payer's intents still waiting for a card at the provider. Counted in PostgreSQL on the app's
 * Clock, so every API process agrees and tests move time instead of waiting an hour.
 */
@Injectable()
export class DeclinedPayments {
  constructor(
    private readonly counters: RateLimitCounters,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /** Counts one decline; true when the account's checkout is paused now (this one reached the limit, or it already was). */
  async recordDecline(accountId: string): Promise<boolean> {
    const hits = await this.counters.hit(keyOf(accountId), {
      limit: this.config.CHECKOUT_DECLINES_MAX,
      windowMs: this.config.CHECKOUT_DECLINES_WINDOW_SECONDS * 1000,
      now: this.clock.now(),
    });
    return hits >= this.config.CHECKOUT_DECLINES_MAX;
  }

  /** Throws 1429 with the pause's message while the account's checkout is paused. */
  async assertCheckoutOpen(accountId: string): Promise<void> {
    const declines = await this.counters.hits(keyOf(accountId), this.clock.now());
    if (declines >= this.config.CHECKOUT_DECLINES_MAX) throw PaymentsErrors.checkoutPaused(this.config.CHECKOUT_DECLINES_WINDOW_SECONDS);
  }
}
