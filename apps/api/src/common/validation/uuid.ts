const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `text` can be a uuid column's value: anything else names no row (and would make PostgreSQL fail the query). */
export function isUuid(text: string): boolean {
  return UUID.test(text);
}
