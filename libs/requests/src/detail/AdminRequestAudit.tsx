import { useQuery } from '@tanstack/react-query';
import { toApiError } from '@huddle/api-client';
import { auditActionLabel, auditChanges } from '@huddle/domain/admin';
import { formatDate, formatTime } from '@huddle/domain/format';
import { EmptyView, ErrorView, SkeletonList } from '@huddle/ui';
import { useRequestsApi } from '../api/hooks';
import type { RequestView } from '../api/requests-api';

function when(iso: string): string {
  const seconds = Math.floor(Date.parse(iso) / 1000);
  return Number.isFinite(seconds) ? `${formatDate(seconds) ?? ''} ${formatTime(seconds) ?? ''}`.trim() : '';
}

/** The request page's audit trail for the administrator (issue 22): who did what to this request, and when. */
export function AdminRequestAudit({ request }: { request: RequestView }) {
  const api = useRequestsApi();
  const query = useQuery({ queryKey: ['requests', 'audit', request.id, request.status, request.updated_at], queryFn: ({ signal }) => api.adminAudit(request.id, signal) });
  let body;
  if (query.isPending) body = <SkeletonList count={2} label="Loading the audit trail" />;
  else if (query.isError) body = <ErrorView message={toApiError(query.error).message} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else if (query.data.length === 0) body = <EmptyView text="No administrator actions recorded yet" />;
  else
    body = (
      <ol className="req-history__list">
        {query.data.map((entry) => (
          <li key={entry.id} className="req-history__item">
            <span className="req-history__label">{auditActionLabel(entry.action)}</span>
            <span className="hd-muted">
              {entry.admin_name} · {when(entry.created_at)}
            </span>
            {auditChanges(entry).map((line) => (
              <span key={line} className="hd-muted req-history__note">
                {line}
              </span>
            ))}
          </li>
        ))}
      </ol>
    );
  return (
    <section className="hd-panel req-history" aria-labelledby="req-audit-title">
      <h2 className="hd-panel__title" id="req-audit-title">
        Audit trail
      </h2>
      {body}
    </section>
  );
}
