import { toApiError } from '@huddle/api-client';
import { EmptyView, ErrorView, Panel, SkeletonList } from '@huddle/ui';
import type { AuditEntry, AuditSubject } from './admin-console-api';
import { useAudit } from './console-hooks';
import { CONSOLE_TEXTS } from './console-messages';
import { formatMoment } from './user-format';

/** 'first_name: Jordan → Jay' for each field an action changed (never a password: the API leaves those out). */
export function auditChanges(entry: Pick<AuditEntry, 'before' | 'after'>): string[] {
  const before = (typeof entry.before === 'object' && entry.before !== null ? entry.before : {}) as Record<string, unknown>;
  const after = (typeof entry.after === 'object' && entry.after !== null ? entry.after : {}) as Record<string, unknown>;
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

/** The administrators' actions on one subject, newest first (GET /admin/audit). */
export function AuditTrail({ subjectType, subjectId }: { subjectType: AuditSubject; subjectId: string }) {
  const query = useAudit(subjectType, subjectId);
  let body;
  if (query.isPending) body = <SkeletonList count={3} variant="row" label="Loading the audit trail" />;
  else if (query.isError) body = <ErrorView message={toApiError(query.error).message} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else if (query.data.entries.length === 0) body = <EmptyView text={CONSOLE_TEXTS.noAudit} />;
  else
    body = (
      <ol className="adm-audit">
        {query.data.entries.map((entry) => (
          <li key={entry.id}>
            <strong>{auditActionLabel(entry.action)}</strong>
            <span className="adm-sub">
              {entry.admin_name} · {formatMoment(entry.created_at)}
            </span>
            {auditChanges(entry).map((line) => (
              <span key={line} className="adm-audit__change">
                {line}
              </span>
            ))}
          </li>
        ))}
      </ol>
    );
  return <Panel title="Audit trail">{body}</Panel>;
}
