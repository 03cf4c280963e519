import type { InfiniteData } from '@tanstack/react-query';
import type { LiveNotification } from '@huddle/domain';
import type { NotificationPage } from './notifications-api';

/** The cached list: the pages loaded so far ('Load more'), page numbers as the page params. */
export type NotificationPages = InfiniteData<NotificationPage, number>;

/** The page after `last`, while the list has more. */
export function nextNotificationPage(last: NotificationPage): number | undefined {
  return last.page * last.page_size < last.total ? last.page + 1 : undefined;
}

/**
 * The loaded notifications in order, each once: one that arrived live shifts the server's pages,
 * so the next page read may repeat the last one of the page before.
 */
export function loadedNotifications(data: { pages: readonly NotificationPage[] }): LiveNotification[] {
  const seen = new Set<string>();
  const all: LiveNotification[] = [];
  for (const page of data.pages) {
    for (const notification of page.notifications) {
      if (seen.has(notification.id)) continue;
      seen.add(notification.id);
      all.push(notification);
    }
  }
  return all;
}

/** The unread count the list last heard of (its first page carries it). */
export function cachedUnreadCount(data: { pages: readonly NotificationPage[] }): number | null {
  return data.pages[0]?.unread_count ?? null;
}

function mapPages(data: NotificationPages, change: (page: NotificationPage, index: number) => NotificationPage): NotificationPages {
  return { ...data, pages: data.pages.map(change) };
}

/** The list with a notification that arrived live on top (once, however often it arrives). */
export function withNotificationAdded(data: NotificationPages, notification: LiveNotification, unreadCount: number): NotificationPages {
  const known = data.pages.some((page) => page.notifications.some((each) => each.id === notification.id));
  return mapPages(data, (page, index) => ({
    ...page,
    unread_count: unreadCount,
    total: known ? page.total : page.total + 1,
    notifications: index === 0 && !known ? [notification, ...page.notifications] : page.notifications,
  }));
}

/** The list with these notifications read, and the unread count when an answer gave it. */
export function withRead(data: NotificationPages, ids: readonly string[], unreadCount?: number): NotificationPages {
  const read = new Set(ids);
  return mapPages(data, (page) => ({
    ...page,
    unread_count: unreadCount ?? page.unread_count,
    notifications: page.notifications.map((each) => (read.has(each.id) && !each.is_read ? { ...each, is_read: true } : each)),
  }));
}

/** The list without these notifications. */
export function withRemoved(data: NotificationPages, ids: readonly string[], unreadCount: number): NotificationPages {
  const removed = new Set(ids);
  const gone = loadedNotifications(data).filter((each) => removed.has(each.id)).length;
  return mapPages(data, (page) => ({
    ...page,
    unread_count: unreadCount,
    total: Math.max(0, page.total - gone),
    notifications: page.notifications.filter((each) => !removed.has(each.id)),
  }));
}

/** The keys a click on a notification is made with. */
export interface ClickModifiers {
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}

export interface NotificationClick {
  /** Send set_read: the notification is unread. */
  markRead: boolean;
  /** Where the app goes, or null: no link, Alt-click, or the browser opens the link itself. */
  navigateTo: string | null;
  /** Keep the browser's own handling of the click (Alt-click on a link downloads it in some browsers). */
  preventDefault: boolean;
}

/**
 * What a click on a notification does (spec §2): a click marks it read and opens its request or
 * campaign; an Alt-click only marks it read. Ctrl, Cmd or Shift leave the link to the browser (a
 * new tab or window) and still mark it read.
 */
export function notificationClick(notification: Pick<LiveNotification, 'is_read' | 'data'>, keys: ClickModifiers): NotificationClick {
  const markRead = !notification.is_read;
  const link = notification.data.link;
  if (keys.altKey) return { markRead, navigateTo: null, preventDefault: true };
  if (link && (keys.ctrlKey || keys.metaKey || keys.shiftKey)) return { markRead, navigateTo: null, preventDefault: false };
  return { markRead, navigateTo: link, preventDefault: true };
}
