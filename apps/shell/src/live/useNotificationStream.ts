import { useEffect } from 'react';
import { canAccess, type LiveEvent, type RoleCode } from '@huddle/domain';

/**
 * Whether a session of this role holds the notification stream: the roles that may open
 * /notifications (spec §2: fans, athletes, businesses); guests and signed-out visitors never do (spec §4).
 */
export function holdsNotificationStream(role: RoleCode | null): boolean {
  return role !== null && canAccess('/notifications', role);
}

export interface NotificationStreamProps {
  apiBase: string;
  role: RoleCode | null;
  /** The signed-in account; the stream is reopened for another account. */
  accountId: string | null;
  onEvent: (event: LiveEvent) => void;
  /** The count to show while no stream is held (signed out, another account loading). */
  onReset: () => void;
  /** The server refused the stream: check the session (one that ended signs out). */
  onRefused?: () => void;
}

/**
 * Holds the tab's one notification stream while a fan, athlete or business is signed in. The
 * stream's code is fetched on the first signed-in session only, so a guest's first screen does
 * not carry it.
 */
export function useNotificationStream({ apiBase, role, accountId, onEvent, onReset, onRefused }: NotificationStreamProps): void {
  const holds = holdsNotificationStream(role) && accountId !== null;
  useEffect(() => {
    if (!holds) return undefined;
    let stream: { close: () => void } | null = null;
    let live = true;
    import(/* webpackChunkName: "notification-stream" */ './notification-stream')
      .then(({ openNotificationStream }) => {
        if (live) stream = openNotificationStream({ apiBase, onEvent, onRefused });
      })
      .catch((error: unknown) => console.error('The notification stream could not be loaded', error));
    return () => {
      live = false;
      stream?.close();
      onReset();
    };
  }, [holds, accountId, apiBase, onEvent, onReset, onRefused]);
}
