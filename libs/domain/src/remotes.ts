import { ALL_ROLE_CODES, type RoleCode } from './roles';
import { ROUTES } from './routes';

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

/** The route patterns a remote must draw: remote-owned routes open to any role it serves. */
export function routesOfRemote(remote: RemoteName): string[] {
  const roles = ALL_ROLE_CODES.filter((role) => remoteForRole(role) === remote);
  const patterns = ROUTES.filter((route) => route.owner === 'remote' && route.roles.some((role) => roles.includes(role)));
  return [...new Set(patterns.map((route) => route.path))];
}
