import { Logger } from '@nestjs/common';

/**
 * pg-boss 10 waits with `delay` (its src/tools.js): node:timers/promises' setTimeout under a new
 * AbortController, aborted when the wait is cut short. It is cut short on every job (the handler's
 * expiry timer, `resolveWithinSeconds`, once the handler settles) and every time a committed job
 * wakes a worker (`notifyWorker`). Each abort builds a DOMException and an AbortError, both with
 * their stack traces, and dispatches an abort event: in a profile of `bench:booking` at
 * saturation (2026-12-01) about 3% of the API processes' CPU, for nothing the queue reads (the
 * abort only resolves the wait).
 *
 * `cheapDelay` keeps pg-boss's contract with a plain timer: a promise that resolves after `ms`, or
 * rejects with `new Error(error)` then when an error message is given, and whose `abort()`
 * resolves it at once and clears the timer (later calls do nothing). Its timer is referenced, as
 * pg-boss's is, unless installed with `ref: false` (the API's tests: a wait left once a test
 * file's app has closed must not keep Jest's process alive). A job that overran its expiry fails
 * with an error whose stack is this timer's, not tools.js's. It uses the global setTimeout, so
 * Jest's fake timers would drive it (no API test fakes them).
 *
 * pg-boss's modules (index, boss, manager, worker) take `delay` out of tools.js when they load
 * (`const { delay } = require('./tools')`), so the replacement is installed before pg-boss is
 * first required: jobs.service.ts imports this module first, and `installCheapDelay` refuses, with
 * a warning, once pg-boss's manager or worker has loaded (every entry into pg-boss loads them;
 * they would keep the original), or on a pg-boss whose tools.js no longer has `delay` (pg-boss is
 * pinned to the version this was read against, 10.4.2).
 */
export interface AbortableDelay extends Promise<void> {
  abort(): void;
}

type Delay = (ms: number, error?: string) => AbortableDelay;

export function cheapDelay(ms: number, error?: string, ref = true): AbortableDelay {
  let timer: NodeJS.Timeout | null = null;
  let settle: () => void = () => undefined;
  const promise = new Promise<void>((resolve, reject) => {
    settle = resolve;
    timer = setTimeout(() => {
      timer = null;
      if (error) reject(new Error(error));
      else resolve();
    }, ms);
    if (!ref) timer.unref();
  }) as AbortableDelay;
  promise.abort = () => {
    if (timer === null) return;
    clearTimeout(timer);
    timer = null;
    settle();
  };
  return promise;
}

const unreferencedDelay: Delay = (ms, error) => cheapDelay(ms, error, false);

const TOOLS = 'pg-boss/src/tools.js';
const USERS = ['pg-boss/src/manager.js', 'pg-boss/src/worker.js'];

/** pg-boss's tools.js, whose exports object its other modules read `delay` from (no typings: internal). */
function toolsOf(): { delay?: unknown } {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the very module object pg-boss's own require() returns
  return require(TOOLS) as { delay?: unknown };
}

/**
 * Puts `cheapDelay` in place of pg-boss's `delay` (with unreferenced timers when `ref` is false);
 * returns false, and changes nothing, where it cannot.
 */
export function installCheapDelay(options: { ref?: boolean } = {}): boolean {
  const loaded = (path: string) => require.cache[require.resolve(path)] !== undefined;
  if (USERS.some(loaded)) return false;
  const tools = toolsOf();
  if (typeof tools.delay !== 'function') return false;
  tools.delay = options.ref === false ? unreferencedDelay : cheapDelay;
  return true;
}

/** Whether pg-boss's tools.js holds `cheapDelay` (its modules load it from there; checked by the specs). */
export function cheapDelayInstalled(): boolean {
  const delay = toolsOf().delay;
  return delay === cheapDelay || delay === unreferencedDelay;
}

if (!installCheapDelay() && !cheapDelayInstalled()) {
  new Logger('Jobs').warn("pg-boss's own delay() stays (pg-boss loaded before modules/jobs/pg-boss-delay, or its tools.js changed): each job's wait builds two errors");
}
