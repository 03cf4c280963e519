import { LIMITS } from '@huddle/domain';
import { Page, Placeholder, useShell } from '@huddle/ui';

/** /request-form/b/endorsement_campaign (spec §2): one endorsement sent to several athletes. */
export function CampaignFormScreen() {
  const { navigate } = useShell();
  return (
    <Page title="Create campaign" subtitle="One endorsement, several athletes, a price for each." width="narrow" onBack={() => navigate('/dashboard')}>
      <Placeholder title="Select athletes">
        Search up to {LIMITS.selectMenuOptions} athletes, set each price, describe the task and link, then pay.
      </Placeholder>
    </Page>
  );
}
