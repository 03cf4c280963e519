import { isServiceType, type ServiceType } from '@huddle/domain';
import type { PayoutFilter } from './admin-console-api';
import { pageOf } from './users-query';

/** A user's requests on /manage/user/{id}: page, request type and payout status kept in the URL. */
export interface UserRequestsUrlState {
  page: number;
  requestType: ServiceType | null;
  payout: PayoutFilter | null;
}

export function userRequestsStateOf(search: string): UserRequestsUrlState {
  const params = new URLSearchParams(search);
  const type = params.get('requestType');
  const payout = params.get('payout');
  return {
    page: pageOf(params.get('page')),
    requestType: isServiceType(type) ? type : null,
    payout: payout === 'paid' || payout === 'unpaid' || payout === 'processing' ? payout : null,
  };
}

/** The search with one filter changed (and the page back to 1); the others kept. */
export function withRequestsFilter(search: string, name: 'requestType' | 'payout', value: string | null): string {
  const params = new URLSearchParams(search);
  params.delete('page');
  if (value === null || value === '') params.delete(name);
  else params.set(name, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}
