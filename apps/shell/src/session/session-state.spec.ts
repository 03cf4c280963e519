import { AuthState } from '@huddle/domain';
import type { ShellAccount } from '@huddle/ui';
import { initialSession, needsAccountLookup, sessionIdentity, sessionReducer, sessionRole, visitWithoutSession } from './session-state';
import { hasSessionHint, newGuestToken, storedVisitOf } from './session-storage';

const fan: ShellAccount = { id: 'a7f3c2e0-0000-4000-8000-000000000007', user_type: 1, profile_completed: true, email: 'fan@example.com' };
const newAthlete: ShellAccount = { id: 'a7f3c2e0-0000-4000-8000-000000000008', user_type: 2, profile_completed: false, email: 'athlete@example.com' };

describe('stored visit', () => {
  it('reads a guest token by its prefix, the signed-out marker, and nothing as a first visit', () => {
    expect(storedVisitOf(newGuestToken(() => 'abc'))).toBe('guest');
    expect(storedVisitOf('signed-out')).toBe('signed-out');
    expect(storedVisitOf(null)).toBe('first-visit');
    expect(storedVisitOf('something-else')).toBe('first-visit');
  });
});

describe('session state machine', () => {
  it('starts a stored guest as a guest without waiting for the API', () => {
    const state = initialSession('guest');
    expect(state).toEqual({ auth: AuthState.Unauthorized, account: null, guest: true });
    expect(sessionRole(state)).toBe(0);
  });

  it('authorizes everyone else first, with no role until the account request answers', () => {
    const state = initialSession('first-visit');
    expect(state.auth).toBe(AuthState.Authorizing);
    expect(sessionRole(state)).toBeNull();
  });

  it('becomes the signed-in account, including the incomplete-profile role', () => {
    const signedIn = sessionReducer(initialSession('first-visit'), { type: 'account-loaded', account: fan });
    expect(signedIn.auth).toBe(AuthState.Authorized);
    expect(sessionRole(signedIn)).toBe(1);
    expect(sessionRole(sessionReducer(initialSession('signed-out'), { type: 'account-loaded', account: newAthlete }))).toBe(12);
  });

  it('makes a first visit without a session a guest, but keeps a visitor who chose to sign in signed out', () => {
    const firstVisit = sessionReducer(initialSession('first-visit'), { type: 'account-missing', visit: 'first-visit' });
    expect(sessionRole(firstVisit)).toBe(0);
    const signedOut = sessionReducer(initialSession('signed-out'), { type: 'account-missing', visit: 'signed-out' });
    expect(signedOut).toEqual({ auth: AuthState.Unauthorized, account: null, guest: false });
    expect(sessionRole(signedOut)).toBe(-1);
  });

  it('ignores a late account answer once the visitor has moved on', () => {
    const guest = sessionReducer(initialSession('first-visit'), { type: 'guest-entered' });
    expect(sessionReducer(guest, { type: 'account-missing', visit: 'signed-out' })).toBe(guest);
  });

  it('moves between guest, signed in and signed out', () => {
    const guest = sessionReducer(initialSession('signed-out'), { type: 'guest-entered' });
    expect(sessionRole(guest)).toBe(0);
    const leftGuest = sessionReducer(guest, { type: 'signed-out' });
    expect(sessionRole(leftGuest)).toBe(-1);
    const member = sessionReducer(leftGuest, { type: 'signed-in', account: fan });
    expect(sessionRole(member)).toBe(1);
    expect(sessionRole(sessionReducer(member, { type: 'signed-out' }))).toBe(-1);
  });

  it('takes a newer copy of the signed-in account, so a finished wizard becomes the complete role', () => {
    const wizard = sessionReducer(initialSession('first-visit'), { type: 'account-loaded', account: newAthlete });
    expect(sessionRole(wizard)).toBe(12);
    const finished = sessionReducer(wizard, { type: 'account-changed', account: { ...newAthlete, profile_completed: true } });
    expect(sessionRole(finished)).toBe(2);
  });

  it('ignores an account change for another account or after signing out', () => {
    const member = sessionReducer(initialSession('first-visit'), { type: 'account-loaded', account: fan });
    expect(sessionReducer(member, { type: 'account-changed', account: newAthlete })).toBe(member);
    const out = sessionReducer(member, { type: 'signed-out' });
    expect(sessionReducer(out, { type: 'account-changed', account: fan })).toBe(out);
  });

  it('keeps the state when the same account is read again, and takes a changed one', () => {
    const member = sessionReducer(initialSession('first-visit'), { type: 'account-loaded', account: fan });
    expect(sessionReducer(member, { type: 'account-changed', account: { ...fan } })).toBe(member);
    expect(sessionReducer(member, { type: 'account-changed', account: { ...fan, first_name: 'Casey' } }).account?.first_name).toBe('Casey');
  });
});

