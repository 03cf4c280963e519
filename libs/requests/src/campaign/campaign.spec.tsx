import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Router } from 'wouter';
import { ENDORSEMENT_DISCLOSURE, type LiveEvent, type RequestStatusCode } from '@huddle/domain';
import type { CampaignEntry, CampaignView } from '../api/requests-api';
import { REQUEST_KEYS } from '../api/hooks';
import { staleCampaignKeys } from '../api/live-refresh';
import { acceptCheck, DisclosureAcknowledgement } from '../detail/disclosure';
import { isCampaignEntry, requestItemParty } from '../request-people';
import { CampaignBanner, type CampaignBannerProps } from './CampaignBanner';
import { CampaignAthletes, CampaignSummary, hasViewButton } from './CampaignParts';

const CAMPAIGN = '3e4f5a6b-7c8d-4e9f-a0b1-c2d3e4f5a6b7';
const NOW = 1772625600;

function requestId(status: number): string {
  return `0b5e3c1a-8a57-4f1e-9d43-00000000000${status}`;
}

function entry(status: RequestStatusCode, changes: Partial<CampaignEntry> = {}): CampaignEntry {
  return {
    id: requestId(status),
    status,
    request_amount: 100,
    created_at: NOW,
    updated_at: NOW,
    expiration_time: null,
    athlete: { id: `a${status}`, first_name: 'Athlete', last_name: String(status), username: `athlete${status}`, profile_photo: null, business_name: null },
    has_video: status === 4 || status === 5,
    refunded: status === 3,
    ...changes,
  };
}

function campaign(changes: Partial<CampaignView> = {}): CampaignView {
  return {
    id: CAMPAIGN,
    type: 'endorsement_campaign',
    status: 2,
    order_number: 'C-1042',
    name: 'Spring launch',
    task: 'Post a reel about our new shoe',
    link: 'https://example.com/shoe',
    social_media_platform: 'instagram, tiktok',
    paid: true,
    created_at: NOW,
    updated_at: NOW,
    expiration_time: null,
    request_amount: 250,
    refunded_amount: 100,
    total_paid: 350,
    athletes_count: 3,
    available_actions: [],
    requests: [entry(2), entry(1), entry(3)],
    money: [],
    ...changes,
  };
}

/** Links resolve against a router; the server renderer has no browser location. */
function render(node: ReactNode): string {
  return renderToStaticMarkup(<Router ssrPath={`/request/@${CAMPAIGN}`}>{node}</Router>);
}

function banner(props: Partial<CampaignBannerProps> & { status: RequestStatusCode }): string {
  return render(<CampaignBanner paid canCancel={false} onCancel={() => undefined} {...props} />);
}

describe('the campaign banner (spec §4)', () => {
  it('offers Cancel Campaign while pending, when the API offers cancel', () => {
    const pending = banner({ status: 1, canCancel: true, timeLeft: '2d 4h' });
    expect(pending).toContain('Cancel Campaign');
    expect(pending).toContain('Waiting for the athletes to accept');
    expect(pending).toContain('2d 4h');
    expect(banner({ status: 1, canCancel: false })).not.toContain('Cancel Campaign');
  });

  it('asks to pay an unpaid campaign', () => {
    const unpaid = banner({ status: 1, paid: false, canCancel: true, onPay: () => undefined });
    expect(unpaid).toContain('Not paid yet');
    expect(unpaid).toContain('>Pay<');
    expect(banner({ status: 1, paid: false })).not.toContain('>Pay<');
  });

  it("says 'Campaign Canceled' when every request is canceled", () => {
    const canceled = banner({ status: 3 });
    expect(canceled).toContain('Campaign Canceled');
    expect(canceled).not.toContain('Cancel Campaign');
  });

  it('says the campaign finished', () => {
    expect(banner({ status: 5 })).toContain('Campaign finished');
  });

  it.each([2, 4, 6] as const)("says 'Awaiting Completion' at %i", (status) => {
    const html = banner({ status, canCancel: true });
    expect(html).toContain('Awaiting Completion');
    expect(html).not.toContain('Cancel Campaign');
  });
});

describe('the campaign athletes', () => {
  const statuses = [3, 2, 5, 1, 6, 4] as const;

  it('has View only for athletes at 4 (pending review) and 5 (finished), opening their request', () => {
    expect(statuses.filter(hasViewButton)).toEqual([5, 4]);
    const html = render(<CampaignAthletes entries={statuses.map((status) => entry(status))} apiBase="/api/v1" requestPath={(id) => `/request/${id}`} />);
    expect(html.match(/>View</g)).toHaveLength(2);
    expect(html).toContain(`href="/request/${requestId(4)}"`);
    expect(html).toContain(`href="/request/${requestId(5)}"`);
    expect(html).not.toContain(`href="/request/${requestId(1)}"`);
    // Each athlete with photo (initials here), name, status and amount; the refunded share marked.
    expect(html).toContain('Athlete 6');
    expect(html).toContain('In progress');
    expect(html).toContain('$100');
    expect(html).toContain('Refunded');
  });

  it("opens the console's request page for an administrator", () => {
    const html = render(<CampaignAthletes entries={[entry(4)]} apiBase="/api/v1" requestPath={(id) => `/manage/request/${id}`} />);
    expect(html).toContain(`href="/manage/request/${requestId(4)}"`);
  });

  it('shows an empty campaign as such', () => {
    expect(render(<CampaignAthletes entries={[]} apiBase="/api/v1" requestPath={(id) => id} />)).toContain('No athletes in this campaign');
  });
});

