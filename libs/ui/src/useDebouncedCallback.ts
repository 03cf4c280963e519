import { useEffect, useMemo, useRef } from 'react';
import { debounce, type Debounced } from './debounce';

/**
 * A debounced version of `callback` that lives as long as the component. The latest callback
 * runs when the delay ends, so it sees the current URL and state; a waiting call is dropped
 * when the component goes away.
 */
export function useDebouncedCallback<Args extends unknown[]>(callback: (...args: Args) => void, delayMs: number): Debounced<Args> {
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  }, [callback]);
  const debounced = useMemo(() => debounce<Args>((...args) => latest.current(...args), delayMs), [delayMs]);
  useEffect(() => () => debounced.cancel(), [debounced]);
  return debounced;
}
