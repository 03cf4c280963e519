import { ApiError } from '@huddle/api-client';
import { ErrorCode, MESSAGES, type LiveEvent } from '@huddle/domain';

/** The session's time left as the countdown shows it: 'mm:ss' ('04:59'), never below '00:00'. */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(whole / 60))}:${pad(whole % 60)}`;
}

/** Whole seconds from `nowSeconds` to the call's end (the join's ends_at), never below zero. */
export function secondsLeft(endsAt: number, nowSeconds: number): number {
  return Math.max(0, Math.ceil(endsAt - nowSeconds));
}

/**
 * Whether a live event may mean the call is over: a notification about this request (the partner
 * finished it: 'Video chat finished'). The screen then asks the API rather than trusting the text.
 */
export function mayEndCall(event: LiveEvent, requestId: string): boolean {
  return event.type === 'notification' && (event.notification.request_id === requestId || event.notification.reference_id === requestId);
}

/** Why there is no call to join, for the screen's message: the request is not one's, or the call is not on. */
export function joinFailure(error: unknown): { title?: string; message: string } {
  if (error instanceof ApiError && error.code === ErrorCode.NotFound) return { title: MESSAGES.requestNotFound.title, message: MESSAGES.requestNotFound.text };
  // The API says which: 'The video chat has not started', 'Your chat has been finished', 'The time of this video chat is up'.
  if (error instanceof ApiError && error.code === ErrorCode.Conflict) return { message: error.message };
  return { message: MESSAGES.videoCallError };
}
