import { parse } from 'csv-parse/sync';
import type { AdminCounters } from '../console/admin-console-api';
import { csvFileName, tableCsv } from './stats-csv';
import { STATS_COUNTERS } from './stats-fixtures';
import { counterTables, csvRowsOf } from './stats-view';

/** Reads an exported CSV back the way a spreadsheet importer would: a CSV library, not string splitting. */
function readCsv(csv: string): string[][] {
  return parse(csv, { relax_column_count: false, skip_empty_lines: false });
}

// Big enough for thousands separators on screen, which the CSV must not carry.
const counters: AdminCounters = {
  ...STATS_COUNTERS,
  users_by_type: { ...STATS_COUNTERS.users_by_type, '1': 1204 },
  money: { ...STATS_COUNTERS.money, captured: 21115.05 },
};

describe('/manage/stats CSV exports, read back with csv-parse', () => {
  it.each(counterTables(counters).map((table) => [table.title, table] as const))('%s: the header, then every row and the total with the numbers of the table', (_title, table) => {
    const { header, rows } = csvRowsOf(table);
    const records = readCsv(tableCsv(header, rows));
    expect(records[0]).toEqual([table.title, table.unit]);
    const expected = [...table.rows, ...(table.total ? [table.total] : [])];
    expect(records.slice(1).map(([label]) => label)).toEqual(expected.map((row) => row.label));
    // The numbers as exported are the raw ones: counts, and dollars with their cents (no '$', no thousands separator).
    expect(records.slice(1).map(([, value]) => Number(value))).toEqual(expected.map((row) => row.raw));
    for (const [, value] of records.slice(1)) expect(value).toMatch(/^-?\d+(\.\d{1,2})?$/);
  });

  it('writes the figures the screen shows: users 1,211 in all, captured $21,115.05, paid pending $125.50', () => {
    const [money, users, , , , pending] = counterTables(counters);
    const byLabel = (table: NonNullable<typeof money>) => new Map(readCsv(tableCsv(csvRowsOf(table).header, csvRowsOf(table).rows)).slice(1) as Array<[string, string]>);
    expect(byLabel(users!).get('All users')).toBe('1211');
    expect(byLabel(users!).get('Fan')).toBe('1204');
    expect(byLabel(money!).get('Captured')).toBe('21115.05');
    expect(byLabel(money!).get('Owed to athletes')).toBe('750.2');
    expect(byLabel(pending!).get('Paid pending total')).toBe('125.5');
  });

  it('reads a cell starting with = + - @ (or a tab) back as text behind an apostrophe, and keeps quotes, commas and line breaks', () => {
    const cells = ['=HYPERLINK("http://evil.test","x")', '+1+2', '-2+3', '@SUM(A1:A9)', '\t=1', 'Acme, Inc. "the best"', 'two\nlines', 'plain'];
    const records = readCsv(tableCsv(['Label', 'Count'], cells.map((cell, index) => [cell, index - 1])));
    expect(records.slice(1).map(([label]) => label)).toEqual([
      '\'=HYPERLINK("http://evil.test","x")',
      "'+1+2",
      "'-2+3",
      "'@SUM(A1:A9)",
      "'\t=1",
      'Acme, Inc. "the best"',
      'two\nlines',
      'plain',
    ]);
    // A negative number is a number, not a formula: it comes back as written.
    expect(records.slice(1).map(([, count]) => Number(count))).toEqual(cells.map((_cell, index) => index - 1));
    expect(records[1]![1]).toBe('-1');
  });

  it('names the file after the table and the period', () => {
    expect(csvFileName('Paid, not yet finished, by type', '30d')).toBe('huddle-paid-not-yet-finished-by-type-30d.csv');
    expect(csvFileName('Money', 'all')).toBe('huddle-money-all.csv');
  });
});
