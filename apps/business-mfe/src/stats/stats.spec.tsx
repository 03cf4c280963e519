import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { networkError, NETWORK_ERROR_MESSAGE } from '@huddle/api-client';
import { ShellContextProvider, ToastProvider } from '@huddle/ui';
import { SHELL_CONTRACT_VERSION } from '@huddle/ui/shell-contract';
import { testShell } from '@huddle/ui/testing';
import { StatsScreen } from '../screens/StatsScreen';
import { browserTimeZone, BUSINESS_STATS_KEY, type BusinessStats } from './stats-api';
import { formatMoney, isEmptyStats, STATS_EMPTY } from './stats-view';

const TYPES = ['personal_appearance', 'speaking_engagement', 'training_session', 'endorsement', 'video_chat', 'shoutout', 'camp', 'endorsement_campaign'] as const;

function bucket(label: string, spent = 0) {
  return { start: 0, label, spent };
}

function stats(changes: Partial<BusinessStats> = {}): BusinessStats {
  return {
    time_zone: 'UTC',
    totals: { spent: 0, accepted: 0, rejected: 0 },
    by_status: { pending: 0, accepted: 0, finished: 0, canceled: 0, in_progress: 0, pending_review: 0 },
    by_type: TYPES.map((type) => ({ type, count: 0, spent: 0, accepted: 0, rejected: 0 })),
    by_athlete: [],
    chart: { weeks: [bucket('Nov 23'), bucket('Nov 30')], months: [bucket('Nov 2026'), bucket('Dec 2026')] },
    ...changes,
  };
}

const BUSY = stats({
  totals: { spent: 1620.5, accepted: 1620.5, rejected: 165.05 },
  by_status: { pending: 1, accepted: 3, finished: 1, canceled: 4, in_progress: 1, pending_review: 1 },
  by_type: TYPES.map((type) =>
    type === 'video_chat' ? { type, count: 2, spent: 100, accepted: 100, rejected: 100 } : { type, count: type === 'camp' ? 0 : 1, spent: 0, accepted: 0, rejected: 0 },
  ),
  by_athlete: [
    { athlete_id: 'a', name: 'Jordan Miles', count: 9, spent: 1560.5 },
    { athlete_id: 'b', name: 'Sam Lee', count: 2, spent: 60 },
  ],
  chart: { weeks: [bucket('Nov 23', 250), bucket('Nov 30', 370)], months: [bucket('Nov 2026', 400), bucket('Dec 2026', 220)] },
});

type Cached = { data: BusinessStats } | { error: Error } | undefined;

/** The screen as first painted with this answer in the cache (none: still loading). */
function renderScreen(cached: Cached): string {
  const client = new QueryClient({ defaultOptions: { queries: { retryOnMount: false } } });
  const queryKey = [...BUSINESS_STATS_KEY, browserTimeZone()];
  if (cached && 'data' in cached) client.setQueryData(queryKey, cached.data);
  if (cached && 'error' in cached) {
    const query = client.getQueryCache().build(client, { queryKey });
    query.setState({ ...query.state, status: 'error', error: cached.error, errorUpdatedAt: Date.now() });
  }
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <ShellContextProvider value={testShell({ role: 3 })} requires={SHELL_CONTRACT_VERSION}>
        <ToastProvider>
          <Router ssrPath="/stats">
            <StatsScreen />
          </Router>
        </ToastProvider>
      </ShellContextProvider>
    </QueryClientProvider>,
  );
}

describe('/stats', () => {
  it('shows skeletons while the numbers load', () => {
    const html = renderScreen(undefined);
    expect(html).toContain('Statistics');
    expect(html).toContain('Loading your spending');
    expect(html).toContain('Loading your requests');
    expect(html).not.toContain('$0.00');
  });

  it('shows the error with Retry when the numbers cannot be read', () => {
    const html = renderScreen({ error: networkError() });
    expect(html).toContain('role="alert"');
    expect(html).toContain(NETWORK_ERROR_MESSAGE);
    expect(html).toContain('Retry');
    expect(html).not.toContain('Loading your spending');
  });

  it('tells a business that never booked there is nothing yet instead of a wall of zeros', () => {
    expect(isEmptyStats(stats())).toBe(true);
    expect(isEmptyStats(BUSY)).toBe(false);
    // One pending request and nothing spent yet is not empty.
    expect(isEmptyStats(stats({ by_status: { ...stats().by_status, pending: 1 } }))).toBe(false);
    const html = renderScreen({ data: stats() });
    expect(html).toContain(STATS_EMPTY.title);
    expect(html).toContain(STATS_EMPTY.text);
    expect(html).not.toContain('Spending over time');
  });

  it('shows the summary, the tables by status, athlete and type, and the chart switch', () => {
    const html = renderScreen({ data: BUSY });
    for (const text of ['$1,620.50', '$165.05', '$1,560.50', '$60.00']) expect(html).toContain(text);
    for (const label of ['Total spent', 'Accepted', 'Rejected', 'Requests']) expect(html).toContain(`<dt>${label}</dt>`);
    expect(html).toMatch(/<dt>Requests<\/dt><dd class="bs-figure__amount">11<\/dd>/);
    expect(html).toMatch(/<th scope="row">Cancelled<\/th><td>4<\/td>/);
    expect(html).toMatch(/<th scope="row">Pending review<\/th><td>1<\/td>/);
    expect(html).toMatch(/<th scope="row" class="bs-table__name">Jordan Miles<\/th><td>9<\/td><td>\$1,560.50<\/td>/);
    expect(html).toMatch(
      /<th scope="row">Video chat<\/th><td data-label="Requests">2<\/td><td data-label="Spent">\$100.00<\/td><td data-label="Accepted">\$100.00<\/td><td data-label="Rejected">\$100.00<\/td>/,
    );
    expect(html).toMatch(/<th scope="row">Endorsement campaign<\/th><td data-label="Requests">1<\/td>/);
    // On a phone the by-type rows stack (stats.css): each figure carries its column's name to show above it.
    expect(html).toContain('class="bs-table bs-table--stack"');
    expect(html).toContain('Spending over time');
    expect(html).toMatch(/aria-pressed="true"[^>]*>Weeks</);
    expect(html).toMatch(/aria-pressed="false"[^>]*>Months</);
    // The chart library is a lazy chunk of its own: the first paint shows its placeholders.
    expect(html).toContain('aria-label="Loading chart"');
    expect(html).not.toContain('recharts');
  });

  it('prints dollars with cents', () => {
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(1250.5)).toBe('$1,250.50');
    expect(formatMoney(0.07)).toBe('$0.07');
  });
});
