import { Button, Page, useShell } from '@huddle/ui';
import { BusinessStats } from '../stats/BusinessStats';
import { useLiveBusinessStatsRefresh } from '../stats/stats-api';

/** /stats (spec §2, issue 23): the business's spending and request statistics. The CSV/PDF export is still to come. */
export function StatsScreen() {
  const { navigate } = useShell();
  useLiveBusinessStatsRefresh();
  return (
    <Page
      title="Statistics"
      subtitle="What your requests and campaigns cost and how they went."
      actions={<Button onClick={() => navigate('/requests')}>Open Requests</Button>}
    >
      <BusinessStats />
    </Page>
  );
}
