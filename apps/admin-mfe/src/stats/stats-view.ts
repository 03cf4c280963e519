import { REQUEST_STATUS_CODES, REQUEST_STATUS_LABELS, SERVICE_TYPES, serviceTypeLabel, USER_TYPE_NAMES } from '@huddle/domain';
import type { AdminCounters, StatsPeriod } from '../console/admin-console-api';
import { formatMoney } from '../money/money-format';

export interface CounterRow {
  label: string;
  /** As shown ('1,204', '$50.25'). */
  value: string;
  /** As exported: a count, or dollars. */
  raw: number;
}

export interface CounterTable {
  title: string;
  /** What the numbers are, the CSV's second column. */
  unit: 'Count' | 'Dollars';
  rows: CounterRow[];
  total?: CounterRow;
}

export interface ChartDatum {
  label: string;
  value: number;
}

export const PERIOD_LABELS: Record<StatsPeriod, string> = { all: 'All time', '30d': 'Last 30 days', '90d': 'Last 90 days', '365d': 'Last 365 days' };

const count = (value: number | undefined): CounterRow['value'] => (value ?? 0).toLocaleString('en-US');
const countRow = (label: string, value: number | undefined): CounterRow => ({ label, value: count(value), raw: value ?? 0 });
const moneyRow = (label: string, value: number | undefined): CounterRow => ({ label, value: formatMoney(value ?? 0), raw: value ?? 0 });
/** The counters' key for campaigns, among the request types' (spec §8's requests_by_type). */
const CAMPAIGN = 'endorsement_campaign';

const typeLabel = serviceTypeLabel;

/** The request types of a record in the domain's order, then any other key the API added. */
function typesOf(record: Partial<Record<string, number>>): string[] {
  return [...SERVICE_TYPES.filter((type) => type in record), ...Object.keys(record).filter((type) => !(SERVICE_TYPES as readonly string[]).includes(type))];
}

/**
 * The money of the period, from the ledger (GET /admin/counters' money). 'Owed to athletes' is what
 * the period's movements left owed to them, accepted work not yet finished and finished work not yet
 * paid out alike: not 'Payable', which an athlete's payouts page and the payouts desk keep for the
 * finished part alone.
 */
export function moneyTable(counters: AdminCounters): CounterTable {
  const money = counters.money;
  return {
    title: 'Money',
    unit: 'Dollars',
    rows: [moneyRow('Captured', money.captured), moneyRow('Fees', money.fees), moneyRow('Refunded', money.refunded), moneyRow('Paid out', money.paid_out), moneyRow('Owed to athletes', money.payable)],
  };
}

/** The labelled tables of /manage/stats, from GET /admin/counters as it answers (issues 22 and 23). */
export function counterTables(counters: AdminCounters): CounterTable[] {
  const sum = (record: Partial<Record<string, number>>) => Object.values(record).reduce<number>((total, value) => total + (value ?? 0), 0);
  return [
    moneyTable(counters),
    {
      title: 'Users by type',
      unit: 'Count',
      rows: ([1, 2, 3, 4] as const).map((type) => countRow(USER_TYPE_NAMES[type], counters.users_by_type[String(type)])),
      total: countRow('All users', sum(counters.users_by_type)),
    },
    {
      title: 'Incomplete profiles by type',
      unit: 'Count',
      rows: ([1, 2, 3] as const).map((type) => countRow(USER_TYPE_NAMES[type], counters.uncompleted_profiles_by_type[String(type)])),
    },
    {
      title: 'Requests by status',
      unit: 'Count',
      rows: REQUEST_STATUS_CODES.map((status) => countRow(REQUEST_STATUS_LABELS[status], counters.requests_by_status[`${status}`])),
      total: countRow('All requests', counters.requests_total),
    },
    // A campaign is not a request (each of its athletes' requests is counted by its type): it has a
    // table of its own, so the rows above add up to all requests.
    {
      title: 'Requests by type',
      unit: 'Count',
      rows: typesOf(counters.requests_by_type)
        .filter((type) => type !== CAMPAIGN)
        .map((type) => countRow(typeLabel(type), counters.requests_by_type[type])),
      total: countRow('All requests', counters.requests_total),
    },
    {
      title: 'Paid, not yet finished, by type',
      unit: 'Dollars',
      rows: typesOf(counters.paid_pending_by_request_type).map((type) => moneyRow(typeLabel(type), counters.paid_pending_by_request_type[type])),
      total: moneyRow('Paid pending total', counters.paid_pending_total),
    },
    // Shown under the requests by type (last, so the tables before keep their places).
    { title: 'Endorsement campaigns', unit: 'Count', rows: [countRow('Campaigns sent', counters.requests_by_type[CAMPAIGN])] },
  ];
}

/** A table's CSV rows under its header: label and raw number, then the total. */
export function csvRowsOf(table: CounterTable): { header: string[]; rows: Array<[string, number]> } {
  const rows = [...table.rows, ...(table.total ? [table.total] : [])].map((row): [string, number] => [row.label, row.raw]);
  return { header: [table.title, table.unit], rows };
}

/** What the charts draw: users by type, requests by status, requests by type (campaigns are counted in the table, not drawn among requests). */
export function chartData(counters: AdminCounters): { users: ChartDatum[]; byStatus: ChartDatum[]; byType: ChartDatum[] } {
  return {
    users: ([1, 2, 3, 4] as const).map((type) => ({ label: USER_TYPE_NAMES[type], value: counters.users_by_type[String(type)] ?? 0 })),
    byStatus: REQUEST_STATUS_CODES.map((status) => ({ label: REQUEST_STATUS_LABELS[status], value: counters.requests_by_status[`${status}`] ?? 0 })),
    byType: typesOf(counters.requests_by_type)
      .filter((type) => type !== CAMPAIGN)
      .map((type) => ({ label: typeLabel(type), value: counters.requests_by_type[type] ?? 0 })),
  };
}
