import { LIMITS } from '@huddle/domain';
import { DEFAULT_SEARCH_FIELD, searchFieldOf, type AthleteSearchField } from './search-fields';

/** What the dashboard shows, kept in its query string so reload, Back and a shared link keep it. */
export interface DashboardQuery {
  field: AthleteSearchField;
  filter: string;
  /** 1-based. */
  page: number;
}

export const DASHBOARD_PATH = '/dashboard';

/** Long enough for any name, sport or school; a pasted essay is cut rather than sent. */
export const MAX_FILTER_LENGTH = 100;

export const DASHBOARD_PAGE_SIZE = LIMITS.pageSize.default;

/** The text to search for: outer spaces dropped and inner runs of spaces made one ("jor  mil"). */
export function normaliseFilter(text: string): string {
  return text.trim().replace(/\s+/g, ' ').slice(0, MAX_FILTER_LENGTH);
}

/** A page number from the URL: a positive whole number, otherwise the first page. */
export function pageOf(value: string | null): number {
  if (value === null || !/^\d+$/.test(value)) return 1;
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

export function parseDashboardQuery(search: string): DashboardQuery {
  const params = new URLSearchParams(search);
  return {
    field: searchFieldOf(params.get('field')),
    filter: normaliseFilter(params.get('filter') ?? ''),
    page: pageOf(params.get('page')),
  };
}

/**
 * The query string for `query`, keeping parameters the dashboard does not own (a campaign's
 * tracking tags). Defaults are left out, so the plain dashboard stays '/dashboard'.
 */
export function withDashboardQuery(search: string, query: DashboardQuery): string {
  const params = new URLSearchParams(search);
  const filter = normaliseFilter(query.filter);
  const entries: [keyof DashboardQuery, string | null][] = [
    ['field', query.field === DEFAULT_SEARCH_FIELD ? null : query.field],
    ['filter', filter === '' ? null : filter],
    ['page', query.page > 1 ? String(query.page) : null],
  ];
  for (const [name, value] of entries) {
    if (value === null) params.delete(name);
    else params.set(name, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function dashboardHref(search: string, query: DashboardQuery): string {
  return `${DASHBOARD_PATH}${withDashboardQuery(search, query)}`;
}
