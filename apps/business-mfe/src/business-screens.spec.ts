import { routesOfRemote } from '@huddle/domain';
import { CampaignFormScreen } from '@huddle/booking/campaign';
import { RequesterRequestScreen, RequestsScreen } from '@huddle/requests';
import { BUSINESS_SCREENS } from './business-screens';

describe('business remote routes', () => {
  it('draws exactly the routes the domain gives businesses', () => {
    expect(Object.keys(BUSINESS_SCREENS).sort()).toEqual(routesOfRemote('business').sort());
  });

  it('adds statistics and campaign creation to the requester screens', () => {
    expect(BUSINESS_SCREENS).toHaveProperty(['/stats']);
    expect(BUSINESS_SCREENS['/request-form/b/endorsement_campaign']).toBe(CampaignFormScreen);
    expect(BUSINESS_SCREENS).toHaveProperty(['/request-form/:id/:type']);
    expect(BUSINESS_SCREENS).not.toHaveProperty(['/locker-room']);
  });

  it('shows the shared request list and the detail with the requester’s action panel', () => {
    expect(BUSINESS_SCREENS['/requests']).toBe(RequestsScreen);
    expect(BUSINESS_SCREENS['/request/:id']).toBe(RequesterRequestScreen);
  });
});
