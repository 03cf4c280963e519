import { useState } from 'react';
import { LIMITS, formatCents } from '@huddle/domain';
import type { PayoutFormCheck } from '@huddle/domain/payouts';
import { formatDate, fullName } from '@huddle/domain/format';
import { Button, ConfirmDialog, EmptyView, ErrorView, Page, SkeletonList, TextField, cx, useSearchParam, useToast } from '@huddle/ui';
import type { PayoutCandidate } from '../money/admin-money-api';
import { pageFromQuery, useAdminMoneyApi, usePayoutCandidates, useReloadPayouts } from '../money/money-hooks';
import { Pager } from '../money/Pager';
import {
  amountOf,
  canChoose,
  checkSelection,
  EMPTY_SELECTION,
  openConfirmation,
  payConfirmed,
  toggleAll,
  toggleAthlete,
  typeAmount,
  whyNotPayable,
  type PayoutConfirmation,
  type PayoutSelection,
} from '../money/payout-form';
import { formatMoney } from '../money/money-format';
import '../money/money.css';

export const PAYOUTS_EMPTY_TEXT = 'No athlete has anything payable';

function candidateName(candidate: PayoutCandidate): string {
  return fullName(candidate) || candidate.email || 'Athlete';
}

function LastPayment({ candidate }: { candidate: PayoutCandidate }) {
  if (candidate.last_payment_date === null) return <span className="hd-muted">Never paid</span>;
  return (
    <span>
      {formatDate(candidate.last_payment_date)}
      {candidate.last_payment_amount !== null && <span className="adm-sub">{formatMoney(candidate.last_payment_amount)}</span>}
    </span>
  );
}

function AccountState({ candidate }: { candidate: PayoutCandidate }) {
  const why = whyNotPayable(candidate);
  return why === null ? (
    <span className="adm-pill adm-pill--ok">Ready</span>
  ) : (
    <span className="adm-blocked">
      <span className="adm-pill adm-pill--warn">Not ready</span>
      <span className="adm-sub">{why}</span>
    </span>
  );
}

export interface PayoutCandidatesViewProps {
  candidates: readonly PayoutCandidate[];
  selection: PayoutSelection;
  check: PayoutFormCheck;
  onSelectionChange: (next: PayoutSelection) => void;
  onPay: () => void;
}

