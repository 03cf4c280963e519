import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { ApiError } from '@huddle/api-client';
import { REQUEST_STATUS_LABELS } from '@huddle/domain';
import { ShellContextProvider, ToastProvider } from '@huddle/ui';
import { SHELL_CONTRACT_VERSION } from '@huddle/ui/shell-contract';
import { testShell } from '@huddle/ui/testing';
import type { AdminCounters } from '../console/admin-console-api';
import { CONSOLE_KEYS } from '../console/console-hooks';
import { csvFileName, tableCsv } from '../stats/stats-csv';
import { STATS_COUNTERS } from '../stats/stats-fixtures';
import { chartData, counterTables, csvRowsOf } from '../stats/stats-view';
import { AdminStatsScreen } from './AdminStatsScreen';

function render(node: ReactNode, { cache = [] as [readonly unknown[], unknown][], failed = [] as [readonly unknown[], Error][] } = {}): string {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false, retryOnMount: false } } });
  for (const [key, data] of cache) client.setQueryData(key, data);
  for (const [key, error] of failed) client.getQueryCache().build(client, { queryKey: key }).setState({ status: 'error', error, fetchStatus: 'idle' });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <ShellContextProvider value={testShell({ role: 4 })} requires={SHELL_CONTRACT_VERSION}>
        <ToastProvider>
          <Router ssrPath="/manage/stats">{node}</Router>
        </ToastProvider>
      </ShellContextProvider>
    </QueryClientProvider>,
  );
}

const counters = STATS_COUNTERS;

const empty: AdminCounters = {
  ...counters,
  requests_by_status: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0, '6': 0 },
  requests_total: 0,
  paid_pending_total: 0,
  paid_pending_by_request_type: {},
  requests_by_type: {},
  money: { captured: 0, fees: 0, refunded: 0, paid_out: 0, payable: 0 },
};

describe('/manage/stats (issues 22 and 23)', () => {
  it("labels every counter with the domain's names and money in dollars, the ledger's money first", () => {
    const tables = counterTables(counters);
    expect(tables.map((table) => table.title)).toEqual(['Money', 'Users by type', 'Incomplete profiles by type', 'Requests by status', 'Requests by type', 'Paid, not yet finished, by type', 'Endorsement campaigns']);
    expect(tables[0]!.rows.map((row) => [row.label, row.value])).toEqual([
      ['Captured', '$1,500.25'],
      ['Fees', '$300.05'],
      ['Refunded', '$50.00'],
      ['Paid out', '$400.00'],
      ['Owed to athletes', '$750.20'],
    ]);
    expect(tables[1]!.total).toEqual({ label: 'All users', value: '17', raw: 17 });
    expect(tables[3]!.rows.find((row) => row.label === REQUEST_STATUS_LABELS[5])?.value).toBe('7');
    // The request types add up to all requests; campaigns are counted on their own.
    expect(tables[4]!.rows.map((row) => row.label)).not.toContain('Endorsement campaign');
    expect(tables[4]!.rows.reduce((sum, row) => sum + row.raw, 0)).toBe(tables[4]!.total?.raw);
    expect(tables[6]!.rows).toEqual([{ label: 'Campaigns sent', value: '1', raw: 1 }]);
    expect(tables[5]!.total?.value).toBe('$125.50');
  });

  it('charts users by type, requests by status and requests by type (campaigns only in the table)', () => {
    const charts = chartData(counters);
    expect(charts.users).toEqual([
      { label: 'Fan', value: 10 },
      { label: 'Athlete', value: 4 },
      { label: 'Business', value: 2 },
      { label: 'Administrator', value: 1 },
    ]);
    expect(charts.byStatus.find((datum) => datum.label === REQUEST_STATUS_LABELS[1])).toEqual({ label: REQUEST_STATUS_LABELS[1], value: 3 });
    expect(charts.byType.map((datum) => datum.value)).toEqual([9, 2]);
    expect(charts.byType.map((datum) => datum.label)).not.toContain('Endorsement campaign');
  });

  it('exports a table as CSV: header, raw numbers (dollars with cents), the total, formula-like labels as text', () => {
    const [money, users] = counterTables(counters);
    const { header, rows } = csvRowsOf(users!);
    expect(tableCsv(header, rows)).toBe('Users by type,Count\r\nFan,10\r\nAthlete,4\r\nBusiness,2\r\nAdministrator,1\r\nAll users,17\r\n');
    const moneyCsv = csvRowsOf(money!);
    expect(tableCsv(moneyCsv.header, moneyCsv.rows)).toContain('Captured,1500.25\r\n');
    // A label from the data that a spreadsheet would run is written as text; quoting still applies.
    expect(tableCsv(['Type', 'Count'], [['=HYPERLINK("x")', 1], ['-1+2', -3], ['a, b', 2]])).toBe('Type,Count\r\n"\'=HYPERLINK(""x"")",1\r\n\'-1+2,-3\r\n"a, b",2\r\n');
    expect(csvFileName('Paid, not yet finished, by type', '30d')).toBe('huddle-paid-not-yet-finished-by-type-30d.csv');
  });

  it('shows the skeleton, an error with Retry, the empty period, and the content with a period selector and an export per table', () => {
    expect(render(<AdminStatsScreen />)).toContain('Loading statistics');
    const failed = render(<AdminStatsScreen />, { failed: [[CONSOLE_KEYS.counters('all'), new ApiError(-1, 'Network error, please check your connection and try again', 0)]] });
    expect(failed).toContain('Retry');
    expect(failed).toContain('Network error');
    const html = render(<AdminStatsScreen />, { cache: [[CONSOLE_KEYS.counters('all'), counters]] });
    for (const text of ['Administrator', 'Pending review', 'Paid pending total', '$125.50', 'Video shoutout', 'Captured', '$1,500.25', 'Owed to athletes', 'All time', 'Last 30 days', 'Last 365 days']) {
      expect(html).toContain(text);
    }
    expect(html).toContain('aria-pressed="true">All time');
    expect(html.match(/>Export CSV</g)).toHaveLength(7);
    expect(html).not.toContain('No requests in this period');
    const none = render(<AdminStatsScreen />, { cache: [[CONSOLE_KEYS.counters('all'), empty]] });
    expect(none).toContain('No requests in this period');
    expect(none).toContain('$0.00');
  });
});
