/**
 * How an administrator's audited action reads (GET /admin/audit), on the console's audit trail and
 * on a request's page alike.
 */

/** One action's record of the fields it changed: what they were and what they became (the API leaves passwords out). */
export interface AuditChange {
  before?: unknown;
  after?: unknown;
}

function fieldsOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/** 'payout_status: unpaid → paid' for each field an action changed; '—' where a side had no value. */
export function auditChanges(entry: AuditChange): string[] {
  const before = fieldsOf(entry.before);
  const after = fieldsOf(entry.after);
  const show = (value: unknown) => (value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value));
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => `${key}: ${show(before[key])} → ${show(after[key])}`);
}

/** 'user.block' → 'User block'. */
export function auditActionLabel(action: string): string {
  const words = action.replace(/[._-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : action;
}
