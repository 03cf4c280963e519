import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while the server renders a first screen and while the browser hydrates that markup, true
 * from the render after (at once for a screen rendered in the browser). What only the browser knows
 * (its time zone, its origin) shows from then on, so the hydrated markup matches the server's.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}
