import { useState } from 'react';
import { Button, ConfirmDialog, type ScreenProps } from '@huddle/ui';
import { useRequestsApi } from '../api/hooks';
import { ActionBox, can, useAction } from './panel-parts';
import { RequestDetailScreen, type ActionPanelProps } from './RequestDetailScreen';

/**
 * The administrator's side of a request (spec §2, §4): everything both parties see, the fee
 * breakdown, and Cancel, which voids a hold or refunds a capture in full. A shoutout its requester
 * flagged waits here (the timers never complete it): Approve finishes it for the athlete, Cancel
 * refunds the requester. Payouts come with their own issue.
 */
export function AdminActionPanel({ request, onChange }: ActionPanelProps) {
  const api = useRequestsApi();
  const [confirming, setConfirming] = useState<'cancel' | 'approve' | null>(null);
  const cancel = useAction(api.adminCancel, request, onChange, () => setConfirming(null));
  const approve = useAction(api.adminApprove, request, onChange, () => setConfirming(null));
  const canApprove = can(request, 'admin_approve');
  if (!can(request, 'admin_cancel') && !canApprove) return null;
  const headline = canApprove
    ? 'The requester reported this video. Approve it for the athlete, or cancel it and refund the requester in full.'
    : request.status === 1
      ? 'The card is held, not charged.'
      : 'Cancelling refunds the requester in full.';
  return (
    <>
      <ActionBox headline={<p>{headline}</p>}>
        {canApprove && (
          <Button variant="accent" onClick={() => setConfirming('approve')}>
            Approve video
          </Button>
        )}
        {can(request, 'admin_cancel') && (
          <Button variant="danger" onClick={() => setConfirming('cancel')}>
            Cancel request
          </Button>
        )}
      </ActionBox>
      <ConfirmDialog
        open={confirming === 'cancel'}
        title="Cancel request"
        message="Cancel this request for both parties? The requester's money is released or refunded in full."
        confirmLabel="Cancel request"
        cancelLabel="Keep it"
        tone="danger"
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate()}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'approve'}
        title="Approve video"
        message="Approve this video? The request is finished and the athlete's share becomes payable."
        confirmLabel="Approve video"
        cancelLabel="Back"
        busy={approve.isPending}
        onConfirm={() => approve.mutate()}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}

/** /manage/request/{id} (spec §2): the console's request, wide like the console's other pages. */
export function AdminRequestScreen(props: ScreenProps) {
  return <RequestDetailScreen {...props} ActionPanel={AdminActionPanel} backTo="/manage/users" width="wide" requestPath={(id) => `/manage/request/${id}`} />;
}
