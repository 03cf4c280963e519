import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { PAYOUT_ACCOUNT_LINES, PAYOUT_MESSAGES } from '@huddle/domain/payouts';
import { formatDate } from '@huddle/domain/format';
import { ShellContextProvider, ToastProvider } from '@huddle/ui';
import { SHELL_CONTRACT_VERSION } from '@huddle/ui/shell-contract';
import { testShell } from '@huddle/ui/testing';
import type { PayoutCandidate, PayoutCandidatePage, SentPayoutPage } from '../money/admin-money-api';
import { MONEY_KEYS } from '../money/money-hooks';
import type { MoneyDesk } from '../money/money-desk';
import { checkSelection, EMPTY_SELECTION, toggleAthlete, typeAmount } from '../money/payout-form';
import { MONEY_DESK_EMPTY, MoneyScreen } from './MoneyScreen';
import { PayoutCandidatesView, PAYOUTS_EMPTY_TEXT, PayoutsScreen } from './PayoutsScreen';
import { SENT_PAYOUTS_EMPTY_TEXT, SentPayoutsScreen } from './SentPayoutsScreen';

const status_response = { status: 200, response_message: 'OK', response_internal_code: 0 };

function render(node: ReactNode, { path = '/', cache = [] as [readonly unknown[], unknown][] } = {}): string {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  for (const [key, data] of cache) client.setQueryData(key, data);
  const [ssrPath, ssrSearch = ''] = path.split('?');
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <ShellContextProvider value={testShell({ role: 4 })} requires={SHELL_CONTRACT_VERSION}>
        <ToastProvider>
          <Router ssrPath={ssrPath} ssrSearch={ssrSearch}>
            {node}
          </Router>
        </ToastProvider>
      </ShellContextProvider>
    </QueryClientProvider>,
  );
}

const jordan: PayoutCandidate = {
  id: '11111111-1111-4111-8111-111111111111',
  first_name: 'Jordan',
  last_name: 'Miles',
  mobile: '+13105550103',
  email: 'athlete@huddle.test',
  last_payment_date: 1_764_000_000,
  last_payment_amount: 25,
  past_due: 40,
  current_due: 10,
  payable: 50,
  payout_ready: true,
  payout_account_state: 'ready',
  payout_blocked_reason: null,
};
const casey: PayoutCandidate = {
  ...jordan,
  id: '22222222-2222-4222-8222-222222222222',
  first_name: 'Casey',
  last_name: 'Hart',
  email: 'casey@huddle.test',
  payout_ready: false,
  payout_account_state: 'onboarding',
  payout_blocked_reason: null,
};

function payButton(html: string): string {
  return html.match(/<button[^>]*>(?:(?!<\/button>).)*Pay<\/button>/)?.[0] ?? '';
}

describe('/manage/payouts', () => {
  it('shows the skeleton while the candidates load', () => {
    expect(render(<PayoutsScreen />)).toContain('Loading payout candidates');
  });

  it('shows the empty text when nobody has anything payable', () => {
    const empty: PayoutCandidatePage = { athletes_for_payout: [], total: 0, page: 1, page_size: 20, status_response };
    expect(render(<PayoutsScreen />, { cache: [[MONEY_KEYS.candidates(1), empty]] })).toContain(PAYOUTS_EMPTY_TEXT);
  });

  it("lists each athlete's contact, last payment, dues and account, with Pay disabled until someone is chosen", () => {
    const list: PayoutCandidatePage = { athletes_for_payout: [jordan, casey], total: 21, page: 2, page_size: 20, status_response };
    const html = render(<PayoutsScreen />, { path: '/manage/payouts?page=2', cache: [[MONEY_KEYS.candidates(2), list]] });
    for (const text of ['Jordan Miles', 'athlete@huddle.test', '+13105550103', '$40.00', '$10.00', 'Ready', 'Not ready', PAYOUT_ACCOUNT_LINES.onboarding.admin]) {
      expect(html).toContain(text);
    }
    expect(html).toContain('value="50.00"');
    expect(html).toContain('Page 2 of 2');
    expect(payButton(html)).toContain('disabled');
    expect(html).toContain(PAYOUT_MESSAGES.chooseAthlete);
    // The athlete whose account is not ready cannot be chosen.
    expect(html).toMatch(/<input[^>]*aria-label="Pay Casey Hart"[^>]*disabled/);
  });

  it('enables Pay with the total once a chosen amount is above zero, and shows a wrong amount under its field', () => {
    const chosen = toggleAthlete(EMPTY_SELECTION, jordan.id, true);
    const view = (selection: typeof chosen) =>
      render(
        <PayoutCandidatesView
          candidates={[jordan, casey]}
          selection={selection}
          check={checkSelection(selection, [jordan, casey])}
          onSelectionChange={() => undefined}
          onPay={() => undefined}
        />,
      );
    const enabled = view(chosen);
    expect(payButton(enabled)).not.toContain('disabled');
    expect(enabled).toContain('Total $50.00');

    const tooMuch = view(typeAmount(chosen, jordan.id, '60'));
    expect(payButton(tooMuch)).toContain('disabled');
    expect(tooMuch).toContain(`role="alert">${PAYOUT_MESSAGES.moreThanPayable(5000)}</p>`);

    expect(payButton(view(typeAmount(chosen, jordan.id, '0')))).toContain('disabled');
  });
});

