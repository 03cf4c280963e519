import { routesOfRemote } from '@huddle/domain';
import { AdminRequestScreen } from '@huddle/requests';
import { ADMIN_SCREENS } from './admin-screens';
import { activeAdminSection } from './frame/admin-sections';

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

  it('keeps Statistics highlighted on the payout pages it leads to', () => {
    expect(activeAdminSection('/manage/stats')).toBe('stats');
    expect(activeAdminSection('/manage/sent-payouts')).toBe('stats');
    expect(activeAdminSection('/manage/pushes')).toBe('pushes');
    expect(activeAdminSection('/dashboard')).toBeNull();
  });
});
