import { opensAsGuest, remoteForRole, resolveNavigation, signInToOpen, UserType, type RemoteName, type RoleCode } from '@huddle/domain';

/** What the shell draws for a path: every rule comes from the domain's route table. */
export type ShellScreen =
  | { kind: 'authorizing' }
  | { kind: 'redirect'; to: string }
  /** A signed-out visitor opened a shared link: they become a guest and see it. */
  | { kind: 'enter-as-guest' }
  | { kind: 'signed-out'; route: string }
  | { kind: 'remote'; remote: RemoteName; route: string; framed: boolean };

/**
 * While the session is authorizing nothing is routed (a signed-in visitor must not bounce to
 * /login); afterwards a path the role may not open redirects to the role's first allowed route,
 * shell-owned routes draw the signed-out screens and the rest belong to the role's one remote.
 * A visitor who is not signed in and opens a signed-in page (a link from an email) is asked to
 * sign in, with the page (and its query, `search`) as the way back.
 * The administrator's remote draws its own frame, so the shell adds none.
 */
export function shellScreenFor(pathname: string, role: RoleCode | null, search = ''): ShellScreen {
  if (role === null) return { kind: 'authorizing' };
  if (opensAsGuest(pathname, role)) return { kind: 'enter-as-guest' };
  const signIn = signInToOpen(pathname, search, role);
  if (signIn !== null) return { kind: 'redirect', to: signIn };
  const navigation = resolveNavigation(pathname, role);
  if (!navigation.allowed) return { kind: 'redirect', to: navigation.redirectTo };
  const { route } = navigation.match;
  if (route.owner === 'shell') return { kind: 'signed-out', route: route.path };
  const remote = remoteForRole(role);
  if (!remote) return { kind: 'redirect', to: '/login' };
  return { kind: 'remote', remote, route: route.path, framed: role !== UserType.Admin };
}
