import { Page, Placeholder, useShell, type ScreenProps } from '@huddle/ui';
import { isCampaignId } from './campaign-id';

/** /request/{id} for requesters (spec §2, §4): status, countdown, cancel, approve, review. */
export function RequestDetailScreen({ params }: ScreenProps) {
  const { navigate } = useShell();
  const id = params.id ?? '';
  const campaign = isCampaignId(id);

  return (
    <Page
      title={campaign ? 'Endorsement campaign' : 'Request'}
      subtitle={campaign ? `Campaign ${id.slice(1)}` : `Request ${id}`}
      width="narrow"
      onBack={() => navigate('/requests')}
    >
      <Placeholder title={campaign ? 'Campaign athletes and status' : 'Request details and actions'}>
        {campaign
          ? 'Each athlete of the campaign with their status, the summed amounts and Cancel Campaign.'
          : 'The service, athlete, amount, status and the actions this status allows.'}
      </Placeholder>
    </Page>
  );
}
