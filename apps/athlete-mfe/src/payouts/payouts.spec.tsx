import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { Router } from 'wouter';
import { networkError, NETWORK_ERROR_MESSAGE } from '@huddle/api-client';
import { type LiveEvent, type LiveNotification } from '@huddle/domain';
import { payoutSentNotification } from '@huddle/domain/payouts';
import { ShellContextProvider, ToastProvider } from '@huddle/ui';
import { SHELL_CONTRACT_VERSION } from '@huddle/ui/shell-contract';
import { testShell } from '@huddle/ui/testing';
import { EMPTY_PAYOUTS, payoutTotals } from './PayoutMoney';
import { PayoutsScreen } from './PayoutsScreen';
import { awaitsProviderUpdate, PAYOUT_KEYS, type PayoutAccount, type PayoutSummary } from './payouts-api';
import { stalePayoutKeys } from './payouts-live';

const REQUEST_ID = '0b5e3c1a-8a57-4f1e-9d43-2f0f8c7e9a10';

function account(changes: Partial<PayoutAccount> = {}): PayoutAccount {
  return {
    state: 'ready',
    line: 'Payouts ready',
    provider: 'sandbox',
    requirements: [],
    payouts_enabled: true,
    details_submitted: true,
    updated_at: 1795689590,
    ...changes,
  };
}

function summary(changes: Partial<PayoutSummary> = {}): PayoutSummary {
  return { owed: 0, held: 0, payable: 0, past_due: 0, current_due: 0, on_its_way: 0, paid: 0, payouts: [], ...changes };
}

type Cached = { data: unknown } | { error: Error };

/** The Payouts page as first painted with these answers in the cache (none: still loading). */
function renderPage(cache: { account?: Cached; summary?: Cached } = {}, search = ''): string {
  // A failed read stays failed on first paint (by default a mounting screen would fetch it again).
  const client = new QueryClient({ defaultOptions: { queries: { retryOnMount: false } } });
  const put = (queryKey: QueryKey, cached: Cached | undefined) => {
    if (!cached) return;
    if ('data' in cached) {
      client.setQueryData(queryKey, cached.data);
      return;
    }
    const query = client.getQueryCache().build(client, { queryKey });
    query.setState({ ...query.state, status: 'error', error: cached.error, errorUpdatedAt: Date.now() });
  };
  put(PAYOUT_KEYS.account, cache.account);
  put(PAYOUT_KEYS.summary, cache.summary);
  const wrap = (node: ReactNode) => (
    <QueryClientProvider client={client}>
      <ShellContextProvider value={testShell({ role: 2 })} requires={SHELL_CONTRACT_VERSION}>
        <ToastProvider>
          <Router ssrPath="/settings/payouts" ssrSearch={search}>
            {node}
          </Router>
        </ToastProvider>
      </ShellContextProvider>
    </QueryClientProvider>
  );
  return renderToStaticMarkup(wrap(<PayoutsScreen />));
}

