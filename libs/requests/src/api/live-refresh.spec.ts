import type { LiveEvent, LiveNotification } from '@huddle/domain';
import { REQUEST_KEYS } from './hooks';
import { staleRequestKeys } from './live-refresh';

const REQUEST = '0b5e3c1a-8a57-4f1e-9d43-2f0f8c7e9a10';
const OTHER = '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const CAMPAIGN = '3e4f5a6b-7c8d-4e9f-a0b1-c2d3e4f5a6b7';

function notificationAbout(ids: Partial<Pick<LiveNotification, 'request_id' | 'reference_id' | 'endorsement_campaign_id'>>): LiveEvent {
  return {
    type: 'notification',
    notification: {
      id: 'n1',
      seq: 1,
      data: { title: 'Request accepted', text: 'Jordan accepted your shoutout.', link: `/request/${REQUEST}` },
      is_read: false,
      user_id: 'u1',
      reference_id: null,
      request_id: null,
      request_type: 'shoutout',
      endorsement_campaign_id: null,
      created_at: 1772625600,
      updated_at: 1772625600,
      ...ids,
    },
    unread_count: 1,
  };
}

const LISTS = ['requests', 'list'];

describe('requests read again on live events', () => {
  it('reads every list again on a notification about any request', () => {
    expect(staleRequestKeys(notificationAbout({ request_id: REQUEST, reference_id: REQUEST }))).toEqual([LISTS]);
    expect(staleRequestKeys(notificationAbout({ endorsement_campaign_id: CAMPAIGN, reference_id: CAMPAIGN }))).toEqual([LISTS]);
  });

  it('reads nothing again for an unread count or a notification about no request', () => {
    expect(staleRequestKeys({ type: 'unread', unread_count: 3 }, REQUEST, REQUEST)).toEqual([]);
    expect(staleRequestKeys(notificationAbout({}), REQUEST, REQUEST)).toEqual([]);
  });

  it('reads the open request again when the notification is about it', () => {
    const about = notificationAbout({ request_id: REQUEST, reference_id: REQUEST });
    expect(staleRequestKeys(about, REQUEST, REQUEST)).toEqual([LISTS, REQUEST_KEYS.one(REQUEST)]);
    // Opened by its shareable link: the route names the paid id, the loaded request its id.
    expect(staleRequestKeys(about, '@pi_123', REQUEST)).toEqual([LISTS, REQUEST_KEYS.one('@pi_123')]);
    // Still loading: the route id is all there is to match.
    expect(staleRequestKeys(about, REQUEST, undefined)).toEqual([LISTS, REQUEST_KEYS.one(REQUEST)]);
  });

  it("reads a campaign's page again on a notification about the campaign", () => {
    const about = notificationAbout({ endorsement_campaign_id: CAMPAIGN, reference_id: CAMPAIGN });
    expect(staleRequestKeys(about, `@${CAMPAIGN}`, null)).toEqual([LISTS, REQUEST_KEYS.one(`@${CAMPAIGN}`)]);
  });

  it('leaves another request alone', () => {
    expect(staleRequestKeys(notificationAbout({ request_id: OTHER, reference_id: OTHER }), REQUEST, REQUEST)).toEqual([LISTS]);
  });
});
