import { useState, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { toApiError } from '@huddle/api-client';
import { type ServiceType } from '@huddle/domain';
import { approveLabel, awaitingLabel } from '@huddle/domain/format';
import { AlertDialog, Button, buttonClassName, ConfirmDialog, StarRating, useShell, useToast, type ScreenProps } from '@huddle/ui';
import { useRequestsApi } from '../api/hooks';
import { ActionBox, can, Countdown, DeliveryDeadline, useAction } from './panel-parts';
import { RequestDetailScreen, type ActionPanelProps } from './RequestDetailScreen';
import { ReviewDialog } from './ReviewDialog';
import { SupportModal } from './SupportModal';
import { useVideoChatOffer } from './VideoChatOffer';

/** The random pause before the flag's thank-you (spec §4: 100 to 1000 ms). */
function flagPause(): number {
  return 100 + Math.floor(Math.random() * 900);
}

/**
 * The requester's side of a request (spec §4): pay a draft, the countdown and Cancel while pending,
 * what an accepted request waits for, Approve ('Accept' for shoutouts), Flag and support for a
 * delivered video, the review, then Download and Share. Fans and businesses act alike.
 */
export function RequesterActionPanel({ request, onChange }: ActionPanelProps) {
  const api = useRequestsApi();
  const toast = useToast();
  const { navigate, apiBase } = useShell();
  const type = request.type as ServiceType;
  const athleteFirst = request.athlete.first_name ?? 'the athlete';
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const [support, setSupport] = useState(false);
  const [thanks, setThanks] = useState(false);
  const chat = useVideoChatOffer(request, onChange);
  const cancel = useAction(api.cancel, request, onChange, () => setConfirmCancel(false));
  const approve = useAction(api.approve, request, onChange);
  const flag = useMutation({
    mutationFn: async () => {
      const flagged = await api.flag(request.id);
      await new Promise((resolve) => setTimeout(resolve, flagPause()));
      return flagged;
    },
    onSuccess: (flagged) => {
      onChange(flagged);
      setThanks(true);
    },
    onError: (error) => toast.show(toApiError(error).message, 'error'),
  });

  // A shoutout shares its watch link (made anew after a revoke); an endorsement its /request/@{paid_id} page.
  const isShoutout = type === 'shoutout';
  const share = useMutation({
    mutationFn: async () => {
      const link = isShoutout ? (request.share_url ?? (await api.renewShare(request.id)) ?? '') : `${window.location.origin}/request/@${request.paid_id ?? ''}`;
      if (isShoutout && link !== request.share_url) onChange({ ...request, share_url: link });
      if (navigator.share) await navigator.share({ title: request.name, url: link }).catch(() => undefined);
      else {
        await navigator.clipboard.writeText(link);
        toast.show('Link copied', 'success');
      }
    },
    onError: (error) => toast.show(toApiError(error).message, 'error'),
  });
  const stopSharing = useMutation({
    mutationFn: () => api.revokeShare(request.id),
    onSuccess: () => {
      onChange({ ...request, share_url: null });
      toast.show('The watch link no longer works', 'success');
    },
    onError: (error) => toast.show(toApiError(error).message, 'error'),
  });

  let headline: ReactNode = null;
  const buttons: ReactNode[] = [];
  if (request.status === 1 && !request.paid) {
    headline = <p>Not paid yet: {athleteFirst} sees the request once your card is held.</p>;
    // A campaign's request is paid with its campaign: one payment for every athlete.
    const payPath = request.endorsement_campaign_id
      ? `/request-form/b/endorsement_campaign?pay=${request.endorsement_campaign_id}`
      : `/request-form/${request.athlete_id}/${request.type}?pay=${request.id}`;
    buttons.push(
      <Button key="pay" variant="accent" onClick={() => navigate(payPath)}>
        Pay
      </Button>,
    );
  } else if (request.status === 1) {
    headline = <Countdown request={request} who={athleteFirst} />;
  } else if (request.status === 2) {
    headline = (
      <>
        <p className="req-actions__state">{awaitingLabel(type, request.athlete.first_name)}</p>
        <DeliveryDeadline request={request} />
      </>
    );
  } else if (request.status === 4 && request.flagged) {
    // A reported video is never completed by the timers: it waits for an administrator.
    headline = <p>You reported this video. Huddle will review it, then approve it for {athleteFirst} or cancel it and refund you in full.</p>;
  } else if (request.status === 4) {
    headline = <p>{athleteFirst} delivered the video. Watch it below, then approve it.</p>;
  } else if (request.status === 5) {
    headline = request.review ? (
      <div className="req-actions__reviewed">
        <span>Your rating</span> <StarRating value={request.review.rate} size="sm" />
      </div>
    ) : (
      <p>Finished. How did it go?</p>
    );
  } else if (request.status === 6) {
    headline = (
      <>
        <p className="req-actions__state">Video chat in progress</p>
        {chat.note}
      </>
    );
    if (chat.button) buttons.push(chat.button);
  } else if (request.status === 3) {
    headline = <p className="req-actions__state">This request was canceled.</p>;
  }

  if (can(request, 'approve')) {
    buttons.push(
      <Button key="approve" variant="accent" loading={approve.isPending} onClick={() => approve.mutate()}>
        {approveLabel(type)}
      </Button>,
    );
  }
  if (can(request, 'review')) {
    buttons.push(
      <Button key="review" variant="accent" onClick={() => setReviewing(true)}>
        Review
      </Button>,
    );
  }
  if (request.status === 5 && request.reviewed && request.video?.download_url) {
    buttons.push(
      <a key="download" className={buttonClassName('secondary')} href={`${apiBase.replace(/\/+$/, '')}/${request.video.download_url}`} download>
        Download video
      </a>,
      <Button key="share" variant="secondary" loading={share.isPending} onClick={() => share.mutate()}>
        Share
      </Button>,
    );
  }
  // The watch link exists from approval (its recipients were mailed it); it is shared and revoked beside Share, after the review.
  if (request.status === 5 && request.reviewed && request.share_url) {
    buttons.push(
      <Button key="unshare" variant="ghost" loading={stopSharing.isPending} onClick={() => stopSharing.mutate()}>
        Stop sharing
      </Button>,
    );
  }
  if (can(request, 'flag')) {
    buttons.push(
      <Button key="flag" variant="ghost" loading={flag.isPending} onClick={() => flag.mutate()}>
        Flag as inappropriate
      </Button>,
    );
  }
  if (can(request, 'cancel') && request.paid) {
    buttons.push(
      <Button key="cancel" variant="danger" onClick={() => setConfirmCancel(true)}>
        Cancel request
      </Button>,
    );
  }
  if (request.paid) {
    buttons.push(
      <Button key="support" variant="ghost" onClick={() => setSupport(true)}>
        Contact support
      </Button>,
    );
  }

  return (
    <>
      <ActionBox headline={headline}>{buttons}</ActionBox>
      <ConfirmDialog
        open={confirmCancel}
        title="Cancel request"
        message={`Cancel this request? ${athleteFirst} will not see it any more, and the hold on your card is released.`}
        confirmLabel="Cancel request"
        cancelLabel="Keep it"
        tone="danger"
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate()}
        onCancel={() => setConfirmCancel(false)}
      />
      {reviewing && <ReviewDialog request={request} open onClose={() => setReviewing(false)} onReviewed={onChange} />}
      <SupportModal requestId={request.id} open={support} onClose={() => setSupport(false)} />
      <AlertDialog
        open={thanks}
        title="Thank you"
        message="Thank you for letting us know. Our team will look into this video."
        onClose={() => setThanks(false)}
      />
    </>
  );
}

/** /request/{id} for fans and businesses (spec §2). */
export function RequesterRequestScreen(props: ScreenProps) {
  return <RequestDetailScreen {...props} ActionPanel={RequesterActionPanel} backTo="/requests" />;
}
