import { lazy, Suspense, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { toApiError } from '@huddle/api-client';
import { formatDollars } from '@huddle/domain/format';
import { ErrorView, Modal, SkeletonList, useShellApi, useToast } from '@huddle/ui';
import { bookingApi, type BookedRequest } from '../booking-api';
import { SandboxCardForm } from './SandboxCardForm';

// Stripe.js and its Payment Element download only when a Stripe checkout opens (issue 10).
const StripeCheckout = lazy(() => import(/* webpackChunkName: "stripe-checkout" */ './StripeCheckout'));

export interface CheckoutModalProps {
  requestId: string;
  athleteName: string;
  onClose: () => void;
  onPaid: (request: BookedRequest) => void;
}

/**
 * The Checkout modal (spec §2): the request's payment sheet, the card form of the provider that
 * issued it (the embedded sandbox's own form, or Stripe's Payment Element), then set-paid, which
 * re-reads the hold from the provider. A refused card shows the provider's message under the
 * form, and the form is ready for another try.
 */
export function CheckoutModal({ requestId, athleteName, onClose, onPaid }: CheckoutModalProps) {
  const api = useShellApi(bookingApi);
  const toast = useToast();
  const [open, setOpen] = useState(true);
  const sheet = useQuery({ queryKey: ['checkout', requestId], queryFn: () => api.paymentSheet(requestId), retry: 0, staleTime: Number.POSITIVE_INFINITY });
  const paid = useMutation({
    mutationFn: () => api.setPaid(requestId),
    onSuccess: (request) => {
      toast.show(`Paid. ${athleteName} has your request now.`, 'success');
      setOpen(false);
      onPaid(request);
    },
  });

  const close = () => {
    if (paid.isPending) return;
    setOpen(false);
    onClose();
  };

  const content = () => {
    if (sheet.isPending) return <SkeletonList count={3} label="Preparing the payment" />;
    if (sheet.isError) {
      return <ErrorView title="Checkout unavailable" message={toApiError(sheet.error).message} onRetry={() => void sheet.refetch()} retrying={sheet.isFetching} />;
    }
    const { provider, payment_intent: intent, publishable_key: key, amount } = sheet.data;
    const settled = { onConfirmed: () => paid.mutate(), finishing: paid.isPending, finishError: paid.error ? toApiError(paid.error).message : null };
    return (
      <div className="bk-checkout">
        <p className="bk-checkout__amount">
          <span>Amount</span>
          <strong>{formatDollars(amount)}</strong>
        </p>
        <p className="hd-muted bk-checkout__note">Your card is held now and charged only when {athleteName} accepts. Nothing is charged if they decline.</p>
        {provider === 'stripe' && key ? (
          <Suspense fallback={<SkeletonList count={3} label="Loading the card form" />}>
            <StripeCheckout publishableKey={key} clientSecret={intent.client_secret} amount={amount} {...settled} />
          </Suspense>
        ) : (
          <SandboxCardForm clientSecret={intent.client_secret} amount={amount} {...settled} />
        )}
      </div>
    );
  };

  return (
    <Modal open={open} onClose={close} title="Checkout" size="md">
      {content()}
    </Modal>
  );
}
