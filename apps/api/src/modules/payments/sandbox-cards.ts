/**
 * The embedded sandbox's card rules: Stripe's published test numbers behave as they do in Stripe's
 * test mode, with Stripe's own messages, so the checkout form and the journeys exercise every
 * outcome offline.
 */
export type SandboxCardOutcome =
  | { kind: 'approved'; brand: string; last4: string }
  | { kind: 'authenticate'; brand: string; last4: string }
  | { kind: 'declined'; message: string };

export const SANDBOX_MESSAGES = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  incorrectNumber: 'Your card number is incorrect.',
  expired: "Your card's expiration date is incorrect.",
  incorrectCvc: "Your card's security code is incorrect.",
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
} as const;

const CARDS: Record<string, SandboxCardOutcome> = {
  '4242424242424242': { kind: 'approved', brand: 'visa', last4: '4242' },
  '5555555555554444': { kind: 'approved', brand: 'mastercard', last4: '4444' },
  '4000000000000002': { kind: 'declined', message: SANDBOX_MESSAGES.declined },
  '4000000000009995': { kind: 'declined', message: SANDBOX_MESSAGES.insufficientFunds },
  '4000002500003155': { kind: 'authenticate', brand: 'visa', last4: '3155' },
};

export interface SandboxCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** What the sandbox does with a card on `now`; any number not in Stripe's test list is incorrect. */
export function sandboxCardOutcome(card: SandboxCard, now: Date): SandboxCardOutcome {
  const number = card.number.replace(/[\s-]/g, '');
  const outcome = CARDS[number];
  if (!outcome) return { kind: 'declined', message: SANDBOX_MESSAGES.incorrectNumber };
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const endOfMonth = Date.UTC(year, card.expMonth, 1);
  if (!(card.expMonth >= 1 && card.expMonth <= 12) || endOfMonth <= now.getTime()) return { kind: 'declined', message: SANDBOX_MESSAGES.expired };
  if (!/^\d{3,4}$/.test(card.cvc)) return { kind: 'declined', message: SANDBOX_MESSAGES.incorrectCvc };
  return outcome;
}
