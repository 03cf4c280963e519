import { useState } from 'react';
import { Button, ConfirmDialog, type ScreenProps } from '@huddle/ui';
import { useRequestsApi } from '../api/hooks';
import { ActionBox, can, useAction } from './panel-parts';
import { RequestDetailScreen, type ActionPanelProps } from './RequestDetailScreen';

/**
 * The administrator's side of a request (spec §2, §4): everything both parties see, the fee
 * breakdown, and Cancel, which voids a hold or refunds a capture in full. Payouts come with their
 * own issue.
 */
export function AdminActionPanel({ request, onChange }: ActionPanelProps) {
  const api = useRequestsApi();
  const [confirming, setConfirming] = useState(false);
  const cancel = useAction(api.adminCancel, request, onChange, () => setConfirming(false));
  if (!can(request, 'admin_cancel')) return null;
  return (
    <>
      <ActionBox headline={<p>{request.status === 1 ? 'The card is held, not charged.' : 'Cancelling refunds the requester in full.'}</p>}>
        <Button variant="danger" onClick={() => setConfirming(true)}>
          Cancel request
        </Button>
      </ActionBox>
      <ConfirmDialog
        open={confirming}
        title="Cancel request"
        message="Cancel this request for both parties? The requester's money is released or refunded in full."
        confirmLabel="Cancel request"
        cancelLabel="Keep it"
        tone="danger"
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

/** /manage/request/{id} (spec §2): the console's request, wide like the console's other pages. */
export function AdminRequestScreen(props: ScreenProps) {
  return <RequestDetailScreen {...props} ActionPanel={AdminActionPanel} backTo="/manage/users" width="wide" requestPath={(id) => `/manage/request/${id}`} />;
}
