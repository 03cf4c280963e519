import { Page, Placeholder, useShell, type ScreenProps } from '@huddle/ui';

/** /request/{id} for athletes (spec §4): accept or decline, deliver a video, join a chat. */
export function AthleteRequestScreen({ params }: ScreenProps) {
  const { navigate } = useShell();
  const id = params.id ?? '';
  return (
    <Page title="Request" subtitle={`Request ${id}`} width="narrow" onBack={() => navigate('/requests')}>
      <Placeholder title="Request details and actions">
        The requester, the service, the fee breakdown (request amount, service fees, your amount) and the actions this
        status allows.
      </Placeholder>
    </Page>
  );
}
