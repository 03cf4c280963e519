import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useShell, useShellApi } from '@huddle/ui';
import type { MemberAccount } from './account-types';
import { memberApi, type MemberApi } from './member-api';

/** The member API on the shell's API base, shared by every member screen. */
export function useMemberApi(): MemberApi {
  return useShellApi(memberApi);
}

export const QUERY_KEYS = {
  account: ['account', 'own'] as const,
  referenceData: ['reference-data'] as const,
  locations: ['athlete', 'locations'] as const,
  mapsConfig: ['maps', 'config'] as const,
};

/** The signed-in account with every block of the contract (athlete_info, business_info, fan_info). */
export function useOwnAccount() {
  const api = useMemberApi();
  return useQuery({ queryKey: QUERY_KEYS.account, queryFn: api.getAccount });
}

/** Sports, schools, genders, conferences and teams; they change with a deploy, not during a visit. */
export function useReferenceData() {
  const api = useMemberApi();
  return useQuery({ queryKey: QUERY_KEYS.referenceData, queryFn: api.getReferenceData, staleTime: Number.POSITIVE_INFINITY });
}

/**
 * After a call that answers the account: the cached copy and the shell both take it, so the menu,
 * the routes (a finished wizard) and every screen agree.
 */
export function useAccountAnswer(): (account: MemberAccount) => void {
  const queryClient = useQueryClient();
  const { setAccount } = useShell();
  return (account) => {
    queryClient.setQueryData(QUERY_KEYS.account, account);
    setAccount(account);
  };
}
