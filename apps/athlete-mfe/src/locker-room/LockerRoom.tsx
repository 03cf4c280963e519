import { lazy, Suspense, useState } from 'react';
import { Link } from 'wouter';
import { toApiError } from '@huddle/api-client';
import { EmptyView, ErrorView, Panel, SegmentedControl, SkeletonList } from '@huddle/ui';
import { useLockerRoom, type LockerRoom as LockerRoomData } from './locker-room-api';
import { CHART_PERIODS, formatMoney, isEmptyLockerRoom, LOCKER_ROOM_EMPTY, typeLabel, type ChartPeriod } from './locker-room-view';
import { NilDisclosures } from './NilDisclosures';
import './locker-room.css';

const EarningsChart = lazy(() => import(/* webpackChunkName: "locker-room-charts" */ './LockerRoomCharts').then((m) => ({ default: m.EarningsChart })));
const RequestsByTypeChart = lazy(() => import(/* webpackChunkName: "locker-room-charts" */ './LockerRoomCharts').then((m) => ({ default: m.RequestsByTypeChart })));

function ChartFallback() {
  return <div className="lr-chart lr-chart--loading" role="status" aria-label="Loading chart" />;
}

function Figure({ label, amount, hint, tone }: { label: string; amount: number; hint?: string; tone?: 'main' }) {
  return (
    <div className={tone === 'main' ? 'lr-figure lr-figure--main hd-figure' : 'lr-figure hd-figure'}>
      <dt>{label}</dt>
      <dd className="lr-figure__amount hd-figure__amount">{formatMoney(amount)}</dd>
      {hint && <dd className="hd-muted lr-figure__hint">{hint}</dd>}
    </div>
  );
}

function Earnings({ room }: { room: LockerRoomData }) {
  return (
    <Panel title="Earnings">
      <dl className="lr-figures">
        <Figure label="Total" amount={room.earnings.total} hint="Net of refunds" tone="main" />
        <Figure label="This week" amount={room.earnings.week} hint="Since Monday" />
        <Figure label="This month" amount={room.earnings.month} hint="Since the 1st" />
      </dl>
    </Panel>
  );
}

function Money({ room }: { room: LockerRoomData }) {
  return (
    <Panel title="Payouts">
      <dl className="lr-figures">
        <Figure label="Payable" amount={room.money.payable} hint="Finished, waiting for a payout" />
        <Figure label="On its way" amount={room.money.on_its_way} hint="Sent, not arrived yet" />
        <Figure label="Paid out" amount={room.money.paid_out} hint="Paid to you so far" />
      </dl>
      <p className="lr-more">
        <Link className="hd-link" href="/settings/payouts">
          Open Payouts
        </Link>
      </p>
    </Panel>
  );
}

function EarningsOverTime({ room }: { room: LockerRoomData }) {
  const [period, setPeriod] = useState<ChartPeriod>('weeks');
  const buckets = period === 'weeks' ? room.chart.weeks : room.chart.months;
  return (
    <Panel title="Earnings over time" className="lr-panel--chart">
      <SegmentedControl label="Chart period" options={CHART_PERIODS} value={period} onChange={setPeriod} className="lr-switch" />
      <Suspense fallback={<ChartFallback />}>
        <EarningsChart buckets={buckets} />
      </Suspense>
    </Panel>
  );
}

function Requests({ room }: { room: LockerRoomData }) {
  const { requests } = room;
  return (
    <Panel title="Requests" className="lr-panel--requests">
      <dl className="lr-counts">
        <div>
          <dt>This week</dt>
          <dd>{requests.week}</dd>
        </div>
        <div>
          <dt>This month</dt>
          <dd>{requests.month}</dd>
        </div>
        <div>
          <dt>Pending</dt>
          <dd>{requests.pending}</dd>
        </div>
        <div>
          <dt>All time</dt>
          <dd>{requests.total}</dd>
        </div>
      </dl>
      <div className="lr-requests__body">
        <table className="lr-table">
          <caption className="hd-visually-hidden">Requests by type</caption>
          <thead>
            <tr>
              <th scope="col">Type</th>
              <th scope="col">Total</th>
              <th scope="col">Pending</th>
            </tr>
          </thead>
          <tbody>
            {requests.by_type.map((row) => (
              <tr key={row.type} className={row.total === 0 ? 'lr-table__row--none' : undefined}>
                <th scope="row">{typeLabel(row.type)}</th>
                <td>{row.total}</td>
                <td>{row.pending}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {requests.total > 0 && (
          <Suspense fallback={<ChartFallback />}>
            <RequestsByTypeChart byType={requests.by_type} />
          </Suspense>
        )}
      </div>
    </Panel>
  );
}

/** The locker room's body in its four states: skeleton, error with Retry, empty (a new athlete), content. */
export function LockerRoom() {
  const room = useLockerRoom();
  if (room.isPending) {
    return (
      <div className="lr-grid" aria-busy="true">
        <Panel title="Earnings">
          <SkeletonList count={3} label="Loading your earnings" />
        </Panel>
        <Panel title="Requests">
          <SkeletonList count={4} label="Loading your requests" />
        </Panel>
      </div>
    );
  }
  if (room.isError) {
    return (
      <Panel>
        <ErrorView message={toApiError(room.error).message} onRetry={() => void room.refetch()} retrying={room.isFetching} />
      </Panel>
    );
  }
  const data = room.data;
  if (isEmptyLockerRoom(data)) {
    return (
      <Panel>
        <EmptyView title={LOCKER_ROOM_EMPTY.title} text={LOCKER_ROOM_EMPTY.text} icon="inbox" />
      </Panel>
    );
  }
  return (
    <div className="lr-grid">
      <Earnings room={data} />
      <Money room={data} />
      <NilDisclosures />
      <EarningsOverTime room={data} />
      <Requests room={data} />
    </div>
  );
}
