import { parseExpression } from 'cron-parser';
import { isDue, minuteOf, occurrenceId, parseCron } from './schedules';

const MINUTE = 60_000;
const DAY = 1_440 * MINUTE;

/** cron-parser's own occurrences (next(), UTC) from `from` (exclusive) up to `to`, as epoch ms. */
function occurrencesOf(cron: string, from: Date, to: Date): Set<number> {
  const found = new Set<number>();
  const interval = parseExpression(cron, { currentDate: from, endDate: to, tz: 'UTC' });
  while (interval.hasNext()) found.add(interval.next().getTime());
  return found;
}

describe('schedules', () => {
  // Huddle's own (the sweeps, the daily jobs) and the shapes standard cron allows beside them:
  // weekdays, a full week written out, a month, the 31st, odd days, Sunday written as 7.
  const cases: Array<[cron: string, days: number]> = [
    ['* * * * *', 0.25],
    ['*/5 * * * *', 1],
    ['17 4 * * *', 120],
    ['0 9 * * *', 120],
    ['5 9 * * 1-5', 120],
    ['0 0 * * 0-6', 30],
    ['0 0 */2 * *', 120],
    ['30 12 * 2 *', 400],
    ['0 0 31 * *', 400],
    ['15 10 * * 7', 120],
  ];

  it.each(cases)('finds exactly the minutes cron-parser gives as occurrences of "%s"', (cron, days) => {
    const from = new Date('2026-01-01T00:00:00Z');
    const to = new Date(from.getTime() + days * DAY);
    const expected = occurrencesOf(cron, new Date(from.getTime() - 1), to);
    const fields = parseCron(cron);
    const found = new Set<number>();
    for (let at = from.getTime(); at <= to.getTime(); at += MINUTE) if (isDue(fields, new Date(at))) found.add(at);
    expect(found.size).toBeGreaterThan(0);
    expect([...found]).toEqual([...expected]);
  });

  it('is due for the whole minute, whatever its seconds', () => {
    const fields = parseCron('17 4 * * *');
    expect(isDue(fields, new Date('2026-03-02T04:17:00.000Z'))).toBe(true);
    expect(isDue(fields, new Date('2026-03-02T04:17:59.999Z'))).toBe(true);
    expect(isDue(fields, new Date('2026-03-02T04:18:00.000Z'))).toBe(false);
    expect(minuteOf(new Date('2026-03-02T04:17:42.123Z')).toISOString()).toBe('2026-03-02T04:17:00.000Z');
  });

  it('refuses what is not five fields of standard cron', () => {
    expect(() => parseCron('0 17 4 * * *')).toThrow('five fields');
    expect(() => parseCron('17 4 * *')).toThrow('five fields');
    expect(() => parseCron('61 4 * * *')).toThrow();
    expect(() => parseCron('0 0 L * *')).toThrow('numbers, ranges');
    expect(() => parseCron('0 0 * * 1#2')).toThrow('numbers, ranges');
    expect(() => parseCron('0 0 * * 5L')).toThrow('numbers, ranges');
    expect(() => parseCron('0 0 * * MON')).toThrow('numbers, ranges');
    // Both day fields restricted: standard cron's either-day reading, and cron-parser's, differ by how a field is written.
    expect(() => parseCron('0 0 1,15 * 3')).toThrow('not both');
    expect(() => parseCron('0 0 1 * 0-6')).toThrow('not both');
  });

  it("names an occurrence the same in every process, and each occurrence apart, as a version 5 UUID", () => {
    const minute = new Date('2026-03-02T04:17:00.000Z');
    const id = occurrenceId('payments.reconcile', minute);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(occurrenceId('payments.reconcile', new Date(minute))).toBe(id);
    expect(occurrenceId('payments.reconcile', new Date(minute.getTime() + MINUTE))).not.toBe(id);
    expect(occurrenceId('payouts.reconcile', minute)).not.toBe(id);
  });
});
