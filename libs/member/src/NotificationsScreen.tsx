import { useState } from 'react';
import { toApiError } from '@huddle/api-client';
import { MESSAGES, type LiveNotification } from '@huddle/domain';
import { Button, ConfirmDialog, EmptyView, ErrorView, Page, SkeletonList, useShell } from '@huddle/ui';
import { NotificationItem } from './notifications/NotificationItem';
import { cachedUnreadCount, loadedNotifications } from './notifications/notification-pages';
import {
  useDeleteNotifications,
  useLiveNotifications,
  useMarkAllRead,
  useMarkRead,
  useNotificationList,
  useNowSeconds,
} from './notifications/notification-hooks';
import './notifications/notifications.css';

/**
 * /notifications (spec §2): newest first, new ones on top as they arrive. A click marks a
 * notification read and opens its request or campaign; an Alt-click only marks it read.
 */
export function NotificationsScreen() {
  const { navigate } = useShell();
  const list = useNotificationList();
  useLiveNotifications();
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const remove = useDeleteNotifications();
  const now = useNowSeconds();
  const [deleting, setDeleting] = useState<LiveNotification | null>(null);

  const notifications = list.data ? loadedNotifications(list.data) : [];
  const unreadIds = notifications.filter((notification) => !notification.is_read).map((notification) => notification.id);
  // Unread ones may wait beyond the loaded pages: the list's count says so.
  const anyUnread = unreadIds.length > 0 || (list.data ? (cachedUnreadCount(list.data) ?? 0) > 0 : false);

  const body = () => {
    if (list.isPending) return <SkeletonList label="Loading notifications" />;
    if (list.isError) {
      return <ErrorView message={toApiError(list.error).message} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
    }
    if (notifications.length === 0) return <EmptyView icon="inbox" text={MESSAGES.noNotifications} />;
    return (
      <>
        <ul className="mb-notes" aria-label="Notifications">
          {notifications.map((notification) => (
            <NotificationItem
              key={notification.id}
              notification={notification}
              now={now}
              onMarkRead={(read) => markRead.mutate([read.id])}
              onOpen={(link) => navigate(link)}
              onDelete={setDeleting}
              deleting={remove.isPending && remove.variables?.includes(notification.id)}
            />
          ))}
        </ul>
        {list.hasNextPage && (
          <Button variant="secondary" block loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            Load more
          </Button>
        )}
      </>
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate([deleting.id], { onSettled: () => setDeleting(null) });
  };

  return (
    <Page
      title="Notifications"
      width="narrow"
      actions={
        anyUnread && (
          <Button variant="secondary" size="sm" onClick={() => markAllRead.mutate(unreadIds)}>
            Mark all read
          </Button>
        )
      }
    >
      {body()}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete notification"
        message={deleting ? `'${deleting.data.title}' will be removed from your notifications.` : ''}
        confirmLabel="Delete"
        tone="danger"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Page>
  );
}
