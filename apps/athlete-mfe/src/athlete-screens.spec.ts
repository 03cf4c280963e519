import { routesOfRemote } from '@huddle/domain';
import { AthleteRequestScreen, RequestsScreen } from '@huddle/requests';
import { ATHLETE_SCREENS } from './athlete-screens';

describe('athlete remote routes', () => {
  it('draws exactly the routes the domain gives athletes', () => {
    expect(Object.keys(ATHLETE_SCREENS).sort()).toEqual(routesOfRemote('athlete').sort());
  });

  it('has the locker room and the athlete settings but no booking form', () => {
    for (const path of ['/locker-room', '/settings/links', '/settings/survey', '/settings/services', '/settings/payouts', '/signup']) {
      expect(ATHLETE_SCREENS).toHaveProperty([path]);
    }
    expect(ATHLETE_SCREENS).not.toHaveProperty(['/request-form/:id/:type']);
    expect(ATHLETE_SCREENS).not.toHaveProperty(['/stats']);
  });

  it('shows the shared request list and the detail with the athlete’s action panel', () => {
    expect(ATHLETE_SCREENS['/requests']).toBe(RequestsScreen);
    expect(ATHLETE_SCREENS['/request/:id']).toBe(AthleteRequestScreen);
  });
});
