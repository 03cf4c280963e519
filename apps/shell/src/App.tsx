import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { GUEST, isSignInPath, opensAsGuest, RETURN_TO_PARAM, SIGNED_OUT, returnPathAfterSignIn, returnToFor, type LiveEvent } from '@huddle/domain';
import { LoadingView, withSearchParam, type ShellContextValue } from '@huddle/ui';
import { createLiveEventHub, SHELL_CONTRACT_VERSION } from '@huddle/ui/shell-contract';
import { API_BASE } from './api/http';
import { AppFrame, LogoutConfirm } from './frame/AppFrame';
import { useNotificationStream } from './live/useNotificationStream';
import { RemoteOutlet } from './remotes/RemoteOutlet';
import { documentTitle } from './routing/route-titles';
import { shellScreenFor } from './routing/shell-screen';
import { withReturnTo } from './screens/return-to';
import { useSession, type PageStart } from './session/useSession';

const SignedOutScreens = lazy(() => import(/* webpackChunkName: "signed-out" */ './screens/SignedOutScreens'));

export interface AppProps {
  /** How the page starts, when already known (a first screen rendered on the server and hydrated). */
  sessionStart?: PageStart;
}

export function App({ sessionStart }: AppProps = {}) {
  const session = useSession(sessionStart);
  const { role } = session;
  const { account } = session.state;
  const [pathname, navigate] = useLocation();
  const search = useSearch();
  const [unread, setUnread] = useState(0);
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  // The one hub remotes subscribe to for live events; the tab's notification stream publishes into
  // it, and every notification event carries the unread count the menu's badge shows (a video
  // chat's signal is for the chat screen alone).
  const [liveEvents] = useState(createLiveEventHub);
  const onLiveEvent = useCallback(
    (event: LiveEvent) => {
      if (event.type !== 'signal') setUnread(event.unread_count);
      liveEvents.publish(event);
    },
    [liveEvents],
  );
  const resetUnread = useCallback(() => setUnread(0), []);
  const { refreshAccount } = session;
  const checkSession = useCallback(() => void refreshAccount().catch(() => undefined), [refreshAccount]);
  useNotificationStream({ apiBase: API_BASE, role, accountId: account?.id ?? null, onEvent: onLiveEvent, onReset: resetUnread, onRefused: checkSession });

  const screen = shellScreenFor(pathname, role, search);
  const routePath = screen.kind === 'remote' || screen.kind === 'signed-out' ? screen.route : null;

  useEffect(() => {
    document.title = documentTitle(routePath, role);
  }, [routePath, role]);

  const askToLogout = useCallback(() => setConfirmingLogout(true), []);
  // Where a session the person ended themself (logout, a deleted profile) leads: the sign-in screen
  // as it is, not one offering to come back to the page they left (that is for links opened signed out).
  const [loggedOutTo, setLoggedOutTo] = useState<string | null>(null);
  const { endSession: closeSession } = session;
  const endSession = useCallback(() => {
    setLoggedOutTo('/login');
    closeSession();
  }, [closeSession]);

  const shell = useMemo<ShellContextValue | null>(
    () =>
      role === null
        ? null
        : {
            version: SHELL_CONTRACT_VERSION,
            role,
            account,
            navigate,
            apiBase: API_BASE,
            logout: askToLogout,
            setUnread,
            setAccount: session.accountChanged,
            refreshAccount: session.refreshAccount,
            endSession,
            events: { subscribe: liveEvents.subscribe },
          },
    [role, account, navigate, askToLogout, session.accountChanged, session.refreshAccount, endSession, liveEvents],
  );

  // The sign-in screen, carrying this page in ?next= so signing in comes back to it.
  const signInHere = (path: '/login' | '/signup') => `${path}${withSearchParam('', RETURN_TO_PARAM, returnToFor(pathname, search))}`;

  // Logging out on a shared profile leads to /login with that page as the way back, instead of
  // turning the visitor into a guest on it (a shared link opens as a guest for signed-out visitors).
  useEffect(() => {
    if (isSignInPath(pathname)) setLoggedOutTo(null);
  }, [pathname]);
  const enteringAsGuest = screen.kind === 'enter-as-guest' && loggedOutTo === null;
  const { enterAsGuest } = session;
  useEffect(() => {
    if (enteringAsGuest) enterAsGuest();
  }, [enteringAsGuest, enterAsGuest]);

  const logout = async () => {
    setLoggedOutTo(opensAsGuest(pathname, SIGNED_OUT) ? signInHere('/login') : '/login');
    setLoggingOut(true);
    await session.logout();
    setUnread(0);
    setLoggingOut(false);
    setConfirmingLogout(false);
  };

  const continueAsGuest = () => {
    session.enterAsGuest();
    // A guest asked to sign in on an athlete's page (?next=) may just go back to browsing it.
    navigate(returnPathAfterSignIn(new URLSearchParams(search).get(RETURN_TO_PARAM), GUEST) ?? '/dashboard');
  };

  if ((screen.kind === 'enter-as-guest' || screen.kind === 'redirect') && loggedOutTo !== null) return <Redirect to={loggedOutTo} replace />;
  if (screen.kind === 'authorizing' || screen.kind === 'enter-as-guest' || !shell) return <LoadingView fullPage label="Loading Huddle" />;
  if (screen.kind === 'redirect') {
    // Signed in on /login?next=...: back to where the visitor was asked to sign in, when allowed.
    const signingIn = pathname === '/login' || pathname === '/signup';
    const back = signingIn && role !== null ? returnPathAfterSignIn(new URLSearchParams(search).get(RETURN_TO_PARAM), role) : null;
    // An account still to be set up goes to the wizard first, and takes ?next= along.
    const to = back ?? (signingIn && screen.to === '/signup' ? withReturnTo('/signup', search) : screen.to);
    return <Redirect to={to} replace />;
  }
  if (screen.kind === 'signed-out') {
    return (
      <Suspense fallback={<LoadingView fullPage />}>
        <SignedOutScreens route={screen.route} onSignedIn={session.signedIn} onContinueAsGuest={continueAsGuest} />
      </Suspense>
    );
  }

  const outlet = <RemoteOutlet key={screen.remote} remote={screen.remote} shell={shell} />;
  return (
    <>
      {screen.framed ? (
        <AppFrame
          role={shell.role}
          account={account}
          pathname={pathname}
          unread={unread}
          loginHref={signInHere('/login')}
          onLogin={session.leaveGuest}
          onLogout={askToLogout}
        >
          {outlet}
        </AppFrame>
      ) : (
        outlet
      )}
      <LogoutConfirm
        role={role}
        open={confirmingLogout}
        busy={loggingOut}
        onConfirm={logout}
        onCancel={() => setConfirmingLogout(false)}
      />
    </>
  );
}
