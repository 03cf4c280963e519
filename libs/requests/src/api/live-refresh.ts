import { useEffect } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { LiveEvent, LiveNotification } from '@huddle/domain';
import { useShell } from '@huddle/ui';
import { REQUEST_KEYS } from './hooks';

/** Whether a notification tells of a request or a campaign (a change of status the lists show). */
export function isRequestNotification(notification: LiveNotification): boolean {
  return Boolean(notification.request_id || notification.endorsement_campaign_id);
}

/**
 * Whether a notification tells of the request a detail screen shows: `ref` is its route id (a
 * uuid, '@' and a paid id, or '@' and a campaign id), `requestId` its id once loaded.
 */
export function notificationConcerns(notification: LiveNotification, ref: string, requestId: string | null | undefined): boolean {
  const ids = [requestId, ref, ref.startsWith('@') ? ref.slice(1) : null].filter((id): id is string => Boolean(id));
  return [notification.request_id, notification.reference_id, notification.endorsement_campaign_id].some((id) => id !== null && ids.includes(id));
}

/**
 * The cached requests a live event makes stale: every list on a notification about any request
 * (its status moves it between tabs) and, on a detail screen (`ref` given), the request itself
 * when it is the one. The unread-count events change no request.
 */
export function staleRequestKeys(event: LiveEvent, ref?: string, requestId?: string | null): QueryKey[] {
  if (event.type !== 'notification' || !isRequestNotification(event.notification)) return [];
  const keys: QueryKey[] = [['requests', 'list']];
  if (ref && notificationConcerns(event.notification, ref, requestId)) keys.push(REQUEST_KEYS.one(ref));
  return keys;
}

/** Reads requests again when the shell's stream says they changed (see staleRequestKeys). */
export function useLiveRequestRefresh(ref?: string, requestId?: string | null): void {
  const { events } = useShell();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      events.subscribe((event) => {
        for (const queryKey of staleRequestKeys(event, ref, requestId)) void queryClient.invalidateQueries({ queryKey });
      }),
    [events, queryClient, ref, requestId],
  );
}
