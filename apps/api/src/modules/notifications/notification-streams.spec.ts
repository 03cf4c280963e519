import type { AppConfig } from '../../config/app-config';
import type { SessionsService } from '../auth/sessions.service';
import type { ClusterBus, PayloadReader } from '../../database/cluster-bus';
import { NotificationStreams } from './notification-streams';
import type { NotificationRow, NotificationsService } from './notifications.service';

const USER = '5a0c4f6e-3b1d-4c8e-9f2a-7d6e5c4b3a21';

function row(seq: number): NotificationRow {
  const at = new Date('2026-11-25T09:00:00Z');
  return {
    id: `00000000-0000-4000-8000-00000000000${seq}`,
    user_id: USER,
    seq: String(seq),
    data: { title: `N${seq}`, text: '', link: null },
    is_read: false,
    reference_id: null,
    request_id: null,
    request_type: null,
    endorsement_campaign_id: null,
    created_at: at,
    updated_at: at,
  };
}

describe('NotificationStreams', () => {
  it('writes notifications in commit order even when a later lookup answers first', async () => {
    let reader: PayloadReader | undefined;
    const bus = { read: (_channel: string, given: PayloadReader) => (reader = given) } as unknown as ClusterBus;
    // The lookup of the first message is slow, the second's fast: side by side, 2 would be written before 1.
    const delays: Record<number, number> = { 1: 50, 2: 0 };
    const notifications = {
      lastSeq: async () => 0,
      unreadCount: async () => 0,
      since: async () => [],
      unreadCounts: async () => new Map([[USER, 2]]),
      byNumbers: async (pairs: Array<{ seq: number }>) => {
        await new Promise((resolve) => setTimeout(resolve, delays[pairs[0].seq]));
        return pairs.map((pair) => row(pair.seq));
      },
    } as unknown as NotificationsService;
    const streams = new NotificationStreams(notifications, bus, { NOTIFICATIONS_HEARTBEAT_SECONDS: 25 } as AppConfig, {} as SessionsService);
    const written: string[] = [];
    await streams.open({ userId: USER, sessionId: 'session' }, { write: (chunk) => void written.push(chunk), end: () => undefined }, null);

    reader?.onMessage(`n:${USER}:1`);
    reader?.onMessage(`n:${USER}:2`);
    const ids = () => written.filter((chunk) => chunk.includes('event: notification')).map((chunk) => /^id: (\d+)/.exec(chunk)?.[1]);
    // Waits for both writes rather than a fixed time: on a loaded machine the slow lookup's timer can
    // fire after any fixed wait, and the test would then see only the first (a flake seen in CI).
    for (const deadline = Date.now() + 5000; ids().length < 2 && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 10));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(ids()).toEqual(['1', '2']);
  });
});
