import { LIVE_EVENT_NAMES, LIVE_STREAM_SILENCE_MS, type LiveEvent, type LiveNotification, type LiveSignal } from '@huddle/domain';

/** The stream's path under the API base (the shell's origin proxies it with the session cookie). */
export const NOTIFICATION_STREAM_PATH = '/user/notifications/stream';

/** The part of the browser's EventSource the stream uses, so tests can hand in their own. */
export interface EventSourceLike {
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
  /** 2 (CLOSED) once the browser gave up on it: the server answered with an error (401, 403, 5xx). */
  readonly readyState: number;
}

const CLOSED = 2;
/** The first wait before opening a refused stream again; it doubles up to the silence bound. */
const FIRST_RETRY_MS = 5_000;

export type EventSourceFactory = (url: string) => EventSourceLike;

export interface NotificationStreamOptions {
  /** The API base, '/api/v1'. */
  apiBase: string;
  /** Every event the stream delivers, parsed; the shell publishes it to the remotes and sets the badge. */
  onEvent: (event: LiveEvent) => void;
  /** Defaults to the browser's EventSource. */
  createEventSource?: EventSourceFactory;
  /** How long a silent stream is trusted before it is closed and opened again (spec §4). */
  silenceMs?: number;
  /** The server refused the stream (its session may have ended): the shell checks the session. */
  onRefused?: () => void;
}

export interface NotificationStream {
  /** Closes the connection for good (logout, another account, the tab going away). */
  close: () => void;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

function isNotification(value: unknown): value is LiveNotification {
  if (!isRecord(value) || typeof value.id !== 'string' || typeof value.seq !== 'number' || !isRecord(value.data)) return false;
  return typeof value.data.title === 'string' && typeof value.data.text === 'string';
}

/** A video chat's signal as the API sends it (LiveSignal); no id, so it never moves the stream's place. */
function isSignal(value: unknown): value is LiveSignal {
  return (
    isRecord(value) &&
    typeof value.id === 'number' &&
    typeof value.request_id === 'string' &&
    typeof value.from === 'string' &&
    typeof value.kind === 'string' &&
    typeof value.data === 'string'
  );
}

/**
 * One SSE message as a LiveEvent, or null for a message this shell does not understand (a kind
 * added to the API later, a malformed body): the stream carries on without it.
 */
export function parseLiveEvent(name: string, data: string): LiveEvent | null {
  let body: unknown;
  try {
    body = JSON.parse(data);
  } catch {
    return null;
  }
  if (name === LIVE_EVENT_NAMES.signal) return isRecord(body) && isSignal(body.signal) ? { type: 'signal', signal: body.signal } : null;
  if (!isRecord(body) || !isCount(body.unread_count)) return null;
  if (name === LIVE_EVENT_NAMES.unread) return { type: 'unread', unread_count: body.unread_count };
  if (name === LIVE_EVENT_NAMES.notification && isNotification(body.notification)) {
    return { type: 'notification', notification: body.notification, unread_count: body.unread_count };
  }
  return null;
}

/** The stream's URL; a stream opened again asks for what came after the last notification seen. */
export function streamUrl(apiBase: string, lastEventId: string | null): string {
  const base = `${apiBase.replace(/\/+$/, '')}${NOTIFICATION_STREAM_PATH}`;
  return lastEventId ? `${base}?last_event_id=${encodeURIComponent(lastEventId)}` : base;
}

const browserEventSource: EventSourceFactory = (url) => new EventSource(url, { withCredentials: true });

/**
 * The tab's one connection to the notification stream. EventSource reconnects by itself after a
 * dropped connection (sending Last-Event-ID); what it cannot notice is a connection that stays
 * open and carries nothing (a proxy that swallowed it), so after `silenceMs` without a message the
 * stream is closed and opened again with ?last_event_id=, which the API answers with what was missed.
 * The server's heartbeat events keep a quiet stream from looking silent.
 */
export function openNotificationStream({
  apiBase,
  onEvent,
  createEventSource = browserEventSource,
  silenceMs = LIVE_STREAM_SILENCE_MS,
  onRefused,
}: NotificationStreamOptions): NotificationStream {
  let source: EventSourceLike | null = null;
  let silence: ReturnType<typeof setTimeout> | undefined;
  let lastEventId: string | null = null;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;

  // A browser stops an EventSource for good after an error answer: ask the shell to check the
  // session (a session that ended signs out, which closes this stream), and try again meanwhile,
  // waiting longer each time.
  const refused = () => {
    if (closed || source?.readyState !== CLOSED) return;
    onRefused?.();
    clearTimeout(silence);
    silence = setTimeout(reopen, retryMs);
    retryMs = Math.min(retryMs * 2, silenceMs);
  };

  const watch = () => {
    clearTimeout(silence);
    silence = setTimeout(reopen, silenceMs);
  };

  const receive = (name: string) => (message: MessageEvent<string>) => {
    watch();
    const event = parseLiveEvent(name, message.data);
    if (!event) return;
    // Every event with an id says where the stream stands (the opening count carries it too).
    if (message.lastEventId) lastEventId = message.lastEventId;
    else if (event.type === 'notification') lastEventId = String(event.notification.seq);
    onEvent(event);
  };

  function open() {
    source = createEventSource(streamUrl(apiBase, lastEventId));
    source.addEventListener('open', () => {
      retryMs = FIRST_RETRY_MS;
      watch();
    });
    source.addEventListener('error', refused);
    // Unnamed messages carry nothing the shell shows, but they are a sign of life.
    source.addEventListener('message', watch);
    source.addEventListener(LIVE_EVENT_NAMES.heartbeat, watch);
    source.addEventListener(LIVE_EVENT_NAMES.unread, receive(LIVE_EVENT_NAMES.unread));
    source.addEventListener(LIVE_EVENT_NAMES.notification, receive(LIVE_EVENT_NAMES.notification));
    source.addEventListener(LIVE_EVENT_NAMES.signal, receive(LIVE_EVENT_NAMES.signal));
    // Someone else ended this session (an administrator blocked or removed the account): the
    // server closes the stream right after. Check the session now, which signs the tab out,
    // instead of waiting for the browser's reconnect to be refused.
    source.addEventListener(LIVE_EVENT_NAMES.sessionEnded, () => {
      if (closed) return;
      clearTimeout(silence);
      source?.close();
      onRefused?.();
      silence = setTimeout(reopen, retryMs);
    });
    watch();
  }

  function reopen() {
    if (closed) return;
    source?.close();
    open();
  }

  open();
  return {
    close() {
      closed = true;
      clearTimeout(silence);
      source?.close();
      source = null;
    },
  };
}
