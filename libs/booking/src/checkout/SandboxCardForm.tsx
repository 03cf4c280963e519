import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { toApiError } from '@huddle/api-client';
import { formatDollars } from '@huddle/domain/format';
import { Button, TextField, useShellApi } from '@huddle/ui';
import { bookingApi, type CardConfirmation } from '../booking-api';
import { cardNumberInput, expiryInput, parseExpiry } from './card-input';
import type { CardStepProps } from './card-step';

const DECLINED = 'Your card was declined.';

/**
 * The embedded sandbox's card form: Stripe's test numbers behave as they do at Stripe (4242...
 * succeeds, ...0002 is declined, ...9995 has insufficient funds, ...3155 asks for an
 * authentication step, played here as the bank's confirmation).
 */
export function SandboxCardForm({ clientSecret, amount, onConfirmed, finishing, finishError }: CardStepProps) {
  const api = useShellApi(bookingApi);
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [authenticating, setAuthenticating] = useState(false);

  const settle = (answer: CardConfirmation) => {
    if (answer.status === 'requires_capture' || answer.status === 'succeeded') {
      setAuthenticating(false);
      onConfirmed();
    } else if (answer.status === 'requires_action') {
      setAuthenticating(true);
    } else {
      setAuthenticating(false);
      setMessage(answer.message ?? DECLINED);
    }
  };
  // A refusal (a rate limit, checkout paused after declined cards) reads like a provider's message:
  // shown under the form, which stays ready for another try.
  const failed = (error: unknown) => setMessage(toApiError(error).message);

  const confirm = useMutation({
    mutationFn: () => {
      const { month, year } = parseExpiry(expiry) ?? { month: 0, year: 0 };
      return api.confirmCard(clientSecret, { card_number: number.replace(/\s/g, ''), exp_month: month, exp_year: year, cvc });
    },
    onSuccess: settle,
    onError: failed,
  });
  const authenticate = useMutation({ mutationFn: (approve: boolean) => api.authenticate(clientSecret, approve), onSuccess: settle, onError: failed });
  const answerBank = (approve: boolean) => {
    setMessage(null);
    authenticate.mutate(approve);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    if (number.replace(/\s/g, '').length < 12) return setMessage('Please enter your card number');
    if (!parseExpiry(expiry)) return setMessage("Please enter the card's expiry as MM / YY");
    if (!/^\d{3,4}$/.test(cvc)) return setMessage("Please enter the card's security code");
    confirm.mutate();
  };

  if (authenticating) {
    return (
      <div className="bk-auth" role="group" aria-label="Authenticate the payment">
        <h3 className="bk-auth__title">Confirm with your bank</h3>
        <p className="hd-muted">Your bank asks you to confirm this payment of {formatDollars(amount)}. (Sandbox: choose the bank's answer.)</p>
        <div className="bk-auth__actions">
          <Button variant="accent" loading={authenticate.isPending} onClick={() => answerBank(true)}>
            Complete authentication
          </Button>
          <Button variant="secondary" disabled={authenticate.isPending} onClick={() => answerBank(false)}>
            Fail authentication
          </Button>
        </div>
        {message && (
          <p className="hd-field__error bk-card__message" role="alert">
            {message}
          </p>
        )}
      </div>
    );
  }

  const busy = confirm.isPending || finishing;
  const shown = message ?? finishError;
  return (
    <form className="bk-card" noValidate onSubmit={submit} aria-label="Card details">
      <TextField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        value={number}
        disabled={busy}
        onChange={(event) => setNumber(cardNumberInput(event.target.value))}
      />
      <div className="bk-card__row">
        <TextField
          label="Expiry"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          value={expiry}
          disabled={busy}
          onChange={(event) => setExpiry(expiryInput(event.target.value))}
        />
        <TextField
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          value={cvc}
          disabled={busy}
          onChange={(event) => setCvc(event.target.value.replace(/\D/g, ''))}
        />
      </div>
      {shown && (
        <p className="hd-field__error bk-card__message" role="alert">
          {shown}
        </p>
      )}
      <Button type="submit" variant="accent" block loading={busy}>
        {`Pay ${formatDollars(amount)}`}
      </Button>
      <p className="hd-muted bk-card__hint">Test cards: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined.</p>
    </form>
  );
}
