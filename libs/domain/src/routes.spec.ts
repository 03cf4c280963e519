import { ALL_ROLE_CODES, type RoleCode } from './roles';
import {
  canAccess,
  firstAllowedRoute,
  isMenuEntryActive,
  isSignInPath,
  matchRoute,
  MENU_ENTRIES,
  menuEntriesFor,
  opensAsGuest,
  isSameOriginPath,
  resolveNavigation,
  returnPathAfterSignIn,
  signInToOpen,
  returnToFor,
  ROUTES,
} from './routes';

/**
 * The spec's route table (§2), written out independently of ROUTES: a concrete path for each
 * row and the role codes it admits. Every path is checked against every role code.
 */
const SPEC_TABLE: [path: string, roles: RoleCode[]][] = [
  // A guest who asks for the sign-in screens gets them (issue 9); they never land there.
  ['/login', [-1, 0]],
  ['/restore', [-1, 0]],
  ['/signup', [-1, 0, 11, 12, 13]],
  // Issue 22: an added account's emailed link to choose its first password.
  ['/set-password', [-1, 0]],
  ['/dashboard', [0, 1, 2, 3]],
  ['/locker-room', [2]],
  // Issue 23: the athlete's calendar.
  ['/calendar', [2]],
  ['/stats', [3]],
  ['/requests', [1, 2, 3]],
  ['/notifications', [1, 2, 3]],
  ['/profile', [1, 2, 3]],
  ['/settings/info', [1, 2, 3]],
  ['/settings/links', [2]],
  ['/settings/survey', [2]],
  ['/settings/services', [2]],
  // Issue 21: the athlete's Payouts page.
  ['/settings/payouts', [2]],
  ['/request/42', [1, 2, 3]],
  ['/request/@7f3a', [1, 2, 3]],
  ['/@jordan.miles', [0, 1, 2, 3]],
  ['/p/@jordan.miles', [0, 1, 2, 3]],
  // Issue 10: the watch page of a shoutout, opened from an emailed link.
  ['/watch/AbC_dEf-123', [0, 1, 2, 3]],
  ['/request-form/abc/personal_appearance', [1, 3]],
  ['/request-form/abc/speaking_engagement', [1, 3]],
  ['/request-form/abc/training_session', [1, 3]],
  ['/request-form/abc/endorsement', [1, 3]],
  ['/request-form/abc/video_chat', [1, 3]],
  ['/request-form/abc/shoutout', [1, 3]],
  ['/request-form/abc/camp', [1, 3]],
  ['/request-form/b/endorsement_campaign', [3]],
  ['/chat/42', [1, 2, 3]],
  ['/manage/users', [4]],
  ['/manage/user/9', [4]],
  ['/manage/request/9', [4]],
  ['/manage/stats', [4]],
  ['/manage/payouts', [4]],
  ['/manage/sent-payouts', [4]],
  // Issue 21: the money desk.
  ['/manage/money', [4]],
  ['/manage/pushes', [4]],
];

describe('route access', () => {
  for (const [path, admitted] of SPEC_TABLE) {
    for (const role of ALL_ROLE_CODES) {
      const expected = admitted.includes(role);
      it(`${path} is ${expected ? 'open' : 'closed'} to role ${role}`, () => {
        expect(canAccess(path, role)).toBe(expected);
      });
    }
  }

  it('probes every row of ROUTES with the independent table', () => {
    const probedRoutes = new Set(
      SPEC_TABLE.flatMap(([path, roles]) => roles.map((role) => matchRoute(path, role)?.route)),
    );
    expect(ROUTES.filter((route) => !probedRoutes.has(route)).map((r) => r.path)).toEqual([]);
  });

  it('refuses unknown paths, unknown service types and empty @ handles', () => {
    for (const role of ALL_ROLE_CODES) {
      expect(canAccess('/nowhere', role)).toBe(false);
      expect(canAccess('/request-form/abc/karaoke', role)).toBe(false);
      expect(canAccess('/@', role)).toBe(false);
      expect(canAccess('/', role)).toBe(false);
    }
  });

  it('ignores query strings, trailing slashes and decodes segments', () => {
    expect(canAccess('/requests?tab=accepted', 1)).toBe(true);
    expect(canAccess('/dashboard/', 0)).toBe(true);
    expect(matchRoute('/%40jordan', 0)?.params).toEqual({ id: 'jordan' });
  });

  it('captures params, including the @ of campaign request ids', () => {
    expect(matchRoute('/request/@c1', 3)?.params).toEqual({ id: '@c1' });
    expect(matchRoute('/p/@sam_k', 0)?.params).toEqual({ id: 'sam_k' });
    expect(matchRoute('/request-form/u1/camp', 1)?.params).toEqual({ id: 'u1', type: 'camp' });
  });

  it('gives the signed-out and wizard /signup to different owners', () => {
    expect(matchRoute('/signup', -1)?.route.owner).toBe('shell');
    expect(matchRoute('/signup', 12)?.route.owner).toBe('remote');
  });
});

