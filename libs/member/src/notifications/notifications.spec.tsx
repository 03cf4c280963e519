import { renderToStaticMarkup } from 'react-dom/server';
import { ApiError } from '@huddle/api-client';
import { NETWORK_ERROR_CODE, type LiveNotification } from '@huddle/domain';
import { NotificationItem } from './NotificationItem';
import {
  cachedUnreadCount,
  loadedNotifications,
  nextNotificationPage,
  notificationClick,
  withNotificationAdded,
  withRead,
  withRemoved,
  type NotificationPages,
} from './notification-pages';
import { notificationsApi, type NotificationPage } from './notifications-api';

const NOW = 1772625600;

function note(seq: number, changes: Partial<LiveNotification> = {}): LiveNotification {
  return {
    id: `n${seq}`,
    seq,
    data: { title: `Title ${seq}`, text: `Text ${seq}`, link: `/request/r${seq}` },
    is_read: false,
    user_id: 'u1',
    reference_id: `r${seq}`,
    request_id: `r${seq}`,
    request_type: 'shoutout',
    endorsement_campaign_id: null,
    created_at: NOW - 300,
    updated_at: NOW - 300,
    ...changes,
  };
}

function page(number: number, notifications: LiveNotification[], total: number, unread = 2): NotificationPage {
  return { notifications, unread_count: unread, total, page: number, page_size: 2 };
}

function pages(...list: NotificationPage[]): NotificationPages {
  return { pages: list, pageParams: list.map((each) => each.page) };
}

const keys = { altKey: false, ctrlKey: false, metaKey: false, shiftKey: false };

describe('a click on a notification (spec §2)', () => {
  it('marks it read and opens its request', () => {
    expect(notificationClick(note(1), keys)).toEqual({ markRead: true, navigateTo: '/request/r1', preventDefault: true });
  });

  it('only marks it read on Alt-click, and keeps the browser from following the link', () => {
    expect(notificationClick(note(1), { ...keys, altKey: true })).toEqual({ markRead: true, navigateTo: null, preventDefault: true });
  });

  it('sends nothing for one already read, and still opens it', () => {
    expect(notificationClick(note(1, { is_read: true }), keys)).toEqual({ markRead: false, navigateTo: '/request/r1', preventDefault: true });
    expect(notificationClick(note(1, { is_read: true }), { ...keys, altKey: true }).markRead).toBe(false);
  });

  it('leaves a Ctrl, Cmd or Shift click to the browser (new tab or window), marking it read', () => {
    for (const modifier of ['ctrlKey', 'metaKey', 'shiftKey'] as const) {
      expect(notificationClick(note(1), { ...keys, [modifier]: true })).toEqual({ markRead: true, navigateTo: null, preventDefault: false });
    }
  });

  it('only marks read a notification that opens nothing', () => {
    const plain = note(1, { data: { title: 'Welcome', text: 'Hello', link: null } });
    expect(notificationClick(plain, keys)).toEqual({ markRead: true, navigateTo: null, preventDefault: true });
  });
});

describe('the cached list', () => {
  const loaded = pages(page(1, [note(4), note(3)], 4), page(2, [note(2), note(1, { is_read: true })], 4));

  it('reads the next page while the list has more', () => {
    expect(nextNotificationPage(page(1, [], 4))).toBe(2);
    expect(nextNotificationPage(page(2, [], 4))).toBeUndefined();
    expect(nextNotificationPage(page(1, [], 0))).toBeUndefined();
  });

  it('puts a live notification on top, once', () => {
    const added = withNotificationAdded(loaded, note(5), 3);
    expect(loadedNotifications(added).map((each) => each.id)).toEqual(['n5', 'n4', 'n3', 'n2', 'n1']);
    expect(cachedUnreadCount(added)).toBe(3);
    expect(added.pages[0].total).toBe(5);
    expect(withNotificationAdded(added, note(5), 3)).toEqual(added);
  });

  it('shows each notification once when a later page repeats one the live update shifted', () => {
    const shifted = pages(page(1, [note(5), note(4)], 5), page(2, [note(4), note(3)], 5));
    expect(loadedNotifications(shifted).map((each) => each.id)).toEqual(['n5', 'n4', 'n3']);
  });

  it('marks notifications read, with the count the API answered', () => {
    const read = withRead(loaded, ['n4', 'n2'], 1);
    expect(loadedNotifications(read).map((each) => each.is_read)).toEqual([true, false, true, true]);
    expect(cachedUnreadCount(read)).toBe(1);
    expect(cachedUnreadCount(withRead(loaded, ['n3']))).toBe(2);
  });

  it('drops deleted notifications', () => {
    const left = withRemoved(loaded, ['n3', 'n1'], 2);
    expect(loadedNotifications(left).map((each) => each.id)).toEqual(['n4', 'n2']);
    expect(left.pages[0].total).toBe(2);
  });
});

