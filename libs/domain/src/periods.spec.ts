import { localDateOf, nextPeriodStart, periodLabel, periodStarts, startOfLocalDay, startOfMonth, startOfWeek, viewerPeriods, viewerTimeZone } from './periods';

const at = (iso: string) => new Date(iso);

describe("a viewer's week and month", () => {
  it('takes the zone the browser sent, UTC without one, and refuses what is not a zone', () => {
    expect(viewerTimeZone(undefined)).toBe('UTC');
    expect(viewerTimeZone('')).toBe('UTC');
    expect(viewerTimeZone('America/Chicago')).toBe('America/Chicago');
    expect(viewerTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(viewerTimeZone('Mars/Olympus')).toBeNull();
    expect(viewerTimeZone("UTC'; DROP TABLE requests")).toBeNull();
    expect(viewerTimeZone('x'.repeat(100))).toBeNull();
  });

  it('starts the week on Monday at local midnight', () => {
    // Wednesday 2026-11-25 10:00 UTC: Monday 23 Nov in both zones.
    expect(startOfWeek(at('2026-11-25T10:00:00Z'), 'UTC').toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(startOfWeek(at('2026-11-25T10:00:00Z'), 'America/Chicago').toISOString()).toBe('2026-11-23T06:00:00.000Z');
    // A Monday itself starts its week; Sunday belongs to the week before.
    expect(startOfWeek(at('2026-11-23T00:00:00Z'), 'UTC').toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(startOfWeek(at('2026-11-22T23:59:59Z'), 'UTC').toISOString()).toBe('2026-11-16T00:00:00.000Z');
  });

  it('puts one instant in different weeks and months by zone', () => {
    // Monday 03:00 UTC is still Sunday evening in Chicago.
    const instant = at('2026-11-23T03:00:00Z');
    expect(startOfWeek(instant, 'UTC').toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(startOfWeek(instant, 'America/Chicago').toISOString()).toBe('2026-11-16T06:00:00.000Z');
    // 1 December 02:00 UTC is still 30 November in Chicago, already 1 December in Tokyo.
    const newMonth = at('2026-12-01T02:00:00Z');
    expect(startOfMonth(newMonth, 'UTC').toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(startOfMonth(newMonth, 'America/Chicago').toISOString()).toBe('2026-11-01T05:00:00.000Z');
    expect(startOfMonth(newMonth, 'Asia/Tokyo').toISOString()).toBe('2026-11-30T15:00:00.000Z');
    expect(startOfMonth(at('2026-11-30T14:59:59Z'), 'Asia/Tokyo').toISOString()).toBe('2026-10-31T15:00:00.000Z');
  });

  it('crosses daylight-saving changes: the offset of the period start, not of now', () => {
    // Chicago leaves DST on Sunday 1 November 2026: the month started at CDT (-5), the next week at CST (-6).
    expect(startOfMonth(at('2026-11-10T12:00:00Z'), 'America/Chicago').toISOString()).toBe('2026-11-01T05:00:00.000Z');
    expect(startOfWeek(at('2026-11-01T12:00:00Z'), 'America/Chicago').toISOString()).toBe('2026-10-26T05:00:00.000Z');
    expect(nextPeriodStart(at('2026-10-26T05:00:00Z'), 'week', 'America/Chicago').toISOString()).toBe('2026-11-02T06:00:00.000Z');
    // Chicago enters DST on Sunday 8 March 2026: a 167-hour week.
    expect(startOfWeek(at('2026-03-10T12:00:00Z'), 'America/Chicago').toISOString()).toBe('2026-03-09T05:00:00.000Z');
    expect(nextPeriodStart(at('2026-03-02T06:00:00Z'), 'week', 'America/Chicago').toISOString()).toBe('2026-03-09T05:00:00.000Z');
    // Europe/London: March 2026 starts in GMT, April in BST.
    expect(nextPeriodStart(at('2026-03-01T00:00:00Z'), 'month', 'Europe/London').toISOString()).toBe('2026-03-31T23:00:00.000Z');
  });

  it('starts a day whose midnight does not exist at its first real moment', () => {
    // Santiago moves its clocks from 00:00 to 01:00 on Sunday 6 September 2026.
    const start = startOfLocalDay({ year: 2026, month: 9, day: 6 }, 'America/Santiago');
    expect(start.toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(localDateOf(start, 'America/Santiago')).toEqual({ year: 2026, month: 9, day: 6 });
    expect(localDateOf(new Date(start.getTime() - 1), 'America/Santiago')).toEqual({ year: 2026, month: 9, day: 5 });
  });

  it('lists chart buckets oldest first, ending with the current one, across a year end', () => {
    const weeks = periodStarts(at('2027-01-06T12:00:00Z'), 'week', 'UTC', 3).map((start) => start.toISOString());
    expect(weeks).toEqual(['2026-12-21T00:00:00.000Z', '2026-12-28T00:00:00.000Z', '2027-01-04T00:00:00.000Z']);
    const months = periodStarts(at('2027-01-06T12:00:00Z'), 'month', 'America/Chicago', 3).map((start) => start.toISOString());
    expect(months).toEqual(['2026-11-01T05:00:00.000Z', '2026-12-01T06:00:00.000Z', '2027-01-01T06:00:00.000Z']);
    expect(periodLabel(at('2026-11-01T05:00:00Z'), 'month', 'America/Chicago')).toBe('Nov 2026');
    expect(periodLabel(at('2026-11-23T06:00:00Z'), 'week', 'America/Chicago')).toBe('Nov 23');
  });

  it("gives the locker room's current week and month together", () => {
    expect(viewerPeriods(at('2026-11-27T08:00:00Z'), 'Pacific/Auckland')).toEqual({
      weekStart: at('2026-11-22T11:00:00Z'),
      monthStart: at('2026-10-31T11:00:00Z'),
    });
  });
});
