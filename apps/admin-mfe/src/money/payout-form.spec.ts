import { NETWORK_ERROR_MESSAGE } from '@huddle/api-client';
import { PAYOUT_ACCOUNT_LINES, PAYOUT_MESSAGES } from '@huddle/domain/payouts';
import { adminMoneyApi, type PayoutCandidate } from './admin-money-api';
import {
  amountOf,
  canChoose,
  checkSelection,
  confirmationQuestion,
  EMPTY_SELECTION,
  newConfirmationKey,
  openConfirmation,
  payConfirmed,
  toggleAll,
  toggleAthlete,
  typeAmount,
  whyNotPayable,
  type PayoutSelection,
} from './payout-form';

function candidate(id: string, overrides: Partial<PayoutCandidate> = {}): PayoutCandidate {
  return {
    id,
    first_name: 'Jordan',
    last_name: id.toUpperCase(),
    mobile: '+13105550103',
    email: `${id}@huddle.test`,
    last_payment_date: null,
    last_payment_amount: null,
    past_due: 30,
    current_due: 20.5,
    payable: 50.5,
    payout_ready: true,
    payout_account_state: 'ready',
    payout_blocked_reason: null,
    ...overrides,
  };
}

const ready = candidate('a');
const other = candidate('b', { past_due: 0, current_due: 12, payable: 12 });
const notConnected = candidate('c', { payout_ready: false, payout_account_state: 'none', payout_blocked_reason: null });
const restricted = candidate('d', { payout_ready: false, payout_account_state: 'restricted', payout_blocked_reason: 'Stripe needs a bank account' });
const page = [ready, other, notConnected, restricted];

function choose(...ids: string[]): PayoutSelection {
  return ids.reduce((selection, id) => toggleAthlete(selection, id, true), EMPTY_SELECTION);
}

describe('the payout form (spec §5 Payout)', () => {
  it('prefills each amount with what is payable, with its cents', () => {
    expect(amountOf(EMPTY_SELECTION, ready)).toBe('50.50');
    expect(amountOf(EMPTY_SELECTION, other)).toBe('12.00');
  });

  it('keeps only digits and a dot of what is typed', () => {
    expect(amountOf(typeAmount(EMPTY_SELECTION, 'a', '$1,2a.5-'), ready)).toBe('12.5');
    expect(amountOf(typeAmount(EMPTY_SELECTION, 'a', '-3'), ready)).toBe('3');
  });

  it('lets nobody be chosen whose payout account is not ready, and says why', () => {
    expect(page.map(canChoose)).toEqual([true, true, false, false]);
    expect(whyNotPayable(ready)).toBeNull();
    expect(whyNotPayable(notConnected)).toBe(PAYOUT_ACCOUNT_LINES.none.admin);
    expect(whyNotPayable(restricted)).toBe('Stripe needs a bank account');
    expect(toggleAll(EMPTY_SELECTION, page).chosen).toEqual(new Set(['a', 'b']));
    expect(toggleAll(toggleAll(EMPTY_SELECTION, page), page).chosen).toEqual(new Set());
    // A forced choice of a blocked athlete (a stale page) still pays nobody.
    expect(checkSelection(choose('c', 'd'), page)).toMatchObject({ canPay: false, totalCents: 0 });
  });

  it('disables Pay with nobody chosen, and with a total of zero', () => {
    expect(checkSelection(EMPTY_SELECTION, page)).toMatchObject({ canPay: false, message: PAYOUT_MESSAGES.chooseAthlete });
    const zero = typeAmount(choose('a'), 'a', '0');
    expect(checkSelection(zero, page)).toMatchObject({ canPay: false, totalCents: 0, message: PAYOUT_MESSAGES.nothingToPay });
    expect(checkSelection(typeAmount(choose('a'), 'a', ''), page)).toMatchObject({ canPay: false, totalCents: 0 });
  });

  it('enables Pay once the chosen amounts add up to more than zero', () => {
    expect(checkSelection(choose('a'), page)).toEqual({ errors: {}, totalCents: 5050, canPay: true, message: null });
    expect(checkSelection(choose('a', 'b'), page)).toMatchObject({ canPay: true, totalCents: 6250 });
  });

  it("refuses more than is payable and amounts that are not dollars, with the domain's messages", () => {
    const tooMuch = typeAmount(choose('a', 'b'), 'a', '50.51');
    expect(checkSelection(tooMuch, page)).toMatchObject({
      canPay: false,
      errors: { a: PAYOUT_MESSAGES.moreThanPayable(5050) },
      message: PAYOUT_MESSAGES.moreThanPayable(5050),
    });
    for (const typed of ['1.234', '1.2.3', '.']) {
      expect(checkSelection(typeAmount(choose('a'), 'a', typed), page).errors).toEqual({ a: PAYOUT_MESSAGES.enterValidAmount });
    }
  });

  it("asks 'Pay $X to N athletes?', leaving out athletes set to zero", () => {
    expect(confirmationQuestion(6250, 2)).toBe('Pay $62.50 to 2 athletes?');
    expect(confirmationQuestion(1200, 1)).toBe('Pay $12.00 to 1 athlete?');
    const selection = typeAmount(typeAmount(choose('a', 'b'), 'a', '40'), 'b', '0');
    const confirmation = openConfirmation(selection, page, () => 'payout-key-1');
    expect(confirmation).toEqual({
      key: 'payout-key-1',
      totalCents: 4000,
      question: 'Pay $40.00 to 1 athlete?',
      items: [{ athlete_id: 'a', amount: 40, email: 'a@huddle.test', phone: '+13105550103' }],
    });
    expect(openConfirmation(EMPTY_SELECTION, page)).toBeNull();
  });

  it('makes a new key for each confirmation, in the form the API accepts', () => {
    const first = newConfirmationKey();
    expect(first).toMatch(/^[A-Za-z0-9:_-]{8,100}$/);
    expect(newConfirmationKey()).not.toBe(first);
  });
});