/** The candidates of one page with their checkboxes and amounts, and the Pay bar under them. */
export function PayoutCandidatesView({ candidates, selection, check, onSelectionChange, onPay }: PayoutCandidatesViewProps) {
  const choosable = candidates.filter(canChoose);
  const allChosen = choosable.length > 0 && choosable.every((candidate) => selection.chosen.has(candidate.id));
  return (
    <>
      <div className="adm-table-wrap">
        <table className="adm-table adm-table--payouts">
          <thead>
            <tr>
              <th scope="col" className="adm-table__check">
                <input
                  type="checkbox"
                  aria-label="Choose every athlete who can be paid"
                  checked={allChosen}
                  disabled={choosable.length === 0}
                  onChange={() => onSelectionChange(toggleAll(selection, candidates))}
                />
              </th>
              <th scope="col">Athlete</th>
              <th scope="col">Email</th>
              <th scope="col">Mobile</th>
              <th scope="col">Last payment</th>
              <th scope="col" className="adm-num">Past due</th>
              <th scope="col" className="adm-num">Current due</th>
              <th scope="col">Payout account</th>
              <th scope="col" className="adm-table__amount">Amount to pay</th>
            </tr>
          </thead>
          <tbody>
            {candidates.map((candidate) => {
              const name = candidateName(candidate);
              const payable = canChoose(candidate);
              const chosen = payable && selection.chosen.has(candidate.id);
              return (
                <tr key={candidate.id} className={cx(chosen && 'adm-row--chosen', !payable && 'adm-row--blocked')}>
                  <td className="adm-table__check">
                    <input
                      type="checkbox"
                      aria-label={`Pay ${name}`}
                      checked={chosen}
                      disabled={!payable}
                      onChange={(event) => onSelectionChange(toggleAthlete(selection, candidate.id, event.target.checked))}
                    />
                  </td>
                  <th scope="row" className="adm-table__name">
                    {name}
                  </th>
                  <td data-label="Email" className="adm-break">
                    {candidate.email ?? <span className="hd-muted">—</span>}
                  </td>
                  <td data-label="Mobile">{candidate.mobile ?? <span className="hd-muted">—</span>}</td>
                  <td data-label="Last payment">
                    <LastPayment candidate={candidate} />
                  </td>
                  <td data-label="Past due" className={cx('adm-num', candidate.past_due > 0 && 'adm-due')}>
                    {formatMoney(candidate.past_due)}
                  </td>
                  <td data-label="Current due" className="adm-num">
                    {formatMoney(candidate.current_due)}
                  </td>
                  <td data-label="Payout account">
                    <AccountState candidate={candidate} />
                  </td>
                  <td className="adm-table__amount">
                    <TextField
                      label="Amount to pay"
                      className="adm-amount"
                      aria-label={`Amount to pay ${name}`}
                      inputMode="decimal"
                      autoComplete="off"
                      value={payable ? amountOf(selection, candidate) : ''}
                      placeholder={payable ? undefined : '—'}
                      disabled={!payable}
                      error={chosen ? check.errors[candidate.id] : null}
                      onChange={(event) => onSelectionChange(typeAmount(selection, candidate.id, event.target.value))}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="adm-paybar">
        <div className="adm-paybar__sum">
          <span className="adm-paybar__total">Total {formatCents(check.totalCents)}</span>
          {check.message && <span className="adm-sub">{check.message}</span>}
        </div>
        <Button onClick={onPay} disabled={!check.canPay}>
          Pay
        </Button>
      </div>
    </>
  );
}

/** /manage/payouts (spec §2, §5; issue 21): athletes with anything payable, 20 a page, chosen and paid in one confirmed payout. */
export function PayoutsScreen() {
  const [pageParam] = useSearchParam('page');
  const page = pageFromQuery(pageParam);
  const query = usePayoutCandidates(page);
  const api = useAdminMoneyApi();
  const toast = useToast();
  const reload = useReloadPayouts();
  const [selection, setSelection] = useState<PayoutSelection>(EMPTY_SELECTION);
  // The confirmation outlives its dialog's closing fade, so the question does not blank out.
  const [confirmation, setConfirmation] = useState<PayoutConfirmation | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  // Another page is another set of athletes: nobody stays chosen across pages.
  const [selectionPage, setSelectionPage] = useState(page);
  if (selectionPage !== page) {
    setSelectionPage(page);
    setSelection(EMPTY_SELECTION);
  }

  const candidates = query.data?.athletes_for_payout ?? [];
  const check = checkSelection(selection, candidates);

  const confirm = async () => {
    if (!confirmation) return;
    setSending(true);
    const paid = await payConfirmed(confirmation, { send: api.sendPayout, toast, reload });
    setSending(false);
    setConfirming(false);
    if (paid) setSelection(EMPTY_SELECTION);
  };

  let content;
  if (query.isPending) content = <SkeletonList label="Loading payout candidates" />;
  else if (query.isError)
    content = <ErrorView message={query.error.message} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else if (candidates.length === 0) content = <EmptyView text={PAYOUTS_EMPTY_TEXT} />;
  else
    content = (
      <>
        <PayoutCandidatesView
          candidates={candidates}
          selection={selection}
          check={check}
          onSelectionChange={setSelection}
          onPay={() => {
            const opened = openConfirmation(selection, candidates);
            if (!opened) return;
            setConfirmation(opened);
            setConfirming(true);
          }}
        />
        <Pager page={page} total={query.data.total} pageSize={query.data.page_size || LIMITS.pageSize.payouts} />
      </>
    );

  return (
    <Page title="Payouts" subtitle="Athletes with money payable. Choose who to pay and how much.">
      {content}
      <ConfirmDialog
        open={confirming}
        title="Send payout"
        message={confirmation?.question ?? ''}
        confirmLabel="Pay"
        busy={sending}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      />
    </Page>
  );
}
