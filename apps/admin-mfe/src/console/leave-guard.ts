import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Whether a click on a link with this href leaves the page the editor is on: another path (or
 * query) of this origin. Links to other sites open their own tab in the console; hashes stay.
 */
export function leavesPage(href: string, current: { origin: string; pathname: string; search: string }): boolean {
  let target: URL;
  try {
    target = new URL(href, `${current.origin}${current.pathname}${current.search}`);
  } catch {
    return false;
  }
  if (target.origin !== current.origin) return false;
  return target.pathname !== current.pathname || target.search !== current.search;
}

export interface LeaveGuard {
  /** Where the administrator asked to go while changes were unsaved: the confirmation shows while set. */
  pending: string | null;
  /** Go to `to` (a path, or LEAVE_CLOSE for closing the editor), asking first when there are unsaved changes. */
  attempt: (to: string) => void;
  confirm: () => void;
  cancel: () => void;
}

/** attempt()'s target for closing the editor rather than leaving the page. */
export const LEAVE_CLOSE = '#close-editor';

/**
 * Leave-without-saving (issue 22): while `dirty`, closing the browser tab asks the browser's own
 * question, and a click on any link of the console (a frame tab, a request) or the page's Back
 * asks ours; Leave goes on, Stay keeps the edits.
 */
export function useLeaveGuard(dirty: boolean, go: (to: string) => void): LeaveGuard {
  const [pending, setPending] = useState<string | null>(null);
  const dirtyRef = useRef(dirty);

  useEffect(() => {
    dirtyRef.current = dirty;
    if (!dirty) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement) || anchor.target === '_blank') return;
      const href = anchor.getAttribute('href') ?? '';
      if (!leavesPage(href, window.location)) return;
      event.preventDefault();
      event.stopPropagation();
      const url = new URL(href, window.location.href);
      setPending(`${url.pathname}${url.search}`);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);

  const attempt = useCallback(
    (to: string) => {
      if (dirtyRef.current) setPending(to);
      else go(to);
    },
    [go],
  );
  const confirm = useCallback(() => {
    const to = pending;
    setPending(null);
    if (to !== null) go(to);
  }, [pending, go]);
  const cancel = useCallback(() => setPending(null), []);
  return { pending, attempt, confirm, cancel };
}
