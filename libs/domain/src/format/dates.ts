const DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/**
 * A timestamp of the API (unix seconds) as the spec's 'MMM D, YYYY' (§9), e.g. 'Mar 4, 2026',
 * in the viewer's time zone. Null for a missing or impossible time.
 */
export function formatDate(seconds: number | null | undefined): string | null {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) return null;
  return DATE.format(new Date(seconds * 1000));
}

/** The machine-readable date for a <time> element: 'YYYY-MM-DD'. */
export function isoDate(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}
