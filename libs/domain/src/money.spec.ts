import { formatCents, formatDollars, mergeMoneyEvents, moneyEventText, MONEY_EVENT_OF_MOVEMENT } from './money';
import { serviceTypeLabel } from './service-types';

describe('money as people read it', () => {
  it('always prints cents, with thousands', () => {
    expect(formatCents(4500)).toBe('$45.00');
    expect(formatCents(125050)).toBe('$1,250.50');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(-800)).toBe('-$8.00');
  });

  it("prints the API's dollars the same way, rounded to the cent", () => {
    expect(formatDollars(45)).toBe('$45.00');
    expect(formatDollars(1250.5)).toBe('$1,250.50');
    expect(formatDollars(19.99)).toBe('$19.99');
    expect(formatDollars(0)).toBe('$0.00');
  });

  it("names a service type in words, and an unknown one as it came", () => {
    expect(serviceTypeLabel('shoutout')).toBe('Video shoutout');
    expect(serviceTypeLabel('endorsement_campaign')).toBe('Endorsement campaign');
    expect(serviceTypeLabel('podcast')).toBe('podcast');
  });

  it('names each timeline line by what the provider confirmed', () => {
    expect(moneyEventText('held', 4500)).toBe('Card hold of $45.00 placed');
    expect(moneyEventText('released', 4500)).toBe('Card hold of $45.00 released');
    expect(moneyEventText('refunded', 4500)).toBe('Refund of $45.00 issued');
    expect(MONEY_EVENT_OF_MOVEMENT.returned).toBe('refunded');
    expect(MONEY_EVENT_OF_MOVEMENT.owed_to_athlete).toBeUndefined();
  });

  it('merges a charge recorded share by share at one moment, never refunds (each its own at the provider)', () => {
    const at = new Date('2026-11-26T10:00:00.200Z');
    const later = new Date('2026-11-26T10:05:00Z');
    expect(
      mergeMoneyEvents([
        { kind: 'charged' as const, amountCents: 3000, at },
        { kind: 'charged' as const, amountCents: 1234, at: new Date('2026-11-26T10:00:00.900Z') },
        { kind: 'refunded' as const, amountCents: 1234, at: later },
        { kind: 'refunded' as const, amountCents: 3000, at: later },
      ]).map((event) => [event.kind, event.amountCents]),
    ).toEqual([
      ['charged', 4234],
      ['refunded', 1234],
      ['refunded', 3000],
    ]);
  });
});