describe('redirect to the first allowed route', () => {
  const expected: Record<string, string> = {
    '-1': '/login',
    '0': '/dashboard',
    '1': '/dashboard',
    '2': '/dashboard',
    '3': '/dashboard',
    '4': '/manage/users',
    '11': '/signup',
    '12': '/signup',
    '13': '/signup',
  };
  for (const role of ALL_ROLE_CODES) {
    it(`role ${role} starts at ${expected[String(role)]}`, () => {
      expect(firstAllowedRoute(role)).toBe(expected[String(role)]);
      expect(resolveNavigation('/', role)).toEqual({ allowed: false, redirectTo: expected[String(role)] });
    });
  }

  it('lets an allowed path through with its match', () => {
    const nav = resolveNavigation('/locker-room', 2);
    expect(nav.allowed).toBe(true);
  });

  it('sends a signed-out visitor of a member page to /login and a fan off the admin console', () => {
    expect(resolveNavigation('/requests', -1)).toEqual({ allowed: false, redirectTo: '/login' });
    expect(resolveNavigation('/manage/users', 1)).toEqual({ allowed: false, redirectTo: '/dashboard' });
    expect(resolveNavigation('/dashboard', 12)).toEqual({ allowed: false, redirectTo: '/signup' });
  });
});

describe('side menu', () => {
  const keys = (role: RoleCode) => menuEntriesFor(role).map((e) => e.key);

  it('shows each role its entries', () => {
    expect(keys(-1)).toEqual(['login']);
    expect(keys(0)).toEqual(['dashboard', 'login']);
    expect(keys(1)).toEqual(['dashboard', 'requests', 'notifications', 'profile', 'logout']);
    expect(keys(2)).toEqual(['dashboard', 'locker-room', 'calendar', 'requests', 'notifications', 'profile', 'logout']);
    expect(keys(3)).toEqual(['dashboard', 'stats', 'requests', 'notifications', 'profile', 'logout']);
    expect(keys(4)).toEqual([]);
    expect(keys(12)).toEqual(['logout']);
  });

  const entry = (key: string) => MENU_ENTRIES.find((e) => e.key === key)!;

  it.each([
    ['dashboard', '/dashboard'],
    ['dashboard', '/@jordan'],
    ['dashboard', '/p/@jordan'],
    ['dashboard', '/request-form/u1/shoutout'],
    ['requests', '/requests'],
    ['requests', '/request/12'],
    ['requests', '/chat/12'],
    ['profile', '/profile'],
    ['profile', '/settings/links'],
    ['profile', '/settings/payouts'],
    ['locker-room', '/locker-room'],
    ['calendar', '/calendar'],
    ['stats', '/stats'],
    ['notifications', '/notifications'],
  ])('highlights %s on %s', (key, path) => {
    expect(isMenuEntryActive(entry(key), path)).toBe(true);
    const others = MENU_ENTRIES.filter((e) => e.key !== key && isMenuEntryActive(e, path));
    expect(others.map((e) => e.key)).toEqual([]);
  });
});

describe('returnPathAfterSignIn', () => {
  it('returns to a path of this site that the new role may open, query and all', () => {
    expect(returnPathAfterSignIn('/p/@jordan.miles', 1)).toBe('/p/@jordan.miles');
    expect(returnPathAfterSignIn('/dashboard?field=sport&filter=golf', 3)).toBe('/dashboard?field=sport&filter=golf');
    expect(returnPathAfterSignIn('/@jordan.miles#reviews', 3)).toBe('/@jordan.miles#reviews');
  });

  it('ignores a path the role may not open, so the role’s first route applies', () => {
    expect(returnPathAfterSignIn('/manage/users', 1)).toBeNull();
    expect(returnPathAfterSignIn('/login', 1)).toBeNull();
    expect(returnPathAfterSignIn('/p/@jordan.miles', 11)).toBeNull();
  });

  it('never leads to another site', () => {
    for (const next of ['https://evil.test/p/@x', '//evil.test/dashboard', '/\\evil.test', 'dashboard', '', null, undefined]) {
      expect(returnPathAfterSignIn(next, 1)).toBeNull();
    }
  });
});

