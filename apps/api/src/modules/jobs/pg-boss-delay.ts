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
 * resolves it at once and clears the timer (later calls do nothing). pg-boss's modules (index,
 * boss, manager, worker) take `delay` out of tools.js when they load (`const { delay } =
 * require('./tools')`), so the replacement is installed before pg-boss is first required:
 * jobs.service.ts imports this module first, and `installCheapDelay` refuses to run once pg-boss's
 * manager or worker has loaded (every entry into pg-boss loads them; they would keep the
 * original), or on a pg-boss whose tools.js no longer has `delay`.
 */
export interface AbortableDelay extends Promise<void> {
  abort(): void;
}

export function cheapDelay(ms: number, error?: string): AbortableDelay {
  let timer: NodeJS.Timeout | null = null;
  let settle: () => void = () => undefined;
  const promise = new Promise<void>((resolve, reject) => {
    settle = resolve;
    timer = setTimeout(() => {
      timer = null;
      if (error) reject(new Error(error));
      else resolve();
    }, ms);
  }) as AbortableDelay;
  promise.abort = () => {
    if (timer === null) return;
    clearTimeout(timer);
    timer = null;
    settle();
  };
  return promise;
}

const TOOLS = 'pg-boss/src/tools.js';
const USERS = ['pg-boss/src/manager.js', 'pg-boss/src/worker.js'];

/** pg-boss's tools.js, whose exports object its other modules read `delay` from (no typings: internal). */
function toolsOf(): { delay?: unknown } {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the very module object pg-boss's own require() returns
  return require(TOOLS) as { delay?: unknown };
}

/** Puts `cheapDelay` in place of pg-boss's `delay`; returns false (and changes nothing) where it cannot. */
export function installCheapDelay(): boolean {
  const loaded = (path: string) => require.cache[require.resolve(path)] !== undefined;
  if (USERS.some(loaded)) return false;
  const tools = toolsOf();
  if (typeof tools.delay !== 'function') return false;
  tools.delay = cheapDelay;
  return true;
}

/** Whether pg-boss's modules loaded with `cheapDelay` (checked by the jobs spec). */
export function cheapDelayInstalled(): boolean {
  return toolsOf().delay === cheapDelay;
}

installCheapDelay();
