import { Page, Placeholder, useShell } from '@huddle/ui';

/** /manage/sent-payouts (spec §2). */
export function SentPayoutsScreen() {
  const { navigate } = useShell();
  return (
    <Page title="Sent payouts" onBack={() => navigate('/manage/stats')}>
      <Placeholder title="Payout history">Each payout with its items per athlete.</Placeholder>
    </Page>
  );
}
