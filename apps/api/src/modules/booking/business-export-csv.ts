import { stringify } from 'csv-stringify/sync';
import { serviceTypeLabel } from '@huddle/domain';
import { safeCsvCell } from '@huddle/domain/admin';
import type { CsvCell } from '@huddle/domain/admin';
import type { BusinessReport } from './business-export-report';
import { generatedText, localDayText, periodText, requestCount, statusLabel, statusRows } from './business-export-report';

/** An amount of money: written as dollars with cents (12.50), a number a spreadsheet sums. */
interface Money {
  cents: number;
}

type Cell = CsvCell | Money;

function cellOf(cell: Cell): string | number {
  if (cell !== null && typeof cell === 'object') return (cell.cents / 100).toFixed(2);
  // Text from people (athletes' names, requests' names) may start like a formula.
  return safeCsvCell(cell);
}

const money = (cents: number): Money => ({ cents });

/**
 * The business's statistics as one CSV file of sections (Summary, Totals, By status, By type, By
 * athlete, Spending by month, Requests), each a title line, a header line and its rows, with a
 * blank line between sections. Amounts in dollars with cents; dates are days in the viewer's zone.
 */
export function businessReportCsv(report: BusinessReport): Buffer {
  const { stats } = report;
  const sections: Array<{ title: string; header: string[]; rows: Cell[][] }> = [
    {
      title: 'Summary',
      header: ['Field', 'Value'],
      rows: [
        ['Business', report.businessName],
        ['Period', periodText(report)],
        ['Time zone', report.zone],
        ['Generated at', generatedText(report)],
      ],
    },
    {
      title: 'Totals',
      header: ['Total', 'Amount (USD)'],
      rows: [
        ['Total spent', money(stats.totals.spentCents)],
        ['Accepted total', money(stats.totals.acceptedCents)],
        ['Rejected total', money(stats.totals.rejectedCents)],
      ],
    },
    {
      title: 'By status',
      header: ['Status', 'Requests'],
      rows: [...statusRows(stats).map((row) => [row.label, row.count]), ['Total', requestCount(stats)]],
    },
    {
      title: 'By type',
      header: ['Type', 'Requests', 'Spent (USD)', 'Accepted (USD)', 'Rejected (USD)'],
      rows: stats.byType.map((row) => [serviceTypeLabel(row.type), row.count, money(row.spentCents), money(row.acceptedCents), money(row.rejectedCents)]),
    },
    {
      title: 'By athlete',
      header: ['Athlete', 'Requests', 'Spent (USD)'],
      rows: stats.byAthlete.map((row) => [row.name, row.count, money(row.spentCents)]),
    },
    {
      title: 'Spending by month',
      header: ['Month', 'Spent (USD)'],
      rows: stats.chart.month.map((bucket) => [bucket.label, money(bucket.cents)]),
    },
    {
      title: 'Requests',
      header: ['Date', 'Request', 'Athlete', 'Service', 'Status', 'Price (USD)', 'Spent (USD)'],
      rows: report.requests.map((line) => [
        localDayText(line.createdAt, report.zone),
        line.name,
        line.athleteName,
        serviceTypeLabel(line.type),
        statusLabel(line.status),
        money(line.amountCents),
        money(line.spentCents),
      ]),
    },
  ];
  const lines: Array<Array<string | number>> = [];
  sections.forEach((section, index) => {
    if (index > 0) lines.push([]);
    lines.push([section.title], section.header, ...section.rows.map((row) => row.map(cellOf)));
  });
  return Buffer.from(stringify(lines), 'utf8');
}
