import { Placeholder, type ScreenProps } from '@huddle/ui';
import { RequestDetailScreen } from './RequestDetailScreen';

/** The administrator's side of a request (spec §2, §4): its details and the payout status. */
export function AdminActionPanel() {
  return <Placeholder title="Request details and payout status" />;
}

/** /manage/request/{id} (spec §2): the console's request, wide like the console's other pages. */
export function AdminRequestScreen(props: ScreenProps) {
  return <RequestDetailScreen {...props} ActionPanel={AdminActionPanel} backTo="/manage/users" width="wide" />;
}
