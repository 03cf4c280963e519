import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { networkError, NETWORK_ERROR_MESSAGE } from '@huddle/api-client';
import { ShellContextProvider, ToastProvider } from '@huddle/ui';
import { browserTimeZone } from '@huddle/requests';
import { SHELL_CONTRACT_VERSION } from '@huddle/ui/shell-contract';
import { testShell } from '@huddle/ui/testing';
import { StatsScreen } from '../screens/StatsScreen';
import type { BusinessExport } from './export-api';
import { ExportActions, ExportBody, ExportNote } from './ExportModal';
import { DEFAULT_EXPORT_CHOICE, exportScreen, isExportWorking, progressText, type ExportFacts, type ExportScreen } from './export-view';
import { BUSINESS_STATS_KEY, type BusinessStats } from './stats-api';
import { formatMoney, isEmptyStats, STATS_EMPTY } from './stats-view';
import type { BusinessExportController } from './useBusinessExport';

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
    other_athletes: { athletes: 0, count: 0, spent: 0 },
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
function renderScreen(cached: Cached, account = testShell().account): string {
  const client = new QueryClient({ defaultOptions: { queries: { retryOnMount: false } } });
  const queryKey = [...BUSINESS_STATS_KEY, browserTimeZone()];
  if (cached && 'data' in cached) client.setQueryData(queryKey, cached.data);
  if (cached && 'error' in cached) {
    const query = client.getQueryCache().build(client, { queryKey });
    query.setState({ ...query.state, status: 'error', error: cached.error, errorUpdatedAt: Date.now() });
  }
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <ShellContextProvider value={testShell({ role: 3, account })} requires={SHELL_CONTRACT_VERSION}>
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
    expect(html).toMatch(/<dt>Requests<\/dt><dd class="bs-figure__amount hd-figure__amount">11<\/dd>/);
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

  it('names the athletes spent on most, then the rest on one line; no such line when every one is named', () => {
    expect(renderScreen({ data: BUSY })).not.toContain('other athlete');
    const many = renderScreen({ data: { ...BUSY, other_athletes: { athletes: 3350, count: 4421, spent: 98765.4 } } });
    expect(many).toMatch(/<tr class="bs-table__others"><th scope="row" class="bs-table__name">3,350 other athletes<\/th><td>4,421<\/td><td>\$98,765.40<\/td><\/tr>/);
    expect(renderScreen({ data: { ...BUSY, other_athletes: { athletes: 1, count: 2, spent: 10 } } })).toContain('>1 other athlete<');
  });

  it('prints dollars with cents', () => {
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(1250.5)).toBe('$1,250.50');
    expect(formatMoney(0.07)).toBe('$0.07');
  });
});

const EMAIL = 'you@company.com';

function job(changes: Partial<BusinessExport> = {}): BusinessExport {
  return {
    id: 'e1',
    format: 'pdf',
    send: false,
    status: 'queued',
    progress: 0,
    filename: 'huddle-statistics-acme-co-2026-11-27.pdf',
    emailed_to: null,
    error: null,
    created_at: '2026-11-27T10:00:00.000Z',
    download_path: null,
    ...changes,
  };
}

function facts(changes: Partial<ExportFacts> = {}): ExportFacts {
  return { choice: DEFAULT_EXPORT_CHOICE, job: undefined, starting: false, startError: null, readError: null, saving: false, saveError: null, ...changes };
}

const noop = () => undefined;

/** The modal's content and buttons for this screen, as a person sees them (the Modal around them needs a document). */
function renderModal(screen: ExportScreen): string {
  return renderToStaticMarkup(
    <>
      <ExportBody screen={screen} email={EMAIL} onChoose={noop} onSaveAgain={noop} />
      <ExportActions screen={screen} onClose={noop} onStart={noop} onRetry={noop} onNewExport={noop} />
    </>,
  );
}

const buttons = (html: string) => [...html.matchAll(/<button[^>]*>(?:<span[^>]*><\/span>)?([^<]*)<\/button>/g)].map((match) => match[1]);

