import { Button, Page, Panel, Placeholder, useShell } from '@huddle/ui';

/** /locker-room (spec §2): the athlete's earnings and request counters. */
export function LockerRoomScreen() {
  const { navigate } = useShell();
  return (
    <Page
      title="Locker Room"
      subtitle="Your earnings and requests at a glance."
      actions={<Button onClick={() => navigate('/requests')}>Open Request Feed</Button>}
    >
      <Panel title="Earnings">
        <Placeholder title="Total, this week and this month" />
      </Panel>
      <Panel title="Requests">
        <Placeholder title="Totals and pending per service type, last week and last month" />
      </Panel>
      <Panel title="Payouts">
        <p className="hd-muted">What Huddle owes you, what is on its way and every payout it sent.</p>
        <Button variant="secondary" onClick={() => navigate('/settings/payouts')}>
          Open Payouts
        </Button>
      </Panel>
    </Page>
  );
}
