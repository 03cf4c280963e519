import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { ApiError } from '@huddle/api-client';
import { ErrorCode } from '@huddle/domain';
import { useShellApi } from '@huddle/ui';
import { discoveryApi, type DiscoveryApi } from './discovery-api';
import type { AthleteRef, AthleteSearchQuery } from './discovery-types';

/** The discovery API on the shell's API base, shared by every discovery screen. */
export function useDiscoveryApi(): DiscoveryApi {
  return useShellApi(discoveryApi);
}

export const DISCOVERY_KEYS = {
  search: (query: AthleteSearchQuery) => ['athletes', 'search', query] as const,
  athlete: (ref: AthleteRef | null) => ['athletes', 'public', ref] as const,
};

/**
 * One page of the athlete search. While the next field, filter or page loads, the previous
 * results stay on screen (dimmed by the caller) instead of flashing back to the skeleton.
 */
export function useAthleteSearch(query: AthleteSearchQuery) {
  const api = useDiscoveryApi();
  return useQuery({
    queryKey: DISCOVERY_KEYS.search(query),
    queryFn: ({ signal }) => api.searchAthletes(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.code === ErrorCode.NotFound;
}

/** An athlete's public profile, reviews and history; a missing athlete is final, not retried. */
export function useAthlete(ref: AthleteRef | null) {
  const api = useDiscoveryApi();
  return useQuery({
    queryKey: DISCOVERY_KEYS.athlete(ref),
    queryFn: ref ? ({ signal }) => api.getAthlete(ref, signal) : skipToken,
    retry: (failures, error) => !isNotFound(error) && failures < 1,
  });
}
