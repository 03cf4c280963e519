import type { ServiceType } from './service-types';

/** What a notification says and opens (spec §3 'Notification': data). */
export interface NotificationData {
  title: string;
  text: string;
  /** The app path it opens: /request/{id}, /request/@{campaignId}; null when it opens nothing. */
  link: string | null;
}

/**
 * A notification as the list and the live stream deliver it (spec §3 'Notification', §4 'Live
 * notifications'). Times are unix seconds. `seq` orders a user's notifications and is the stream's
 * event id, so a client reconnecting with Last-Event-ID gets exactly what it missed.
 */
export interface LiveNotification {
  id: string;
  seq: number;
  data: NotificationData;
  is_read: boolean;
  user_id: string;
  /** The request or campaign the notification is about (the same as request_id for a request). */
  reference_id: string | null;
  request_id: string | null;
  request_type: ServiceType | 'endorsement_campaign' | null;
  endorsement_campaign_id: string | null;
  created_at: number;
  updated_at: number;
}

/**
 * What the one server-sent-event connection carries, written once for the API that sends it and
 * the shell that hands it on to remotes. A union, so later kinds of event are added beside it:
 * - notification: a new notification (SSE `event: notification`, `id: <seq>`), with the unread count after it;
 * - unread: the unread count changed (read or deleted, in this tab or another; and on connecting);
 * - signal: a message from the other party of a video chat (the embedded WebRTC provider's
 *   signalling: offer, answer, ICE candidates), transient and never stored as a notification.
 */
export type LiveEvent =
  | { type: 'notification'; notification: LiveNotification; unread_count: number }
  | { type: 'unread'; unread_count: number }
  | { type: 'signal'; signal: LiveSignal };

/** A video chat's signalling message from the other party (video-chat.ts VIDEO_SIGNAL_KINDS). */
export interface LiveSignal {
  /** Rises with every signal: the order they were sent in. */
  id: number;
  request_id: string;
  /** The sender's call identity (its uid in the video session). */
  from: string;
  kind: string;
  /** The SDP or candidate, as the sender's browser wrote it (JSON text). */
  data: string;
}

/** The SSE event names the stream uses for each kind of LiveEvent. */
// heartbeat: an event, not an SSE comment, because a browser's EventSource never shows comments to
// the page, and the client must see the stream alive to not reconnect after LIVE_STREAM_SILENCE_MS.
// session_ended: the stream's session was ended by someone else (an administrator blocked or removed
// the account); sent just before the stream ends, so the shell signs the tab out at once instead of
// learning it from the refused reconnect.
export const LIVE_EVENT_NAMES = { notification: 'notification', unread: 'unread', signal: 'signal', heartbeat: 'heartbeat', sessionEnded: 'session_ended' } as const;

/**
 * The client reconnects when the stream has been silent this long (spec §4: heartbeat timeout
 * 180000 ms); the server sends a heartbeat event well inside it and inside common proxies' idle
 * timeouts (see the API's NOTIFICATIONS_HEARTBEAT_SECONDS).
 */
export const LIVE_STREAM_SILENCE_MS = 180_000;