/** The API at the network boundary: answers payout-send as the real route does, counting calls. */
function fakeApi(answer: (call: number) => { status: number; body: unknown }) {
  const calls: { key: string | null; body: unknown }[] = [];
  const fetchImpl = async (request: Request) => {
    calls.push({ key: request.headers.get('Idempotency-Key'), body: await request.json() });
    const { status, body } = answer(calls.length);
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  };
  return { api: adminMoneyApi('http://api.test/api/v1', fetchImpl as typeof fetch), calls };
}

const sentPayout = { payout: { id: 'p1', provider_payout_id: 'sbx_po_1', created_at: 1, total_amount: 40, items_view: [] }, message: 'Payout sent' };

describe('sending a confirmed payout', () => {
  it("posts the items once with the confirmation's key, however often Pay is clicked, then 'Payout sent' and a reload", async () => {
    const { api, calls } = fakeApi(() => ({ status: 201, body: sentPayout }));
    const toasts: [string, string | undefined][] = [];
    let reloads = 0;
    const deps = { send: api.sendPayout, toast: { show: (text: string, tone?: string) => void toasts.push([text, tone]) }, reload: () => (reloads += 1) };
    const confirmation = openConfirmation(choose('a'), page, () => 'payout-key-once')!;

    const results = await Promise.all([payConfirmed(confirmation, deps), payConfirmed(confirmation, deps)]);

    expect(results).toEqual([true, true]);
    expect(calls).toEqual([
      { key: 'payout-key-once', body: { payout_items: [{ athlete_id: 'a', amount: 50.5, email: 'a@huddle.test', phone: '+13105550103' }] } },
    ]);
    expect(toasts).toEqual([['Payout sent', 'success']]);
    expect(reloads).toBe(1);
  });

  it("shows the API's message as a toast and lets the same confirmation be tried again with the same key", async () => {
    const refusal = { status_response: { status: 422, response_message: PAYOUT_MESSAGES.moreThanPayable(1000), response_internal_code: 1422 } };
    const { api, calls } = fakeApi((call) => (call === 1 ? { status: 422, body: refusal } : { status: 201, body: sentPayout }));
    const toasts: [string, string | undefined][] = [];
    const deps = { send: api.sendPayout, toast: { show: (text: string, tone?: string) => void toasts.push([text, tone]) }, reload: () => undefined };
    const confirmation = openConfirmation(choose('a'), page, () => 'payout-key-retry')!;

    expect(await payConfirmed(confirmation, deps)).toBe(false);
    expect(toasts).toEqual([[PAYOUT_MESSAGES.moreThanPayable(1000), 'error']]);
    expect(await payConfirmed(confirmation, deps)).toBe(true);
    expect(calls.map((call) => call.key)).toEqual(['payout-key-retry', 'payout-key-retry']);
    expect(toasts[1]).toEqual(['Payout sent', 'success']);
  });

  it('reports a call that got no reply with the network error message (spec §8)', async () => {
    const offline = adminMoneyApi('http://api.test/api/v1', (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch);
    const shown: string[] = [];
    const confirmation = openConfirmation(choose('a'), page, () => 'payout-key-net')!;
    expect(await payConfirmed(confirmation, { send: offline.sendPayout, toast: { show: (text) => void shown.push(text) }, reload: () => undefined })).toBe(false);
    expect(shown).toEqual([NETWORK_ERROR_MESSAGE]);
  });
});
