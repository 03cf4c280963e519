import type { CheckoutTarget } from '../booking-api';

/** What the checkout says about the money, by what it pays (spec §7; DESIGN 'Requests and money'). */
export interface CheckoutTexts {
  /** Under the amount: when the card is charged and what comes back. */
  note: string;
  /** The toast once paid. */
  paid: string;
}

export function isCampaignCheckout(target: CheckoutTarget): target is { endorsement_campaign_id: string } {
  return 'endorsement_campaign_id' in target;
}

/**
 * A request's card is held and charged when the athlete accepts; a campaign is charged at once
 * (holds would lapse before every athlete answers) and each declined or expired share refunded.
 * `payee` names who receives it: the athlete ('Jordan'), or the campaign's athletes ('3 athletes').
 */
export function checkoutTexts(target: CheckoutTarget, payee: string): CheckoutTexts {
  if (isCampaignCheckout(target)) {
    return {
      note: `Your card is charged once for all ${payee}. An athlete who declines or lets the request expire is refunded to your card.`,
      paid: `Paid. Your campaign went out to ${payee}.`,
    };
  }
  return {
    note: `Your card is held now and charged only when ${payee} accepts. Nothing is charged if they decline.`,
    // The card is held, not charged: 'Paid' would say money moved before it did.
    paid: `Card held. ${payee} has your request now; you are charged only if they accept.`,
  };
}

/** The cache key of a target's payment sheet: one sheet per request or campaign. */
export function checkoutKey(target: CheckoutTarget): readonly unknown[] {
  return ['checkout', target];
}