describe('isSameOriginPath', () => {
  it('takes a path of this site, query and fragment included', () => {
    for (const next of ['/requests', '/request/6f1c1a8e?tab=chat', '/@jordan.miles#reviews', '/dashboard?field=sport&filter=golf%20club', '/%2F%2Fevil.test']) {
      expect([next, isSameOriginPath(next)]).toEqual([next, true]);
    }
  });

  it('refuses anything a browser could read as another site (open redirects)', () => {
    const hostile = [
      'https://evil.test/requests',
      'javascript:alert(1)',
      '//evil.test',
      '///evil.test',
      '/\\evil.test',
      '\\/evil.test',
      '/\t/evil.test',
      '/\n/evil.test',
      ' /requests',
      '/requests\r\nSet-Cookie: x=1',
      'requests',
      '',
      null,
      undefined,
    ];
    for (const next of hostile) expect([next, isSameOriginPath(next)]).toEqual([next, false]);
  });
});

describe('signInToOpen', () => {
  it('sends a signed-out visitor or a guest from a signed-in page (a link from an email) to /login with the page as ?next=', () => {
    expect(signInToOpen('/request/6f1c1a8e', '', -1)).toBe('/login?next=%2Frequest%2F6f1c1a8e');
    expect(signInToOpen('/requests', 'tab=accepted', 0)).toBe('/login?next=%2Frequests%3Ftab%3Daccepted');
    expect(signInToOpen('/notifications', '', 0)).toBe('/login?next=%2Fnotifications');
    expect(signInToOpen('/manage/users', '', -1)).toBe('/login?next=%2Fmanage%2Fusers');
    // The way back is one the sign-in screen accepts once signed in.
    const next = new URLSearchParams((signInToOpen('/requests', 'tab=accepted', 0) ?? '').split('?')[1]).get('next');
    expect(returnPathAfterSignIn(next, 1)).toBe('/requests?tab=accepted');
  });

  it('leaves alone pages the role opens, unknown pages, the sign-in screens and signed-in roles', () => {
    expect(signInToOpen('/dashboard', '', 0)).toBeNull();
    expect(signInToOpen('/@jordan', '', 0)).toBeNull();
    expect(signInToOpen('/nowhere', '', 0)).toBeNull();
    expect(signInToOpen('/', '', -1)).toBeNull();
    expect(signInToOpen('/login', 'next=/requests', -1)).toBeNull();
    expect(signInToOpen('/manage/users', '', 1)).toBeNull();
    expect(signInToOpen('/requests', '', 12)).toBeNull();
  });
});

describe('sign-in screens and shared links', () => {
  it('gives a guest who asks for a sign-in screen that screen, and still lands guests on the dashboard', () => {
    expect(matchRoute('/login', 0)?.route.owner).toBe('shell');
    expect(matchRoute('/signup', 0)?.route.owner).toBe('shell');
    expect(firstAllowedRoute(0)).toBe('/dashboard');
    expect(resolveNavigation('/requests', 0)).toEqual({ allowed: false, redirectTo: '/dashboard' });
  });

  it('knows the pages only the sign-in screens draw', () => {
    expect(['/login', '/restore', '/signup', '/set-password'].map(isSignInPath)).toEqual([true, true, true, true]);
    expect(['/dashboard', '/@jordan', '/', '/nowhere'].map(isSignInPath)).toEqual([false, false, false, false]);
  });

  it('opens a shared profile link for a signed-out visitor as a guest, and nothing else', () => {
    expect(opensAsGuest('/@jordan.miles', -1)).toBe(true);
    expect(opensAsGuest('/p/@jordan.miles', -1)).toBe(true);
    expect(opensAsGuest('/watch/AbC_dEf-123', -1)).toBe(true);
    expect(opensAsGuest('/dashboard', -1)).toBe(false);
    expect(opensAsGuest('/requests', -1)).toBe(false);
    expect(opensAsGuest('/@jordan.miles', 0)).toBe(false);
    expect(opensAsGuest('/@jordan.miles', 1)).toBe(false);
  });

  it('names the page to come back to after signing in, never a sign-in screen or an unknown page', () => {
    expect(returnToFor('/@jordan.miles')).toBe('/@jordan.miles');
    expect(returnToFor('/dashboard', 'field=sport&filter=golf')).toBe('/dashboard?field=sport&filter=golf');
    expect(returnToFor('/dashboard', '?field=sport')).toBe('/dashboard?field=sport');
    expect(returnToFor('/login')).toBeNull();
    expect(returnToFor('/signup', 'next=/x')).toBeNull();
    expect(returnToFor('/')).toBeNull();
    expect(returnToFor('/nowhere')).toBeNull();
  });
});
