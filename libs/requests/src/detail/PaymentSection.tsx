import { formatMoney, payoutLabel, paymentFactsOf } from './payment-lines';
import './payment.css';

export interface PaymentSectionProps {
  /** The request or campaign as the API answered it: its `payment` block and `money` timeline, when present. */
  view: object;
  viewer: 'requester' | 'athlete' | 'admin';
  /** A canceled request owes the athlete nothing: 'Not paid yet' would promise a payout, so none is shown unless one was made. */
  canceled?: boolean;
}

/**
 * The buyer's money on a request's page (issue 21): the amount, each movement the provider
 * confirmed (held, charged, released, refunded, disputed) with its date, and, for the athlete and
 * an administrator, whether the athlete's share was paid out. Nothing shows when the API sends
 * neither block, so an older API leaves the page as it was.
 */
export function PaymentSection({ view, viewer, canceled = false }: PaymentSectionProps) {
  const { payment, money } = paymentFactsOf(view);
  if (!payment && !money) return null;
  const payout = viewer !== 'requester' && payment ? payoutLabel(payment, canceled) : null;
  return (
    <section className="hd-panel req-payment" aria-labelledby="req-payment-title">
      <h2 className="hd-panel__title" id="req-payment-title">
        Payment
      </h2>
      {payment && (
        <dl className="req-payment__facts">
          <div>
            <dt>Amount</dt>
            <dd className="req-payment__amount">{formatMoney(payment.amount)}</dd>
          </div>
          {viewer === 'admin' && payment.senderName && (
            <div>
              <dt>Payer</dt>
              <dd>{payment.senderName}</dd>
            </div>
          )}
          {payout !== null && (
            <div>
              <dt>{viewer === 'athlete' ? 'Your payout' : `Payout to ${payment.athleteName ?? 'the athlete'}`}</dt>
              <dd>
                <span className={`req-payment__payout req-payment__payout--${payment.payoutStatus}`}>{payout}</span>
              </dd>
            </div>
          )}
        </dl>
      )}
      {money &&
        (money.length === 0 ? (
          <p className="hd-muted req-payment__none">No money has moved yet.</p>
        ) : (
          <ol className="req-payment__timeline" aria-label="Money timeline">
            {money.map((line, index) => (
              <li key={`${line.kind}-${line.at}-${index}`} className={`req-payment__line req-payment__line--${line.kind}`}>
                <span className="req-payment__text">{line.text}</span>
                <time className="hd-muted" dateTime={new Date(line.at * 1000).toISOString()}>
                  {line.when}
                </time>
              </li>
            ))}
          </ol>
        ))}
    </section>
  );
}
