import { LIMITS } from './limits';
import { isValidUsername } from './validation';

// A name with too few letters for the 3-character minimum (a first name of "Al" and no last name).
const FALLBACK_BASE = 'athlete';

/**
 * The username a name suggests (spec §5: letters, digits, dots or underscores, 3..36): lowercase
 * ASCII with accents folded ('José Núñez' gives 'jose.nunez'), name parts joined by dots.
 */
export function usernameBaseOf(firstName: string | null, lastName: string | null): string {
  const parts = `${firstName ?? ''} ${lastName ?? ''}`
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((part) => part !== '');
  const base = parts.join('.').slice(0, LIMITS.username.max).replace(/\.+$/, '');
  return base.length >= LIMITS.username.min ? base : FALLBACK_BASE;
}

/** The n-th choice for a base: 'jordan.miles', then 'jordan.miles2', ...; the base is cut so the number always fits. */
export function usernameCandidate(base: string, n: number): string {
  const suffix = n <= 1 ? '' : String(n);
  const candidate = `${base.slice(0, LIMITS.username.max - suffix.length).replace(/\.+$/, '')}${suffix}`;
  if (!isValidUsername(candidate)) throw new Error(`Derived username ${candidate} breaks the username rule`);
  return candidate;
}

/** The first candidate of `base` that no one in `taken` (lowercased) holds. */
export function firstFreeUsername(base: string, taken: ReadonlySet<string>): string {
  for (let n = 1; ; n += 1) {
    const candidate = usernameCandidate(base, n);
    if (!taken.has(candidate)) return candidate;
  }
}
