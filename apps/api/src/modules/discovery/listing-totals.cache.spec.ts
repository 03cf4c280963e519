import { ListingTotalsCache, TOTALS_TTL_MS } from './listing-totals.cache';

describe('ListingTotalsCache', () => {
  it('shares one count among concurrent and repeated searches until it expires', async () => {
    let now = 0;
    let counts = 0;
    const cache = new ListingTotalsCache(() => now);
    const count = async () => {
      counts += 1;
      return 40 + counts;
    };
    const filter = { kind: 'name', text: 'jor' } as const;
    expect(await Promise.all([cache.total(filter, false, count), cache.total(filter, false, count)])).toEqual([41, 41]);
    expect(await cache.total({ kind: 'name', text: 'jor' }, true, count)).toBe(42);
    now += TOTALS_TTL_MS - 1;
    expect(await cache.total(filter, false, count)).toBe(41);
    now += 1;
    expect(await cache.total(filter, false, count)).toBe(43);
    expect(counts).toBe(3);
  });

  it('forgets a failed count at once', async () => {
    const cache = new ListingTotalsCache(() => 0);
    await expect(cache.total({ kind: 'all' }, false, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.total({ kind: 'all' }, false, async () => 7)).toBe(7);
  });
});
