import type { RoleCode } from './roles';

export type RemoteName = 'fan' | 'athlete' | 'business' | 'admin';
export const REMOTE_NAMES: readonly RemoteName[] = ['fan', 'athlete', 'business', 'admin'];

/**
 * The one remote the shell loads for a role: guests and fans (complete or not) share the fan
 * remote, so a guest's first screen costs only the shell and the fan bundle. Signed-out users
 * see only shell screens and load no remote.
 */
export function remoteForRole(role: RoleCode): RemoteName | null {
  switch (role) {
    case 0:
    case 1:
    case 11:
      return 'fan';
    case 2:
    case 12:
      return 'athlete';
    case 3:
    case 13:
      return 'business';
    case 4:
      return 'admin';
    default:
      return null;
  }
}
