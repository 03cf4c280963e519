import { useQuery } from '@tanstack/react-query';
import { apiErrorFromReply, networkError, toApiError } from '@huddle/api-client';
import { formatDate, formatTime } from '@huddle/domain/format';
import { EmptyView, ErrorView, SkeletonList, useShell } from '@huddle/ui';
import type { RequestView } from '../api/requests-api';

/** One row of GET /admin/audit (docs/admin-console-contract.md). */
export interface RequestAuditEntry {
  id: string;
  admin_name: string;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** ISO 8601. */
  created_at: string;
}

/** The administrators' actions on this request, newest first. */
async function readAudit(apiBase: string, requestId: string, signal: AbortSignal): Promise<RequestAuditEntry[]> {
  const query = new URLSearchParams({ subject_type: 'request', subject_id: requestId, page: '1', page_size: '20' });
  let response: Response;
  try {
    response = await fetch(`${apiBase.replace(/\/+$/, '')}/admin/audit?${query}`, { credentials: 'include', signal, headers: { Accept: 'application/json' } });
  } catch (thrown) {
    if (signal.aborted) throw thrown;
    throw networkError();
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok || typeof body !== 'object' || body === null) throw apiErrorFromReply(response.status, body);
  return (body as { entries?: RequestAuditEntry[] }).entries ?? [];
}

/** 'Payout status: unpaid → paid' for each field an action changed. */
export function auditLines(entry: Pick<RequestAuditEntry, 'before' | 'after'>): string[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const show = (value: unknown) => (value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value));
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => `${key}: ${show(before[key])} → ${show(after[key])}`);
}

function when(iso: string): string {
  const seconds = Math.floor(Date.parse(iso) / 1000);
  return Number.isFinite(seconds) ? `${formatDate(seconds) ?? ''} ${formatTime(seconds) ?? ''}`.trim() : '';
}

/** The request page's audit trail for the administrator (issue 22): who did what to this request, and when. */
export function AdminRequestAudit({ request }: { request: RequestView }) {
  const { apiBase } = useShell();
  const query = useQuery({ queryKey: ['requests', 'audit', request.id, request.status, request.updated_at], queryFn: ({ signal }) => readAudit(apiBase, request.id, signal) });
  let body;
  if (query.isPending) body = <SkeletonList count={2} label="Loading the audit trail" />;
  else if (query.isError) body = <ErrorView message={toApiError(query.error).message} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else if (query.data.length === 0) body = <EmptyView text="No administrator actions recorded yet" />;
  else
    body = (
      <ol className="req-history__list">
        {query.data.map((entry) => (
          <li key={entry.id} className="req-history__item">
            <span className="req-history__label">{entry.action}</span>
            <span className="hd-muted">
              {entry.admin_name} · {when(entry.created_at)}
            </span>
            {auditLines(entry).map((line) => (
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
