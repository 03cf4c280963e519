import { adminCounters } from './admin-counters';

describe('adminCounters', () => {
  it('answers zeros for every key when nothing is counted', () => {
    expect(adminCounters({ accounts: [], requests: [], campaigns: 0 })).toEqual({
      users_by_type: { '1': 0, '2': 0, '3': 0, '4': 0 },
      uncompleted_profiles_by_type: { '1': 0, '2': 0, '3': 0 },
      requests_by_status: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0, '6': 0 },
      requests_total: 0,
      paid_pending_total: 0,
      paid_pending_by_request_type: { personal_appearance: 0, speaking_engagement: 0, training_session: 0, endorsement: 0, video_chat: 0, shoutout: 0, camp: 0 },
      requests_by_type: { personal_appearance: 0, speaking_engagement: 0, training_session: 0, endorsement: 0, video_chat: 0, shoutout: 0, camp: 0, endorsement_campaign: 0 },
    });
  });

  it('adds grouped counts up, pending money only of statuses 1, 2, 4 and 6, in dollars', () => {
    const counted = adminCounters({
      accounts: [
        { user_type: 1, users: 5, uncompleted: 2 },
        { user_type: 4, users: 1, uncompleted: 1 },
      ],
      requests: [
        { status: 1, type: 'shoutout', requests: 2, cents: 10050 },
        { status: 3, type: 'shoutout', requests: 1, cents: 9999 },
        { status: 5, type: 'camp', requests: 1, cents: 30000 },
        { status: 6, type: 'video_chat', requests: 3, cents: 30000 },
        { status: 4, type: 'endorsement', requests: 2, cents: 6500 },
      ],
      campaigns: 1,
    });
    expect(counted.users_by_type).toEqual({ '1': 5, '2': 0, '3': 0, '4': 1 });
    // The administrator has no incomplete profile to count.
    expect(counted.uncompleted_profiles_by_type).toEqual({ '1': 2, '2': 0, '3': 0 });
    expect(counted.requests_by_status).toEqual({ '1': 2, '2': 0, '3': 1, '4': 2, '5': 1, '6': 3 });
    expect(counted.requests_total).toBe(9);
    expect(counted.paid_pending_total).toBe(465.5);
    expect(counted.paid_pending_by_request_type).toMatchObject({ shoutout: 100.5, video_chat: 300, endorsement: 65, camp: 0 });
    expect(counted.requests_by_type).toMatchObject({ shoutout: 3, camp: 1, video_chat: 3, endorsement: 2, endorsement_campaign: 1 });
  });
});
