import { ExpiringCache } from './expiring-cache';

describe('ExpiringCache', () => {
  const TTL = 5_000;

  it('shares one load among concurrent and repeated calls of a key while it is fresh', async () => {
    let now = 0;
    let loads = 0;
    const cache = new ExpiringCache<number>(TTL, 10, () => now);
    const load = async () => {
      loads += 1;
      return 40 + loads;
    };
    expect(await Promise.all([cache.get('a:jor', load), cache.get('a:jor', load)])).toEqual([41, 41]);
    expect(await cache.get('e:jor', load)).toBe(42);
    now += TTL - 1;
    expect(await cache.get('a:jor', load)).toBe(41);
    expect(loads).toBe(2);
  });

  it('leaves a load that hangs past twice the time to live behind, and loads the key afresh', async () => {
    let now = 0;
    let loads = 0;
    const cache = new ExpiringCache<number>(TTL, 10, () => now);
    const load = () => {
      loads += 1;
      return loads === 1 ? new Promise<number>(() => undefined) : Promise.resolve(40 + loads);
    };
    void cache.get('k', load);
    now += 2 * TTL - 1;
    void cache.get('k', load);
    expect(loads).toBe(1);
    now += 1;
    expect(await cache.get('k', load)).toBe(42);
    expect(loads).toBe(2);
  });

  it('once expired, answers the stale value while one background load refreshes it', async () => {
    let now = 0;
    let loads = 0;
    let release: () => void = () => undefined;
    const cache = new ExpiringCache<number>(TTL, 10, () => now);
    const slowLoad = () => {
      loads += 1;
      const value = 40 + loads;
      return loads === 1 ? Promise.resolve(value) : new Promise<number>((resolve) => (release = () => resolve(value)));
    };
    expect(await cache.get('k', slowLoad)).toBe(41);
    now += TTL;
    // Expired: every caller still gets 41 at once, and only one refresh starts.
    expect(await Promise.all([cache.get('k', slowLoad), cache.get('k', slowLoad), cache.get('k', slowLoad)])).toEqual([41, 41, 41]);
    expect(loads).toBe(2);
    release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get('k', slowLoad)).toBe(42);
    expect(loads).toBe(2);
  });

  it('waits for a fresh load once a value is older than twice its time to live', async () => {
    let now = 0;
    let loads = 0;
    const cache = new ExpiringCache<number>(TTL, 10, () => now);
    const load = async () => 40 + ++loads;
    expect(await cache.get('k', load)).toBe(41);
    now += 2 * TTL;
    expect(await cache.get('k', load)).toBe(42);
  });

  it('keeps the stale value when a refresh fails, and retries on the next call', async () => {
    let now = 0;
    let fail = false;
    let loads = 0;
    const cache = new ExpiringCache<number>(TTL, 10, () => now);
    const load = () => {
      loads += 1;
      return fail ? Promise.reject(new Error('down')) : Promise.resolve(40 + loads);
    };
    expect(await cache.get('k', load)).toBe(41);
    now += TTL;
    fail = true;
    expect(await cache.get('k', load)).toBe(41);
    await new Promise((resolve) => setImmediate(resolve));
    fail = false;
    expect(await cache.get('k', load)).toBe(41);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get('k', load)).toBe(43);
  });

  it('forgets a failed load at once', async () => {
    const cache = new ExpiringCache<number>(TTL, 10, () => 0);
    await expect(cache.get('all', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('all', async () => 7)).toBe(7);
  });

  it('drops the oldest key beyond its size', async () => {
    let loads = 0;
    const cache = new ExpiringCache<number>(TTL, 2, () => 0);
    const load = async () => ++loads;
    await cache.get('first', load);
    await cache.get('second', load);
    await cache.get('third', load);
    expect(await cache.get('second', load)).toBe(2);
    expect(await cache.get('first', load)).toBe(4);
  });

  it('after clear(), loads again, and a load or refresh in flight during clear() is not kept', async () => {
    let now = 0;
    let loads = 0;
    let release: (value: number) => void = () => undefined;
    const cache = new ExpiringCache<number>(TTL, 10, () => now);
    const inFlight = cache.get('k', () => new Promise<number>((resolve) => (release = resolve)));
    cache.clear();
    release(1);
    expect(await inFlight).toBe(1);
    expect(await cache.get('k', async () => 10 + ++loads)).toBe(11);
    cache.clear();
    expect(await cache.get('k', async () => 10 + ++loads)).toBe(12);

    now += TTL;
    expect(await cache.get('k', () => new Promise<number>((resolve) => (release = resolve)))).toBe(12);
    cache.clear();
    release(99);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get('k', async () => 10 + ++loads)).toBe(13);
  });

  it('with a time to live of 0, loads every time', async () => {
    let loads = 0;
    const cache = new ExpiringCache<number>(0, 10, () => 0);
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual([1, 2]);
  });
});
