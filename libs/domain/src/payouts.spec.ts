import {
  payoutShortfallCents,
  allocatePayout,
  canMarkPayoutPaid,
  checkPayoutForm,
  isShareReleased,
  PAYOUT_ACCOUNT_LINES,
  PAYOUT_MESSAGES,
  payableCentsOf,
  payoutAccountState,
  payoutAmountCents,
  payoutDue,
  payoutSentNotification,
  requestPayoutLabel,
  requestPayoutStatus,
  shareMoney,
} from './payouts';
import type { RequestShareFacts } from './payouts';

const DAY = 86400;
const NOW = 1_800_000_000;

function share(overrides: Partial<RequestShareFacts> = {}): RequestShareFacts {
  return {
    requestId: 'r1',
    status: 5,
    paid: true,
    finishedAt: NOW - DAY,
    shareCents: 8000,
    disputed: false,
    sentCents: 0,
    pendingCents: 0,
    markedCents: 0,
    ...overrides,
  };
}

describe('when a share is payable', () => {
  it('is payable once its request is finished and paid, and no dispute holds it', () => {
    expect(isShareReleased(share())).toBe(true);
    expect(payableCentsOf(share())).toBe(8000);
    for (const status of [1, 2, 3, 4, 6] as const) expect(payableCentsOf(share({ status }))).toBe(0);
    expect(payableCentsOf(share({ paid: false }))).toBe(0);
    expect(payableCentsOf(share({ disputed: true }))).toBe(0);
  });

  it('leaves out what was sent, is on its way or was marked paid, and never goes below zero', () => {
    expect(payableCentsOf(share({ sentCents: 3000 }))).toBe(5000);
    expect(payableCentsOf(share({ sentCents: 3000, pendingCents: 2000, markedCents: 1000 }))).toBe(2000);
    expect(payableCentsOf(share({ shareCents: 0 }))).toBe(0);
    expect(payableCentsOf(share({ shareCents: 1000, sentCents: 8000 }))).toBe(0);
  });

  it('splits what is payable into past due (older than the due days) and current due', () => {
    const shares = [
      share({ requestId: 'old', finishedAt: NOW - 8 * DAY, shareCents: 1000 }),
      share({ requestId: 'edge', finishedAt: NOW - 7 * DAY, shareCents: 200 }),
      share({ requestId: 'new', finishedAt: NOW - DAY, shareCents: 30 }),
      share({ requestId: 'open', status: 2, finishedAt: null, shareCents: 5 }),
    ];
    expect(payoutDue(shares, NOW)).toEqual({ payableCents: 1230, pastDueCents: 1000, currentDueCents: 230 });
    expect(payoutDue(shares, NOW, 1)).toEqual({ payableCents: 1230, pastDueCents: 1200, currentDueCents: 30 });
    expect(payoutDue([], NOW)).toEqual({ payableCents: 0, pastDueCents: 0, currentDueCents: 0 });
  });

  it('sums an athlete’s shares into owed (under way), held (disputed, what is left) and due', () => {
    const shares = [
      share({ requestId: 'accepted', status: 2, finishedAt: null, shareCents: 400 }),
      share({ requestId: 'refunded-under-way', status: 6, finishedAt: null, shareCents: -50 }),
      share({ requestId: 'disputed', disputed: true, shareCents: 900, sentCents: 100, markedCents: 200 }),
      share({ requestId: 'old', finishedAt: NOW - 8 * DAY, shareCents: 1000, pendingCents: 250 }),
      share({ requestId: 'new', shareCents: 30 }),
    ];
    expect(shareMoney(shares, NOW)).toEqual({ owedCents: 400, heldCents: 600, due: { payableCents: 780, pastDueCents: 750, currentDueCents: 30 } });
    expect(shareMoney([], NOW)).toEqual({ owedCents: 0, heldCents: 0, due: { payableCents: 0, pastDueCents: 0, currentDueCents: 0 } });
  });
});

describe('a request’s payout status', () => {
  it('is paid once its whole share was sent or marked, processing while on its way, unpaid otherwise', () => {
    expect(requestPayoutStatus(share())).toBe('unpaid');
    expect(requestPayoutStatus(share({ sentCents: 8000 }))).toBe('paid');
    expect(requestPayoutStatus(share({ sentCents: 5000, markedCents: 3000 }))).toBe('paid');
    expect(requestPayoutStatus(share({ sentCents: 5000, pendingCents: 3000 }))).toBe('processing');
    expect(requestPayoutStatus(share({ sentCents: 5000 }))).toBe('unpaid');
    expect(requestPayoutStatus(share({ status: 2, sentCents: 8000 }))).toBe('unpaid');
  });

  it('may be set to paid by an administrator only for a finished, paid request (spec §4)', () => {
    expect(canMarkPayoutPaid({ status: 5, paid: true })).toBe(true);
    expect(canMarkPayoutPaid({ status: 5, paid: false })).toBe(false);
    for (const status of [1, 2, 3, 4, 6] as const) expect(canMarkPayoutPaid({ status, paid: true })).toBe(false);
  });
});

describe('what of a payout reached the athlete', () => {
  it('is all of a sent item, nothing to show of one not sent, and the gap of one partly refused or taken back', () => {
    expect(payoutShortfallCents({ amountCents: 10000, sentCents: 10000, status: 'sent' })).toBeNull();
    expect(payoutShortfallCents({ amountCents: 10000, sentCents: 6000, status: 'sent' })).toBe(4000);
    expect(payoutShortfallCents({ amountCents: 10000, sentCents: 0, status: 'pending' })).toBeNull();
    expect(payoutShortfallCents({ amountCents: 10000, sentCents: 0, status: 'failed' })).toBeNull();
  });
});

