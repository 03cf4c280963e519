import { LIMITS } from './limits';
import { MESSAGES } from './messages';

describe('the pause after declined cards (issue 21)', () => {
  it('says how long checkout is paused, in the words of its configured window', () => {
    expect(LIMITS.declinedCards).toEqual({ max: 5, windowSeconds: 3600 });
    expect(MESSAGES.checkoutPaused()).toBe('Too many declined card attempts. Checkout is paused for an hour.');
    expect(MESSAGES.checkoutPaused(7200)).toBe('Too many declined card attempts. Checkout is paused for 2 hours.');
    expect(MESSAGES.checkoutPaused(600)).toBe('Too many declined card attempts. Checkout is paused for 10 minutes.');
    expect(MESSAGES.checkoutPaused(60)).toBe('Too many declined card attempts. Checkout is paused for a minute.');
    expect(MESSAGES.checkoutPaused(90)).toBe('Too many declined card attempts. Checkout is paused for 90 seconds.');
    expect(MESSAGES.checkoutPaused(1)).toBe('Too many declined card attempts. Checkout is paused for a second.');
  });
});