describe('/settings/payouts', () => {
  it('shows skeletons while the account and the money load', () => {
    const html = renderPage();
    expect(html).toContain('Payouts');
    expect(html).toContain('Loading your payout account');
    expect(html).toContain('Loading your payouts');
    expect(html).toContain('aria-label="Back"');
  });

  it('offers to connect a payout account when there is none', () => {
    const html = renderPage({ account: { data: account({ state: 'none', line: 'Connect an account to get paid', payouts_enabled: false, details_submitted: false }) } });
    expect(html).toContain('Connect payout account');
    expect(html).not.toContain('Payouts ready');
  });

  it.each(['onboarding', 'restricted'] as const)('asks to finish with Stripe when the account is %s', (state) => {
    const html = renderPage({ account: { data: account({ state, line: 'Stripe needs more information', payouts_enabled: false }) } });
    expect(html).toContain('Stripe needs more information');
    expect(html).toContain('Finish setup');
    expect(html).not.toContain('Connect payout account');
  });

  it('says when the onboarding link expired and a new one is a click away', () => {
    const html = renderPage({ account: { data: account({ state: 'onboarding', line: 'Finish setting up your payout account', details_submitted: false }) } }, 'onboarding=refresh');
    expect(html).toContain('Your setup link expired');
    expect(html).toContain('Finish setup');
  });

  it('waits for the provider after onboarding instead of calling the account unfinished for good', () => {
    const html = renderPage({ account: { data: account({ state: 'onboarding', line: 'Finish setting up your payout account', details_submitted: false }) } }, 'onboarding=done');
    expect(html).toContain('Checking with Stripe');
  });

  it('stops waiting once the provider said how the account stands since the athlete came back', () => {
    const back = 1795689590;
    const submitted = { details_submitted: true, payouts_enabled: false, requirements: ['external_account'] };
    expect(awaitsProviderUpdate(account({ state: 'onboarding', details_submitted: false, updated_at: back }), back)).toBe(true);
    expect(awaitsProviderUpdate(account({ state: 'restricted', ...submitted, updated_at: back - 3600 }), back)).toBe(true);
    expect(awaitsProviderUpdate(account({ state: 'restricted', ...submitted, updated_at: back + 1 }), back)).toBe(false);
    expect(awaitsProviderUpdate(account({ updated_at: back - 3600 }), back)).toBe(false);
    expect(awaitsProviderUpdate(account({ state: 'onboarding', details_submitted: false }), null)).toBe(false);
  });

  it('says payouts are ready, with no button to connect again', () => {
    const html = renderPage({ account: { data: account() } });
    expect(html).toContain('Payouts ready');
    expect(html).not.toContain('Connect payout account');
    expect(html).not.toContain('Finish setup');
  });

  it('shows the sums and the empty text before the first payout', () => {
    const html = renderPage({ account: { data: account() }, summary: { data: summary({ owed: 45, payable: 0 }) } });
    expect(html).toContain(EMPTY_PAYOUTS);
    expect(html).toContain('$45.00');
    for (const label of ['Owed', 'Payable', 'On its way', 'Paid', 'Held by a dispute']) expect(html).toContain(label);
  });

  it('shows each payout with its amount, date, status and the requests it paid, each a link', () => {
    const html = renderPage({
      account: { data: account() },
      summary: {
        data: summary({
          paid: 72,
          payouts: [
            { id: 'p1', amount: 72, sent_amount: 72, status: 'sent', created_at: 1795689590, sent_at: 1795689600, requests: [{ request_id: REQUEST_ID, name: 'Birthday shoutout', type: 'shoutout', amount: 72 }] },
            { id: 'p2', amount: 8.5, sent_amount: 0, status: 'pending', created_at: 1795689700, sent_at: null, requests: [] },
          ],
        }),
      },
    });
    expect(html).toContain('$72.00');
    expect(html).toContain('$8.50');
    expect(html).toContain('Sent');
    expect(html).toContain('On its way');
    expect(html).toContain('Nov 26, 2026');
    expect(html).toContain(`href="/request/${REQUEST_ID}"`);
    expect(html).toContain('Birthday shoutout');
    expect(html).toContain('Video shoutout');
    expect(html).not.toContain(EMPTY_PAYOUTS);
    expect(html).not.toContain('did not reach you');
  });

  it('shows only what reached the athlete as sent when a part of a payout was refused or came back', () => {
    const html = renderPage({
      account: { data: account() },
      summary: { data: summary({ payouts: [{ id: 'p1', amount: 100, sent_amount: 60, status: 'sent', created_at: 1795689590, sent_at: 1795689600, requests: [] }] }) },
    });
    expect(html).toContain('$60.00');
    expect(html).toContain('$40.00 of this $100.00 payout did not reach you: it is owed to you again.');
  });

  it('shows an error with Retry for each part that failed to load', () => {
    const html = renderPage({ account: { error: networkError() }, summary: { error: networkError() } });
    expect(html.split(NETWORK_ERROR_MESSAGE).length - 1).toBe(2);
    expect(html.split('>Retry<').length - 1).toBe(2);
  });

  it('names the past-due part of what is payable', () => {
    const totals = payoutTotals(summary({ payable: 120, past_due: 80, current_due: 40 }));
    const payable = totals.find((total) => total.key === 'payable');
    expect(payable?.amount).toBe(120);
    expect(payable?.hint).toBe('$80.00 past due');
  });
});

describe('live refresh of the Payouts page', () => {
  const notification = (changes: Partial<LiveNotification>): LiveEvent => ({
    type: 'notification',
    unread_count: 1,
    notification: {
      id: 'n1',
      seq: 1,
      data: { title: 'x', text: 'y', link: null },
      is_read: false,
      user_id: 'a1',
      reference_id: null,
      request_id: null,
      request_type: null,
      endorsement_campaign_id: null,
      created_at: 1795689590,
      updated_at: 1795689590,
      ...changes,
    },
  });

  it('reads everything again when a payout was sent', () => {
    const sent = payoutSentNotification('a1', 7200);
    expect(stalePayoutKeys(notification({ data: sent.data, reference_id: 'item-1' }))).toEqual([PAYOUT_KEYS.all]);
  });

  it('reads the money again when a request’s money may have moved', () => {
    expect(stalePayoutKeys(notification({ request_id: REQUEST_ID, reference_id: REQUEST_ID, data: { title: 'Finished', text: '', link: `/request/${REQUEST_ID}` } }))).toEqual([
      PAYOUT_KEYS.summary,
    ]);
  });

  it('ignores counts, signals and notifications about nothing with money', () => {
    expect(stalePayoutKeys({ type: 'unread', unread_count: 3 })).toEqual([]);
    expect(stalePayoutKeys({ type: 'signal', signal: { id: 1, request_id: REQUEST_ID, from: 'x', kind: 'offer', data: '{}' } })).toEqual([]);
    expect(stalePayoutKeys(notification({ data: { title: 'Welcome', text: '', link: null } }))).toEqual([]);
  });
});
