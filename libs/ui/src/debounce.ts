export interface Debounced<Args extends unknown[]> {
  /** Runs `run` with these arguments once no further call has come for the delay. */
  call: (...args: Args) => void;
  /** Runs a waiting call now (the user pressed Enter). */
  flush: () => void;
  /** Drops a waiting call (the value it carried was replaced some other way). */
  cancel: () => void;
  pending: () => boolean;
}

/** The last of a burst of calls, `delayMs` after the burst ends (spec §5: search waits 400 ms). */
export function debounce<Args extends unknown[]>(run: (...args: Args) => void, delayMs: number): Debounced<Args> {
  let handle: ReturnType<typeof setTimeout> | null = null;
  let waiting: Args | null = null;

  const cancel = () => {
    if (handle !== null) clearTimeout(handle);
    handle = null;
    waiting = null;
  };

  const flush = () => {
    const args = waiting;
    cancel();
    if (args) run(...args);
  };

  return {
    call: (...args) => {
      if (handle !== null) clearTimeout(handle);
      waiting = args;
      handle = setTimeout(flush, delayMs);
    },
    flush,
    cancel,
    pending: () => waiting !== null,
  };
}
