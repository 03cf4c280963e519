import { logoutMessage } from './AppFrame';

describe('the logout dialog', () => {
  it('speaks to an administrator of the console, not of booking', () => {
    expect(logoutMessage(4)).toBe('You will need to sign in again to manage users, requests and payouts.');
    expect(logoutMessage(4)).not.toMatch(/book/i);
  });

  it('speaks to members of booking and requests', () => {
    for (const role of [1, 2, 3, 11, 12, 13] as const) expect(logoutMessage(role)).toBe('You will need to sign in again to book or manage requests.');
  });
});
