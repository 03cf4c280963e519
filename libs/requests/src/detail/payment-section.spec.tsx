import { formatDate } from '@huddle/domain/format';
import { testShell } from '@huddle/ui/testing';
import { PaymentSection } from './PaymentSection';
import { paymentFactsOf, payoutLabel } from './payment-lines';
import { renderInShell, testRequest } from './spec-support';

const HELD_AT = 1795689590; // Nov 26, 2026
const RELEASED_AT = HELD_AT + 3600;

const payment = { amount: 45, athlete_id: 'a1', athlete_name: 'Jordan Miles', sender: 'f1', sender_name: 'Riley Parker', payout_status: 'unpaid' };

function render(view: object, viewer: 'requester' | 'athlete' | 'admin', role = 1, canceled = false): string {
  return renderInShell(<PaymentSection view={view} viewer={viewer} canceled={canceled} />, testShell({ role: role as 1 }));
}

function declined(changes: object = {}) {
  return {
    ...testRequest({ status: 3, request_amount: 45 }),
    payment,
    money: [
      { kind: 'held', amount: 45, at: HELD_AT },
      { kind: 'released', amount: 45, at: RELEASED_AT },
    ],
    ...changes,
  };
}

describe('the Payment section of a request', () => {
  it('shows the amount and each movement the timeline confirms, oldest first, with its date', () => {
    const html = render(declined(), 'requester');
    expect(html).toContain('Payment');
    expect(html).toContain('$45.00');
    const held = html.indexOf('Card hold of $45.00 placed');
    const released = html.indexOf('Card hold of $45.00 released');
    expect(held).toBeGreaterThan(-1);
    expect(released).toBeGreaterThan(held);
    expect(html).toContain(formatDate(HELD_AT) as string);
  });

  it('orders the lines by time even when the API does not', () => {
    const facts = paymentFactsOf(
      declined({
        money: [
          { kind: 'refunded', amount: 45, at: RELEASED_AT },
          { kind: 'charged', amount: 45, at: HELD_AT },
        ],
      }),
    );
    expect(facts.money?.map((line) => line.text)).toEqual(['Charged $45.00', 'Refund of $45.00 issued']);
  });

  it('never says money moved that the timeline does not list', () => {
    const html = render(declined({ money: [{ kind: 'held', amount: 45, at: HELD_AT }] }), 'requester');
    expect(html).toContain('Card hold of $45.00 placed');
    expect(html).not.toMatch(/released|Refund|Charged/);
  });

  it('says no money moved yet on an unpaid request', () => {
    const html = render(testRequest({ paid: false }), 'requester');
    expect(html).toContain('No money has moved yet.');
    expect(html).not.toContain('Amount');
  });

  it('says no money moved yet when the timeline is empty', () => {
    const html = render(declined({ money: [] }), 'requester');
    expect(html).toContain('No money has moved yet.');
    expect(html).not.toContain('Card hold');
  });

  it('shows a kind newer than this build in the API’s own words', () => {
    const facts = paymentFactsOf(declined({ money: [{ kind: 'paid_out', amount: 40.5, at: HELD_AT, text: 'Paid out $40.50 to Jordan Miles' }] }));
    expect(facts.money?.map((line) => line.text)).toEqual(['Paid out $40.50 to Jordan Miles']);
  });

  it('leaves out lines it cannot read instead of guessing', () => {
    const facts = paymentFactsOf(
      declined({
        money: [{ kind: 'teleported', amount: 45, at: HELD_AT }, { kind: 'charged', amount: 'lots', at: HELD_AT }, { kind: 'charged' }, null, { kind: 'charged', amount: 12.5, at: HELD_AT }],
      }),
    );
    expect(facts.money?.map((line) => line.text)).toEqual(['Charged $12.50']);
  });

  it('shows nothing at all for an API without the payment block and timeline', () => {
    const { payment: _payment, money: _money, ...older } = testRequest();
    expect(render(older, 'requester')).not.toContain('Payment');
    expect(paymentFactsOf(older)).toEqual({ payment: null, money: null });
  });

  it('shows the timeline alone when the payment block is missing, and the amount alone when the timeline is', () => {
    const timelineOnly = render(declined({ payment: undefined }), 'requester');
    expect(timelineOnly).toContain('Card hold of $45.00 released');
    expect(timelineOnly).not.toContain('Amount');
    const amountOnly = render(declined({ money: undefined }), 'requester');
    expect(amountOnly).toContain('$45.00');
    expect(amountOnly).not.toContain('No money has moved yet');
  });

  it('tells the athlete whether their share was paid out, and not the requester', () => {
    expect(render(declined(), 'athlete', 2)).toContain('Not paid yet');
    expect(render(declined({ payment: { ...payment, payout_status: 'paid' } }), 'athlete', 2)).toContain('Paid');
    expect(render(declined({ payment: { ...payment, payout_status: 'processing' } }), 'athlete', 2)).toContain('On its way');
    const requester = render(declined({ payment: { ...payment, payout_status: 'paid' } }), 'requester');
    expect(requester).not.toMatch(/payout/i);
  });

  it('says how much of a share paid in part reached the athlete, never "Not paid yet"', () => {
    const partly = render(declined({ amount_to_athlete: 200, payment: { ...payment, payout_status: 'unpaid', payout_paid: 108 } }), 'athlete', 2);
    expect(partly).toContain('Paid in part: $108.00 of $200.00');
    expect(partly).not.toContain('Not paid yet');
    expect(render(declined({ payment: { ...payment, payout_status: 'unpaid', payout_paid: 0 } }), 'athlete', 2)).toContain('Not paid yet');
    expect(payoutLabel({ payoutStatus: 'paid', payoutPaid: 200, share: 200 })).toBe('Paid');
  });

  it('promises no payout on a canceled request, and still says one that was made', () => {
    expect(render(declined(), 'athlete', 2, true)).not.toContain('Not paid yet');
    expect(render(declined(), 'admin', 4, true)).not.toContain('Payout to');
    expect(render(declined({ payment: { ...payment, payout_status: 'paid' } }), 'admin', 4, true)).toContain('Payout to Jordan Miles');
  });

  it('shows the administrator who paid and the athlete’s payout', () => {
    const html = render(declined({ payment: { ...payment, payout_status: 'paid' } }), 'admin', 4);
    expect(html).toContain('Payer');
    expect(html).toContain('Riley Parker');
    expect(html).toContain('Payout to Jordan Miles');
    expect(html).toContain('Paid');
  });
});
