import { useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import type { RoleCode } from '@huddle/domain';
import type { ShellAccount } from '@huddle/ui';
import { fetchSignedInAccount, signOut } from '../api/auth-api';
import { initialSession, sessionReducer, sessionRole, visitWithoutSession, type SessionState } from './session-state';
import { clearStoredVisit, readStoredVisit, storeGuestVisit, storeSignedOut, type StoredVisit } from './session-storage';

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

export function useSession(): Session {
  // Read once: the stored visit decides how this page load starts, later changes are dispatched.
  const [visit] = useState<StoredVisit>(readStoredVisit);
  const [state, dispatch] = useReducer(sessionReducer, visit, initialSession);

  useEffect(() => {
    if (visit === 'guest') return undefined;
    let current = true;
    fetchSignedInAccount().then((account) => {
      if (!current) return;
      if (account) {
        dispatch({ type: 'account-loaded', account });
        return;
      }
      // A first visit without a session browses as a guest unless it opened a sign-in page;
      // only the guest choice is remembered, so a later visit to / still browses.
      const outcome = visitWithoutSession(visit, window.location.pathname);
      if (outcome === 'first-visit') storeGuestVisit();
      dispatch({ type: 'account-missing', visit: outcome });
    });
    return () => {
      current = false;
    };
  }, [visit]);

  const signedIn = useCallback((account: ShellAccount) => {
    clearStoredVisit();
    dispatch({ type: 'signed-in', account });
  }, []);

  const enterAsGuest = useCallback(() => {
    storeGuestVisit();
    dispatch({ type: 'guest-entered' });
  }, []);

  const leaveGuest = useCallback(() => {
    storeSignedOut();
    dispatch({ type: 'signed-out' });
  }, []);

  const logout = useCallback(async () => {
    // The visitor asked to leave: the shell signs them out locally even when the API cannot be
    // reached to revoke the session (it then expires on the server).
    await signOut().catch(() => undefined);
    storeSignedOut();
    dispatch({ type: 'signed-out' });
  }, []);

  const accountChanged = useCallback((account: ShellAccount) => dispatch({ type: 'account-changed', account }), []);

  const refreshAccount = useCallback(async () => {
    const account = await fetchSignedInAccount();
    dispatch(account ? { type: 'account-changed', account } : { type: 'signed-out' });
    if (!account) storeSignedOut();
  }, []);

  const endSession = useCallback(() => {
    storeSignedOut();
    dispatch({ type: 'signed-out' });
  }, []);

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
