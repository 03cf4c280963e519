import { lazy, Suspense, useState } from 'react';
import { toApiError } from '@huddle/api-client';
import { Button, EmptyView, ErrorView, Page, Panel, SkeletonList } from '@huddle/ui';
import { STATS_PERIODS, type AdminCounters, type StatsPeriod } from '../console/admin-console-api';
import { useCounters } from '../console/console-hooks';
import { formatMoney } from '../money/money-format';
import { csvFileName, downloadCsv, tableCsv } from '../stats/stats-csv';
import { NilFlaggedExport } from '../stats/NilFlaggedExport';
import { chartData, counterTables, csvRowsOf, PERIOD_LABELS, type CounterTable } from '../stats/stats-view';
import '../console/console.css';
import '../stats/stats.css';

export { counterTables } from '../stats/stats-view';

// recharts is fetched with this screen's charts only, never with the console's first screen.
const UsersChart = lazy(() => import(/* webpackChunkName: "admin-stats-charts" */ '../stats/AdminStatsCharts').then((m) => ({ default: m.UsersChart })));
const BarsChart = lazy(() => import(/* webpackChunkName: "admin-stats-charts" */ '../stats/AdminStatsCharts').then((m) => ({ default: m.BarsChart })));

const count = (value: number) => value.toLocaleString('en-US');

function ChartFallback() {
  return <div className="adm-chart adm-chart--loading" aria-hidden="true" />;
}

function CounterTableView({ table, period }: { table: CounterTable; period: StatsPeriod }) {
  const exportCsv = () => {
    const { header, rows } = csvRowsOf(table);
    downloadCsv(csvFileName(table.title, period), tableCsv(header, rows));
  };
  return (
    <>
      <table className="adm-kv">
        <tbody>
          {table.rows.length === 0 ? (
            <tr>
              <th scope="row" className="hd-muted">
                None yet
              </th>
              <td />
            </tr>
          ) : (
            table.rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                <td>{row.value}</td>
              </tr>
            ))
          )}
        </tbody>
        {table.total && (
          <tfoot>
            <tr>
              <th scope="row">{table.total.label}</th>
              <td>{table.total.value}</td>
            </tr>
          </tfoot>
        )}
      </table>
      <div className="adm-export">
        <Button variant="ghost" size="sm" onClick={exportCsv} aria-label={`Export CSV of ${table.title}`}>
          Export CSV
        </Button>
      </div>
    </>
  );
}

export function CountersView({ counters, period }: { counters: AdminCounters; period: StatsPeriod }) {
  const tables = counterTables(counters);
  const charts = chartData(counters);
  const [money, users, incomplete, byStatus, byType, pending, campaigns] = tables as [CounterTable, CounterTable, CounterTable, CounterTable, CounterTable, CounterTable, CounterTable];
  const noRequests = counters.requests_total === 0;
  return (
    <>
      <div className="adm-tiles adm-tiles--stats">
        <div className="adm-tile hd-figure">
          <span className="adm-sub">Requests</span>
          <span className="adm-tile__value hd-figure__amount">{count(counters.requests_total)}</span>
        </div>
        <div className="adm-tile hd-figure">
          <span className="adm-sub">Paid pending</span>
          <span className="adm-tile__value hd-figure__amount">{formatMoney(counters.paid_pending_total)}</span>
        </div>
        {money.rows.map((row) => (
          <div className="adm-tile hd-figure" key={row.label}>
            <span className="adm-sub">{row.label}</span>
            <span className="adm-tile__value hd-figure__amount">{row.value}</span>
          </div>
        ))}
      </div>
      <div className="adm-stats">
        <Panel title={users.title}>
          <Suspense fallback={<ChartFallback />}>
            <UsersChart data={charts.users} />
          </Suspense>
          <CounterTableView table={users} period={period} />
        </Panel>
        <Panel title={byStatus.title}>
          {noRequests ? (
            <EmptyView title="No requests in this period" text="Paid requests created in the period are counted here." headingLevel={2} />
          ) : (
            <Suspense fallback={<ChartFallback />}>
              <BarsChart title={byStatus.title} data={charts.byStatus} />
            </Suspense>
          )}
          <CounterTableView table={byStatus} period={period} />
        </Panel>
        <Panel title={byType.title}>
          {!noRequests && (
            <Suspense fallback={<ChartFallback />}>
              <BarsChart title={byType.title} data={charts.byType} />
            </Suspense>
          )}
          <CounterTableView table={byType} period={period} />
          <h3 className="adm-sub">{campaigns.title}</h3>
          <CounterTableView table={campaigns} period={period} />
        </Panel>
        <Panel title={pending.title}>
          <CounterTableView table={pending} period={period} />
        </Panel>
        <Panel title={`${money.title} (${PERIOD_LABELS[period].toLowerCase()})`}>
          <CounterTableView table={money} period={period} />
        </Panel>
        <Panel title={incomplete.title}>
          <CounterTableView table={incomplete} period={period} />
        </Panel>
      </div>
    </>
  );
}

/**
 * /manage/stats (spec §2, issue 23): for a period (all time, the last 30, 90 or 365 days), the
 * requests created in it by status and type, charted and tabled, the ledger's money of the period,
 * users by type (always totals); each table exported as CSV.
 */
export function AdminStatsScreen() {
  const [period, setPeriod] = useState<StatsPeriod>('all');
  const query = useCounters(period);
  let content;
  if (query.isPending) content = <SkeletonList count={4} label="Loading statistics" />;
  else if (query.isError) content = <ErrorView message={toApiError(query.error).message} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else content = <CountersView counters={query.data} period={period} />;
  return (
    <Page title="Statistics">
      <div className="adm-stats-bar">
        <div className="adm-period" role="group" aria-label="Period">
          {STATS_PERIODS.map((option) => (
            <button key={option} type="button" className="adm-period__option" aria-pressed={option === period} onClick={() => setPeriod(option)}>
              {PERIOD_LABELS[option]}
            </button>
          ))}
          {query.isFetching && !query.isPending && <span className="hd-muted adm-period__busy">Updating…</span>}
        </div>
        <NilFlaggedExport />
      </div>
      {content}
    </Page>
  );
}
