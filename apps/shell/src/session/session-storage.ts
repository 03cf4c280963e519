import { GUEST_TOKEN_PREFIX, isGuestToken, SESSION_HINT_COOKIE } from '@huddle/domain';

/**
 * What the browser remembers about the visitor between page loads, in one localStorage slot:
 *   absent          a first visit: unless a session cookie signs the visitor in, they browse as a guest;
 *   'guest:<id>'    a guest (spec §4: a stored token starting with the guest marker);
 *   'signed-out'    the visitor chose Login or logged out, so they see the sign-in screens.
 * The signed-in session itself is the API's cookie; this slot never holds a credential.
 */
export const SESSION_STORAGE_KEY = 'huddle.session';
export const SIGNED_OUT_MARKER = 'signed-out';

export type StoredVisit = 'first-visit' | 'guest' | 'signed-out';

export function storedVisitOf(value: string | null): StoredVisit {
  if (isGuestToken(value)) return 'guest';
  return value === SIGNED_OUT_MARKER ? 'signed-out' : 'first-visit';
}

export function newGuestToken(random: () => string): string {
  return `${GUEST_TOKEN_PREFIX}${random()}`;
}

function randomId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : Math.random().toString(36).slice(2);
}

/** localStorage can be unavailable (privacy modes); the visit then lasts for the page's lifetime. */
function safely<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    return fallback;
  }
}

export function readStoredVisit(): StoredVisit {
  return storedVisitOf(safely(() => window.localStorage.getItem(SESSION_STORAGE_KEY), null));
}

export function storeGuestVisit(): void {
  safely(() => window.localStorage.setItem(SESSION_STORAGE_KEY, newGuestToken(randomId)), undefined);
}

export function storeSignedOut(): void {
  safely(() => window.localStorage.setItem(SESSION_STORAGE_KEY, SIGNED_OUT_MARKER), undefined);
}

export function clearStoredVisit(): void {
  safely(() => window.localStorage.removeItem(SESSION_STORAGE_KEY), undefined);
}

/** Whether a cookie string holds the session hint the API sets beside the (unreadable) session cookie. */
export function hasSessionHint(cookies: string): boolean {
  return cookies.split(';').some((part) => part.trim().startsWith(`${SESSION_HINT_COOKIE}=`));
}

export function browserMayHaveSession(): boolean {
  return safely(() => hasSessionHint(document.cookie), true);
}

/** A hint left behind by a session that expired on the server: forget it, so the next load asks nobody. */
export function forgetSessionHint(): void {
  safely(() => {
    document.cookie = `${SESSION_HINT_COOKIE}=; Max-Age=0; path=/`;
  }, undefined);
}
