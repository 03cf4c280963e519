import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { toApiError } from '@huddle/api-client';
import { canAccess, ErrorCode, MESSAGES, RequestStatus, UserType, type RequestStatusCode } from '@huddle/domain';
import { formatTimeLeft } from '@huddle/domain/format';
import { ConfirmDialog, EmptyView, ErrorView, Page, SkeletonList, useShell, useToast } from '@huddle/ui';
import { isNotFound, useCampaign, useCampaignAnswer, useRequestsApi } from '../api/hooks';
import { useLiveCampaignRefresh } from '../api/live-refresh';
import { useNow } from '../detail/panel-parts';
import { PaymentSection } from '../detail/PaymentSection';
import { CampaignBanner } from './CampaignBanner';
import { CampaignAthletes, CampaignSummary } from './CampaignParts';
import '../requests.css';

const CAMPAIGN_FORM = '/request-form/b/endorsement_campaign';

export interface CampaignDetailScreenProps {
  campaignId: string;
  /** Where Back goes: the role's list. */
  backTo: string;
  /** Where an athlete's View goes (the single request's detail). */
  requestPath: (requestId: string) => string;
}

/**
 * /request/@{campaignId} (spec §2 and §4): an endorsement campaign as its business sees it: the
 * derived status and its banner (Cancel Campaign while pending, after a confirmation), the task,
 * the sums without canceled shares, and every athlete's entry with View once a video is in. It
 * reads itself again when the stream tells of the campaign or one of its requests.
 */
export default function CampaignDetailScreen({ campaignId, backTo, requestPath }: CampaignDetailScreenProps) {
  const { navigate, apiBase, role } = useShell();
  const api = useRequestsApi();
  const toast = useToast();
  const now = useNow();
  const query = useCampaign(campaignId);
  const answer = useCampaignAnswer(campaignId);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const campaign = query.data;
  useLiveCampaignRefresh(campaignId, campaign ? campaign.requests.map((entry) => entry.id) : null);

  const cancel = useMutation({
    mutationFn: () => api.cancelCampaign(campaignId),
    onSuccess: (canceled) => {
      answer(canceled);
      setConfirmCancel(false);
      toast.show(canceled.paid ? 'Campaign canceled. What you paid will be refunded to your card.' : 'Campaign canceled', 'success');
    },
    onError: (error) => {
      const failure = toApiError(error);
      setConfirmCancel(false);
      toast.show(failure.message, 'error');
      // 1409: an athlete answered first, so the campaign is no longer pending: show it as it is now.
      if (failure.code === ErrorCode.Conflict) void query.refetch();
    },
  });

  const body = () => {
    if (query.isPending) return <SkeletonList count={5} label="Loading the campaign" />;
    if (query.isError) {
      return isNotFound(query.error) ? (
        <EmptyView title={MESSAGES.requestNotFound.title} text={MESSAGES.requestNotFound.text} headingLevel={2} />
      ) : (
        <ErrorView message={toApiError(query.error).message} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      );
    }
    const loaded = query.data;
    const status = loaded.status as RequestStatusCode;
    return (
      <div className="req-detail">
        <CampaignSummary campaign={loaded} />
        {/* The banner speaks to the business that pays (approve, cancel, pay); the console reads the campaign. */}
        {role !== UserType.Admin && (
          <CampaignBanner
            status={status}
            paid={loaded.paid}
            canCancel={loaded.available_actions.includes('cancel')}
            onCancel={() => setConfirmCancel(true)}
            onPay={canAccess(CAMPAIGN_FORM, role) ? () => navigate(`${CAMPAIGN_FORM}?pay=${loaded.id}`) : undefined}
            timeLeft={status === RequestStatus.Pending ? formatTimeLeft(loaded.expiration_time, now) : null}
          />
        )}
        <CampaignAthletes entries={loaded.requests} apiBase={apiBase} requestPath={requestPath} admin={role === UserType.Admin} />
        {/* Shows once the campaign view carries the payment block and money timeline a request has. */}
        <PaymentSection view={loaded} viewer={role === UserType.Admin ? 'admin' : 'requester'} />
      </div>
    );
  };

  return (
    <Page
      title="Endorsement campaign"
      subtitle={campaign ? `${campaign.name} · #${campaign.order_number}` : undefined}
      width={role === UserType.Admin ? 'wide' : 'narrow'}
      onBack={() => navigate(backTo)}
    >
      {body()}
      <ConfirmDialog
        open={confirmCancel}
        title="Cancel Campaign"
        message={
          campaign?.paid
            ? 'Cancel this campaign? Every athlete’s request is canceled and everything you paid is refunded to your card.'
            : 'Cancel this campaign? Every athlete’s request is canceled.'
        }
        confirmLabel="Cancel Campaign"
        cancelLabel="Keep it"
        tone="danger"
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate()}
        onCancel={() => setConfirmCancel(false)}
      />
    </Page>
  );
}
