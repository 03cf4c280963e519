import { Button, Page, useShell } from '@huddle/ui';
import { BusinessStats } from '../stats/BusinessStats';
import { ExportModal, ExportNote } from '../stats/ExportModal';
import { useBusinessStats, useLiveBusinessStatsRefresh } from '../stats/stats-api';
import { isEmptyStats } from '../stats/stats-view';
import { useBusinessExport } from '../stats/useBusinessExport';

/** /stats (spec §2, issue 23): the business's spending and request statistics, exported as CSV or PDF. */
export function StatsScreen() {
  const { navigate, account } = useShell();
  useLiveBusinessStatsRefresh();
  const stats = useBusinessStats();
  const exporter = useBusinessExport();
  // Something to export: the numbers are there and not the empty screen.
  const exportable = stats.data !== undefined && !isEmptyStats(stats.data);
  return (
    <Page
      title="Statistics"
      subtitle="What your requests and campaigns cost and how they went."
      actions={
        <>
          {exportable && (
            <Button variant="secondary" className="bs-export-open" onClick={exporter.show}>
              Export
            </Button>
          )}
          <Button onClick={() => navigate('/requests')}>Open Requests</Button>
        </>
      }
    >
      <ExportNote controller={exporter} />
      <BusinessStats />
      <ExportModal controller={exporter} email={account?.email} />
    </Page>
  );
}
