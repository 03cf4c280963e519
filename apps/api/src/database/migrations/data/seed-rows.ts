import type { QueryRunner } from 'typeorm';

type SqlValue = string | number | boolean | null;

// PostgreSQL accepts at most 65535 bind parameters per statement.
const MAX_PARAMETERS = 60000;

/** Multi-row parameterised INSERTs for migrations that seed reference data. */
export async function insertRows(runner: QueryRunner, table: string, columns: readonly string[], rows: readonly SqlValue[][]): Promise<void> {
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    const placeholders = chunk.map((_row, rowIndex) => `(${columns.map((_column, columnIndex) => `$${rowIndex * columns.length + columnIndex + 1}`).join(', ')})`);
    await runner.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${placeholders.join(', ')}`, chunk.flat());
  }
}
