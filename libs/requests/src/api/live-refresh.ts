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

/**
 * Whether a notification tells of a campaign a screen shows: about the campaign itself, or about
 * one of its athletes' requests (an acceptance, a decline, a delivery carries the request's id).
 * Before the campaign has loaded its requests are unknown, so any request notification counts.
 */
export function campaignNotificationConcerns(notification: LiveNotification, campaignId: string, requestIds: readonly string[] | null): boolean {
  if (notification.endorsement_campaign_id === campaignId || notification.reference_id === campaignId) return true;
  if (requestIds === null) return isRequestNotification(notification);
  return [notification.request_id, notification.reference_id].some((id) => id !== null && requestIds.includes(id));
}

/** The cached requests a live event makes stale on a campaign's screen: every list, and the campaign when it is concerned. */
export function staleCampaignKeys(event: LiveEvent, campaignId: string, requestIds: readonly string[] | null): QueryKey[] {
  if (event.type !== 'notification' || !isRequestNotification(event.notification)) return [];
  const keys: QueryKey[] = [['requests', 'list']];
  if (campaignNotificationConcerns(event.notification, campaignId, requestIds)) keys.push(REQUEST_KEYS.campaign(campaignId));
  return keys;
}

/** Reads a campaign again when the shell's stream tells of it or of one of its requests. */
export function useLiveCampaignRefresh(campaignId: string, requestIds: readonly string[] | null): void {
  const { events } = useShell();
  const queryClient = useQueryClient();
  // The ids as one string, so a re-read campaign with the same requests does not resubscribe.
  const idsKey = requestIds === null ? null : requestIds.join(',');
  useEffect(
    () =>
      events.subscribe((event) => {
        const ids = idsKey === null ? null : idsKey.split(',').filter(Boolean);
        for (const queryKey of staleCampaignKeys(event, campaignId, ids)) void queryClient.invalidateQueries({ queryKey });
      }),
    [events, queryClient, campaignId, idsKey],
  );
}
