import { saveBlob } from '@huddle/api-client/file-download';
import { stringify } from 'csv-stringify/browser/esm/sync';
import { safeCsvRows, type CsvCell } from '@huddle/domain/admin';

/** A table of /manage/stats as a CSV file: its header, then its rows, each cell safe from formula injection (libs/domain). */
export function tableCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<CsvCell>>): string {
  return stringify(safeCsvRows([header, ...rows]), { record_delimiter: 'windows' });
}

/** The file name of a table's export: 'huddle-requests-by-status-30d.csv'. */
export function csvFileName(title: string, period: string): string {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `huddle-${slug}-${period}.csv`;
}

/** Hands the browser a CSV to save under `fileName` (UTF-8 with a BOM, which spreadsheets need to read it as UTF-8). */
export function downloadCsv(fileName: string, csv: string): void {
  saveBlob(fileName, new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
}
