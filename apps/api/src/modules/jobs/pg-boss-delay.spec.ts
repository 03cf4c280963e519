import { JobsService } from './jobs.service';
import { cheapDelay, cheapDelayInstalled, installCheapDelay } from './pg-boss-delay';

describe("pg-boss's wait (cheapDelay)", () => {
  it('resolves after its time', async () => {
    const started = Date.now();
    await expect(cheapDelay(30)).resolves.toBeUndefined();
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });

  it("rejects with pg-boss's message after its time when it is given one", async () => {
    await expect(cheapDelay(10, 'handler execution exceeded 10ms')).rejects.toThrow('handler execution exceeded 10ms');
  });

  it('resolves at once when aborted, and never rejects after', async () => {
    const wait = cheapDelay(60_000, 'handler execution exceeded 60000ms');
    const started = Date.now();
    wait.abort();
    wait.abort();
    await expect(wait).resolves.toBeUndefined();
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('an abort after it settled changes nothing', async () => {
    const wait = cheapDelay(5, 'too late');
    await expect(wait).rejects.toThrow('too late');
    expect(() => wait.abort()).not.toThrow();
  });

  it("is the one pg-boss's manager and worker loaded with, and is not put in after they loaded", () => {
    expect(JobsService).toBeDefined();
    expect(cheapDelayInstalled()).toBe(true);
    expect(require.cache[require.resolve('pg-boss/src/manager.js')]).toBeDefined();
    expect(installCheapDelay()).toBe(false);
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
