import { AuthState, isSignInPath, roleCodeOf, type AuthStateCode, type RoleCode } from '@huddle/domain';
import type { ShellAccount } from '@huddle/ui';
import type { StoredVisit } from './session-storage';

/** The session state machine of spec §4: unauthorized, authorizing or authorized, plus a guest flag. */
export interface SessionState {
  auth: AuthStateCode;
  account: ShellAccount | null;
  guest: boolean;
}

export type SessionEvent =
  /** GET /user/accounts answered with the signed-in account. */
  | { type: 'account-loaded'; account: ShellAccount }
  /** GET /user/accounts answered 401 or could not be reached. */
  | { type: 'account-missing'; visit: StoredVisit }
  | { type: 'signed-in'; account: ShellAccount }
  /** A newer copy of the signed-in account (profile edited, wizard finished). */
  | { type: 'account-changed'; account: ShellAccount }
  | { type: 'guest-entered' }
  | { type: 'signed-out' };

/**
 * A stored guest token makes the visitor a guest at once, without asking the API: a guest has no
 * session to look up. So does a browser without the session hint cookie: it holds no session, so
 * it starts as visitWithoutSession says. Anyone else is authorizing until the account request answers.
 */
export function initialSession(visit: StoredVisit, mayHaveSession = true, pathname = '/'): SessionState {
  if (visit === 'guest') return { auth: AuthState.Unauthorized, account: null, guest: true };
  if (!mayHaveSession) {
    return { auth: AuthState.Unauthorized, account: null, guest: visitWithoutSession(visit, pathname) !== 'signed-out' };
  }
  return { auth: AuthState.Authorizing, account: null, guest: false };
}

/** Whether the session needs GET /user/accounts to know who the visitor is. */
export function needsAccountLookup(state: SessionState): boolean {
  return state.auth === AuthState.Authorizing;
}

/**
 * Who the session is, as far as cached data goes: the account id, a guest, or nobody. When it
 * changes (sign-out, another account signs in) every cached answer belongs to someone else.
 */
export function sessionIdentity(state: SessionState): string {
  if (state.account) return `account:${state.account.id}`;
  return state.guest ? 'guest' : 'signed-out';
}

export function sessionReducer(state: SessionState, event: SessionEvent): SessionState {
  switch (event.type) {
    case 'account-loaded':
    case 'signed-in':
      return { auth: AuthState.Authorized, account: event.account, guest: false };
    case 'account-changed':
      // A late answer must not sign a visitor back in after they left.
      if (state.auth !== AuthState.Authorized || state.account?.id !== event.account.id) return state;
      // The same account read again (a session check after the notification stream was refused)
      // changes nothing: a new copy would re-render every screen, and drop a server-rendered screen
      // still waiting for its remote to hydrate (RemoteOutlet).
      if (JSON.stringify(state.account) === JSON.stringify(event.account)) return state;
      return { ...state, account: event.account };
    case 'account-missing':
      // Without a session, a first visit browses as a guest; a visitor who chose to sign in
      // (or logged out) stays signed out and sees the sign-in screens.
      if (state.auth !== AuthState.Authorizing) return state;
      return { auth: AuthState.Unauthorized, account: null, guest: event.visit !== 'signed-out' };
    case 'guest-entered':
      return { auth: AuthState.Unauthorized, account: null, guest: true };
    case 'signed-out':
      return { auth: AuthState.Unauthorized, account: null, guest: false };
  }
}

/** The route-table role of the session; null while authorizing, when no route may be chosen yet. */
export function sessionRole(state: SessionState): RoleCode | null {
  if (state.auth === AuthState.Authorizing) return null;
  return roleCodeOf(state.account, state.guest);
}

/**
 * How a visit without a session starts. A first visit browses as a guest, except when it opens a
 * page only signed-out visitors use (/login, /restore, /signup): someone who types /login wants
 * to sign in, and a guest would be redirected away from it.
 */
export function visitWithoutSession(visit: StoredVisit, pathname: string): StoredVisit {
  if (visit !== 'first-visit') return visit;
  return isSignInPath(pathname) ? 'signed-out' : visit;
}
