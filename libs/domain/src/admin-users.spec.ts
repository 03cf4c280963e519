import { isManagedInConsole } from './admin-users';
import { UserType } from './roles';

describe('isManagedInConsole', () => {
  it('lets the console change fans, athletes and businesses, never an administrator', () => {
    expect([UserType.Fan, UserType.Athlete, UserType.Business, UserType.Admin].map(isManagedInConsole)).toEqual([true, true, true, false]);
  });
});