describe('visitWithoutSession', () => {
  it('starts a first visit to a sign-in page signed out, and any other first visit as a guest', () => {
    expect(visitWithoutSession('first-visit', '/login')).toBe('signed-out');
    expect(visitWithoutSession('first-visit', '/restore')).toBe('signed-out');
    expect(visitWithoutSession('first-visit', '/signup')).toBe('signed-out');
    expect(visitWithoutSession('first-visit', '/dashboard')).toBe('first-visit');
    expect(visitWithoutSession('first-visit', '/@jordan')).toBe('first-visit');
    expect(visitWithoutSession('first-visit', '/')).toBe('first-visit');
  });

  it('keeps what the visitor chose before', () => {
    expect(visitWithoutSession('guest', '/login')).toBe('guest');
    expect(visitWithoutSession('signed-out', '/dashboard')).toBe('signed-out');
  });
});

describe('a browser without a session', () => {
  it('reads the session hint cookie among others', () => {
    expect(hasSessionHint('a=1; huddle_signed_in=1; b=2')).toBe(true);
    expect(hasSessionHint('huddle_signed_in=1')).toBe(true);
    expect(hasSessionHint('')).toBe(false);
    expect(hasSessionHint('not_huddle_signed_in=1; x=huddle_signed_in=1')).toBe(false);
  });

  it('starts a first visit without the hint as a guest, or signed out on a sign-in page, with no account lookup', () => {
    const browsing = initialSession('first-visit', false, '/dashboard');
    expect(sessionRole(browsing)).toBe(0);
    expect(needsAccountLookup(browsing)).toBe(false);
    const signingIn = initialSession('first-visit', false, '/login');
    expect(sessionRole(signingIn)).toBe(-1);
    expect(needsAccountLookup(signingIn)).toBe(false);
    expect(sessionRole(initialSession('signed-out', false, '/dashboard'))).toBe(-1);
  });

  it('looks the account up only when a session may exist', () => {
    expect(needsAccountLookup(initialSession('first-visit', true, '/dashboard'))).toBe(true);
    expect(needsAccountLookup(initialSession('signed-out', true, '/login'))).toBe(true);
    expect(needsAccountLookup(initialSession('guest', true, '/dashboard'))).toBe(false);
  });
});

describe('sessionIdentity', () => {
  it('changes when another person takes the tab, and not when the same account is refreshed', () => {
    const member = sessionReducer(initialSession('first-visit'), { type: 'account-loaded', account: fan });
    const out = sessionReducer(member, { type: 'signed-out' });
    const other = sessionReducer(out, { type: 'signed-in', account: newAthlete });
    expect(sessionIdentity(out)).not.toBe(sessionIdentity(member));
    expect(sessionIdentity(other)).not.toBe(sessionIdentity(member));
    expect(sessionIdentity(other)).not.toBe(sessionIdentity(out));
    const edited = sessionReducer(member, { type: 'account-changed', account: { ...fan, first_name: 'Casey' } });
    expect(sessionIdentity(edited)).toBe(sessionIdentity(member));
  });
});
