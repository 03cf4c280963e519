import { remoteForRole, routesOfRemote } from './remotes';
import { ALL_ROLE_CODES, baseUserType, isGuestToken, isIncomplete, roleCodeOf } from './roles';

describe('role codes', () => {
  it('maps sessions to role codes', () => {
    expect(roleCodeOf(null, false)).toBe(-1);
    expect(roleCodeOf(null, true)).toBe(0);
    expect(roleCodeOf({ user_type: 1, profile_completed: true }, false)).toBe(1);
    expect(roleCodeOf({ user_type: 2, profile_completed: false }, false)).toBe(12);
    expect(roleCodeOf({ user_type: 3, profile_completed: false }, true)).toBe(13);
    expect(roleCodeOf({ user_type: 4, profile_completed: false }, false)).toBe(4);
  });

  it('finds the base user type of incomplete codes', () => {
    expect(baseUserType(11)).toBe(1);
    expect(baseUserType(12)).toBe(2);
    expect(baseUserType(3)).toBe(3);
    expect(baseUserType(0)).toBeNull();
    expect(baseUserType(-1)).toBeNull();
    expect(ALL_ROLE_CODES.filter(isIncomplete)).toEqual([11, 12, 13]);
  });

  it('recognises guest tokens by their marker', () => {
    expect(isGuestToken('guest:abc')).toBe(true);
    expect(isGuestToken('abc')).toBe(false);
    expect(isGuestToken(null)).toBe(false);
  });

  it('loads exactly one remote per role, none when signed out', () => {
    expect(ALL_ROLE_CODES.map((r) => [r, remoteForRole(r)])).toEqual([
      [-1, null],
      [0, 'fan'],
      [1, 'fan'],
      [2, 'athlete'],
      [3, 'business'],
      [4, 'admin'],
      [11, 'fan'],
      [12, 'athlete'],
      [13, 'business'],
    ]);
  });
});

describe('routesOfRemote', () => {
  it('lists the routes of the roles a remote serves, once each, and no shell screens', () => {
    const fan = routesOfRemote('fan');
    expect(fan).toContain('/dashboard');
    expect(fan).toContain('/signup');
    expect(fan).toContain('/request-form/:id/:type');
    expect(fan).not.toContain('/stats');
    expect(fan).not.toContain('/login');
    expect(new Set(fan).size).toBe(fan.length);
    expect(routesOfRemote('business')).toContain('/request-form/b/endorsement_campaign');
    expect(routesOfRemote('athlete')).toContain('/locker-room');
    expect(routesOfRemote('athlete')).not.toContain('/request-form/:id/:type');
    expect(routesOfRemote('admin').every((path) => path.startsWith('/manage/'))).toBe(true);
  });
});
