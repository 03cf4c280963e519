import type { AthleteFilter } from './athlete-directory.query';

// How long a counted total is reused. Counting thousands of matches costs more than the page
// itself; a total that trails a new sign-up by a few seconds does not mislead a pager.
export const TOTALS_TTL_MS = 5_000;
// Distinct filters remembered at once; the oldest is dropped first (typed searches vary a lot).
const MAX_ENTRIES = 2_000;

interface Entry {
  total: Promise<number>;
  expiresAt: number;
}

/**
 * Totals of recent listings for a few seconds. Concurrent searches for the same filter share one
 * count in flight, so a burst of identical searches costs one count, not one each; a failed
 * count is forgotten at once. The pages themselves are always read fresh.
 */
export class ListingTotalsCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  total(filter: AthleteFilter, endorsementOnly: boolean, count: () => Promise<number>): Promise<number> {
    const key = `${endorsementOnly ? 'e' : 'a'}:${JSON.stringify(filter)}`;
    const now = this.now();
    const cached = this.entries.get(key);
    if (cached && cached.expiresAt > now) return cached.total;

    const total = count();
    this.entries.delete(key);
    this.entries.set(key, { total, expiresAt: now + TOTALS_TTL_MS });
    total.catch(() => {
      if (this.entries.get(key)?.total === total) this.entries.delete(key);
    });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    return total;
  }
}
