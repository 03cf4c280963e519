import { isRequestStatusCode, REQUEST_STATUS_LABELS } from './request-status';

/**
 * How an administrator's audited action reads (GET /admin/audit), on the console's audit trail and
 * on a request's page alike.
 */

/** One action's record of the fields it changed: what they were and what they became (the API leaves passwords out). */
export interface AuditChange {
  /** 'request.cancel': a request's action records its status as a code, shown in words. */
  action?: string;
  before?: unknown;
  after?: unknown;
}

function fieldsOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/**
 * 'payout_status: unpaid → paid' for each field an action changed; '—' where a side had no value.
 * A request's status reads in words ('status: Pending → Canceled').
 */
export function auditChanges(entry: AuditChange): string[] {
  const before = fieldsOf(entry.before);
  const after = fieldsOf(entry.after);
  const ofRequest = entry.action?.startsWith('request.') ?? false;
  const show = (key: string, value: unknown) => {
    if (value === undefined) return '—';
    if (ofRequest && key === 'status' && isRequestStatusCode(value)) return REQUEST_STATUS_LABELS[value];
    return typeof value === 'string' ? value : JSON.stringify(value);
  };
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => `${key}: ${show(key, before[key])} → ${show(key, after[key])}`);
}

/** 'user.block' → 'User block'. */
export function auditActionLabel(action: string): string {
  const words = action.replace(/[._-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : action;
}
