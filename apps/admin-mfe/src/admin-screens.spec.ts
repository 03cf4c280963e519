import { routesOfRemote } from '@huddle/domain';
import { AdminRequestScreen } from '@huddle/requests';
import { ADMIN_SCREENS } from './admin-screens';
import { activeAdminSection, ADMIN_SECTIONS } from './frame/admin-sections';

describe('admin remote routes', () => {
  it('draws exactly the /manage routes the domain gives the administrator', () => {
    expect(Object.keys(ADMIN_SCREENS).sort()).toEqual(routesOfRemote('admin').sort());
  });

  it('shows the shared request detail with the administrator’s action panel', () => {
    expect(ADMIN_SCREENS['/manage/request/:id']).toBe(AdminRequestScreen);
  });
});

describe('admin frame tabs', () => {
  it('highlights Users for the user list and the user and request details', () => {
    expect(activeAdminSection('/manage/users')).toBe('users');
    expect(activeAdminSection('/manage/user/17')).toBe('users');
    expect(activeAdminSection('/manage/request/5')).toBe('users');
  });

  it('gives Statistics, Pushes and each money screen a tab of its own', () => {
    expect(activeAdminSection('/manage/stats')).toBe('stats');
    expect(activeAdminSection('/manage/pushes')).toBe('pushes');
    expect(activeAdminSection('/manage/payouts')).toBe('payouts');
    expect(activeAdminSection('/manage/sent-payouts')).toBe('sent-payouts');
    expect(activeAdminSection('/manage/money')).toBe('money');
    expect(activeAdminSection('/dashboard')).toBeNull();
  });

  it('offers every admin route without a parameter as a tab, in the order of the spec and the issue', () => {
    expect(ADMIN_SECTIONS.map((section) => section.label)).toEqual(['Users', 'Statistics', 'Pushes', 'Payouts', 'Sent payouts', 'Money']);
    const tabPaths = ADMIN_SECTIONS.map((section) => section.path as string);
    expect(routesOfRemote('admin').filter((path) => !path.includes(':')).sort()).toEqual([...tabPaths].sort());
  });
});
