import { LIVE_STREAM_SILENCE_MS, type LiveEvent, type LiveNotification } from '@huddle/domain';
import { openNotificationStream, parseLiveEvent, streamUrl, type EventSourceLike } from './notification-stream';
import { holdsNotificationStream } from './useNotificationStream';

const REQUEST_ID = '0b5e3c1a-8a57-4f1e-9d43-2f0f8c7e9a10';

function notification(seq: number): LiveNotification {
  return {
    id: `9f0c4f6e-3b1d-4c8e-9f2a-7d6e5c4b3a${String(seq).padStart(2, '0')}`,
    seq,
    data: { title: 'Request accepted', text: 'Jordan accepted your shoutout.', link: `/request/${REQUEST_ID}` },
    is_read: false,
    user_id: '5a0c4f6e-3b1d-4c8e-9f2a-7d6e5c4b3a21',
    reference_id: REQUEST_ID,
    request_id: REQUEST_ID,
    request_type: 'shoutout',
    endorsement_campaign_id: null,
    created_at: 1772625600,
    updated_at: 1772625600,
  };
}

/** An EventSource the test drives: it records what the stream code asked of it. */
class FakeEventSource implements EventSourceLike {
  static opened: FakeEventSource[] = [];
  readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  closed = false;
  readyState = 0;

  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.closed = true;
  }

  emit(type: string, data = '', lastEventId = '') {
    for (const listener of this.listeners.get(type) ?? []) listener({ data, lastEventId } as MessageEvent<string>);
  }
}

function open() {
  const events: LiveEvent[] = [];
  const stream = openNotificationStream({
    apiBase: '/api/v1',
    onEvent: (event) => events.push(event),
    createEventSource: (url) => new FakeEventSource(url),
  });
  return { stream, events, current: () => FakeEventSource.opened[FakeEventSource.opened.length - 1] };
}

