import { useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { toApiError } from '@huddle/api-client';
import { LIMITS } from '@huddle/domain';
import { formatDate, formatTime } from '@huddle/domain/format';
import { Button, ConfirmDialog, EmptyView, ErrorView, Page, ProgressBar, SearchField, SkeletonList, cx, useDebouncedCallback, withSearchParam } from '@huddle/ui';
import type { CustomPush } from '../console/admin-console-api';
import { usePushActions, usePushes } from '../console/console-hooks';
import { CONSOLE_TEXTS } from '../console/console-messages';
import { destinationText, progressText } from '../console/push-wizard';
import { PushWizard } from '../console/PushWizard';
import { pageOf } from '../console/users-query';
import { Pager } from '../money/Pager';
import '../money/money.css';
import '../console/console.css';

export interface PushRowsProps {
  pushes: readonly CustomPush[];
  sendingId: string | null;
  onEdit: (push: CustomPush) => void;
  onDelete: (push: CustomPush) => void;
  onSend: (push: CustomPush) => void;
}

export function PushRows({ pushes, sendingId, onEdit, onDelete, onSend }: PushRowsProps) {
  return (
    <div className="adm-table-wrap">
      <table className="adm-table">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Subject</th>
            <th scope="col">Send to</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="hd-visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {pushes.map((push) => (
            <tr key={push.id}>
              <th scope="row" className="adm-table__name">
                {push.name}
                <span className="adm-sub">{push.sent_at ? `Sent ${formatDate(push.sent_at)} ${formatTime(push.sent_at)}` : `Created ${formatDate(push.created_at)}`}</span>
              </th>
              <td data-label="Subject" className="adm-break">
                {push.subject}
              </td>
              <td data-label="Send to">{destinationText(push.destination)}</td>
              <td data-label="Status">
                <span className={cx('adm-pill', push.status === 'sent' && 'adm-pill--ok')}>{progressText(push)}</span>
                {push.status === 'sending' && <ProgressBar value={push.recipients_total > 0 ? push.recipients_done / push.recipients_total : 0} label={progressText(push)} />}
              </td>
              <td className="adm-actions">
                {push.status === 'draft' && (
                  <>
                    <Button size="sm" variant="secondary" onClick={() => onEdit(push)} aria-label={`Edit ${push.name}`}>
                      Edit
                    </Button>
                    <Button size="sm" variant="accent" disabled={sendingId === push.id} loading={sendingId === push.id} onClick={() => onSend(push)} aria-label={`Send ${push.name}`}>
                      Send
                    </Button>
                  </>
                )}
                <Button size="sm" variant="danger" onClick={() => onDelete(push)} aria-label={`Delete ${push.name}`}>
                  Delete
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * /manage/pushes (spec §2, issue 22): the custom pushes with search, the three-step composer for a
 * new or a draft push, delete and send after a confirmation; a sending push shows its progress.
 */
export function PushesScreen() {
  const [pathname, navigate] = useLocation();
  const search = useSearch();
  const params = new URLSearchParams(search);
  const request = params.get('request') ?? '';
  const page = pageOf(params.get('page'));
  const [text, setText] = useState(request);
  const pushSearch = useDebouncedCallback(
    (value: string) => navigate(`${pathname}${withSearchParam(withSearchParam(window.location.search, 'page', null), 'request', value.trim() || null)}`, { replace: true }),
    LIMITS.searchDebounceMs,
  );
  const query = usePushes(request, page);
  const actions = usePushActions();
  const [editing, setEditing] = useState<CustomPush | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<CustomPush | null>(null);
  const [sending, setSending] = useState<CustomPush | null>(null);
  // A double click on Send sends once: the second click comes before React shows the pending state.
  const sendInFlight = useRef(false);

  let content;
  if (query.isPending) content = <SkeletonList label="Loading pushes" variant="row" count={4} />;
  else if (query.isError) content = <ErrorView message={toApiError(query.error).message} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else if (query.data.pushes.length === 0) content = <EmptyView text={request ? CONSOLE_TEXTS.noPushesFound : CONSOLE_TEXTS.noPushes} />;
  else
    content = (
      <>
        <PushRows
          pushes={query.data.pushes}
          sendingId={actions.send.isPending ? (actions.send.variables ?? null) : null}
          onEdit={setEditing}
          onDelete={setDeleting}
          onSend={setSending}
        />
        <Pager page={page} total={query.data.total} pageSize={query.data.page_size || 20} />
      </>
    );

  return (
    <Page
      title="Pushes"
      actions={
        <Button variant="accent" onClick={() => setEditing(null)}>
          New push
        </Button>
      }
    >
      <div className="adm-filters adm-filters--one" role="search">
        <SearchField
          label="Search pushes"
          placeholder="Name or subject"
          className="adm-filters__search"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            pushSearch.call(event.target.value);
          }}
        />
      </div>
      {content}
      <PushWizard push={editing} onClose={() => setEditing(undefined)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete push"
        message={deleting ? `Delete the push "${deleting.name}"?` : ''}
        confirmLabel="Delete"
        tone="danger"
        busy={actions.remove.isPending}
        onConfirm={() => deleting && actions.remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
        onCancel={() => setDeleting(null)}
      />
      <ConfirmDialog
        open={sending !== null}
        title="Send push"
        message={sending ? `Send "${sending.subject}" to ${destinationText(sending.destination)} now? It cannot be called back.` : ''}
        confirmLabel="Send"
        busy={actions.send.isPending}
        onConfirm={() => {
          if (!sending || sendInFlight.current) return;
          sendInFlight.current = true;
          actions.send.mutate(sending.id, {
            onSettled: () => {
              sendInFlight.current = false;
              setSending(null);
            },
          });
        }}
        onCancel={() => setSending(null)}
      />
    </Page>
  );
}
