import { Page, Placeholder, useShell, type ScreenProps } from '@huddle/ui';

/** /manage/user/{id} (spec §2): one user, their requests and payouts. */
export function UserScreen({ params }: ScreenProps) {
  const { navigate } = useShell();
  return (
    <Page title="User" subtitle={`User ${params.id ?? ''}`} onBack={() => navigate('/manage/users')}>
      <Placeholder title="Account, requests and payout status" />
    </Page>
  );
}
