import { routesOfRemote } from '@huddle/domain';
import { ATHLETE_SCREENS } from './athlete-screens';

describe('athlete remote routes', () => {
  it('draws exactly the routes the domain gives athletes', () => {
    expect(Object.keys(ATHLETE_SCREENS).sort()).toEqual(routesOfRemote('athlete').sort());
  });

  it('has the locker room and the athlete settings but no booking form', () => {
    for (const path of ['/locker-room', '/settings/links', '/settings/survey', '/settings/services', '/signup']) {
      expect(ATHLETE_SCREENS).toHaveProperty([path]);
    }
    expect(ATHLETE_SCREENS).not.toHaveProperty(['/request-form/:id/:type']);
    expect(ATHLETE_SCREENS).not.toHaveProperty(['/stats']);
  });
});
