import { useEffect, type RefObject } from 'react';
import { FOCUSABLE_SELECTOR, nextFocusIndex } from './focus';

/**
 * Overlays holding focus, in opening order: only the topmost one keeps Tab inside it (a confirm
 * dialog opened from the side menu traps focus; the menu again once it closes).
 */
const traps: RefObject<HTMLElement | null>[] = [];

function focusableIn(container: HTMLElement): HTMLElement[] {
  // Browsers that can tell skip what is not drawn (display: none, visibility: hidden); jsdom cannot.
  const shown = (element: HTMLElement) => (typeof element.checkVisibility === 'function' ? element.checkVisibility({ visibilityProperty: true }) : true);
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE_SELECTOR)).filter((element) => !element.closest('[hidden], [inert]') && shown(element));
}

function onKeyDown(event: KeyboardEvent): void {
  const container = traps[traps.length - 1]?.current;
  if (event.key !== 'Tab' || !container) return;
  const focusable = focusableIn(container);
  const current = focusable.indexOf(event.target as HTMLElement);
  const next = nextFocusIndex(current, focusable.length, event.shiftKey);
  // Inside and away from the edges, the browser's own order is right.
  if (current !== -1 && next === current + (event.shiftKey ? -1 : 1)) return;
  event.preventDefault();
  (focusable[next] ?? container).focus();
}

/**
 * While `active`: focus moves into `container` (to `initial`, else its first focusable element,
 * else the container itself), Tab and Shift+Tab cycle inside it, and on deactivation focus goes
 * back to the element that had it before (the opener), if it is still on the page.
 */
export function useFocusTrap(active: boolean, container: RefObject<HTMLElement | null>, initial?: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (!active) return undefined;
    const doc = container.current?.ownerDocument ?? document;
    const opener = doc.activeElement instanceof HTMLElement && doc.activeElement !== doc.body ? doc.activeElement : null;
    const element = container.current;
    if (element && !element.contains(doc.activeElement)) {
      (initial?.current ?? focusableIn(element)[0] ?? element).focus();
    }
    if (traps.length === 0) doc.addEventListener('keydown', onKeyDown);
    traps.push(container);
    return () => {
      const index = traps.lastIndexOf(container);
      if (index !== -1) traps.splice(index, 1);
      if (traps.length === 0) doc.removeEventListener('keydown', onKeyDown);
      if (opener?.isConnected) opener.focus();
    };
  }, [active, container, initial]);
}
