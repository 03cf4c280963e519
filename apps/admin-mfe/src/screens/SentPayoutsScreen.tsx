import { LIMITS, toCents } from '@huddle/domain';
import { formatDate, formatTime } from '@huddle/domain/format';
import { payoutShortfallCents } from '@huddle/domain/payouts';
import { useLocation, useSearch } from 'wouter';
import { EmptyView, ErrorView, Page, SelectField, SkeletonList, cx, useSearchParam, withSearchParam } from '@huddle/ui';
import type { SentPayout, SentPayoutOrder } from '../money/admin-money-api';
import { pageFromQuery, useSentPayouts } from '../money/money-hooks';
import { Pager } from '../money/Pager';
import { formatMoney } from '../money/money-format';
import '../money/money.css';

export const SENT_PAYOUTS_EMPTY_TEXT = 'No payouts have been sent yet';

const ORDER_OPTIONS = [
  { value: 'desc', label: 'Newest first' },
  { value: 'asc', label: 'Oldest first' },
] as const;

export function orderFromQuery(value: string | null): SentPayoutOrder {
  return value === 'asc' ? 'asc' : 'desc';
}

/** 'Mar 4, 2026 · 3:05 PM' (spec §9). */
function When({ seconds }: { seconds: number }) {
  return (
    <time dateTime={new Date(seconds * 1000).toISOString()}>
      {formatDate(seconds)} · {formatTime(seconds)}
    </time>
  );
}

const STATUS_LABELS: Record<SentPayout['items_view'][number]['status'], string> = {
  pending: 'On its way',
  sent: 'Sent',
  failed: 'Failed',
  reversed: 'Reversed',
};

function SentPayoutCard({ payout }: { payout: SentPayout }) {
  return (
    <article className="hd-panel adm-payout">
      <header className="adm-payout__head">
        <div>
          <h2 className="adm-payout__total">{formatMoney(payout.total_amount)}</h2>
          <p className="adm-sub">
            <When seconds={payout.created_at} />
          </p>
        </div>
        <p className="adm-payout__id">
          <span className="adm-sub">Payout id</span>
          <code className="adm-code">{payout.provider_payout_id}</code>
        </p>
      </header>
      <div className="adm-table-wrap">
        <table className="adm-table adm-table--items">
          <thead>
            <tr>
              <th scope="col">Athlete</th>
              <th scope="col">Receiver</th>
              <th scope="col">Athlete email</th>
              <th scope="col">Created</th>
              <th scope="col" className="adm-num">Amount</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {payout.items_view.map((item) => (
              <tr key={item.id}>
                <th scope="row" className="adm-table__name">
                  {item.athlete_name}
                </th>
                <td data-label="Receiver" className="adm-break">
                  {item.receiver ?? <span className="hd-muted">—</span>}
                </td>
                <td data-label="Athlete email" className="adm-break">
                  {item.athlete_email ?? <span className="hd-muted">—</span>}
                </td>
                <td data-label="Created">
                  <When seconds={item.created_at} />
                </td>
                <td data-label="Amount" className="adm-num">
                  {/* Only what the provider made reads as sent: a part refused, held back or reversed does not. */}
                  {payoutShortfallCents({ amountCents: toCents(item.amount), sentCents: toCents(item.sent_amount), status: item.status }) === null
                    ? formatMoney(item.amount)
                    : `${formatMoney(item.sent_amount)} of ${formatMoney(item.amount)}`}
                </td>
                <td data-label="Status">
                  <span className={cx('adm-pill', item.status === 'sent' && 'adm-pill--ok', (item.status === 'failed' || item.status === 'reversed') && 'adm-pill--warn')}>
                    {STATUS_LABELS[item.status]}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </article>
  );
}

/** /manage/sent-payouts (spec §2, §3 Sent payout): each payout with its items, 20 a page; page and order in the URL. */
export function SentPayoutsScreen() {
  const [pageParam] = useSearchParam('page');
  const [orderParam] = useSearchParam('order');
  const [pathname, navigate] = useLocation();
  const search = useSearch();
  // A new order starts from its first page.
  const setOrder = (next: SentPayoutOrder) =>
    navigate(`${pathname}${withSearchParam(withSearchParam(search, 'page', null), 'order', next)}`, { replace: true });
  const page = pageFromQuery(pageParam);
  const order = orderFromQuery(orderParam);
  const query = useSentPayouts(page, order);

  let content;
  if (query.isPending) content = <SkeletonList label="Loading sent payouts" />;
  else if (query.isError)
    content = <ErrorView message={query.error.message} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else if (query.data.payouts.length === 0) content = <EmptyView text={SENT_PAYOUTS_EMPTY_TEXT} />;
  else
    content = (
      <div className="hd-stack">
        {query.data.payouts.map((payout) => (
          <SentPayoutCard key={payout.id} payout={payout} />
        ))}
        <Pager page={page} total={query.data.total} pageSize={query.data.page_size || LIMITS.pageSize.payouts} />
      </div>
    );

  return (
    <Page
      title="Sent payouts"
      actions={
        <SelectField
          label="Order"
          hideLabel
          options={ORDER_OPTIONS}
          value={order}
          onChange={(event) => setOrder(orderFromQuery(event.target.value))}
        />
      }
    >
      {content}
    </Page>
  );
}
