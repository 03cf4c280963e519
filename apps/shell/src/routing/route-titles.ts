import { isIncomplete, ROUTES, type RoleCode } from '@huddle/domain';

/** The page name of each route pattern of the domain's route table, for the document title. */
export const ROUTE_TITLES: Readonly<Record<string, string>> = {
  '/login': 'Log in',
  '/restore': 'Reset password',
  '/signup': 'Sign up',
  '/set-password': 'Set password',
  '/dashboard': 'Dashboard',
  '/locker-room': 'Locker Room',
  '/calendar': 'Calendar',
  '/stats': 'Statistics',
  '/requests': 'Requests',
  '/notifications': 'Notifications',
  '/profile': 'Profile',
  '/settings/info': 'Edit profile',
  '/settings/links': 'Social links',
  '/settings/survey': 'Sports and school',
  '/settings/services': 'Services',
  '/settings/payouts': 'Payouts',
  '/request/:id': 'Request',
  '/@:id': 'Athlete',
  '/p/@:id': 'Athlete services',
  '/watch/:token': 'Shoutout',
  '/request-form/:id/:type': 'Book a service',
  '/request-form/b/endorsement_campaign': 'Create campaign',
  '/chat/:id': 'Video chat',
  '/manage/users': 'Users',
  '/manage/user/:id': 'User',
  '/manage/request/:id': 'Request',
  '/manage/stats': 'Statistics',
  '/manage/payouts': 'Payouts',
  '/manage/sent-payouts': 'Sent payouts',
  '/manage/pushes': 'Pushes',
  '/manage/money': 'Money',
};

export const PRODUCT_NAME = 'Huddle';

/** '/signup' is the sign-up form when signed out and the profile-setup wizard for 11-13. */
export function documentTitle(routePath: string | null, role: RoleCode | null): string {
  if (!routePath) return PRODUCT_NAME;
  const page = routePath === '/signup' && role !== null && isIncomplete(role) ? 'Set up your profile' : ROUTE_TITLES[routePath];
  return page ? `${page} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/** Route patterns of the domain table without a title here (the spec test keeps this empty). */
export function untitledRoutes(): string[] {
  return ROUTES.map((route) => route.path).filter((path) => !(path in ROUTE_TITLES));
}
