/**
 * Live video chat (spec §4, §9; issue 13). A video chat request is booked for a moment
 * (video_chat.date_time); once accepted, its athlete can start the call from shortly before that
 * moment until a while after it, and both parties join. The call lasts the service's 5 minutes from
 * when it started, then it is finished (by the parties' screens, or the API's timers if nobody is
 * left to say so), even when the requester never joined: the athlete showed up. A chat its athlete
 * never started by the end of its window never happened: the system cancels it and refunds the
 * requester in full (the no_show action, isVideoChatNoShow in request-actions.ts).
 *
 * Huddle's window, written down here where the rule lives: the call can start 10 minutes before
 * the booked time and until 30 minutes after it.
 */
export const VIDEO_CHAT = {
  /** How early before the booked time the athlete may start the call. */
  opensBeforeSeconds: 10 * 60,
  /** How long after the booked time the call may still start. */
  closesAfterSeconds: 30 * 60,
  /** The session's length once started (spec §9: video chat 5 minutes). */
  sessionSeconds: 5 * 60,
  /** A join token outlives the session by this much (a late joiner, a reconnect), never more. */
  tokenSlackSeconds: 2 * 60,
  /** The system finishes a call nobody finished this long after its time ran out. */
  finishGraceSeconds: 2 * 60,
} as const;

export interface VideoChatWindow {
  /** Unix seconds. */
  opensAt: number;
  closesAt: number;
}

export function videoChatWindow(dateTime: number): VideoChatWindow {
  return { opensAt: dateTime - VIDEO_CHAT.opensBeforeSeconds, closesAt: dateTime + VIDEO_CHAT.closesAfterSeconds };
}

/** Where a chat stands against its window now: too early, open, or over (it can no longer start). */
export function videoChatWindowState(dateTime: number, nowSeconds: number): 'early' | 'open' | 'over' {
  const window = videoChatWindow(dateTime);
  if (nowSeconds < window.opensAt) return 'early';
  return nowSeconds <= window.closesAt ? 'open' : 'over';
}

/**
 * When a started call's time is up: its 5 minutes count from when it started, or from the booked
 * time when it started early (an athlete who opens the call 10 minutes ahead does not use up the
 * requester's minutes before they were due).
 */
export function videoChatEndsAt(startedAt: number, dateTime: number | null = null): number {
  return Math.max(startedAt, dateTime ?? startedAt) + VIDEO_CHAT.sessionSeconds;
}

/** Seconds left in a started call (never below zero): the countdown. */
export function videoChatSecondsLeft(startedAt: number, nowSeconds: number, dateTime: number | null = null): number {
  return Math.max(0, videoChatEndsAt(startedAt, dateTime) - nowSeconds);
}

/** The providers a call runs on: Twilio Video, or the embedded peer-to-peer WebRTC signalled through the API. */
export const VIDEO_PROVIDERS = ['twilio', 'embedded'] as const;
export type VideoProviderName = (typeof VIDEO_PROVIDERS)[number];

/** The messages two embedded peers exchange through the API (the live stream down, requests up). */
export const VIDEO_SIGNAL_KINDS = ['hello', 'offer', 'answer', 'candidate', 'bye'] as const;
export type VideoSignalKind = (typeof VIDEO_SIGNAL_KINDS)[number];
/** An SDP or candidate is a few kilobytes; anything larger is not a signal. */
export const VIDEO_SIGNAL_MAX_BYTES = 16 * 1024;
