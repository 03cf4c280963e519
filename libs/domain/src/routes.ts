import { ALL_ROLE_CODES, GUEST, SIGNED_IN_ROLES, SIGNED_OUT, type RoleCode } from './roles';
import { isServiceType } from './service-types';

export type RouteOwner = 'shell' | 'remote';

export interface RouteDef {
  /** Pattern: static segments, `:name` for one segment, `@:name` for a segment starting with '@'. */
  path: string;
  roles: readonly RoleCode[];
  /** The shell draws the signed-out screens; everything else belongs to the role's remote. */
  owner: RouteOwner;
  /** Extra constraint on captured params (for example a known service type). */
  accepts?: (params: Readonly<Record<string, string>>) => boolean;
  /**
   * A page people share by link (an athlete's profile): a signed-out visitor who opens it sees it
   * as a guest would, instead of being sent to /login.
   */
  shared?: boolean;
}

const REQUESTERS: readonly RoleCode[] = [1, 3];
const MEMBERS: readonly RoleCode[] = [1, 2, 3];
const BROWSERS: readonly RoleCode[] = [0, 1, 2, 3];
const ADMIN: readonly RoleCode[] = [4];
const WIZARD: readonly RoleCode[] = [11, 12, 13];
/**
 * The sign-in screens: a guest who asks for them (types /login, follows a link) gets them; they are
 * never where a guest lands (see firstAllowedRoute).
 */
const SIGNING_IN: readonly RoleCode[] = [SIGNED_OUT, GUEST];

/**
 * The route table of spec §2, in the spec's order (the order decides the first allowed route).
 * Booking is open to roles 1 and 3 as the table says; the spec's other reading (fans see no
 * Purchase button) contradicts the table and is not followed.
 */
export const ROUTES: readonly RouteDef[] = [
  { path: '/login', roles: SIGNING_IN, owner: 'shell' },
  { path: '/restore', roles: SIGNING_IN, owner: 'shell' },
  { path: '/signup', roles: SIGNING_IN, owner: 'shell' },
  // Issue 22: the first password of an account an administrator added, from the emailed single-use link.
  { path: '/set-password', roles: SIGNING_IN, owner: 'shell' },
  { path: '/signup', roles: WIZARD, owner: 'remote' },
  { path: '/dashboard', roles: BROWSERS, owner: 'remote' },
  { path: '/locker-room', roles: [2], owner: 'remote' },
  // Issue 23: the athlete's calendar of accepted timed events and their private iCal feed.
  { path: '/calendar', roles: [2], owner: 'remote' },
  { path: '/stats', roles: [3], owner: 'remote' },
  { path: '/requests', roles: MEMBERS, owner: 'remote' },
  { path: '/notifications', roles: MEMBERS, owner: 'remote' },
  { path: '/profile', roles: MEMBERS, owner: 'remote' },
  { path: '/settings/info', roles: MEMBERS, owner: 'remote' },
  { path: '/settings/links', roles: [2], owner: 'remote' },
  { path: '/settings/survey', roles: [2], owner: 'remote' },
  { path: '/settings/services', roles: [2], owner: 'remote' },
  // Issue 21: the athlete's payout account and the money Huddle owes and paid them.
  { path: '/settings/payouts', roles: [2], owner: 'remote' },
  { path: '/request/:id', roles: MEMBERS, owner: 'remote' },
  { path: '/@:id', roles: BROWSERS, owner: 'remote', shared: true },
  { path: '/p/@:id', roles: BROWSERS, owner: 'remote', shared: true },
  // Issue 10: a finished shoutout's watch page, opened from the link emailed to its recipients.
  { path: '/watch/:token', roles: BROWSERS, owner: 'remote', shared: true },
  {
    path: '/request-form/:id/:type',
    roles: REQUESTERS,
    owner: 'remote',
    accepts: (params) => isServiceType(params.type),
  },
  { path: '/request-form/b/endorsement_campaign', roles: [3], owner: 'remote' },
  { path: '/chat/:id', roles: MEMBERS, owner: 'remote' },
  { path: '/manage/users', roles: ADMIN, owner: 'remote' },
  { path: '/manage/user/:id', roles: ADMIN, owner: 'remote' },
  { path: '/manage/request/:id', roles: ADMIN, owner: 'remote' },
  { path: '/manage/stats', roles: ADMIN, owner: 'remote' },
  { path: '/manage/payouts', roles: ADMIN, owner: 'remote' },
  { path: '/manage/sent-payouts', roles: ADMIN, owner: 'remote' },
  // Issue 21: the administrator's money desk (incidents, dead money jobs, disputes, reconciliation, ledger).
  { path: '/manage/money', roles: ADMIN, owner: 'remote' },
  { path: '/manage/pushes', roles: ADMIN, owner: 'remote' },
];

