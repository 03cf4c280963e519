/**
 * @jest-environment jsdom
 */
/// <reference types="node" />
import { runInThisContext } from 'node:vm';
import { act } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { LiveEvent } from '@huddle/domain';
import { ShellContextProvider } from '@huddle/ui';
import { domRoot, testShell } from '@huddle/ui/testing';
import { createLiveEventHub, SHELL_CONTRACT_VERSION } from '@huddle/ui/shell-contract';
import { browserTimeZone, useCountersPart, useLiveNotificationRefresh, type RequestCounters } from './counters';

// jsdom has no fetch: the API client's Request and Response are Node's own (its main context's).
const nodeFetch = runInThisContext('({ Request, Response, Headers })') as Pick<typeof globalThis, 'Request' | 'Response' | 'Headers'>;
Object.assign(globalThis, nodeFetch);

const KEY = ['locker-room'] as const;
const ok = { status_response: { status: 200, response_message: 'OK', response_internal_code: 0 } };
const counts = { pending: 1, accepted: 2, canceled: 0, pending_review: 0, finished: 3, in_progress: 0 };

describe("a role's part of the request counters", () => {
  const realFetch = globalThis.fetch;
  let urls: string[] = [];
  let body: unknown = {};
  let dom: ReturnType<typeof domRoot>;

  beforeEach(() => {
    urls = [];
    globalThis.fetch = (async (input: RequestInfo | URL) => {
      urls.push(input instanceof Request ? input.url : String(input));
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }) as typeof fetch;
    dom = domRoot();
  });
  afterEach(() => {
    dom.close();
    globalThis.fetch = realFetch;
  });

  /** Renders a screen that reads `pick` of the counters and reads them again on notifications; returns what it showed. */
  function show(pick: (counters: RequestCounters) => unknown) {
    const events = createLiveEventHub();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    function Screen() {
      const part = useCountersPart(KEY, pick, 'The locker room is for athletes');
      useLiveNotificationRefresh(KEY);
      return <p>{part.isError ? `error: ${part.error.message}` : part.data ? `data: ${JSON.stringify(part.data)}` : 'loading'}</p>;
    }
    dom.render(
      <QueryClientProvider client={client}>
        <ShellContextProvider value={testShell({ apiBase: 'http://api.test', events })} requires={SHELL_CONTRACT_VERSION}>
          <Screen />
        </ShellContextProvider>
      </QueryClientProvider>,
    );
    return { events, client, text: () => dom.host.textContent };
  }

  /** Lets the fetches and renders run until `done` holds (a loaded machine may take a while), at most 2 s (under Jest's 5 s). */
  async function until(done: () => boolean): Promise<void> {
    for (let waited = 0; !done(); waited += 10) {
      if (waited > 2000) throw new Error(`Still waiting; the screen shows: ${dom.host.textContent}`);
      await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
    }
  }
  /** Gives events time to cause a fetch they should not (nothing to wait for). */
  const pause = () => act(async () => new Promise((resolve) => setTimeout(resolve, 50)));

  it("asks in the browser's zone, caches under the key and the zone, and shows the role's part", async () => {
    body = { ...ok, counters: { ...counts, locker_room: { total_earnings_cents: 1200 } } };
    const screen = show((counters) => counters.locker_room);
    await until(() => screen.text() !== 'loading');
    expect(urls).toEqual([`http://api.test/booking/request/counters?tz=${encodeURIComponent(browserTimeZone())}`]);
    expect(screen.text()).toBe('data: {"total_earnings_cents":1200}');
    expect(screen.client.getQueryData([...KEY, browserTimeZone()])).toEqual({ total_earnings_cents: 1200 });
  });

  it("is an error with the caller's message when the answer has no such part (another role)", async () => {
    body = { ...ok, counters: counts };
    const screen = show((counters) => counters.locker_room);
    await until(() => screen.text() !== 'loading');
    expect(screen.text()).toBe('error: The locker room is for athletes');
  });

  it('reads the part again on a notification, not on an unread count or a call signal', async () => {
    body = { ...ok, counters: { ...counts, locker_room: { total_earnings_cents: 1200 } } };
    const screen = show((counters) => counters.locker_room);
    await until(() => screen.text() !== 'loading');
    expect(urls).toHaveLength(1);
    const publish = (event: LiveEvent) => act(() => screen.events.publish(event));
    publish({ type: 'unread', unread_count: 4 });
    publish({ type: 'signal', signal: { id: 1, request_id: 'r1', from: 'u1', kind: 'offer', data: '{}' } });
    await pause();
    expect(urls).toHaveLength(1);
    body = { ...ok, counters: { ...counts, locker_room: { total_earnings_cents: 5000 } } };
    publish({
      type: 'notification',
      notification: {
        id: 'n1',
        seq: 1,
        data: { title: 'Request accepted', text: 'Jordan accepted your shoutout.', link: '/request/r1' },
        is_read: false,
        user_id: 'u1',
        reference_id: 'r1',
        request_id: 'r1',
        request_type: 'shoutout',
        endorsement_campaign_id: null,
        created_at: 1772625600,
        updated_at: 1772625600,
      },
      unread_count: 5,
    });
    await until(() => screen.text() === 'data: {"total_earnings_cents":5000}');
    expect(urls).toHaveLength(2);
  });
});
