import { useEffect, useRef } from 'react';
import { pushEscapeHandler } from './escape-stack';

/** Calls `onEscape` when Escape is pressed while `active` and this overlay is the topmost one. */
export function useEscapeKey(active: boolean, onEscape: () => void): void {
  const handler = useRef(onEscape);
  useEffect(() => {
    handler.current = onEscape;
  });
  useEffect(() => {
    if (!active) return undefined;
    return pushEscapeHandler(handler, document);
  }, [active]);
}
