import { useState, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { toApiError } from '@huddle/api-client';
import { isVideoDelivery, type ServiceType } from '@huddle/domain';
import { awaitingLabel, recordTitle } from '@huddle/domain/format';
import { Button, ConfirmDialog, useShell, useToast, type ScreenProps } from '@huddle/ui';
import { useRequestsApi } from '../api/hooks';
import { partyName } from '../request-people';
import { acceptCheck, DisclosureAcknowledgement, needsDisclosure } from './disclosure';
import { ActionBox, can, Countdown, DeliveryDeadline, useAction } from './panel-parts';
import { RecordVideoModal } from './RecordVideoModal';
import { RequestDetailScreen, type ActionPanelProps } from './RequestDetailScreen';
import { SupportModal } from './SupportModal';
import { useVideoChatOffer } from './VideoChatOffer';

/**
 * The athlete's side of a request (spec §4): Accept, or Decline after a confirmation (then back to
 * the list); 'Record Your {type}' for a shoutout or an endorsement; what an accepted event waits
 * for; a video chat's Start video chat, then Join chat (useVideoChatOffer). The fee breakdown is
 * in the summary above. An endorsement is accepted only with the paid-partnership disclosure
 * acknowledged (US FTC).
 */
export function AthleteActionPanel({ request, onChange }: ActionPanelProps) {
  const api = useRequestsApi();
  const { navigate } = useShell();
  const type = request.type as ServiceType;
  const [confirmDecline, setConfirmDecline] = useState(false);
  const [recording, setRecording] = useState(false);
  const [support, setSupport] = useState(false);
  const toast = useToast();
  const [acknowledged, setAcknowledged] = useState(false);
  const [disclosureError, setDisclosureError] = useState<string | null>(null);
  const accept = useMutation({
    mutationFn: (disclosureAcknowledged: boolean) => api.accept(request.id, disclosureAcknowledged),
    onSuccess: onChange,
    onError: (error) => {
      const failure = toApiError(error);
      const onField = failure.fieldErrors.disclosure_acknowledged;
      if (onField) setDisclosureError(onField);
      else toast.show(failure.message, 'error');
    },
  });
  const tryAccept = () => {
    const checked = acceptCheck(type, acknowledged);
    if (!checked.ok) {
      setDisclosureError(checked.message);
      return;
    }
    setDisclosureError(null);
    accept.mutate(checked.disclosureAcknowledged);
  };
  const decline = useAction(api.decline, request, onChange, () => navigate('/requests'));
  const requester = partyName(request.requester);
  const chat = useVideoChatOffer(request, onChange);

  let headline: ReactNode = null;
  if (request.status === 1 && can(request, 'accept') && needsDisclosure(type)) {
    headline = (
      <>
        <Countdown request={request} who="you" />
        <DisclosureAcknowledgement
          checked={acknowledged}
          disabled={accept.isPending}
          error={disclosureError}
          onChange={(checked) => {
            setAcknowledged(checked);
            if (checked) setDisclosureError(null);
          }}
        />
      </>
    );
  } else if (request.status === 1) headline = <Countdown request={request} who="you" />;
  else if (request.status === 2 && isVideoDelivery(type)) {
    headline = (
      <>
        <p>{requester} is waiting for your video.</p>
        <DeliveryDeadline request={request} />
      </>
    );
  }
  else if (request.status === 2 && type === 'video_chat') headline = <p className="req-actions__state">Video chat with {requester}</p>;
  else if (request.status === 2) headline = <p className="req-actions__state">{awaitingLabel(type, request.athlete.first_name)}</p>;
  else if (request.status === 4 && request.flagged) headline = <p className="req-actions__state">Under review by Huddle</p>;
  else if (request.status === 4) headline = <p className="req-actions__state">Awaiting approval from {requester}</p>;
  else if (request.status === 5) headline = <p className="req-actions__state">Finished</p>;
  else if (request.status === 3) headline = <p className="req-actions__state">Canceled</p>;
  else if (request.status === 6) headline = <p className="req-actions__state">Video chat in progress</p>;

  if (chat.note) {
    headline = (
      <>
        {headline}
        {chat.note}
      </>
    );
  }

  const buttons: ReactNode[] = [];
  if (can(request, 'accept')) {
    buttons.push(
      <Button key="accept" variant="accent" loading={accept.isPending} onClick={tryAccept}>
        Accept
      </Button>,
      <Button key="decline" variant="secondary" onClick={() => setConfirmDecline(true)}>
        Decline
      </Button>,
    );
  }
  if (can(request, 'deliver') && isVideoDelivery(type)) {
    buttons.push(
      <Button key="record" variant="accent" onClick={() => setRecording(true)}>
        {recordTitle(type)}
      </Button>,
    );
  }
  if (chat.button) buttons.push(chat.button);
  if (request.status !== 3) {
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
        open={confirmDecline}
        title="Decline request"
        message={`Decline ${requester}'s request? Their card is not charged.`}
        confirmLabel="Decline"
        cancelLabel="Keep it"
        tone="danger"
        busy={decline.isPending}
        onConfirm={() => decline.mutate()}
        onCancel={() => setConfirmDecline(false)}
      />
      {recording && isVideoDelivery(type) && (
        <RecordVideoModal request={request} type={type} open onClose={() => setRecording(false)} onSent={onChange} />
      )}
      <SupportModal requestId={request.id} open={support} onClose={() => setSupport(false)} />
    </>
  );
}

/** /request/{id} for athletes (spec §2). */
export function AthleteRequestScreen(props: ScreenProps) {
  return <RequestDetailScreen {...props} ActionPanel={AthleteActionPanel} backTo="/requests" />;
}
