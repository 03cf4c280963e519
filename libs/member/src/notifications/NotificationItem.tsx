import type { MouseEvent } from 'react';
import type { LiveNotification } from '@huddle/domain';
import { formatNotificationTime } from '@huddle/domain/format';
import { cx, Icon } from '@huddle/ui';
import { notificationClick } from './notification-pages';

export interface NotificationItemProps {
  notification: LiveNotification;
  /** The viewer's clock (unix seconds), for the relative time. */
  now: number;
  onMarkRead: (notification: LiveNotification) => void;
  onOpen: (link: string) => void;
  onDelete: (notification: LiveNotification) => void;
  deleting?: boolean;
}

/**
 * One row of /notifications (spec §2's notification list item): the title, the text and when it
 * came; unread ones stand out. The row is a link to the request or campaign when it has one,
 * else a button that marks it read; Delete sits beside it.
 */
export function NotificationItem({ notification, now, onMarkRead, onOpen, onDelete, deleting = false }: NotificationItemProps) {
  const { data, is_read: read } = notification;
  const when = formatNotificationTime(notification.created_at, now);

  const click = (event: MouseEvent) => {
    const outcome = notificationClick(notification, event);
    if (outcome.preventDefault) event.preventDefault();
    if (outcome.markRead) onMarkRead(notification);
    if (outcome.navigateTo) onOpen(outcome.navigateTo);
  };
  // A middle click opens the link in a new tab: the notification counts as read.
  const auxClick = (event: MouseEvent) => {
    if (event.button === 1 && !read) onMarkRead(notification);
  };

  const content = (
    <>
      <span className="mb-note__dot" aria-hidden="true" />
      <span className="mb-note__main">
        {!read && <span className="hd-visually-hidden">Unread: </span>}
        <span className="mb-note__title">{data.title}</span>
        <span className="mb-note__text">{data.text}</span>
        {when && (
          <time className="mb-note__time" dateTime={new Date(notification.created_at * 1000).toISOString()}>
            {when}
          </time>
        )}
      </span>
    </>
  );

  return (
    <li className={cx('mb-note', !read && 'mb-note--unread')}>
      {data.link ? (
        <a href={data.link} className="mb-note__open" onClick={click} onAuxClick={auxClick}>
          {content}
        </a>
      ) : (
        <button type="button" className="mb-note__open" onClick={click}>
          {content}
        </button>
      )}
      <button
        type="button"
        className="hd-icon-button mb-note__delete"
        onClick={() => onDelete(notification)}
        disabled={deleting}
        aria-label={`Delete notification: ${data.title}`}
      >
        <Icon name="trash" size={18} />
      </button>
    </li>
  );
}
