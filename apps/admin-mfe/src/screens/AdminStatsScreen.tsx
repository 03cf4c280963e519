import { toApiError } from '@huddle/api-client';
import { REQUEST_STATUS_CODES, REQUEST_STATUS_LABELS, SERVICE_LABELS, SERVICE_TYPES, USER_TYPE_NAMES, type ServiceType } from '@huddle/domain';
import { ErrorView, Page, Panel, SkeletonList } from '@huddle/ui';
import type { AdminCounters } from '../console/admin-console-api';
import { useCounters } from '../console/console-hooks';
import { formatMoney } from '../money/money-format';
import '../console/console.css';

export interface CounterRow {
  label: string;
  value: string;
}

const count = (value: number | undefined) => (value ?? 0).toLocaleString('en-US');

/** The labelled tables of /manage/stats, from GET /admin/counters as it answers (issue 22; charts come with issue 23). */
export function counterTables(counters: AdminCounters): { title: string; rows: CounterRow[]; total?: CounterRow }[] {
  const typeLabel = (type: string) => (type in SERVICE_LABELS ? SERVICE_LABELS[type as ServiceType] : type);
  const byType = (record: Partial<Record<string, number>>, format: (value: number | undefined) => string) =>
    [...SERVICE_TYPES.filter((type) => type in record), ...Object.keys(record).filter((type) => !(SERVICE_TYPES as readonly string[]).includes(type))].map((type) => ({
      label: typeLabel(type),
      value: format(record[type]),
    }));
  return [
    {
      title: 'Users by type',
      rows: ([1, 2, 3, 4] as const).map((type) => ({ label: USER_TYPE_NAMES[type], value: count(counters.users_by_type[String(type)]) })),
      total: { label: 'All users', value: count(Object.values(counters.users_by_type).reduce((sum, value) => sum + (value ?? 0), 0)) },
    },
    {
      title: 'Incomplete profiles by type',
      rows: ([1, 2, 3] as const).map((type) => ({ label: USER_TYPE_NAMES[type], value: count(counters.uncompleted_profiles_by_type[String(type)]) })),
    },
    {
      title: 'Requests by status',
      rows: REQUEST_STATUS_CODES.map((status) => ({ label: REQUEST_STATUS_LABELS[status], value: count(counters.requests_by_status[`${status}`]) })),
      total: { label: 'All requests', value: count(counters.requests_total) },
    },
    { title: 'Requests by type', rows: byType(counters.requests_by_type, count) },
    {
      title: 'Paid, not yet finished, by type',
      rows: byType(counters.paid_pending_by_request_type, (value) => formatMoney(value ?? 0)),
      total: { label: 'Paid pending total', value: formatMoney(counters.paid_pending_total) },
    },
  ];
}

export function CountersView({ counters }: { counters: AdminCounters }) {
  return (
    <>
      <div className="adm-tiles">
        <div className="adm-tile">
          <span className="adm-sub">Requests</span>
          <span className="adm-tile__value">{count(counters.requests_total)}</span>
        </div>
        <div className="adm-tile">
          <span className="adm-sub">Paid pending</span>
          <span className="adm-tile__value">{formatMoney(counters.paid_pending_total)}</span>
        </div>
      </div>
      <div className="adm-stats">
        {counterTables(counters).map((table) => (
          <Panel key={table.title} title={table.title}>
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
          </Panel>
        ))}
      </div>
    </>
  );
}

/** /manage/stats (spec §2): users by type, incomplete profiles, requests by status and type, the paid pending totals. */
export function AdminStatsScreen() {
  const query = useCounters();
  let content;
  if (query.isPending) content = <SkeletonList count={4} label="Loading statistics" />;
  else if (query.isError) content = <ErrorView message={toApiError(query.error).message} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else content = <CountersView counters={query.data} />;
  return <Page title="Statistics">{content}</Page>;
}
