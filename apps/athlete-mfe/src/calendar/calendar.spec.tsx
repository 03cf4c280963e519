import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { networkError } from '@huddle/api-client';
import { ShellContextProvider, ToastProvider } from '@huddle/ui';
import { SHELL_CONTRACT_VERSION } from '@huddle/ui/shell-contract';
import { testShell } from '@huddle/ui/testing';
import { CALENDAR_FEED_KEY, CALENDAR_KEY, type CalendarEvent } from './calendar-api';
import { CalendarScreen } from './CalendarScreen';
import { Agenda, CALENDAR_EMPTY } from './Calendar';
import { addDays, dayKey, eventsByDay, gridDays, rangeOf, shiftAnchor, startOfWeek, weeksOf } from './calendar-grid';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

describe('the calendar grid (browser zone, weeks from Monday)', () => {
  it('lays a month out in whole weeks, Monday to Sunday, with the days outside the month marked', () => {
    // November 2026 starts on a Sunday and ends on a Monday: 26 Oct .. 6 Dec, six weeks.
    const days = gridDays('month', new Date(2026, 10, 17), new Date(2026, 10, 27));
    expect(days).toHaveLength(42);
    expect(days[0].key).toBe('2026-10-26');
    expect(days[41].key).toBe('2026-12-06');
    expect(weeksOf(days).map((week) => week[0].date.getDay())).toEqual([1, 1, 1, 1, 1, 1]);
    expect(days.filter((day) => day.inPeriod).map((day) => day.date.getDate())).toEqual(Array.from({ length: 30 }, (_, index) => index + 1));
    expect(days.filter((day) => day.isToday).map((day) => day.key)).toEqual(['2026-11-27']);
    // February 2027 starts on a Monday and ends on a Sunday: exactly four weeks.
    expect(gridDays('month', new Date(2027, 1, 10))).toHaveLength(28);
  });

  it('shows a week from its Monday, across a month end', () => {
    const days = gridDays('week', new Date(2026, 11, 3));
    expect(days.map((day) => day.key)).toEqual(['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06']);
    expect(days.every((day) => day.inPeriod)).toBe(true);
    expect(startOfWeek(new Date(2026, 10, 29, 23, 30)).getDate()).toBe(23);
  });

  it('asks the API for the days shown, midnight to midnight, well under its 100 days', () => {
    const month = gridDays('month', new Date(2026, 10, 1));
    const range = rangeOf(month);
    expect(range.from).toBe(seconds(new Date(2026, 9, 26)));
    expect(range.to).toBe(seconds(new Date(2026, 11, 7)));
    expect(range.to - range.from).toBeLessThanOrEqual(42 * 86400 + 3600);
    expect(rangeOf(gridDays('week', new Date(2026, 10, 25)))).toEqual({ from: seconds(new Date(2026, 10, 23)), to: seconds(new Date(2026, 10, 30)) });
  });

  it('moves a month or a week at a time', () => {
    expect(dayKey(shiftAnchor('month', new Date(2026, 0, 31), 1))).toBe('2026-02-01');
    expect(dayKey(shiftAnchor('month', new Date(2026, 0, 15), -1))).toBe('2025-12-01');
    expect(dayKey(shiftAnchor('week', new Date(2026, 10, 27), 1))).toBe('2026-11-30');
    expect(dayKey(shiftAnchor('week', new Date(2026, 10, 27), -1))).toBe('2026-11-16');
  });

  it('puts each event on every day it overlaps, by start; one ending at midnight stays on its day', () => {
    const days = gridDays('week', new Date(2026, 10, 25));
    const at = (day: number, hour: number, minute = 0) => seconds(new Date(2026, 10, day, hour, minute));
    const events = [
      { id: 'late', start_time: at(24, 18), end_time: at(24, 19) },
      { id: 'early', start_time: at(24, 9), end_time: at(24, 10) },
      { id: 'overnight', start_time: at(25, 22), end_time: at(26, 2) },
      { id: 'to-midnight', start_time: at(27, 23), end_time: seconds(new Date(2026, 10, 28)) },
      { id: 'elsewhere', start_time: at(30, 9), end_time: at(30, 10) },
    ];
    const byDay = eventsByDay(events, days);
    const ids = (day: number) => (byDay.get(dayKey(new Date(2026, 10, day))) ?? []).map((event) => event.id);
    expect(ids(23)).toEqual([]);
    expect(ids(24)).toEqual(['early', 'late']);
    expect(ids(25)).toEqual(['overnight']);
    expect(ids(26)).toEqual(['overnight']);
    expect(ids(27)).toEqual(['to-midnight']);
    expect(ids(28)).toEqual([]);
    expect([...byDay.keys()]).toEqual(days.map((day) => day.key));
    expect(byDay.has(dayKey(addDays(days[6].date, 1)))).toBe(false);
  });
});

