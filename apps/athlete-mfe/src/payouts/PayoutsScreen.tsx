import { Page, useShell } from '@huddle/ui';
import { PayoutAccountPanel } from './PayoutAccountPanel';
import { PayoutMoney } from './PayoutMoney';
import { useLivePayoutRefresh } from './payouts-live';
import './payouts.css';

/**
 * /settings/payouts (issue 21, athletes only): where the athlete's money goes and what Huddle owes
 * and paid them. Read again when the shell's stream tells of a payout ('Payout sent') or of a
 * request whose money moved.
 */
export function PayoutsScreen() {
  const { navigate } = useShell();
  useLivePayoutRefresh();
  return (
    <Page title="Payouts" subtitle="Where your money goes, and what Huddle owes and paid you." width="narrow" onBack={() => navigate('/profile')}>
      <div className="hd-stack">
        <PayoutAccountPanel />
        <PayoutMoney />
      </div>
    </Page>
  );
}
