interface Entry<T> {
  value: Promise<T>;
  /** When the value stops being fresh; until twice the time to live it is still served while a refresh runs. */
  expiresAt: number;
  /** Set once the load succeeded: only a value that exists can be served stale. */
  loaded: boolean;
  refreshing: boolean;
}

/**
 * Answers reused for a few milliseconds: concurrent and repeated loads of one key share a single
 * load (and a single query) until it expires; a failed load is forgotten at once, so the next
 * caller retries. Once expired, a value is still answered for one more time to live while one
 * background load refreshes it (stale-while-revalidate), so a busy key never makes every caller
 * wait for its reload at once. Holds at most `maxEntries` keys, dropping the oldest first (typed
 * searches vary a lot). A time to live of 0 turns it off: every call loads. clear() drops
 * everything, including loads and refreshes in flight, so a value read before a change is never
 * kept after it.
 */
export class ExpiringCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  /** Bumped by clear(): a load started before it must not store its value after it. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const now = this.now();
    const cached = this.entries.get(key);
    // A load still running is shared for as long as a stale value would be served; one that hangs
    // past that is left behind and the key loads afresh, instead of hanging every caller with it.
    if (cached && (cached.expiresAt > now || (!cached.loaded && cached.expiresAt + this.ttlMs > now))) return cached.value;
    if (cached && cached.expiresAt + this.ttlMs > now) {
      if (!cached.refreshing) this.refresh(key, cached, load);
      return cached.value;
    }
    return this.store(key, load, now);
  }

  clear(): void {
    this.entries.clear();
    this.generation += 1;
  }

  private store(key: string, load: () => Promise<T>, now: number): Promise<T> {
    const value = load();
    const entry: Entry<T> = { value, expiresAt: now + this.ttlMs, loaded: false, refreshing: false };
    this.entries.delete(key);
    this.entries.set(key, entry);
    value.then(
      () => (entry.loaded = true),
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    return value;
  }

  /** One background load; its value replaces the stale one, and a failure leaves it for the next caller to retry. */
  private refresh(key: string, stale: Entry<T>, load: () => Promise<T>): void {
    stale.refreshing = true;
    const generation = this.generation;
    load().then(
      (fresh) => {
        if (this.generation !== generation || this.entries.get(key) !== stale) return;
        // Re-inserted, so a key in use moves to the back of the eviction order.
        this.entries.delete(key);
        this.entries.set(key, { value: Promise.resolve(fresh), expiresAt: this.now() + this.ttlMs, loaded: true, refreshing: false });
      },
      () => (stale.refreshing = false),
    );
  }
}
