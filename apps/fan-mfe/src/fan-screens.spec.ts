import { routesOfRemote } from '@huddle/domain';
import { RequesterRequestScreen, RequestsScreen } from '@huddle/requests';
import { FAN_SCREENS } from './fan-screens';

describe('fan remote routes', () => {
  it('draws exactly the routes the domain gives guests and fans', () => {
    expect(Object.keys(FAN_SCREENS).sort()).toEqual(routesOfRemote('fan').sort());
  });

  it('owns the spec’s fan routes, including booking and the setup wizard', () => {
    for (const path of ['/dashboard', '/@:id', '/p/@:id', '/request-form/:id/:type', '/signup']) {
      expect(FAN_SCREENS).toHaveProperty([path]);
    }
    expect(FAN_SCREENS).not.toHaveProperty(['/stats']);
    expect(FAN_SCREENS).not.toHaveProperty(['/locker-room']);
  });

  it('shows the shared request list and the detail with the requester’s action panel', () => {
    expect(FAN_SCREENS['/requests']).toBe(RequestsScreen);
    expect(FAN_SCREENS['/request/:id']).toBe(RequesterRequestScreen);
  });
});
