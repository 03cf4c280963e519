/**
 * A cell of an exported CSV (the administrator's statistics, the business's exports): a spreadsheet
 * runs a cell that starts with =, +, - or @ as a formula (and so one starting with a tab or a
 * carriage return after the program trims it), so such text is written with a leading apostrophe,
 * which spreadsheets show as text and do not display. Numbers stay numbers (a negative amount is
 * not a formula); null and undefined are empty cells.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvCell = string | number | null | undefined;

export function safeCsvCell(value: CsvCell): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** Every cell of a table's rows made safe (safeCsvCell). */
export function safeCsvRows(rows: ReadonlyArray<ReadonlyArray<CsvCell>>): Array<Array<string | number>> {
  return rows.map((row) => row.map(safeCsvCell));
}
