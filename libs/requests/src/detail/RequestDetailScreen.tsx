import { lazy, Suspense, type ComponentType } from 'react';
import { toApiError } from '@huddle/api-client';
import { campaignIdOfRef, MESSAGES, RequestStatus, SERVICE_LABELS, type ServiceType } from '@huddle/domain';
import { EmptyView, ErrorView, Page, SkeletonList, useShell, type ScreenProps } from '@huddle/ui';
import { isNotFound, useRequest, useRequestAnswer } from '../api/hooks';
import { useLiveRequestRefresh } from '../api/live-refresh';
import type { RequestView } from '../api/requests-api';
import { PaymentSection } from './PaymentSection';
import { RequestHistory, RequestSummary } from './RequestSummary';
import { RequestVideo } from './RequestVideo';
import '../requests.css';

/** What every role's action panel is told about the request it acts on. */
export interface ActionPanelProps {
  request: RequestView;
  /** An action's answer: the request as it is now. */
  onChange: (request: RequestView) => void;
}

export interface RequestDetailScreenProps extends ScreenProps {
  /** The role's actions: RequesterActionPanel, AthleteActionPanel or AdminActionPanel. */
  ActionPanel: ComponentType<ActionPanelProps>;
  /** Where Back goes: the role's list of requests. */
  backTo: string;
  width?: 'narrow' | 'wide';
  /** A request's own page in this frame (a campaign's View): /request/{id} unless given. */
  requestPath?: (requestId: string) => string;
  /** What the role adds under the history (the administrator's audit trail). */
  Footer?: ComponentType<{ request: RequestView }>;
}

// A campaign's page only opens from a campaign's link: a chunk of its own, fetched then.
const CampaignDetailScreen = lazy(() => import(/* webpackChunkName: "campaign-detail" */ '../campaign/CampaignDetailScreen'));

const requestPage = (requestId: string) => `/request/${requestId}`;

const REQUEST_REF = /^(@[A-Za-z0-9_-]{1,100}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * /request/{id} (and /manage/request/{id} for the administrator), spec §2 and §4: one detail for
 * every role. '@' and a uuid names an endorsement campaign (campaignIdOfRef): its own page. Any
 * other id is one request: the summary, the role's action panel, the delivered video, the history;
 * an id starting with '@' is then the shareable /request/@{paid_id} link. A missing request or
 * campaign, or one that is not the viewer's, shows the not-found page (the API answers 1404 for both).
 */
export function RequestDetailScreen({ requestPath = requestPage, ...props }: RequestDetailScreenProps) {
  const campaignId = campaignIdOfRef(props.params.id ?? '');
  if (campaignId) {
    return (
      <Suspense
        fallback={
          <Page title="Endorsement campaign" width="narrow">
            <SkeletonList count={5} label="Loading the campaign" />
          </Page>
        }
      >
        <CampaignDetailScreen campaignId={campaignId} backTo={props.backTo} requestPath={requestPath} />
      </Suspense>
    );
  }
  return <SingleRequestDetail {...props} />;
}

/** The page's title: the service ('Shoutout'); the console says 'Shoutout request' (issue 22). */
export function requestTitle(request: Pick<RequestView, 'type' | 'viewer'> | undefined): string {
  const label = request ? (SERVICE_LABELS[request.type as ServiceType] ?? 'Request') : 'Request';
  return request?.viewer === 'admin' && label !== 'Request' ? `${label} request` : label;
}

function SingleRequestDetail({ params, ActionPanel, backTo, width = 'narrow', Footer }: Omit<RequestDetailScreenProps, 'requestPath'>) {
  const { navigate } = useShell();
  const given = params.id ?? '';
  // A request id is a UUID and a shareable one '@' and its paid id: anything else names no request.
  const ref = REQUEST_REF.test(given) ? given : '';
  const query = useRequest(ref);
  const answer = useRequestAnswer(ref);
  const request = query.data;
  useLiveRequestRefresh(ref, request?.id);
  const title = requestTitle(request);

  const body = () => {
    if (!ref) return <EmptyView title={MESSAGES.requestNotFound.title} text={MESSAGES.requestNotFound.text} headingLevel={2} />;
    if (query.isPending) return <SkeletonList count={5} label="Loading the request" />;
    if (query.isError) {
      return isNotFound(query.error) ? (
        <EmptyView title={MESSAGES.requestNotFound.title} text={MESSAGES.requestNotFound.text} headingLevel={2} />
      ) : (
        <ErrorView message={toApiError(query.error).message} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      );
    }
    const loaded = query.data;
    return (
      <div className="req-detail">
        <RequestSummary request={loaded} />
        <ActionPanel request={loaded} onChange={answer} />
        {loaded.video && <RequestVideo request={loaded} />}
        <PaymentSection view={loaded} viewer={loaded.viewer} canceled={loaded.status === RequestStatus.Canceled} />
        <RequestHistory request={loaded} />
        {Footer && <Footer request={loaded} />}
      </div>
    );
  };

  return (
    <Page title={title} subtitle={request ? `${request.name} · #${request.order_number}` : undefined} width={width} onBack={() => navigate(backTo)}>
      {body()}
    </Page>
  );
}
