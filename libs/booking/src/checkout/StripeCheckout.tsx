import { useMemo, useState, type FormEvent } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js';
import { formatDollars } from '@huddle/domain/format';
import { Button } from '@huddle/ui';
import type { CardStepProps } from './card-step';

interface StripeCheckoutProps extends CardStepProps {
  publishableKey: string;
}

/**
 * Stripe's Payment Element for the payment intent of the sheet (manual capture on the server).
 * Loaded only when a Stripe checkout opens; 3-D Secure runs inside Stripe's own frame, and the
 * page is not left (redirect only if the method demands it).
 */
export default function StripeCheckout({ publishableKey, ...step }: StripeCheckoutProps) {
  const stripe = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripe} options={{ clientSecret: step.clientSecret }}>
      <StripeForm {...step} />
    </Elements>
  );
}

function StripeForm({ amount, onConfirmed, finishing, finishError }: CardStepProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [message, setMessage] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setMessage(null);
    setConfirming(true);
    const { error } = await stripe.confirmPayment({ elements, redirect: 'if_required', confirmParams: { return_url: window.location.href } });
    setConfirming(false);
    if (error) setMessage(error.message ?? 'Your card was declined.');
    else onConfirmed();
  };

  const shown = message ?? finishError;
  return (
    <form className="bk-card" onSubmit={(event) => void submit(event)} aria-label="Card details">
      <PaymentElement />
      {shown && (
        <p className="hd-field__error bk-card__message" role="alert">
          {shown}
        </p>
      )}
      <Button type="submit" variant="accent" block disabled={!stripe} loading={confirming || finishing}>
        {`Pay ${formatDollars(amount)}`}
      </Button>
    </form>
  );
}
