import { DASHBOARD_PATH } from './dashboard-query';

/**
 * The dashboard's last query string, so a profile's back arrow returns to the same search and
 * page rather than to an empty dashboard. Kept in memory: a reload starts from the URL anyway.
 */
let lastSearch = '';

export function rememberDashboardSearch(search: string): void {
  lastSearch = search.replace(/^\?/, '');
}

export function dashboardReturnHref(): string {
  return lastSearch ? `${DASHBOARD_PATH}?${lastSearch}` : DASHBOARD_PATH;
}
