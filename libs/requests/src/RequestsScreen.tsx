import { Link } from 'wouter';
import { toApiError } from '@huddle/api-client';
import { SERVICE_LABELS, type RequestStatusCode } from '@huddle/domain';
import { formatDate, formatDollars, formatTime, formatTimeLeft } from '@huddle/domain/format';
import { Button, EmptyView, ErrorView, Icon, Page, SkeletonList, Tabs, useSearchParam, useShell } from '@huddle/ui';
import { useRequestList } from './api/hooks';
import { useLiveRequestRefresh } from './api/live-refresh';
import type { RequestSummary } from './api/requests-api';
import { emptyRequestsText, REQUEST_TABS, requestTabOf, type RequestTab } from './request-tabs';
import { isCampaignEntry, PartyAvatar, requestItemParty, StatusPill } from './request-people';
import './requests.css';

function RequestItem({ request, apiBase }: { request: RequestSummary; apiBase: string }) {
  const campaign = isCampaignEntry(request);
  const name = requestItemParty(request);
  const left = request.status === 1 ? formatTimeLeft(request.expiration_time) : null;
  const when = request.event ? `${formatDate(request.event.start_time)} · ${formatTime(request.event.start_time)}` : null;
  return (
    <li>
      {/* A campaign's id already starts with '@': /request/@{campaignId}. */}
      <Link href={`/request/${request.id}`} className="req-item">
        {campaign ? (
          <span className="req-avatar" aria-hidden="true">
            <Icon name="video" />
          </span>
        ) : (
          <PartyAvatar party={request.profile} apiBase={apiBase} />
        )}
        <span className="req-item__main">
          <span className="req-item__type">{SERVICE_LABELS[request.type as keyof typeof SERVICE_LABELS] ?? request.type}</span>
          <span className="req-item__name">{request.name}</span>
          <span className="req-item__party">{name}</span>
          {when && <span className="hd-muted req-item__when">{when}</span>}
        </span>
        <span className="req-item__side">
          <strong>{formatDollars(request.request_amount)}</strong>
          <StatusPill status={request.status as RequestStatusCode} />
          {left && <span className="req-item__left">Expires in {left}</span>}
        </span>
      </Link>
    </li>
  );
}

function RequestList({ tab }: { tab: RequestTab }) {
  const { apiBase } = useShell();
  const list = useRequestList(tab);
  if (list.isPending) return <SkeletonList label="Loading requests" />;
  if (list.isError) {
    return <ErrorView message={toApiError(list.error).message} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  }
  const requests = list.data.pages.flatMap((page) => page.requests);
  if (requests.length === 0) return <EmptyView text={emptyRequestsText(tab)} />;
  return (
    <>
      <ul className="req-list" aria-label={`${tab} requests`}>
        {requests.map((request) => (
          <RequestItem key={request.id} request={request} apiBase={apiBase} />
        ))}
      </ul>
      {list.hasNextPage && (
        <Button variant="secondary" block loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          Load more
        </Button>
      )}
    </>
  );
}

/**
 * /requests (spec §2): the member's requests by status, the active tab kept in the URL. Items show
 * the type, the other party and, while pending, the time left to accept; they open /request/{id}.
 */
export function RequestsScreen() {
  const [tabParam, setTab] = useSearchParam('tab');
  const tab = requestTabOf(tabParam);
  useLiveRequestRefresh();
  return (
    <Page title="Requests">
      <Tabs tabs={REQUEST_TABS} active={tab} onChange={setTab} label="Requests by status">
        <RequestList key={tab} tab={tab} />
      </Tabs>
    </Page>
  );
}
