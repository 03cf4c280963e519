import { testShell } from '@huddle/ui/testing';
import { isNotFound, loadCampaign, loadRequest } from '../api/hooks';
import { requestsApi, type RequestView } from '../api/requests-api';
import { CampaignAthletes } from '../campaign/CampaignParts';
import { AdminActionPanel, canMarkPayoutPaid } from './AdminActionPanel';
import { requestTitle } from './RequestDetailScreen';
import { RequestSummary } from './RequestSummary';
import { videoTitle } from './RequestVideo';
import { renderInShell, testRequest } from './spec-support';

const admin = testShell({ role: 4 });

function asAdmin(changes: Partial<RequestView> = {}): RequestView {
  return testRequest({ viewer: 'admin', type: 'shoutout', ...changes });
}

function payment(payout_status: 'unpaid' | 'paid'): RequestView['payment'] {
  return { amount: 100, athlete_id: 'a1', athlete_name: 'Jordan Miles', sender: 'f1', sender_name: 'Riley Parker', payout_status } as RequestView['payment'];
}

describe('/manage/request/{id} for the administrator (issue 22)', () => {
  it('links both parties to their console page, never to a public profile', () => {
    const html = renderInShell(<RequestSummary request={asAdmin()} />, admin);
    expect(html).toContain('href="/manage/user/a1"');
    expect(html).toContain('href="/manage/user/f1"');
    expect(html).not.toContain('href="/@jordan"');
    // The parties themselves still see the athlete's public page.
    expect(renderInShell(<RequestSummary request={testRequest({ type: 'shoutout' })} />, testShell({ role: 1 }))).toContain('href="/@jordan"');
  });

  it('titles the page and the video after the request, not "Your shoutout"', () => {
    expect(requestTitle(asAdmin())).toBe('Video shoutout request');
    expect(videoTitle(asAdmin())).toBe('The delivered shoutout');
    expect(videoTitle(testRequest({ type: 'shoutout', viewer: 'requester' }))).toBe('Your shoutout');
    expect(requestTitle(testRequest({ type: 'shoutout', viewer: 'requester' }))).toBe('Video shoutout');
  });

  it('offers Mark payout paid only on a finished, paid request whose share is unpaid', () => {
    expect(canMarkPayoutPaid(asAdmin({ status: 5, payment: payment('unpaid') }))).toBe(true);
    expect(canMarkPayoutPaid(asAdmin({ status: 5, payment: payment('paid') }))).toBe(false);
    expect(canMarkPayoutPaid(asAdmin({ status: 2, payment: payment('unpaid') }))).toBe(false);
    expect(canMarkPayoutPaid(asAdmin({ status: 5, paid: false, payment: payment('unpaid') }))).toBe(false);
    const html = renderInShell(<AdminActionPanel request={asAdmin({ status: 5, payment: payment('unpaid') })} onChange={() => undefined} />, admin);
    expect(html).toContain('Mark payout paid');
  });

  it("shows the requester's flag and Cancel request", () => {
    const html = renderInShell(<AdminActionPanel request={asAdmin({ status: 4, flagged: true, available_actions: ['admin_cancel', 'admin_approve'] })} onChange={() => undefined} />, admin);
    expect(html).toContain('Flagged by the requester');
    expect(html).toContain('Cancel request');
    expect(html).toContain('Approve video');
  });
});

describe('/manage/request/@{campaign} for the administrator', () => {
  const entry = (status: 1 | 2 | 3, id: string) => ({
    id,
    status,
    request_amount: 100,
    created_at: 1772625600,
    updated_at: 1772625600,
    expiration_time: null,
    athlete: { id: `athlete-${id}`, first_name: 'Sam', last_name: id, username: `sam${id}`, profile_photo: null, business_name: null },
    has_video: false,
    refunded: status === 3,
  });

  it("links every athlete to their console page and every request, whatever its status", () => {
    const html = renderInShell(<CampaignAthletes entries={[entry(1, 'r1'), entry(3, 'r3')]} apiBase="/api/v1" requestPath={(id) => `/manage/request/${id}`} admin />, admin);
    expect(html).toContain('href="/manage/user/athlete-r1"');
    expect(html).toContain('href="/manage/request/r1"');
    expect(html).toContain('href="/manage/request/r3"');
    expect(html).not.toContain('href="/@samr1"');
  });
});

describe('the console reads requests on its own route (issue 22)', () => {
  const id = '0b5e3c1a-8a57-4f1e-9d43-2f0f8c7e9a10';
  const campaignId = '7c1d2e3f-4a5b-4c6d-8e7f-901234567890';
  const realFetch = globalThis.fetch;
  let urls: string[] = [];

  function answer(body: unknown, status = 200): void {
    globalThis.fetch = (async (input: RequestInfo | URL) => {
      urls.push(input instanceof Request ? input.url : String(input));
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }) as typeof fetch;
  }
  const ok = { status_response: { response_code: 200, response_message: 'OK', response_internal_code: 0 } };

  beforeEach(() => {
    urls = [];
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it("loads the administrator's request through GET /admin/requests/by-id, a party's through GET /booking/request", async () => {
    const api = requestsApi('http://api.test');
    answer({ ...ok, request: asAdmin({ id }) });
    await expect(loadRequest(api, id, true)).resolves.toMatchObject({ id, viewer: 'admin' });
    expect(urls).toEqual([`http://api.test/admin/requests/by-id?id=${id}`]);
    urls = [];
    answer({ ...ok, request: testRequest({ id }) });
    await loadRequest(api, id, false);
    expect(urls).toEqual([`http://api.test/booking/request?id=${id}`]);
  });

  it("loads the administrator's campaign as '@{id}' on the same route", async () => {
    const api = requestsApi('http://api.test');
    answer({ ...ok, campaign: { id: campaignId } });
    await expect(loadCampaign(api, campaignId, true)).resolves.toMatchObject({ id: campaignId });
    expect(urls).toEqual([`http://api.test/admin/requests/by-id?id=%40${campaignId}`]);
    urls = [];
    await loadCampaign(api, campaignId, false);
    expect(urls[0]).toContain('/booking/request/campaign?endorsement_campaign=');
  });

  it("shows the console's 'Request not found' as not found", async () => {
    answer({ status_response: { response_code: 404, response_message: 'Request not found', response_internal_code: 1404 } }, 404);
    const failure = await loadRequest(requestsApi('http://api.test'), id, true).catch((error: unknown) => error);
    expect(isNotFound(failure)).toBe(true);
  });
});
