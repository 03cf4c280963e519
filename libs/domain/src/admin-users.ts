import { UserType } from './roles';
import type { UserTypeCode } from './roles';

/**
 * Which accounts the console's user management (/manage/user/{id}: edit, photo and intro uploads,
 * block, delete) may change: every one but an administrator's. A peer's account is not another
 * administrator's to edit, lock out or remove, and one's own would be locked out by a block or a
 * delete. The list and the detail still show administrators; only the changes are refused.
 */
export function isManagedInConsole(userType: UserTypeCode): boolean {
  return userType !== UserType.Admin;
}
