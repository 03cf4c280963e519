import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { RoleCode } from '@huddle/domain';
import type { ShellAccount } from '@huddle/ui';
import { fetchSignedInAccount, signOut } from '../api/auth-api';
import {
  initialSession,
  needsAccountLookup,
  sessionIdentity,
  sessionReducer,
  sessionRole,
  visitWithoutSession,
  type SessionEvent,
  type SessionState,
} from './session-state';
import {
  browserMayHaveSession,
  clearStoredVisit,
  forgetSessionHint,
  readStoredVisit,
  storeGuestVisit,
  storeSignedOut,
  type StoredVisit,
} from './session-storage';

export interface Session {
  state: SessionState;
  /** Null while authorizing. */
  role: RoleCode | null;
  signedIn: (account: ShellAccount) => void;
  enterAsGuest: () => void;
  /** Ends a guest visit so the sign-in screens show (the menu's Login entry). */
  leaveGuest: () => void;
  /** Revokes the signed-in session; the visitor lands on the sign-in screens even if the API is down. */
  logout: () => Promise<void>;
  /** Takes a newer copy of the signed-in account (its role may have changed: wizard finished). */
  accountChanged: (account: ShellAccount) => void;
  /** Re-reads the signed-in account from the API. */
  refreshAccount: () => Promise<void>;
  /** The API already ended the session (account deleted): show the sign-in screens. */
  endSession: () => void;
}

/** How this page load starts: what the browser remembers and the session state it gives. */
export interface PageStart {
  visit: StoredVisit;
  state: SessionState;
}

/**
 * How a page starts for a signed-in visitor whose account it already has (a first screen the
 * shell's server rendered for them carries it): as the state machine does once the account request
 * answers, without asking again.
 */
export function signedInStart(account: ShellAccount): PageStart {
  return { visit: 'first-visit', state: sessionReducer(initialSession('first-visit', true), { type: 'account-loaded', account }) };
}

export function startPage(): PageStart {
  const visit = readStoredVisit();
  const state = initialSession(visit, browserMayHaveSession(), window.location.pathname);
  // A first visit that starts as a guest without asking the API is remembered as one.
  if (visit === 'first-visit' && !needsAccountLookup(state) && state.guest) storeGuestVisit();
  return { visit, state };
}

/**
 * The session of this page. `pageStart` is how the page starts when the caller already knows it: the
 * shell's server renders a guest's first screen as a first visit, and the browser that hydrates it
 * passes the start it checked against that (bootstrap.tsx); otherwise it is read from the browser.
 */
export function useSession(pageStart?: PageStart): Session {
  // Read once: the stored visit decides how this page load starts, later changes are dispatched.
  const [start] = useState<PageStart>(() => pageStart ?? startPage());
  const { visit } = start;
  const [state, dispatch] = useReducer(sessionReducer, start.state);
  const queryClient = useQueryClient();

  // Every event goes through here so that a change of who is signed in empties the query cache
  // before the next person's screens render: nothing cached for one account may show to another.
  const current = useRef(state);
  current.current = state;
  const apply = useCallback(
    (event: SessionEvent) => {
      const before = current.current;
      const after = sessionReducer(before, event);
      if (sessionIdentity(after) !== sessionIdentity(before)) queryClient.clear();
      current.current = after;
      dispatch(event);
    },
    [queryClient],
  );

  const lookUp = needsAccountLookup(start.state);
  useEffect(() => {
    if (!lookUp) return undefined;
    let live = true;
    fetchSignedInAccount().then((account) => {
      if (!live) return;
      if (account) {
        apply({ type: 'account-loaded', account });
        return;
      }
      forgetSessionHint();
      // A first visit without a session browses as a guest unless it opened a sign-in page;
      // only the guest choice is remembered, so a later visit to / still browses.
      const outcome = visitWithoutSession(visit, window.location.pathname);
      if (outcome === 'first-visit') storeGuestVisit();
      apply({ type: 'account-missing', visit: outcome });
    });
    return () => {
      live = false;
    };
  }, [visit, lookUp, apply]);

  const signedIn = useCallback(
    (account: ShellAccount) => {
      clearStoredVisit();
      apply({ type: 'signed-in', account });
    },
    [apply],
  );

  const enterAsGuest = useCallback(() => {
    storeGuestVisit();
    apply({ type: 'guest-entered' });
  }, [apply]);

  const leaveGuest = useCallback(() => {
    storeSignedOut();
    apply({ type: 'signed-out' });
  }, [apply]);

  const logout = useCallback(async () => {
    // The visitor asked to leave: the shell signs them out locally even when the API cannot be
    // reached to revoke the session (it then expires on the server).
    await signOut().catch(() => undefined);
    forgetSessionHint();
    storeSignedOut();
    apply({ type: 'signed-out' });
  }, [apply]);

  const accountChanged = useCallback((account: ShellAccount) => apply({ type: 'account-changed', account }), [apply]);

  const refreshAccount = useCallback(async () => {
    const account = await fetchSignedInAccount();
    apply(account ? { type: 'account-changed', account } : { type: 'signed-out' });
    if (!account) {
      forgetSessionHint();
      storeSignedOut();
    }
  }, [apply]);

  const endSession = useCallback(() => {
    forgetSessionHint();
    storeSignedOut();
    apply({ type: 'signed-out' });
  }, [apply]);

  return useMemo(
    () => ({
      state,
      role: sessionRole(state),
      signedIn,
      enterAsGuest,
      leaveGuest,
      logout,
      accountChanged,
      refreshAccount,
      endSession,
    }),
    [state, signedIn, enterAsGuest, leaveGuest, logout, accountChanged, refreshAccount, endSession],
  );
}
