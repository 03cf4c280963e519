import { apiErrorFromReply, isAbortError, networkError } from '@huddle/api-client';
import type { LiveNotification } from '@huddle/domain';

/** GET /user/notifications/list: a page of the member's notifications, newest first. */
export interface NotificationPage {
  notifications: LiveNotification[];
  unread_count: number;
  total: number;
  page: number;
  page_size: number;
}

/** What set_read and delete answer: the unread count after the change. */
export interface UnreadAnswer {
  unread_count: number;
}

/** The list's page size; the loader shows as many placeholders (spec §9, skeleton 20). */
export const NOTIFICATIONS_PAGE_SIZE = 20;

function isJson(response: Response): boolean {
  return /\bjson\b/i.test(response.headers.get('Content-Type') ?? '');
}

/** The ids as spec §7 sends them: a url-encoded form whose `ids` is a JSON array. */
function idsForm(ids: readonly string[]): URLSearchParams {
  return new URLSearchParams({ ids: JSON.stringify(ids) });
}

/**
 * The notification calls of spec §7, in the spec's encoding (ids as a JSON array in a form field,
 * which the typed client does not send). Their shapes are libs/domain's LiveNotification, which the
 * API's NotificationDto implements, so the two cannot drift apart. Failures follow the typed
 * client's rules (spec §8): the envelope's code and message, a reply that is not JSON as its status
 * and text, no reply as -1.
 */
export function notificationsApi(apiBase: string, fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init)) {
  const base = apiBase.replace(/\/+$/, '');

  async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
    let response: Response;
    try {
      response = await fetchImpl(`${base}${path}`, { credentials: 'include', ...init });
    } catch (thrown) {
      if (isAbortError(thrown)) throw thrown;
      throw networkError();
    }
    if (!isJson(response)) throw apiErrorFromReply(response.status, await response.text());
    let body: unknown;
    try {
      body = await response.json();
    } catch (thrown) {
      if (isAbortError(thrown)) throw thrown;
      throw apiErrorFromReply(response.status, undefined);
    }
    if (!response.ok) throw apiErrorFromReply(response.status, body);
    return body as T;
  }

  return {
    apiBase,
    list: (page: number, signal?: AbortSignal) =>
      call<NotificationPage>(`/user/notifications/list?page=${page}&page_size=${NOTIFICATIONS_PAGE_SIZE}`, { signal }),
    setRead: (ids: readonly string[]) => call<UnreadAnswer>('/user/notifications/set_read', { method: 'PUT', body: idsForm(ids) }),
    /** 'Mark all read': every notification, those not loaded yet too. */
    setAllRead: () => call<UnreadAnswer>('/user/notifications/set_all_read', { method: 'PUT' }),
    remove: (ids: readonly string[]) => call<UnreadAnswer>('/user/notifications/delete', { method: 'DELETE', body: idsForm(ids) }),
  };
}

export type NotificationsApi = ReturnType<typeof notificationsApi>;