describe('NotificationItem', () => {
  const render = (notification: LiveNotification) =>
    renderToStaticMarkup(
      <ul>
        <NotificationItem notification={notification} now={NOW} onMarkRead={jest.fn()} onOpen={jest.fn()} onDelete={jest.fn()} />
      </ul>,
    );

  it('links to the request, says it is unread, and shows when it came', () => {
    const html = render(note(1));
    expect(html).toContain('href="/request/r1"');
    expect(html).toContain('mb-note--unread');
    expect(html).toContain('Unread: ');
    expect(html).toContain('Title 1');
    expect(html).toContain('Text 1');
    expect(html).toContain('5 minutes ago');
    expect(html).toContain('aria-label="Delete notification: Title 1"');
  });

  it('is a button when it opens nothing, and plain once read', () => {
    const html = render(note(1, { is_read: true, data: { title: 'Welcome', text: 'Hello', link: null } }));
    expect(html).not.toContain('href=');
    expect(html).toContain('<button type="button" class="mb-note__open">');
    expect(html).not.toContain('mb-note--unread');
    expect(html).not.toContain('Unread: ');
  });
});

describe('notificationsApi', () => {
  function reply(status: number, body: unknown, type = 'application/json') {
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'Content-Type': type } });
  }

  it('reads a page of the list with the page size of the loader', async () => {
    const fetch = jest.fn(async () => reply(200, { ...page(1, [note(1)], 1), status_response: { status: 200 } }));
    const api = notificationsApi('/api/v1/', fetch);
    const answer = await api.list(1);
    expect(answer.notifications.map((each) => each.id)).toEqual(['n1']);
    expect(fetch).toHaveBeenCalledWith('/api/v1/user/notifications/list?page=1&page_size=20', expect.objectContaining({ credentials: 'include' }));
  });

  it('sends ids as a url-encoded form holding a JSON array (spec §7)', async () => {
    const fetch = jest.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => reply(200, { unread_count: 0, status_response: { status: 200 } }));
    const api = notificationsApi('/api/v1', fetch);
    await expect(api.setRead(['n1', 'n2'])).resolves.toMatchObject({ unread_count: 0 });
    await api.remove(['n3']);
    const [readUrl, readInit] = fetch.mock.calls[0];
    expect(readUrl).toBe('/api/v1/user/notifications/set_read');
    expect(readInit?.method).toBe('PUT');
    expect(String(readInit?.body)).toBe(`ids=${encodeURIComponent('["n1","n2"]')}`);
    const [deleteUrl, deleteInit] = fetch.mock.calls[1];
    expect(deleteUrl).toBe('/api/v1/user/notifications/delete');
    expect(deleteInit?.method).toBe('DELETE');
    expect(String(deleteInit?.body)).toBe(`ids=${encodeURIComponent('["n3"]')}`);
  });

  it('fails as the typed client does (spec §8): envelope, non-JSON reply, no reply', async () => {
    const envelope = { status_response: { status: 401, response_message: 'Sign in', response_internal_code: 1401 } };
    await expect(notificationsApi('/api/v1', async () => reply(401, envelope)).list(1)).rejects.toMatchObject({ status: 401, code: 1401 });
    await expect(notificationsApi('/api/v1', async () => reply(502, 'Bad gateway', 'text/html')).list(1)).rejects.toMatchObject({
      code: 502,
      message: 'Bad gateway',
    });
    const offline = notificationsApi('/api/v1', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(offline.list(1)).rejects.toBeInstanceOf(ApiError);
    await expect(offline.list(1)).rejects.toMatchObject({ code: NETWORK_ERROR_CODE });
  });
});
