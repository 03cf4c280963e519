import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toApiError } from '@huddle/api-client';
import { Button, ErrorView, Icon, Panel, SkeletonList, useSearchParam } from '@huddle/ui';
import { awaitsProviderUpdate, PAYOUT_KEYS, usePayoutAccount, usePayoutsApi, WATCH_READS, type PayoutAccount } from './payouts-api';

function AccountState({ account, returning, expired }: { account: PayoutAccount; returning: boolean; expired: boolean }) {
  if (account.state === 'ready') {
    return (
      <div className="pay-account__state pay-account__state--ready">
        <Icon name="check" size={22} />
        <div>
          <p className="pay-account__title">Payouts ready</p>
          <p className="hd-muted pay-account__text">Huddle sends what you earn to your payout account.</p>
        </div>
      </div>
    );
  }
  if (account.state === 'none') {
    return (
      <div className="pay-account__state">
        <div>
          <p className="pay-account__title">No payout account yet</p>
          <p className="hd-muted pay-account__text">{account.line}. Huddle pays your finished requests to it.</p>
        </div>
      </div>
    );
  }
  return (
    <div className="pay-account__state pay-account__state--needs">
      <Icon name="alert" size={22} />
      <div>
        <p className="pay-account__title">Stripe needs more information</p>
        <p className="hd-muted pay-account__text">
          {account.state === 'onboarding' ? `${account.line}.` : 'Until you provide it, payouts to you wait.'}
          {expired && ' Your setup link expired: continue to get a new one.'}
        </p>
        {returning && (
          <p className="hd-muted pay-account__text" role="status">
            Checking with Stripe…
          </p>
        )}
      </div>
    </div>
  );
}

/**
 * The athlete's payout account (issue 21): none, a button to connect one; onboarding unfinished or
 * restricted, 'Stripe needs more information' and a way to finish (a fresh one-use link each time);
 * ready, 'Payouts ready'. Onboarding brings the browser back with ?onboarding=done (or =refresh
 * when its link expired); the account is then read again until the provider's update is in.
 */
export function PayoutAccountPanel() {
  const [onboarding] = useSearchParam('onboarding');
  // When the athlete came back from onboarding: this page's first paint with ?onboarding=done.
  const [returnedAt] = useState(() => (onboarding === 'done' ? Math.floor(Date.now() / 1000) : null));
  const account = usePayoutAccount(returnedAt);
  const api = usePayoutsApi();
  const queryClient = useQueryClient();
  const [leaving, setLeaving] = useState(false);
  const connect = useMutation({
    mutationFn: api.connect,
    onSuccess: ({ onboardingUrl }) => {
      // The provider's onboarding page (the sandbox's, or Stripe's) is a page of its own, not a route of ours.
      setLeaving(true);
      window.location.assign(onboardingUrl);
    },
  });

  let body;
  if (account.isPending) body = <SkeletonList count={1} label="Loading your payout account" />;
  else if (account.isError) {
    body = <ErrorView message={toApiError(account.error).message} onRetry={() => void account.refetch()} retrying={account.isFetching} />;
  } else {
    const state = account.data.state;
    const returning = awaitsProviderUpdate(account.data, returnedAt) && (queryClient.getQueryState(PAYOUT_KEYS.account)?.dataUpdateCount ?? 0) < WATCH_READS;
    body = (
      <>
        <AccountState account={account.data} returning={returning} expired={onboarding === 'refresh'} />
        {account.data.provider === 'sandbox' && <p className="hd-muted pay-account__sandbox">Sandbox: a test account, no real money moves.</p>}
        {state !== 'ready' && (
          <div className="pay-account__actions">
            <Button onClick={() => connect.mutate()} loading={connect.isPending || leaving}>
              {state === 'none' ? 'Connect payout account' : 'Finish setup'}
            </Button>
          </div>
        )}
        {connect.isError && (
          <p className="hd-field__error pay-account__error" role="alert">
            {toApiError(connect.error).message}
          </p>
        )}
      </>
    );
  }

  return (
    <Panel title="Payout account" className="pay-account">
      {body}
    </Panel>
  );
}
