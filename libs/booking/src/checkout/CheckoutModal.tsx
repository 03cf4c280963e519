import { lazy, Suspense, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { toApiError } from '@huddle/api-client';
import { formatDollars } from '@huddle/domain/format';
import { ErrorView, Modal, SkeletonList, useShellApi, useToast } from '@huddle/ui';
import { bookingApi, type CheckoutTarget } from '../booking-api';
import { checkoutKey, checkoutTexts } from './checkout-texts';
import { SandboxCardForm } from './SandboxCardForm';

// Stripe.js and its Payment Element download only when a Stripe checkout opens (issue 10).
const StripeCheckout = lazy(() => import(/* webpackChunkName: "stripe-checkout" */ './StripeCheckout'));

export interface CheckoutModalProps {
  /** What is paid: a request ({ request_id }) or an endorsement campaign ({ endorsement_campaign_id }). */
  target: CheckoutTarget;
  /** Who receives it, for the texts: the athlete's name, or the campaign's athletes ('3 athletes'). */
  payee: string;
  onClose: () => void;
  /** set-paid succeeded: the request or campaign is paid. */
  onPaid: () => void;
}

/**
 * The Checkout modal (spec §2): the payment sheet of a request or a campaign, the card form of the
 * provider that issued it (the embedded sandbox's own form, or Stripe's Payment Element), then
 * set-paid, which re-reads the payment from the provider. A refused card shows the provider's
 * message under the form, and the form is ready for another try.
 */
export function CheckoutModal({ target, payee, onClose, onPaid }: CheckoutModalProps) {
  const api = useShellApi(bookingApi);
  const toast = useToast();
  const [open, setOpen] = useState(true);
  const texts = checkoutTexts(target, payee);
  const sheet = useQuery({ queryKey: checkoutKey(target), queryFn: () => api.paymentSheet(target), retry: 0, staleTime: Number.POSITIVE_INFINITY });
  const paid = useMutation({
    mutationFn: () => api.setPaid(target),
    onSuccess: () => {
      toast.show(texts.paid, 'success');
      setOpen(false);
      onPaid();
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
      const error = toApiError(sheet.error);
      // A refusal (already paid, an athlete gone) answers the same again: Retry only where waiting can help.
      const retryable = error.status === 0 || error.status === 429 || error.status >= 500;
      return <ErrorView title="Checkout unavailable" message={error.message} onRetry={retryable ? () => void sheet.refetch() : undefined} retrying={sheet.isFetching} />;
    }
    const { provider, payment_intent: intent, publishable_key: key, amount } = sheet.data;
    const settled = { onConfirmed: () => paid.mutate(), finishing: paid.isPending, finishError: paid.error ? toApiError(paid.error).message : null };
    return (
      <div className="bk-checkout">
        <p className="bk-checkout__amount">
          <span>Amount</span>
          <strong>{formatDollars(amount)}</strong>
        </p>
        <p className="hd-muted bk-checkout__note">{texts.note}</p>
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
