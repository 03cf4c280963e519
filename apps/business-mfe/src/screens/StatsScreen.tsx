import { Page, Placeholder } from '@huddle/ui';

/** /stats (spec §2): the business's spending and request statistics, with CSV or PDF export. */
export function StatsScreen() {
  return (
    <Page title="Statistics" subtitle="What your requests and campaigns cost and achieved.">
      <Placeholder title="Spending and requests">
        Total spent, accepted and rejected totals, requests by status, by type and by athlete, and the export to CSV or
        PDF.
      </Placeholder>
    </Page>
  );
}
