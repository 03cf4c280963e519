import { useCallback } from 'react';
import { useLocation, useSearch } from 'wouter';
import { withSearchParam } from './search-params';

/**
 * One query-string parameter as state: the active tab of /requests, a filter, a page. Updates
 * replace the history entry, so Back leaves the screen instead of stepping through tabs.
 */
export function useSearchParam(name: string): [string | null, (value: string | null) => void] {
  const search = useSearch();
  const [pathname, navigate] = useLocation();
  const value = new URLSearchParams(search).get(name);
  const setValue = useCallback(
    (next: string | null) => navigate(`${pathname}${withSearchParam(search, name, next)}`, { replace: true }),
    [navigate, pathname, search, name],
  );
  return [value, setValue];
}
