import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toApiError } from '@huddle/api-client';
import { RequestStatus } from '@huddle/domain';
import { PAYOUT_MESSAGES } from '@huddle/domain/payouts';
import { Button, ConfirmDialog, useToast, type ScreenProps } from '@huddle/ui';
import { useRequestsApi } from '../api/hooks';
import type { RequestView } from '../api/requests-api';
import { AdminRequestAudit } from './AdminRequestAudit';
import { ActionBox, can, useAction } from './panel-parts';
import { formatMoney, paymentFactsOf } from './payment-lines';
import { RequestDetailScreen, type ActionPanelProps } from './RequestDetailScreen';

/** Whether the payout screens' action applies: a finished, paid request whose athlete's share is not paid out yet. */
export function canMarkPayoutPaid(request: RequestView): boolean {
  const { payment } = paymentFactsOf(request);
  return request.status === RequestStatus.Finished && request.paid && payment?.payoutStatus === 'unpaid';
}

/** What of a finished request's share is still to pay out: all of it, or what a payout in part left. */
function unpaidShareHeadline(request: RequestView): string {
  const { payment } = paymentFactsOf(request);
  if (payment?.payoutPaid && payment.share !== null && payment.payoutPaid < payment.share) {
    // What a mark would cover is the API's to work out (a part may also be on its way): not said here.
    return `The request is finished: ${formatMoney(payment.payoutPaid)} of the athlete's ${formatMoney(payment.share)} share is paid out; marking it paid marks the rest.`;
  }
  return "The request is finished: the athlete's share is not paid out yet.";
}

/**
 * The administrator's side of a request (spec §2, §4, issue 22): the requester's flag, Cancel,
 * which voids a hold or refunds a capture in full after a confirmation ('Status has been
 * changed'), Approve for a flagged video, and the payout screens' action (the athlete's share
 * marked paid, PUT /admin/payments/payout-status).
 */
export function AdminActionPanel({ request, onChange }: ActionPanelProps) {
  const api = useRequestsApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<'cancel' | 'approve' | 'payout' | null>(null);
  const cancel = useAction(api.adminCancel, request, onChange, () => {
    setConfirming(null);
    toast.show(PAYOUT_MESSAGES.statusChanged, 'success');
  });
  const approve = useAction(api.adminApprove, request, onChange, () => setConfirming(null));
  const payout = useMutation({
    mutationFn: () => api.adminMarkPayoutPaid(request.id),
    onSuccess: (answer) => toast.show(answer.message || PAYOUT_MESSAGES.statusChanged, 'success'),
    onError: (error) => toast.show(toApiError(error).message, 'error'),
    onSettled: () => {
      setConfirming(null);
      // The mark changes neither the request's status nor its updated_at, which key its audit trail.
      return Promise.all([queryClient.invalidateQueries({ queryKey: ['requests', 'one'] }), queryClient.invalidateQueries({ queryKey: ['requests', 'audit', request.id] })]);
    },
  });
  const canApprove = can(request, 'admin_approve');
  const canCancel = can(request, 'admin_cancel');
  const canPay = canMarkPayoutPaid(request);
  if (!canCancel && !canApprove && !canPay && !request.flagged) return null;
  const headline = canApprove
    ? 'The requester reported this video. Approve it for the athlete, or cancel it and refund the requester in full.'
    : request.flagged
      ? 'The requester reported this video.'
      : canPay
        ? unpaidShareHeadline(request)
        : request.status === RequestStatus.Pending
          ? 'The card is held, not charged.'
          : 'Cancelling refunds the requester in full.';
  return (
    <>
      <ActionBox
        headline={
          <>
            {request.flagged && (
              <p className="req-flag" role="note">
                <strong>Flagged by the requester</strong>
              </p>
            )}
            <p>{headline}</p>
          </>
        }
      >
        {canApprove && (
          <Button variant="accent" onClick={() => setConfirming('approve')}>
            Approve video
          </Button>
        )}
        {canPay && (
          <Button variant="accent" onClick={() => setConfirming('payout')}>
            Mark payout paid
          </Button>
        )}
        {canCancel && (
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
      <ConfirmDialog
        open={confirming === 'payout'}
        title="Mark payout paid"
        message="Mark the athlete's share of this request as paid out? Do this only for money sent outside the payout screens."
        confirmLabel="Mark paid"
        cancelLabel="Back"
        busy={payout.isPending}
        onConfirm={() => {
          if (!payout.isPending) payout.mutate();
        }}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}

/** /manage/request/{id} (spec §2): the console's request, wide like the console's other pages, with its audit trail. */
export function AdminRequestScreen(props: ScreenProps) {
  return (
    <RequestDetailScreen
      {...props}
      ActionPanel={AdminActionPanel}
      Footer={AdminRequestAudit}
      backTo="/manage/users"
      width="wide"
      requestPath={(id) => `/manage/request/${id}`}
    />
  );
}