type Cached = { data: CalendarEvent[] } | { error: Error } | undefined;

/** The screen as first painted (the month view of today) with this answer in the cache. */
function renderScreen(cached: Cached, feed: string | undefined = 'http://localhost:4200/api/v1/public/calendar/abc.ics'): string {
  const client = new QueryClient({ defaultOptions: { queries: { retryOnMount: false } } });
  const range = rangeOf(gridDays('month', new Date()));
  const queryKey = [...CALENDAR_KEY, range.from, range.to];
  if (cached && 'data' in cached) client.setQueryData(queryKey, cached.data);
  if (cached && 'error' in cached) {
    const query = client.getQueryCache().build(client, { queryKey });
    query.setState({ ...query.state, status: 'error', error: cached.error, errorUpdatedAt: Date.now() });
  }
  if (feed) client.setQueryData(CALENDAR_FEED_KEY, feed);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <ShellContextProvider value={testShell({ role: 2 })} requires={SHELL_CONTRACT_VERSION}>
        <ToastProvider>
          <Router ssrPath="/calendar">
            <CalendarScreen />
          </Router>
        </ToastProvider>
      </ShellContextProvider>
    </QueryClientProvider>,
  );
}

function event(changes: Partial<CalendarEvent>): CalendarEvent {
  const start = new Date();
  start.setHours(15, 0, 0, 0);
  return {
    id: '00000000-0000-4000-8000-000000000001',
    type: 'personal_appearance',
    status: 2,
    name: 'Store opening',
    start_time: seconds(start),
    end_time: seconds(start) + 3600,
    address: 'Los Angeles, CA, USA',
    requester_name: 'Jordan M.',
    ...changes,
  };
}

describe('/calendar', () => {
  it('shows a skeleton while the events load, the Month and Week switch and the feed link', () => {
    const html = renderScreen(undefined);
    expect(html).toContain('Calendar');
    expect(html).toContain('Loading your calendar');
    expect(html).toMatch(/aria-pressed="true"[^>]*>Month</);
    expect(html).toContain('>Week<');
    expect(html).toContain('value="http://localhost:4200/api/v1/public/calendar/abc.ics"');
    expect(html).toContain('>Copy<');
    expect(html).toContain('>Regenerate<');
  });

  it('shows the error with Retry', () => {
    const html = renderScreen({ error: networkError() });
    expect(html).toContain('role="alert"');
    expect(html).toContain('Retry');
  });

  it("says 'No upcoming events' when the month has none", () => {
    const html = renderScreen({ data: [] });
    expect(html).toContain(CALENDAR_EMPTY.title);
    expect(html).not.toContain('role="grid"');
  });

  it("draws the month with each event on its day, opening its request; a finished one greyed", () => {
    const today = new Date();
    const finished = event({ id: '00000000-0000-4000-8000-000000000002', type: 'camp', status: 5, start_time: event({}).start_time - 7200, end_time: event({}).start_time - 3600 });
    const html = renderScreen({ data: [event({}), finished] });
    expect(html).toContain('role="grid"');
    expect(html).toContain('href="/request/00000000-0000-4000-8000-000000000001"');
    expect(html).toContain('Personal appearance');
    expect(html).toMatch(/cal-event--camp cal-event--finished/);
    expect(html).toContain(`${today.toDateString()}, 2 events`);
    expect(html).toContain(new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(new Date(event({}).start_time * 1000)));
    // The phone's list of the month's events carries the requester and the address.
    expect(html).toContain('Jordan M.');
    expect(html).toContain('Los Angeles, CA, USA');
  });

  it("lists on the phone the events of every day the grid shows, the next month's first days too (muted)", () => {
    // November 2026 ends on a Monday: its grid runs to Sunday 6 December.
    const days = gridDays('month', new Date(2026, 10, 30));
    const at = (month: number, day: number) => seconds(new Date(2026, month, day, 15));
    const inMonth = event({ id: 'in-month', start_time: at(10, 30), end_time: at(10, 30) + 3600 });
    const trailing = event({ id: 'trailing', start_time: at(11, 1), end_time: at(11, 1) + 3600 });
    const beyond = event({ id: 'beyond', start_time: at(11, 7), end_time: at(11, 7) + 3600 });
    const html = renderToStaticMarkup(
      <Router ssrPath="/calendar">
        <Agenda days={days} events={[inMonth, trailing, beyond]} />
      </Router>,
    );
    expect(html).toContain('href="/request/in-month"');
    expect(html).toContain('href="/request/trailing"');
    expect(html).not.toContain('href="/request/beyond"');
    expect(html.match(/cal-agenda__day--outside/g)).toHaveLength(1);
    expect(html.indexOf('/request/in-month')).toBeLessThan(html.indexOf('/request/trailing'));
  });
});
