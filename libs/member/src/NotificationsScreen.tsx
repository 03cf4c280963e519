import { MESSAGES } from '@huddle/domain';
import { EmptyView, Page } from '@huddle/ui';

/** /notifications (spec §2): newest first; a click marks read and opens the request or campaign. */
export function NotificationsScreen() {
  return (
    <Page title="Notifications" width="narrow">
      <EmptyView icon="inbox" text={MESSAGES.noNotifications} />
    </Page>
  );
}
