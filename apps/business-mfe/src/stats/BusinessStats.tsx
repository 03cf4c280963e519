import { lazy, Suspense, useState } from 'react';
import { toApiError } from '@huddle/api-client';
import { EmptyView, ErrorView, Panel, SegmentedControl, SkeletonList } from '@huddle/ui';
import { useBusinessStats, type BusinessStats as BusinessStatsData } from './stats-api';
import { CHART_PERIODS, formatMoney, isEmptyStats, requestCount, STATS_EMPTY, STATUS_ROWS, typeLabel, type ChartPeriod } from './stats-view';
import './stats.css';

const SpendingChart = lazy(() => import(/* webpackChunkName: "business-stats-charts" */ './StatsCharts').then((m) => ({ default: m.SpendingChart })));
const StatusChart = lazy(() => import(/* webpackChunkName: "business-stats-charts" */ './StatsCharts').then((m) => ({ default: m.StatusChart })));
const TypeChart = lazy(() => import(/* webpackChunkName: "business-stats-charts" */ './StatsCharts').then((m) => ({ default: m.TypeChart })));

function ChartFallback() {
  return <div className="bs-chart bs-chart--loading" role="status" aria-label="Loading chart" />;
}

function Figure({ label, amount, hint, tone }: { label: string; amount: number; hint: string; tone?: 'main' }) {
  return (
    <div className={tone === 'main' ? 'bs-figure bs-figure--main hd-figure' : 'bs-figure hd-figure'}>
      <dt>{label}</dt>
      <dd className="bs-figure__amount hd-figure__amount">{formatMoney(amount)}</dd>
      <dd className="hd-muted bs-figure__hint">{hint}</dd>
    </div>
  );
}

function Summary({ stats }: { stats: BusinessStatsData }) {
  return (
    <Panel title="Summary" className="bs-panel--wide">
      <dl className="bs-figures">
        <Figure label="Total spent" amount={stats.totals.spent} hint="Charged, net of refunds" tone="main" />
        <Figure label="Accepted" amount={stats.totals.accepted} hint="Requests athletes accepted" />
        <Figure label="Rejected" amount={stats.totals.rejected} hint="Declined, expired or cancelled; refunded" />
        <div className="bs-figure hd-figure">
          <dt>Requests</dt>
          <dd className="bs-figure__amount hd-figure__amount">{requestCount(stats)}</dd>
          <dd className="hd-muted bs-figure__hint">Campaigns count per athlete</dd>
        </div>
      </dl>
    </Panel>
  );
}

function SpendingOverTime({ stats }: { stats: BusinessStatsData }) {
  const [period, setPeriod] = useState<ChartPeriod>('weeks');
  const buckets = period === 'weeks' ? stats.chart.weeks : stats.chart.months;
  return (
    <Panel title="Spending over time" className="bs-panel--wide">
      <SegmentedControl label="Chart period" options={CHART_PERIODS} value={period} onChange={setPeriod} className="bs-switch" />
      <Suspense fallback={<ChartFallback />}>
        <SpendingChart buckets={buckets} />
      </Suspense>
    </Panel>
  );
}

function ByStatus({ stats }: { stats: BusinessStatsData }) {
  return (
    <Panel title="By status">
      <table className="bs-table">
        <caption className="hd-visually-hidden">Requests by status</caption>
        <thead>
          <tr>
            <th scope="col">Status</th>
            <th scope="col">Requests</th>
          </tr>
        </thead>
        <tbody>
          {STATUS_ROWS.map((row) => (
            <tr key={row.key} className={stats.by_status[row.key] === 0 ? 'bs-table__row--none' : undefined}>
              <th scope="row">{row.label}</th>
              <td>{stats.by_status[row.key]}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Suspense fallback={<ChartFallback />}>
        <StatusChart byStatus={stats.by_status} />
      </Suspense>
    </Panel>
  );
}

function ByAthlete({ stats }: { stats: BusinessStatsData }) {
  return (
    <Panel title="By athlete">
      <table className="bs-table">
        <caption className="hd-visually-hidden">Requests and spending by athlete</caption>
        <thead>
          <tr>
            <th scope="col">Athlete</th>
            <th scope="col">Requests</th>
            <th scope="col">Spent</th>
          </tr>
        </thead>
        <tbody>
          {stats.by_athlete.map((row) => (
            <tr key={row.athlete_id}>
              <th scope="row" className="bs-table__name">
                {row.name}
              </th>
              <td>{row.count}</td>
              <td>{formatMoney(row.spent)}</td>
            </tr>
          ))}
          {stats.other_athletes.athletes > 0 && (
            <tr className="bs-table__others">
              <th scope="row" className="bs-table__name">
                {stats.other_athletes.athletes === 1 ? '1 other athlete' : `${stats.other_athletes.athletes.toLocaleString('en-US')} other athletes`}
              </th>
              <td>{stats.other_athletes.count.toLocaleString('en-US')}</td>
              <td>{formatMoney(stats.other_athletes.spent)}</td>
            </tr>
          )}
        </tbody>
      </table>
    </Panel>
  );
}

function ByType({ stats }: { stats: BusinessStatsData }) {
  return (
    <Panel title="By type" className="bs-panel--wide">
      <div className="bs-type__body">
        <div className="bs-table-wrap">
          <table className="bs-table bs-table--stack">
            <caption className="hd-visually-hidden">Requests and dollars by type</caption>
            <thead>
              <tr>
                <th scope="col">Type</th>
                <th scope="col">Requests</th>
                <th scope="col">Spent</th>
                <th scope="col">Accepted</th>
                <th scope="col">Rejected</th>
              </tr>
            </thead>
            <tbody>
              {stats.by_type.map((row) => (
                <tr key={row.type} className={row.count === 0 ? 'bs-table__row--none' : undefined}>
                  <th scope="row">{typeLabel(row.type)}</th>
                  <td data-label="Requests">{row.count}</td>
                  <td data-label="Spent">{formatMoney(row.spent)}</td>
                  <td data-label="Accepted">{formatMoney(row.accepted)}</td>
                  <td data-label="Rejected">{formatMoney(row.rejected)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Suspense fallback={<ChartFallback />}>
          <TypeChart byType={stats.by_type} />
        </Suspense>
      </div>
    </Panel>
  );
}

/** /stats's body in its four states: skeleton, error with Retry, empty (a business that never booked), content. */
export function BusinessStats() {
  const stats = useBusinessStats();
  if (stats.isPending) {
    return (
      <div className="bs-grid" aria-busy="true">
        <Panel title="Summary" className="bs-panel--wide">
          <SkeletonList count={3} label="Loading your spending" />
        </Panel>
        <Panel title="By status" className="bs-panel--wide">
          <SkeletonList count={4} label="Loading your requests" />
        </Panel>
      </div>
    );
  }
  if (stats.isError) {
    return (
      <Panel>
        <ErrorView message={toApiError(stats.error).message} onRetry={() => void stats.refetch()} retrying={stats.isFetching} />
      </Panel>
    );
  }
  const data = stats.data;
  if (isEmptyStats(data)) {
    return (
      <Panel>
        <EmptyView title={STATS_EMPTY.title} text={STATS_EMPTY.text} icon="inbox" />
      </Panel>
    );
  }
  return (
    <div className="bs-grid">
      <Summary stats={data} />
      <SpendingOverTime stats={data} />
      <ByStatus stats={data} />
      <ByAthlete stats={data} />
      <ByType stats={data} />
    </div>
  );
}
