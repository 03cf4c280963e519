import { Page, Placeholder, useShell, type ScreenProps } from '@huddle/ui';

/** /manage/request/{id} (spec §2). */
export function AdminRequestScreen({ params }: ScreenProps) {
  const { navigate } = useShell();
  return (
    <Page title="Request" subtitle={`Request ${params.id ?? ''}`} onBack={() => navigate('/manage/users')}>
      <Placeholder title="Request details and payout status" />
    </Page>
  );
}
