import { toApiError } from '@huddle/api-client';
import { auditActionLabel, auditChanges } from '@huddle/domain/admin';
import { EmptyView, ErrorView, Panel, SkeletonList } from '@huddle/ui';
import type { AuditSubject } from './admin-console-api';
import { useAudit } from './console-hooks';
import { CONSOLE_TEXTS } from './console-messages';
import { formatMoment } from './user-format';

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