beforeEach(() => {
  FakeEventSource.opened = [];
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('parseLiveEvent', () => {
  it('reads the unread count the stream sends on connecting and on every change', () => {
    expect(parseLiveEvent('unread', '{"unread_count":4}')).toEqual({ type: 'unread', unread_count: 4 });
  });

  it('reads a new notification with the unread count after it', () => {
    const sent = notification(7);
    expect(parseLiveEvent('notification', JSON.stringify({ notification: sent, unread_count: 5 }))).toEqual({
      type: 'notification',
      notification: sent,
      unread_count: 5,
    });
  });

  it('skips what it does not understand instead of failing', () => {
    expect(parseLiveEvent('unread', 'not json')).toBeNull();
    expect(parseLiveEvent('unread', '{"unread_count":-1}')).toBeNull();
    expect(parseLiveEvent('unread', '{}')).toBeNull();
    expect(parseLiveEvent('notification', '{"unread_count":1}')).toBeNull();
    expect(parseLiveEvent('notification', '{"notification":{"id":"x"},"unread_count":1}')).toBeNull();
    expect(parseLiveEvent('payout', '{"unread_count":1}')).toBeNull();
  });
});

describe('streamUrl', () => {
  it('asks for what came after the last notification seen when it opens the stream again', () => {
    expect(streamUrl('/api/v1', null)).toBe('/api/v1/user/notifications/stream');
    expect(streamUrl('/api/v1/', '42')).toBe('/api/v1/user/notifications/stream?last_event_id=42');
  });
});

describe('openNotificationStream', () => {
  it('hands on every event it understands, in order', () => {
    const { events, current } = open();
    expect(current().url).toBe('/api/v1/user/notifications/stream');
    current().emit('unread', '{"unread_count":2}');
    current().emit('notification', JSON.stringify({ notification: notification(3), unread_count: 3 }), '3');
    current().emit('notification', 'garbage');
    current().emit('signal', JSON.stringify({ signal: { id: 7, request_id: 'r1', from: 'u1', kind: 'offer', data: '{"sdp":"v=0"}' } }));
    current().emit('signal', JSON.stringify({ signal: { id: 'x' } }));
    expect(events.map((event) => [event.type, event.type === 'signal' ? event.signal.kind : event.unread_count])).toEqual([
      ['unread', 2],
      ['notification', 3],
      ['signal', 'offer'],
    ]);
  });

  it('opens the stream again after a silence, from the last notification seen', () => {
    const { current } = open();
    const first = current();
    first.emit('open');
    first.emit('notification', JSON.stringify({ notification: notification(11), unread_count: 1 }), '11');

    jest.advanceTimersByTime(LIVE_STREAM_SILENCE_MS - 1);
    expect(FakeEventSource.opened).toHaveLength(1);
    jest.advanceTimersByTime(1);

    expect(first.closed).toBe(true);
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(current().url).toBe('/api/v1/user/notifications/stream?last_event_id=11');
  });

  it('takes the seq as the last event id when the message carries none', () => {
    const { current } = open();
    current().emit('notification', JSON.stringify({ notification: notification(12), unread_count: 1 }));
    jest.advanceTimersByTime(LIVE_STREAM_SILENCE_MS);
    expect(current().url).toBe('/api/v1/user/notifications/stream?last_event_id=12');
  });

  it('keeps a stream that keeps talking', () => {
    const { current } = open();
    for (let minute = 0; minute < 10; minute += 1) {
      jest.advanceTimersByTime(LIVE_STREAM_SILENCE_MS / 2);
      current().emit('unread', '{"unread_count":0}');
    }
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it('counts an unnamed message or a reopened connection as a sign of life', () => {
    const { current } = open();
    jest.advanceTimersByTime(LIVE_STREAM_SILENCE_MS - 10);
    current().emit('message', 'ping');
    jest.advanceTimersByTime(LIVE_STREAM_SILENCE_MS - 10);
    current().emit('open');
    jest.advanceTimersByTime(LIVE_STREAM_SILENCE_MS - 10);
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it('reopens without a last event id when no notification came yet', () => {
    const { current } = open();
    current().emit('unread', '{"unread_count":0}');
    jest.advanceTimersByTime(LIVE_STREAM_SILENCE_MS);
    expect(current().url).toBe('/api/v1/user/notifications/stream');
  });

  it('checks the session when the server refuses the stream, and tries again after a growing wait', () => {
    const refusals: number[] = [];
    openNotificationStream({ apiBase: '/api/v1', onEvent: () => undefined, onRefused: () => refusals.push(Date.now()), createEventSource: (url) => new FakeEventSource(url) });
    const first = FakeEventSource.opened[0];
    // A dropped connection the browser retries by itself is no refusal.
    first.emit('error');
    expect(refusals).toHaveLength(0);
    first.readyState = 2;
    first.emit('error');
    expect(refusals).toHaveLength(1);
    jest.advanceTimersByTime(4_999);
    expect(FakeEventSource.opened).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(FakeEventSource.opened).toHaveLength(2);
    const second = FakeEventSource.opened[1];
    second.readyState = 2;
    second.emit('error');
    jest.advanceTimersByTime(9_999);
    expect(FakeEventSource.opened).toHaveLength(2);
    jest.advanceTimersByTime(1);
    expect(FakeEventSource.opened).toHaveLength(3);
    expect(refusals).toHaveLength(2);
  });

  it('checks the session at once when the server says the session ended (blocked or removed), without waiting for a refusal', () => {
    let refusals = 0;
    openNotificationStream({ apiBase: '/api/v1', onEvent: () => undefined, onRefused: () => (refusals += 1), createEventSource: (url) => new FakeEventSource(url) });
    const first = FakeEventSource.opened[0];
    first.emit('open');
    first.emit('session_ended', '{}');
    expect(refusals).toBe(1);
    expect(first.closed).toBe(true);
    // Should the session still be live (the check says so), the stream opens again after a wait.
    jest.advanceTimersByTime(5_000);
    expect(FakeEventSource.opened).toHaveLength(2);
  });

  it('stays closed once closed: no reopening, no events', () => {
    const { stream, events, current } = open();
    const first = current();
    stream.close();
    expect(first.closed).toBe(true);
    jest.advanceTimersByTime(LIVE_STREAM_SILENCE_MS * 3);
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(events).toEqual([]);
  });
});

describe('holdsNotificationStream', () => {
  it('holds a stream for fans, athletes and businesses only (spec §2 /notifications, §4 not for guests)', () => {
    expect([1, 2, 3].map((role) => holdsNotificationStream(role as 1 | 2 | 3))).toEqual([true, true, true]);
    expect([-1, 0, 4, 11, 12, 13].map((role) => holdsNotificationStream(role as -1 | 0 | 4 | 11 | 12 | 13))).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(holdsNotificationStream(null)).toBe(false);
  });
});
