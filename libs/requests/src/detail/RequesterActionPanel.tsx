import { Placeholder, type ScreenProps } from '@huddle/ui';
import { RequestDetailScreen, type ActionPanelProps } from './RequestDetailScreen';

/**
 * The requester's side of a request (spec §2, §4): status, countdown, cancel, approve, review.
 * Fans and businesses act alike on a request; a business also cancels its campaigns here.
 */
export function RequesterActionPanel({ campaign }: ActionPanelProps) {
  return (
    <Placeholder title={campaign ? 'Campaign athletes and status' : 'Request details and actions'}>
      {campaign
        ? 'Each athlete of the campaign with their status, the summed amounts and Cancel Campaign.'
        : 'The service, athlete, amount, status and the actions this status allows.'}
    </Placeholder>
  );
}

/** /request/{id} for fans and businesses (spec §2). */
export function RequesterRequestScreen(props: ScreenProps) {
  return <RequestDetailScreen {...props} ActionPanel={RequesterActionPanel} backTo="/requests" />;
}