describe('the export modal', () => {
  it('asks the format (PDF first) and the delivery, the email being the account’s own', () => {
    const html = renderModal(exportScreen(facts()));
    expect(html).toMatch(/<legend[^>]*>Format<\/legend>/);
    expect(html).toMatch(/<legend[^>]*>Delivery<\/legend>/);
    expect(html).toMatch(/<input type="radio" name="export-format" checked="" value="pdf"/);
    expect(html).toMatch(/<input type="radio" name="export-format" value="csv"\/>/);
    expect(html).toMatch(/<input type="radio" name="export-delivery" checked="" value="download"/);
    expect(html).toContain(`Email to ${EMAIL}`);
    expect(buttons(html)).toEqual(['Cancel', 'Start export']);
    // While the start call runs the choices are locked and the button spins.
    const starting = renderModal(exportScreen(facts({ starting: true, choice: { format: 'csv', delivery: 'email' } })));
    expect(starting).toMatch(/<fieldset class="bs-export__choices" disabled="">/);
    expect(starting).toMatch(/checked="" value="csv"/);
    expect(starting).toMatch(/checked="" value="email"/);
    expect(starting).toMatch(/aria-busy="true"[^>]*>.*Start export/);
  });

  it('shows the progress as a live status while the job is queued or running', () => {
    const queued = exportScreen(facts({ job: job() }));
    expect(queued).toMatchObject({ kind: 'working', percent: 0 });
    const html = renderModal(exportScreen(facts({ job: job({ status: 'running', progress: 40 }) })));
    expect(html).toMatch(/<div role="status" aria-live="polite">.*Preparing your export… 40%/);
    expect(html).toContain('aria-valuenow="40"');
    expect(html).toContain('the export keeps going');
    expect(buttons(html)).toEqual(['Close']);
    expect(progressText(40)).toBe('Preparing your export… 40%');
    // Bounded whatever the API answers.
    expect(exportScreen(facts({ job: job({ status: 'running', progress: 140 }) }))).toMatchObject({ percent: 100 });
  });

  it('says Sent only once the API says the email was accepted', () => {
    const mailing = job({ send: true, status: 'done', progress: 100, download_path: '/booking/request/counters-business-export/e1/file' });
    // Done but not yet emailed: still working, still polled, never 'Sent'.
    expect(isExportWorking(mailing)).toBe(true);
    expect(renderModal(exportScreen(facts({ job: mailing })))).not.toContain('Sent to');
    const sent = renderModal(exportScreen(facts({ job: { ...mailing, emailed_to: EMAIL } })));
    expect(sent).toContain(`Sent to ${EMAIL}`);
    expect(buttons(sent)).toEqual(['Close', 'New export']);
  });

  it('tells a downloaded export was saved, with its name, and offers it again', () => {
    const done = job({ status: 'done', progress: 100, download_path: '/booking/request/counters-business-export/e1/file' });
    expect(isExportWorking(done)).toBe(false);
    const html = renderModal(exportScreen(facts({ job: done })));
    expect(html).toContain('Saved huddle-statistics-acme-co-2026-11-27.pdf');
    // Download again beside the saved line; the footer closes or starts another.
    expect(buttons(html)).toEqual(['Download again', 'Close', 'New export']);
    // The file could not be fetched: the API's message with a retry.
    const failedSave = renderModal(exportScreen(facts({ job: done, saveError: 'This export is not ready yet' })));
    expect(failedSave).toMatch(/role="alert">This export is not ready yet</);
    expect(buttons(failedSave)).toEqual(['Close', 'Try again']);
  });

  it("shows the API's message with a retry when the export cannot start, fails, or cannot be read", () => {
    const refused = renderModal(exportScreen(facts({ startError: 'You already have 3 exports in progress; please wait for one to finish' })));
    expect(refused).toMatch(/role="alert">You already have 3 exports in progress; please wait for one to finish</);
    expect(buttons(refused)).toEqual(['Cancel', 'Try again']);
    const failed = renderModal(exportScreen(facts({ job: job({ status: 'failed', error: 'The report could not be written' }) })));
    expect(failed).toMatch(/role="alert">The report could not be written</);
    expect(buttons(failed)).toEqual(['Close', 'Try again']);
    const unread = renderModal(exportScreen(facts({ job: job({ status: 'running', progress: 20 }), readError: 'No internet connection' })));
    expect(unread).toContain('Preparing your export… 20%');
    expect(unread).toMatch(/role="alert">No internet connection</);
    expect(buttons(unread)).toEqual(['Close', 'Try again']);
  });

  it('leaves a note on the page while the export goes on with the modal closed', () => {
    const controller = (open: boolean, working?: BusinessExport): BusinessExportController => ({
      open,
      working,
      screen: exportScreen(facts({ job: working })),
      show: noop,
      close: noop,
      choose: noop,
      start: noop,
      retry: noop,
      saveAgain: noop,
      newExport: noop,
    });
    const running = job({ status: 'running', progress: 60 });
    expect(renderToStaticMarkup(<ExportNote controller={controller(false, running)} />)).toMatch(/role="status"><span>Export in progress… 60%<\/span>.*Show<\/button>/);
    // Hidden, not gone, while the modal is open: the focus goes back to its Show when Show opened the modal.
    expect(renderToStaticMarkup(<ExportNote controller={controller(true, running)} />)).toMatch(/^<p class="bs-export-note" role="status" hidden="">/);
    expect(renderToStaticMarkup(<ExportNote controller={controller(false)} />)).toBe('');
  });

  it('offers Export once there are numbers, and not over the skeleton, the error or the empty screen', () => {
    const account = { id: 'b1', user_type: 3 as const, profile_completed: true, email: EMAIL };
    expect(buttons(renderScreen({ data: BUSY }, account))).toContain('Export');
    for (const cached of [undefined, { error: networkError() }, { data: stats() }]) expect(buttons(renderScreen(cached, account))).not.toContain('Export');
  });
});
