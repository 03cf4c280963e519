import { useEffect, useState } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { toApiError } from '@huddle/api-client';
import { useShell, useShellApi, useToast } from '@huddle/ui';
import { notificationsApi, type NotificationsApi, type UnreadAnswer } from './notifications-api';
import {
  cachedUnreadCount,
  nextNotificationPage,
  withNotificationAdded,
  withRead,
  withRemoved,
  type NotificationPages,
} from './notification-pages';

export const NOTIFICATION_KEYS = {
  list: ['notifications', 'list'] as const,
};

export function useNotificationsApi(): NotificationsApi {
  return useShellApi(notificationsApi);
}

/** The member's notifications, newest first, page after page ('Load more'). */
export function useNotificationList() {
  const api = useNotificationsApi();
  return useInfiniteQuery({
    queryKey: NOTIFICATION_KEYS.list,
    queryFn: ({ pageParam, signal }) => api.list(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextNotificationPage,
  });
}

/**
 * Keeps the list in step with the shell's stream: a new notification goes on top at once; a
 * changed unread count the list does not know of (read or deleted in another tab) reads it again.
 */
export function useLiveNotifications(): void {
  const { events } = useShell();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      events.subscribe((event) => {
        // A video chat's signal is for the chat screen alone.
        if (event.type === 'signal') return;
        const data = queryClient.getQueryData<NotificationPages>(NOTIFICATION_KEYS.list);
        if (event.type === 'notification') {
          if (data) queryClient.setQueryData<NotificationPages>(NOTIFICATION_KEYS.list, withNotificationAdded(data, event.notification, event.unread_count));
          else void queryClient.invalidateQueries({ queryKey: NOTIFICATION_KEYS.list });
          return;
        }
        if (data && cachedUnreadCount(data) !== event.unread_count) void queryClient.invalidateQueries({ queryKey: NOTIFICATION_KEYS.list });
      }),
    [events, queryClient],
  );
}

/** After set_read or delete: the badge takes the answer's count; a failure is shown and the list read again. */
function useNotificationChange(change: (data: NotificationPages, ids: readonly string[], answer: UnreadAnswer) => NotificationPages) {
  const queryClient = useQueryClient();
  const { setUnread } = useShell();
  const toast = useToast();
  const update = (ids: readonly string[], answer: UnreadAnswer) => {
    setUnread(answer.unread_count);
    const data = queryClient.getQueryData<NotificationPages>(NOTIFICATION_KEYS.list);
    if (data) queryClient.setQueryData<NotificationPages>(NOTIFICATION_KEYS.list, change(data, ids, answer));
  };
  const fail = (error: unknown) => {
    toast.show(toApiError(error).message, 'error');
    void queryClient.invalidateQueries({ queryKey: NOTIFICATION_KEYS.list });
  };
  return { queryClient, update, fail };
}

/** PUT set_read; the list shows the notifications read at once (a click must not wait for the API). */
export function useMarkRead() {
  const api = useNotificationsApi();
  const { queryClient, update, fail } = useNotificationChange((data, ids, answer) => withRead(data, ids, answer.unread_count));
  return useMutation({
    mutationFn: (ids: readonly string[]) => api.setRead(ids),
    onMutate: (ids) => {
      const data = queryClient.getQueryData<NotificationPages>(NOTIFICATION_KEYS.list);
      if (data) queryClient.setQueryData<NotificationPages>(NOTIFICATION_KEYS.list, withRead(data, ids));
    },
    onSuccess: (answer, ids) => update(ids, answer),
    onError: fail,
  });
}

/**
 * PUT set_all_read ('Mark all read'): every notification is read, those beyond the loaded pages
 * too, so the badge reaches 0; `loaded` (the unread ones on screen) show read at once.
 */
export function useMarkAllRead() {
  const api = useNotificationsApi();
  const { queryClient, update, fail } = useNotificationChange((data, ids, answer) => withRead(data, ids, answer.unread_count));
  return useMutation({
    mutationFn: (_loaded: readonly string[]) => api.setAllRead(),
    onMutate: (loaded) => {
      const data = queryClient.getQueryData<NotificationPages>(NOTIFICATION_KEYS.list);
      if (data) queryClient.setQueryData<NotificationPages>(NOTIFICATION_KEYS.list, withRead(data, loaded));
    },
    onSuccess: (answer, loaded) => update(loaded, answer),
    onError: fail,
  });
}

/** DELETE delete; the list drops the notifications once the API has. */
export function useDeleteNotifications() {
  const api = useNotificationsApi();
  const { update, fail } = useNotificationChange((data, ids, answer) => withRemoved(data, ids, answer.unread_count));
  return useMutation({
    mutationFn: (ids: readonly string[]) => api.remove(ids),
    onSuccess: (answer, ids) => update(ids, answer),
    onError: fail,
  });
}

/** The viewer's clock in unix seconds, moving every `everyMs` so relative times ('5 minutes ago') stay true. */
export function useNowSeconds(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now() / 1000);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now() / 1000), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
