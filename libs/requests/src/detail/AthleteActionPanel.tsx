import { Placeholder, type ScreenProps } from '@huddle/ui';
import { RequestDetailScreen } from './RequestDetailScreen';

/** The athlete's side of a request (spec §4): accept or decline, deliver a video, join a chat. */
export function AthleteActionPanel() {
  return (
    <Placeholder title="Request details and actions">
      The requester, the service, the fee breakdown (request amount, service fees, your amount) and the actions this
      status allows.
    </Placeholder>
  );
}

/** /request/{id} for athletes (spec §2). */
export function AthleteRequestScreen(props: ScreenProps) {
  return <RequestDetailScreen {...props} ActionPanel={AthleteActionPanel} backTo="/requests" />;
}
