import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { networkError, NETWORK_ERROR_MESSAGE } from '@huddle/api-client';
import { ShellContextProvider, ToastProvider } from '@huddle/ui';
import { browserTimeZone } from '@huddle/requests';
import { SHELL_CONTRACT_VERSION } from '@huddle/ui/shell-contract';
import { testShell } from '@huddle/ui/testing';
import { LockerRoomScreen } from '../screens/LockerRoomScreen';
import { LOCKER_ROOM_KEY, type LockerRoom } from './locker-room-api';
import { formatMoney, isEmptyLockerRoom, LOCKER_ROOM_EMPTY } from './locker-room-view';

const TYPES = ['personal_appearance', 'speaking_engagement', 'training_session', 'endorsement', 'video_chat', 'shoutout', 'camp', 'endorsement_campaign'] as const;

function bucket(label: string, earnings = 0) {
  return { start: 0, label, earnings };
}

function room(changes: Partial<LockerRoom> = {}): LockerRoom {
  return {
    time_zone: 'UTC',
    week_start: 1796256000,
    month_start: 1796342400,
    earnings: { total: 0, week: 0, month: 0 },
    money: { owed: 0, payable: 0, on_its_way: 0, paid_out: 0 },
    requests: { total: 0, pending: 0, week: 0, month: 0, by_type: TYPES.map((type) => ({ type, total: 0, pending: 0 })) },
    chart: { weeks: [bucket('Nov 23'), bucket('Nov 30')], months: [bucket('Nov 2026'), bucket('Dec 2026')] },
    ...changes,
  };
}

const BUSY = room({
  earnings: { total: 1496.5, week: 296, month: 176.05 },
  money: { owed: 336, payable: 60, on_its_way: 25.5, paid_out: 100 },
  requests: {
    total: 10,
    pending: 1,
    week: 5,
    month: 4,
    by_type: TYPES.map((type) => ({ type, total: type === 'video_chat' ? 2 : 1, pending: type === 'speaking_engagement' ? 1 : 0 })),
  },
  chart: { weeks: [bucket('Nov 23', 200), bucket('Nov 30', 296)], months: [bucket('Nov 2026', 320), bucket('Dec 2026', 176)] },
});

type Cached = { data: LockerRoom } | { error: Error } | undefined;

/** The screen as first painted with this answer in the cache (none: still loading). */
function renderScreen(cached: Cached): string {
  const client = new QueryClient({ defaultOptions: { queries: { retryOnMount: false } } });
  const queryKey = [...LOCKER_ROOM_KEY, browserTimeZone()];
  if (cached && 'data' in cached) client.setQueryData(queryKey, cached.data);
  if (cached && 'error' in cached) {
    const query = client.getQueryCache().build(client, { queryKey });
    query.setState({ ...query.state, status: 'error', error: cached.error, errorUpdatedAt: Date.now() });
  }
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <ShellContextProvider value={testShell({ role: 2 })} requires={SHELL_CONTRACT_VERSION}>
        <ToastProvider>
          <Router ssrPath="/locker-room">
            <LockerRoomScreen />
          </Router>
        </ToastProvider>
      </ShellContextProvider>
    </QueryClientProvider>,
  );
}

describe('/locker-room', () => {
  it('shows skeletons while the numbers load, with the request feed one click away', () => {
    const html = renderScreen(undefined);
    expect(html).toContain('Locker Room');
    expect(html).toContain('Open Request Feed');
    expect(html).toContain('Loading your earnings');
    expect(html).toContain('Loading your requests');
    expect(html).not.toContain('$0.00');
  });

  it('shows the error with Retry when the numbers cannot be read', () => {
    const html = renderScreen({ error: networkError() });
    expect(html).toContain('role="alert"');
    expect(html).toContain(NETWORK_ERROR_MESSAGE);
    expect(html).toContain('Retry');
    expect(html).not.toContain('Loading your earnings');
  });

  it('tells a new athlete there is nothing yet instead of a wall of zeros', () => {
    expect(isEmptyLockerRoom(room())).toBe(true);
    expect(isEmptyLockerRoom(BUSY)).toBe(false);
    // Paid out earlier but nothing booked since is not empty: the money still shows.
    expect(isEmptyLockerRoom(room({ money: { owed: 0, payable: 0, on_its_way: 0, paid_out: 5 } }))).toBe(false);
    const html = renderScreen({ data: room() });
    expect(html).toContain(LOCKER_ROOM_EMPTY.title);
    expect(html).toContain(LOCKER_ROOM_EMPTY.text);
    expect(html).toContain('Open Request Feed');
    expect(html).not.toContain('Earnings over time');
  });

  it('shows earnings, the money with a link to the payouts page, the requests by type and the chart switch', () => {
    const html = renderScreen({ data: BUSY });
    for (const text of ['$1,496.50', '$296.00', '$176.05', '$60.00', '$25.50', '$100.00']) expect(html).toContain(text);
    for (const label of ['Total', 'This week', 'This month', 'Payable', 'On its way', 'Paid out']) expect(html).toContain(`<dt>${label}</dt>`);
    expect(html).toContain('href="/settings/payouts"');
    expect(html).toMatch(/<th scope="row">Video chat<\/th><td>2<\/td><td>0<\/td>/);
    expect(html).toMatch(/<th scope="row">Speaking engagement<\/th><td>1<\/td><td>1<\/td>/);
    expect(html).toMatch(/<th scope="row">Endorsement campaign<\/th><td>1<\/td><td>0<\/td>/);
    expect(html).toMatch(/<dt>This week<\/dt><dd>5<\/dd>/);
    expect(html).toMatch(/<dt>All time<\/dt><dd>10<\/dd>/);
    expect(html).toContain('Earnings over time');
    expect(html).toMatch(/aria-pressed="true"[^>]*>Weeks</);
    expect(html).toMatch(/aria-pressed="false"[^>]*>Months</);
    // The chart library is a lazy chunk of its own: the first paint shows its placeholder.
    expect(html).toContain('aria-label="Loading chart"');
  });

  it('prints dollars with cents', () => {
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(1250.5)).toBe('$1,250.50');
    expect(formatMoney(0.07)).toBe('$0.07');
  });
});