describe('/manage/sent-payouts', () => {
  it('shows each payout with its provider id, date, total and items', () => {
    const sent: SentPayoutPage = {
      payouts: [
        {
          id: 'p1',
          provider_payout_id: 'sbx_po_123',
          created_at: 1_764_000_000,
          total_amount: 62.5,
          items_view: [
            {
              id: 'i1',
              athlete_id: jordan.id,
              athlete_name: 'Jordan Miles',
              receiver: 'athlete@huddle.test',
              athlete_email: 'athlete@huddle.test',
              created_at: 1_764_000_000,
              amount: 62.5,
              sent_amount: 62.5,
              status: 'sent',
            },
            {
              id: 'i2',
              athlete_id: jordan.id,
              athlete_name: 'Jordan Miles',
              receiver: null,
              athlete_email: 'athlete@huddle.test',
              created_at: 1_764_000_000,
              amount: 100,
              sent_amount: 60,
              status: 'sent',
            },
          ],
        },
      ],
      total: 1,
      page: 1,
      page_size: 20,
      status_response,
    };
    const html = render(<SentPayoutsScreen />, { path: '/manage/sent-payouts?order=asc', cache: [[MONEY_KEYS.sent(1, 'asc'), sent]] });
    for (const text of ['sbx_po_123', '$62.50', 'Jordan Miles', 'athlete@huddle.test', formatDate(1_764_000_000)!, 'Sent']) expect(html).toContain(text);
    // A part refused or reversed is not shown as sent.
    expect(html).toContain('$60.00 of $100.00');
    expect(html).toMatch(/<option value="asc" selected="">Oldest first/);
  });

  it('shows the empty text without payouts', () => {
    const none: SentPayoutPage = { payouts: [], total: 0, page: 1, page_size: 20, status_response };
    expect(render(<SentPayoutsScreen />, { cache: [[MONEY_KEYS.sent(1, 'desc'), none]] })).toContain(SENT_PAYOUTS_EMPTY_TEXT);
  });
});

const balances = { holds: 45, cash: 120, unallocated: 0, platform_fees: 18, athlete_payable: 72, paid_out: 30, disputed_funds: 0, dispute_losses: 0 };

describe('/manage/money', () => {
  it('shows the skeleton while the desk loads', () => {
    expect(render(<MoneyScreen />)).toContain('Loading the money desk');
  });

  it('lists incidents with Resolve and their request, dead jobs with Retry, disputes with their deadline, flagged requests and the ledger', () => {
    const desk: MoneyDesk = {
      balances,
      incidents: [
        {
          id: 'inc1',
          kind: 'refund_failed',
          label: 'Refund could not be issued',
          subject_type: 'request',
          subject_id: 'req-9',
          amount: 45,
          message: 'The provider refused the refund',
          created_at: 1_764_000_000,
          status: 'open',
          resolution: null,
          link: null,
        },
      ],
      dead_jobs: [{ id: 'job1', name: 'payments.refund', label: 'Refund', subject_id: 'req-9', error: 'timeout', failed_at: 1_764_000_000, retry_count: 5 }],
      disputes: [
        { id: 'dp1', subject_id: 'req-7', amount: 80, reason: 'Dispute: fraudulent', status: 'needs_response', evidence_due_by: 1_764_500_000, created_at: 1_764_000_000, link: '/manage/request/req-7' },
      ],
      flagged_requests: [{ id: 'req-5', name: 'Birthday shoutout', type: 'shoutout', athlete_name: 'Jordan Miles', requester_name: 'Riley Parker', flagged_at: 1_764_000_000 }],
      reconciliation: { ran_at: 1_764_000_000, checked: 12, differences: 0, balanced: true },
      transfer_reconciliation: { ran_at: 1_764_000_100, checked: 3, differences: 1, balanced: true },
    };
    const html = render(<MoneyScreen />, { cache: [[MONEY_KEYS.desk, desk]] });
    for (const text of [
      'Refund could not be issued',
      '$45.00',
      'The provider refused the refund',
      'href="/manage/request/req-9"',
      '>Resolve</button>',
      '>Retry</button>',
      'Dispute: fraudulent',
      'Evidence due by',
      'href="/manage/request/req-7"',
      'Birthday shoutout',
      'href="/manage/request/req-5"',
      'Ledger balanced',
      'Last reconciliation of payments',
      '12 checked, 0 differences',
      'Last reconciliation of payout transfers',
      '3 checked, 1 difference<',
      'Card holds',
      'Athlete payable',
      '$72.00',
    ]) {
      expect(html).toContain(text);
    }
  });

  it('says when nothing needs the administrator, and when no reconciliation ran', () => {
    const calm: MoneyDesk = { balances, incidents: [], dead_jobs: [], disputes: [], flagged_requests: [], reconciliation: null, transfer_reconciliation: null };
    const html = render(<MoneyScreen />, { cache: [[MONEY_KEYS.desk, calm]] });
    expect(html).toContain(MONEY_DESK_EMPTY.nothingOpen);
    expect(html).toContain(MONEY_DESK_EMPTY.reconciliation);
    expect(html).toContain('Paid out');
  });
});
