import { Page, Placeholder, useShell } from '@huddle/ui';

/** /manage/payouts (spec §2): athletes due a payout, 20 per page. */
export function PayoutsScreen() {
  const { navigate } = useShell();
  return (
    <Page title="Payouts" onBack={() => navigate('/manage/stats')}>
      <Placeholder title="Payout candidates">Last payment, past due and current due per athlete, and Pay.</Placeholder>
    </Page>
  );
}
