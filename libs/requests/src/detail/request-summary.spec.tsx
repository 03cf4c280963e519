import { testShell } from '@huddle/ui/testing';
import { renderInShell, testRequest } from './spec-support';
import type { ReactNode } from 'react';
import { ENDORSEMENT_DISCLOSURE } from '@huddle/domain';
import type { RequestView } from '../api/requests-api';
import { AthleteActionPanel } from './AthleteActionPanel';
import { RequestSummary } from './RequestSummary';

const NOW = 1772625600;
const CAMPAIGN = '3e4f5a6b-7c8d-4e9f-a0b1-c2d3e4f5a6b7';

const shell = testShell({ role: 3 });

function request(changes: Partial<RequestView> = {}): RequestView {
  return testRequest({
    requester: { id: 'b1', first_name: 'Lee', last_name: 'Promotions', username: null, profile_photo: null, business_name: null },
    name: 'Shoe reel',
    request_amount: 150,
    expiration_time: NOW + 3600,
    created_at: NOW,
    updated_at: NOW,
    details: { task: 'Post a reel', link: '' },
    ...changes,
  });
}

function render(node: ReactNode): string {
  return renderInShell(node, shell);
}

const REMINDER = ENDORSEMENT_DISCLOSURE.reminder.replace(/'/g, '&#x27;');

describe('an endorsement request’s summary', () => {
  it('reminds both sides to disclose the paid endorsement', () => {
    expect(render(<RequestSummary request={request()} />)).toContain(REMINDER);
    expect(render(<RequestSummary request={request({ viewer: 'athlete' })} />)).toContain(REMINDER);
    expect(render(<RequestSummary request={request({ type: 'shoutout', details: {} })} />)).not.toContain(REMINDER);
    expect(render(<RequestSummary request={request({ disclosure_acknowledged: true })} />)).toContain('acknowledged it when accepting');
  });

  it('links the business to the campaign the request belongs to, and not the athlete', () => {
    const inCampaign = { endorsement_campaign_id: CAMPAIGN, campaign_name: 'Spring launch' };
    const business = render(<RequestSummary request={request(inCampaign)} />);
    expect(business).toContain(`href="/request/@${CAMPAIGN}"`);
    expect(business).toContain('Part of campaign Spring launch');
    expect(render(<RequestSummary request={request({ ...inCampaign, viewer: 'athlete' })} />)).not.toContain('Part of campaign');
  });
});

describe("the athlete's Accept on an endorsement", () => {
  const ACKNOWLEDGE = ENDORSEMENT_DISCLOSURE.acknowledge.replace(/'/g, '&#x27;');
  const pending = { viewer: 'athlete' as const, available_actions: ['accept' as const, 'decline' as const] };

  it('asks for the disclosure acknowledgement beside Accept, unticked', () => {
    const html = render(<AthleteActionPanel request={request(pending)} onChange={() => undefined} />);
    expect(html).toContain(ACKNOWLEDGE);
    expect(html).toContain('type="checkbox"');
    expect(html).not.toContain('checked=""');
    expect(html).toContain('>Accept<');
  });

  it('asks nothing of other services', () => {
    const html = render(<AthleteActionPanel request={request({ ...pending, type: 'shoutout', details: {} })} onChange={() => undefined} />);
    expect(html).not.toContain(ACKNOWLEDGE);
    expect(html).toContain('>Accept<');
  });
});
