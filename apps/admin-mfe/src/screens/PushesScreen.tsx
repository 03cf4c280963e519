import { Page, Placeholder } from '@huddle/ui';

/** /manage/pushes (spec §2): custom push notifications and their composer. */
export function PushesScreen() {
  return (
    <Page title="Pushes" subtitle="Custom notifications to roles or chosen users.">
      <Placeholder title="Custom pushes">Name, subject and message, the destination, then confirm and send.</Placeholder>
    </Page>
  );
}
