import { useEffect } from 'react';
import { acquireScrollLock } from './scroll-lock';

/** Locks page scrolling (body overflow hidden) while `active` is true. */
export function useScrollLock(active: boolean): void {
  useEffect(() => {
    if (!active) return undefined;
    return acquireScrollLock(document.body);
  }, [active]);
}
