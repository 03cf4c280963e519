import { isUserTypeCode } from '@huddle/domain';
import type { AdminUserTypeCode, UserListQuery } from './admin-console-api';

/** The user list's state kept in the URL (issue 22): page, request, userType and completeness. */
export interface UsersUrlState {
  page: number;
  request: string;
  userType: AdminUserTypeCode | null;
  /** 2 any (default), 1 complete, 0 incomplete. */
  completeness: 0 | 1 | 2;
}

export const ROLE_FILTER_OPTIONS = [
  { value: '', label: 'All roles' },
  { value: '1', label: 'Fan' },
  { value: '2', label: 'Athlete' },
  { value: '3', label: 'Business' },
  { value: '4', label: 'Administrator' },
] as const;

export const COMPLETENESS_OPTIONS = [
  { value: '2', label: 'Any profile' },
  { value: '1', label: 'Complete' },
  { value: '0', label: 'Incomplete' },
] as const;

export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;

/** A page from the query string: a whole number from 1, else 1. */
export function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** Reads the list's state from a query string; anything unknown falls back to the default (page 1, everyone). */
export function usersStateOf(search: string): UsersUrlState {
  const params = new URLSearchParams(search);
  const type = Number(params.get('userType'));
  const completeness = params.get('completeness');
  return {
    page: pageOf(params.get('page')),
    request: params.get('request') ?? '',
    userType: params.get('userType') !== null && isUserTypeCode(type) ? type : null,
    completeness: completeness === '0' ? 0 : completeness === '1' ? 1 : 2,
  };
}

/** The query string of a state: defaults left out, so the plain list is plain /manage/users. */
export function usersSearchOf(state: UsersUrlState): string {
  const params = new URLSearchParams();
  if (state.page > 1) params.set('page', String(state.page));
  if (state.request.trim() !== '') params.set('request', state.request.trim());
  if (state.userType !== null) params.set('userType', String(state.userType));
  if (state.completeness !== 2) params.set('completeness', String(state.completeness));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A changed filter starts again from the first page. */
export function withFilter(state: UsersUrlState, change: Partial<Omit<UsersUrlState, 'page'>>): UsersUrlState {
  return { ...state, ...change, page: 1 };
}

export function userListQuery(state: UsersUrlState, pageSize: number | null): UserListQuery {
  return { ...state, pageSize };
}
