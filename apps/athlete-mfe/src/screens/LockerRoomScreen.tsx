import { Button, Page, useShell } from '@huddle/ui';
import { LockerRoom } from '../locker-room/LockerRoom';
import { useLiveLockerRoomRefresh } from '../locker-room/locker-room-api';

/** /locker-room (spec §2, issue 23): the athlete's earnings, money, requests and charts. */
export function LockerRoomScreen() {
  const { navigate } = useShell();
  useLiveLockerRoomRefresh();
  return (
    <Page
      title="Locker Room"
      subtitle="Your earnings and requests at a glance."
      actions={<Button onClick={() => navigate('/requests')}>Open Request Feed</Button>}
    >
      <LockerRoom />
    </Page>
  );
}