function splitPath(pathname: string): string[] {
  const clean = pathname.split(/[?#]/, 1)[0] ?? '';
  return clean.split('/').filter((segment) => segment.length > 0);
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Captured params of `pattern` in `pathname`, or null; also returns how many segments were static. */
export function matchPattern(
  pattern: string,
  pathname: string,
): { params: Record<string, string>; staticSegments: number } | null {
  const expected = splitPath(pattern);
  const actual = splitPath(pathname).map(safeDecode);
  if (expected.length !== actual.length) return null;
  const params: Record<string, string> = {};
  let staticSegments = 0;
  for (let i = 0; i < expected.length; i += 1) {
    const want = expected[i] as string;
    const got = actual[i] as string;
    if (want.startsWith('@:')) {
      if (!got.startsWith('@') || got.length < 2) return null;
      params[want.slice(2)] = got.slice(1);
    } else if (want.startsWith(':')) {
      params[want.slice(1)] = got;
    } else if (want === got) {
      staticSegments += 1;
    } else {
      return null;
    }
  }
  return { params, staticSegments };
}

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
}

function candidates(pathname: string): (RouteMatch & { staticSegments: number; order: number })[] {
  const found: (RouteMatch & { staticSegments: number; order: number })[] = [];
  ROUTES.forEach((route, order) => {
    const match = matchPattern(route.path, pathname);
    if (!match) return;
    if (route.accepts && !route.accepts(match.params)) return;
    found.push({ route, params: match.params, staticSegments: match.staticSegments, order });
  });
  // The most specific pattern wins (most static segments), then the table's order.
  return found.sort((a, b) => b.staticSegments - a.staticSegments || a.order - b.order);
}

/**
 * The route this role sees at this path: the most specific matching pattern. When a path has
 * role-specific definitions (/signup), the one admitting the role is chosen. When the most
 * specific pattern does not admit the role, the role is refused: a fan never reaches the
 * business-only campaign form through the generic booking pattern.
 */
export function matchRoute(pathname: string, role: RoleCode): RouteMatch | null {
  const found = candidates(pathname);
  if (found.length === 0) return null;
  const best = found[0]!.staticSegments;
  const mostSpecific = found.filter((c) => c.staticSegments === best);
  const admitted = mostSpecific.find((c) => c.route.roles.includes(role));
  if (!admitted) return null;
  return { route: admitted.route, params: admitted.params };
}

export function canAccess(pathname: string, role: RoleCode): boolean {
  return matchRoute(pathname, role) !== null;
}

/**
 * The first route of the table (in the spec's order) that this role may open and land on. The
 * sign-in screens are a landing route for signed-out visitors only: a guest may ask for them but
 * lands on the dashboard.
 */
export function firstAllowedRoute(role: RoleCode): string {
  const route = ROUTES.find(
    (r) => r.roles.includes(role) && !r.path.includes(':') && (r.owner === 'remote' || role === SIGNED_OUT),
  );
  return route ? route.path : '/login';
}

/** A page only the signed-out screens draw (/login, /restore, /signup): someone who opens it wants to sign in. */
export function isSignInPath(pathname: string): boolean {
  return matchRoute(pathname, SIGNED_OUT)?.route.owner === 'shell';
}

/**
 * A shared link (an athlete's profile) opened by a signed-out visitor: they see it as a guest,
 * since a link someone shared must open for anyone.
 */
export function opensAsGuest(pathname: string, role: RoleCode): boolean {
  return role === SIGNED_OUT && matchRoute(pathname, GUEST)?.route.shared === true;
}

/**
 * The `?next=` value that brings a visitor back to this page after signing in, or null for pages
 * not worth coming back to (the sign-in screens themselves, the bare root).
 */
export function returnToFor(pathname: string, search = ''): string | null {
  if (pathname === '/' || isSignInPath(pathname) || candidates(pathname).length === 0) return null;
  const query = search === '' || search.startsWith('?') ? search : `?${search}`;
  return `${pathname}${query}`;
}

/** The query parameter that carries where a visitor sent to /login or /signup should come back to. */
export const RETURN_TO_PARAM = 'next';

/**
 * Where to go once signed in, when the sign-in screen was opened with `?next=` (a guest asked to
 * sign in to book returns to the athlete): only a path of this site (one leading slash, so never
 * another host) that the new role may open, else null and the role's first route applies.
 */
export function returnPathAfterSignIn(next: string | null | undefined, role: RoleCode): string | null {
  if (!isSameOriginPath(next)) return null;
  const [pathname] = next.split(/[?#]/, 1);
  return matchRoute(pathname, role) ? next : null;
}

/**
 * A path of this site and nothing else (`?next=` is only ever one): a single leading slash, so
 * never `//host` or `/\host` (browsers read both as another host), and no backslash, whitespace or
 * control character anywhere (a browser drops tabs and newlines, so `/<tab>/evil.test` would become
 * `//evil.test`). What is left resolves to a path on whatever origin it is read on.
 */
export function isSameOriginPath(next: string | null | undefined): next is string {
  if (!next || !next.startsWith('/') || next.startsWith('//')) return false;
  // eslint-disable-next-line no-control-regex
  return !/[\\\s\u0000-\u001f\u007f]/.test(next);
}

/**
 * Where a visitor who is not signed in (signed out, or browsing as a guest) goes from a page only
 * signed-in people open, such as a link from an email (/request/{id}, /requests, /notifications):
 * the sign-in screen carrying the page as `?next=`, so signing in comes back to it (as a shared
 * profile's Book does). Null when the role may open the page, or no signed-in role could either.
 */
export function signInToOpen(pathname: string, search: string, role: RoleCode): string | null {
  if ((role !== SIGNED_OUT && role !== GUEST) || canAccess(pathname, role)) return null;
  const back = returnToFor(pathname, search);
  if (back === null || !SIGNED_IN_ROLES.some((signedIn) => canAccess(pathname, signedIn))) return null;
  return `/login?${RETURN_TO_PARAM}=${encodeURIComponent(back)}`;
}

export type Navigation = { allowed: true; match: RouteMatch } | { allowed: false; redirectTo: string };

export function resolveNavigation(pathname: string, role: RoleCode): Navigation {
  const match = matchRoute(pathname, role);
  if (match) return { allowed: true, match };
  return { allowed: false, redirectTo: firstAllowedRoute(role) };
}

export interface MenuEntry {
  key: 'dashboard' | 'locker-room' | 'calendar' | 'stats' | 'requests' | 'notifications' | 'profile' | 'login' | 'logout';
  label: string;
  /** Where the entry leads; Logout has no route, it ends the session. */
  path: string | null;
  roles: readonly RoleCode[];
  /** Patterns that also highlight the entry. */
  highlights: readonly string[];
}

/** The side menu of spec §2. Administrators use the admin frame instead, so no entry admits 4. */
export const MENU_ENTRIES: readonly MenuEntry[] = [
  {
    key: 'dashboard',
    label: 'Dashboard',
    path: '/dashboard',
    roles: BROWSERS,
    highlights: ['/dashboard', '/@:id', '/p/@:id', '/request-form/:id/:type', '/request-form/b/endorsement_campaign'],
  },
  { key: 'locker-room', label: 'Locker Room', path: '/locker-room', roles: [2], highlights: ['/locker-room'] },
  { key: 'calendar', label: 'Calendar', path: '/calendar', roles: [2], highlights: ['/calendar'] },
  { key: 'stats', label: 'Statistics', path: '/stats', roles: [3], highlights: ['/stats'] },
  {
    key: 'requests',
    label: 'Requests',
    path: '/requests',
    roles: MEMBERS,
    highlights: ['/requests', '/request/:id', '/chat/:id'],
  },
  { key: 'notifications', label: 'Notifications', path: '/notifications', roles: MEMBERS, highlights: ['/notifications'] },
  { key: 'profile', label: 'Profile', path: '/profile', roles: MEMBERS, highlights: ['/profile', '/settings/:type'] },
  // A guest is not signed in, so Login shows for guests too; choosing it ends the guest session.
  { key: 'login', label: 'Login', path: '/login', roles: [-1, 0], highlights: ['/login'] },
  { key: 'logout', label: 'Logout', path: null, roles: [...MEMBERS, ...WIZARD], highlights: [] },
];

export function menuEntriesFor(role: RoleCode): MenuEntry[] {
  return MENU_ENTRIES.filter((entry) => entry.roles.includes(role));
}

export function isMenuEntryActive(entry: MenuEntry, pathname: string): boolean {
  return entry.highlights.some((pattern) => matchPattern(pattern, pathname) !== null);
}

/** Every role code that may open at least one route. */
export function rolesWithRoutes(): RoleCode[] {
  return ALL_ROLE_CODES.filter((role) => ROUTES.some((r) => r.roles.includes(role)));
}