describe('the campaign summary', () => {
  it('shows the name, status, task, link, platforms and the sums without canceled shares', () => {
    const html = render(<CampaignSummary campaign={campaign()} />);
    for (const text of ['Spring launch', 'Accepted', 'Post a reel about our new shoe', 'href="https://example.com/shoe"', 'instagram, tiktok', '3 athletes']) {
      expect(html).toContain(text);
    }
    expect(html).toContain('Total paid');
    expect(html).toContain('$350');
    expect(html).toContain('−$100');
    expect(html).toContain('Committed to athletes');
    expect(html).toContain('$250');
  });

  it('never makes a link of a stored link that is not http(s)', () => {
    const html = render(<CampaignSummary campaign={campaign({ link: 'javascript:alert(1)' })} />);
    expect(html).not.toContain('href="javascript');
  });
});

describe('campaign entries in /requests', () => {
  const profile = { id: 'b1', first_name: 'Lee', last_name: 'Promotions', username: null, profile_photo: null, business_name: null };

  it("names a campaign by its athletes' count, and a request by its party", () => {
    expect(isCampaignEntry({ type: 'endorsement_campaign', athletes_count: 3 })).toBe(true);
    expect(requestItemParty({ type: 'endorsement_campaign', athletes_count: 3, profile })).toBe('3 athletes');
    expect(requestItemParty({ type: 'endorsement_campaign', athletes_count: 1, profile })).toBe('1 athlete');
    expect(isCampaignEntry({ type: 'endorsement', athletes_count: null })).toBe(false);
    expect(requestItemParty({ type: 'endorsement', athletes_count: null, profile })).toBe('Lee Promotions');
  });
});

describe('a campaign reads itself again on live events', () => {
  function about(ids: { request_id?: string | null; endorsement_campaign_id?: string | null }): LiveEvent {
    return {
      type: 'notification',
      notification: {
        id: 'n1',
        seq: 1,
        data: { title: 'Request accepted', text: 'Athlete 2 accepted.', link: null },
        is_read: false,
        user_id: 'u1',
        reference_id: ids.request_id ?? ids.endorsement_campaign_id ?? null,
        request_id: ids.request_id ?? null,
        request_type: 'endorsement',
        endorsement_campaign_id: ids.endorsement_campaign_id ?? null,
        created_at: NOW,
        updated_at: NOW,
      },
      unread_count: 1,
    };
  }
  const ids = [requestId(1), requestId(2)];

  it('on a notification about the campaign or one of its requests', () => {
    expect(staleCampaignKeys(about({ endorsement_campaign_id: CAMPAIGN }), CAMPAIGN, ids)).toContainEqual(REQUEST_KEYS.campaign(CAMPAIGN));
    expect(staleCampaignKeys(about({ request_id: requestId(2) }), CAMPAIGN, ids)).toContainEqual(REQUEST_KEYS.campaign(CAMPAIGN));
    expect(staleCampaignKeys(about({ request_id: requestId(9) }), CAMPAIGN, ids)).toEqual([['requests', 'list']]);
    // Not loaded yet: any request's news may be this campaign's.
    expect(staleCampaignKeys(about({ request_id: requestId(9) }), CAMPAIGN, null)).toContainEqual(REQUEST_KEYS.campaign(CAMPAIGN));
    expect(staleCampaignKeys({ type: 'unread', unread_count: 0 }, CAMPAIGN, ids)).toEqual([]);
  });
});

describe('the endorsement disclosure (FTC)', () => {
  it('blocks accepting an endorsement until the athlete acknowledges it', () => {
    expect(acceptCheck('endorsement', false)).toEqual({ ok: false, message: ENDORSEMENT_DISCLOSURE.required });
    expect(acceptCheck('endorsement', true)).toEqual({ ok: true, disclosureAcknowledged: true });
    expect(acceptCheck('shoutout', false)).toEqual({ ok: true, disclosureAcknowledged: false });
  });

  it('labels the checkbox with the acknowledgement and shows why Accept did not go on', () => {
    const unticked = renderToStaticMarkup(<DisclosureAcknowledgement checked={false} onChange={() => undefined} />);
    expect(unticked).toContain('type="checkbox"');
    expect(unticked).toContain(ENDORSEMENT_DISCLOSURE.acknowledge.replace(/'/g, '&#x27;'));
    expect(unticked).not.toContain('checked=""');
    const refused = renderToStaticMarkup(<DisclosureAcknowledgement checked={false} onChange={() => undefined} error={ENDORSEMENT_DISCLOSURE.required} />);
    expect(refused).toContain(ENDORSEMENT_DISCLOSURE.required);
    expect(refused).toContain('role="alert"');
  });
});
