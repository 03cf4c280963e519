import { Link } from 'wouter';
import { Page, Placeholder } from '@huddle/ui';

function StatsLinks() {
  return (
    <p className="hd-row">
      <Link href="/manage/payouts" className="hd-link">
        Payouts
      </Link>
      <Link href="/manage/sent-payouts" className="hd-link">
        Sent payouts
      </Link>
    </p>
  );
}

/** /manage/stats (spec §2): users by type, incomplete profiles, requests by status and type. */
export function AdminStatsScreen() {
  return (
    <Page title="Statistics" actions={<StatsLinks />}>
      <Placeholder title="Users, requests and paid-pending totals" />
    </Page>
  );
}
