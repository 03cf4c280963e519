import { Link } from 'wouter';
import { toApiError } from '@huddle/api-client';
import { formatCents, formatDollars, serviceTypeLabel, toCents } from '@huddle/domain';
import { payoutShortfallCents, type PayoutItemStatus } from '@huddle/domain/payouts';
import { formatDate } from '@huddle/domain/format';
import { EmptyView, ErrorView, Panel, SkeletonList } from '@huddle/ui';
import { usePayoutSummary, type AthletePayout, type PayoutSummary } from './payouts-api';

/** Dollars as money statements print them, always with cents ($45.00), like the notifications and receipts. */
export const formatMoney = formatDollars;

export const PAYOUT_STATUS_LABELS: Record<PayoutItemStatus, string> = {
  pending: 'On its way',
  sent: 'Sent',
  failed: 'Failed',
  reversed: 'Reversed',
};

export const EMPTY_PAYOUTS = 'No payouts yet';

interface Total {
  key: string;
  label: string;
  amount: number;
  hint: string;
}

/** The five sums of the athlete's money, each with what it means. */
export function payoutTotals(summary: PayoutSummary): Total[] {
  return [
    { key: 'owed', label: 'Owed', amount: summary.owed, hint: 'Accepted requests not finished yet' },
    {
      key: 'payable',
      label: 'Payable',
      amount: summary.payable,
      hint: summary.past_due > 0 ? `${formatMoney(summary.past_due)} past due` : 'Finished, waiting for the next payout',
    },
    { key: 'on-its-way', label: 'On its way', amount: summary.on_its_way, hint: 'Being sent, not in your account yet' },
    { key: 'paid', label: 'Paid', amount: summary.paid, hint: 'Paid to you so far' },
    { key: 'held', label: 'Held by a dispute', amount: summary.held, hint: 'Waits until the dispute closes' },
  ];
}

function PayoutItem({ payout }: { payout: AthletePayout }) {
  const at = payout.sent_at ?? payout.created_at;
  // Only what the provider made is shown as sent: a part refused, held back or taken back is not.
  const shortfall = payoutShortfallCents({ amountCents: toCents(payout.amount), sentCents: toCents(payout.sent_amount), status: payout.status });
  return (
    <li className="pay-item">
      <div className="pay-item__head">
        <strong className="pay-item__amount">{formatMoney(shortfall === null ? payout.amount : payout.sent_amount)}</strong>
        <span className={`pay-status pay-status--${payout.status}`}>{PAYOUT_STATUS_LABELS[payout.status]}</span>
      </div>
      <p className="hd-muted pay-item__date">
        <time dateTime={new Date(at * 1000).toISOString()}>{formatDate(at)}</time>
      </p>
      {shortfall !== null && (
        <p className="hd-muted pay-item__short">
          {formatCents(shortfall)} of this {formatMoney(payout.amount)} payout did not reach you: it is owed to you again.
        </p>
      )}
      {payout.requests.length > 0 && (
        <ul className="pay-item__requests" aria-label="Requests this payout paid">
          {payout.requests.map((request) => (
            <li key={request.request_id}>
              <span className="pay-item__request">
                <Link className="hd-link" href={`/request/${request.request_id}`}>
                  {request.name || 'Request'}
                </Link>
                <span className="hd-muted"> · {serviceTypeLabel(request.type)}</span>
              </span>
              <span>{formatMoney(request.amount)}</span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** What Huddle owes the athlete and paid them (GET /payouts/summary): the sums, then each payout with the requests it paid. */
export function PayoutMoney() {
  const summary = usePayoutSummary();

  if (summary.isPending) {
    return (
      <Panel title="Your money">
        <SkeletonList count={4} label="Loading your payouts" />
      </Panel>
    );
  }
  if (summary.isError) {
    return (
      <Panel title="Your money">
        <ErrorView message={toApiError(summary.error).message} onRetry={() => void summary.refetch()} retrying={summary.isFetching} />
      </Panel>
    );
  }
  const data = summary.data;
  return (
    <>
      <Panel title="Your money">
        <dl className="pay-totals">
          {payoutTotals(data).map((total) => (
            <div key={total.key} className={`pay-total pay-total--${total.key} hd-figure`}>
              <dt>{total.label}</dt>
              <dd className="pay-total__amount hd-figure__amount">{formatMoney(total.amount)}</dd>
              <dd className="hd-muted pay-total__hint">{total.hint}</dd>
            </div>
          ))}
        </dl>
      </Panel>
      <Panel title="Payouts">
        {data.payouts.length === 0 ? (
          <EmptyView text={EMPTY_PAYOUTS} />
        ) : (
          <ul className="pay-items">
            {data.payouts.map((payout) => (
              <PayoutItem key={payout.id} payout={payout} />
            ))}
          </ul>
        )}
      </Panel>
    </>
  );
}
