import { JobsService } from './jobs.service';
import { cheapDelay, cheapDelayInstalled, installCheapDelay } from './pg-boss-delay';

/** Referenced timers alive in this process (unreferenced ones are not listed). */
const referencedTimers = () => process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length;
// eslint-disable-next-line @typescript-eslint/no-require-imports -- pg-boss's internal module, as pg-boss-delay.ts reads it
const tools = require('pg-boss/src/tools.js') as { delay: (ms: number, error?: string) => Promise<void> & { abort(): void } };

describe("pg-boss's wait (cheapDelay)", () => {
  it('resolves after its time', async () => {
    const started = Date.now();
    await expect(cheapDelay(30)).resolves.toBeUndefined();
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });

  it("rejects with pg-boss's message after its time when it is given one", async () => {
    await expect(cheapDelay(10, 'handler execution exceeded 10ms')).rejects.toThrow('handler execution exceeded 10ms');
  });

  it('resolves at once when aborted and clears its timer', async () => {
    const before = referencedTimers();
    const wait = cheapDelay(60_000, 'handler execution exceeded 60000ms');
    expect(referencedTimers()).toBe(before + 1);
    const started = Date.now();
    wait.abort();
    expect(referencedTimers()).toBe(before);
    wait.abort();
    await expect(wait).resolves.toBeUndefined();
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("is the one pg-boss's modules loaded with (unreferenced in the tests), and a late install changes nothing", async () => {
    expect(JobsService).toBeDefined();
    expect(require.cache[require.resolve('pg-boss/src/manager.js')]).toBeDefined();
    expect(cheapDelayInstalled()).toBe(true);
    // The tests' setup installed it with unreferenced timers: a wait holds no process up.
    const before = referencedTimers();
    const wait = tools.delay(60_000);
    expect(referencedTimers()).toBe(before);
    wait.abort();
    await expect(wait).resolves.toBeUndefined();

    const installed = tools.delay;
    const sentinel = () => Promise.resolve();
    tools.delay = sentinel as unknown as typeof tools.delay;
    try {
      expect(installCheapDelay()).toBe(false);
      expect(tools.delay).toBe(sentinel);
    } finally {
      tools.delay = installed;
    }
  });

  it("cuts a worker's wait between polls short when a job wakes it", async () => {
    // pg-boss's own worker: its loop waits `interval` after an empty fetch, unless notified.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const Worker = require('pg-boss/src/worker.js') as new (options: object) => { start(): Promise<void>; notify(): void; stop(): void };
    let fetches = 0;
    const worker = new Worker({
      id: 'w',
      name: 'q',
      options: {},
      interval: 60_000,
      fetch: async () => {
        fetches += 1;
        return null;
      },
      onFetch: async () => undefined,
      onError: () => undefined,
    });
    const loop = worker.start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetches).toBe(1);
    worker.notify();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetches).toBe(2);
    worker.stop();
    await loop;
  });
});