describe("a request's payout in words", () => {
  it('says what of a share paid in part reached the athlete, of how much when known, and the status otherwise', () => {
    expect(requestPayoutLabel('unpaid', 10800, 20000)).toBe('Paid in part: $108.00 of $200.00');
    expect(requestPayoutLabel('unpaid', 4000)).toBe('Paid in part: $40.00');
    expect(requestPayoutLabel('unpaid', 0, 20000)).toBe('Not paid yet');
    expect(requestPayoutLabel('processing', 10800, 20000)).toBe('On its way');
    expect(requestPayoutLabel('paid', 20000, 20000)).toBe('Paid');
    // A canceled request owes nothing: no promise of a payout, unless one was made.
    expect(requestPayoutLabel('unpaid', 0, 20000, true)).toBeNull();
    expect(requestPayoutLabel('unpaid', 4000, 20000, true)).toBe('Paid in part: $40.00 of $200.00');
    expect(requestPayoutLabel('paid', 20000, 20000, true)).toBe('Paid');
  });
});

describe('spreading a payout over requests', () => {
  const shares = [
    share({ requestId: 'b', finishedAt: NOW - 2 * DAY, shareCents: 500 }),
    share({ requestId: 'a', finishedAt: NOW - 2 * DAY, shareCents: 300 }),
    share({ requestId: 'oldest', finishedAt: NOW - 9 * DAY, shareCents: 1000, sentCents: 400 }),
    share({ requestId: 'held', finishedAt: NOW - 20 * DAY, shareCents: 900, disputed: true }),
  ];

  it('pays the oldest finished first (ties by id), whole shares before the next', () => {
    expect(allocatePayout(shares, 600)).toEqual([{ requestId: 'oldest', amountCents: 600 }]);
    expect(allocatePayout(shares, 1000)).toEqual([
      { requestId: 'oldest', amountCents: 600 },
      { requestId: 'a', amountCents: 300 },
      { requestId: 'b', amountCents: 100 },
    ]);
    expect(allocatePayout(shares, 1400)).toHaveLength(3);
  });

  it('refuses more than is payable, nothing, or part of a cent', () => {
    expect(allocatePayout(shares, 1401)).toBeNull();
    expect(allocatePayout(shares, 0)).toBeNull();
    expect(allocatePayout(shares, -5)).toBeNull();
    expect(allocatePayout(shares, 10.5)).toBeNull();
    expect(allocatePayout([], 1)).toBeNull();
  });
});

describe('the payout form (spec §5)', () => {
  it('reads dollars with at most two decimals as cents', () => {
    expect(payoutAmountCents(12.5)).toBe(1250);
    expect(payoutAmountCents('0.07')).toBe(7);
    expect(payoutAmountCents(' 19.99 ')).toBe(1999);
    expect(payoutAmountCents(-3)).toBe(-300);
    for (const bad of ['1.234', 'abc', '', '1e3', Number.NaN, Number.POSITIVE_INFINITY, null, undefined]) expect(payoutAmountCents(bad)).toBeNull();
  });

  it('enables Pay only when every amount is non-negative, at most what is payable, and the total is above zero', () => {
    const ok = checkPayoutForm([
      { athleteId: 'x', amount: 10, payableCents: 1000 },
      { athleteId: 'y', amount: '', payableCents: 500 },
      { athleteId: 'z', amount: '2.50', payableCents: 500 },
    ]);
    expect(ok).toEqual({ errors: {}, totalCents: 1250, canPay: true, message: null });

    const zero = checkPayoutForm([{ athleteId: 'x', amount: 0, payableCents: 1000 }]);
    expect(zero).toMatchObject({ canPay: false, totalCents: 0, message: PAYOUT_MESSAGES.nothingToPay });
    expect(checkPayoutForm([])).toMatchObject({ canPay: false, message: PAYOUT_MESSAGES.nothingToPay });

    const wrong = checkPayoutForm([
      { athleteId: 'neg', amount: -1, payableCents: 1000 },
      { athleteId: 'over', amount: '10.01', payableCents: 1000 },
      { athleteId: 'typo', amount: '1,0', payableCents: 1000 },
      { athleteId: 'fine', amount: 5, payableCents: 1000 },
    ]);
    expect(wrong.errors).toEqual({ neg: 'Amount cannot be negative', over: 'At most $10.00 is payable', typo: 'Please, enter valid amount' });
    expect(wrong).toMatchObject({ canPay: false, totalCents: 500, message: 'Amount cannot be negative' });
  });
});

describe('payout accounts', () => {
  it('is ready only with details submitted, payouts enabled and nothing due', () => {
    expect(payoutAccountState(null)).toBe('none');
    expect(payoutAccountState({ detailsSubmitted: false, payoutsEnabled: false, requirementsDue: ['external_account'] })).toBe('onboarding');
    expect(payoutAccountState({ detailsSubmitted: true, payoutsEnabled: false, requirementsDue: [] })).toBe('restricted');
    expect(payoutAccountState({ detailsSubmitted: true, payoutsEnabled: true, requirementsDue: ['individual.id_number'] })).toBe('restricted');
    expect(payoutAccountState({ detailsSubmitted: true, payoutsEnabled: true, requirementsDue: [] })).toBe('ready');
    expect(PAYOUT_ACCOUNT_LINES.ready.athlete).toBe('Payouts ready');
    expect(PAYOUT_ACCOUNT_LINES.restricted.athlete).toBe('Stripe needs more information');
  });

  it('tells the athlete a payout was sent, with its amount, by email too', () => {
    expect(payoutSentNotification('a1', 12345)).toEqual({
      userId: 'a1',
      data: { title: 'Payout sent', text: 'Huddle sent you a payout of $123.45.', link: '/settings/payouts' },
      email: true,
    });
  });
});
