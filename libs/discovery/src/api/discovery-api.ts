import { createApiClient, unwrap } from '@huddle/api-client';
import type { AthleteRef, AthleteSearchQuery } from './discovery-types';

/** The discovery calls of docs/discovery-contract.md through the typed client, on the shell's API base. */
export function discoveryApi(apiBase: string) {
  const api = createApiClient({ baseUrl: apiBase });
  return {
    apiBase,
    searchAthletes: ({ field, filter, page, pageSize }: AthleteSearchQuery, signal?: AbortSignal) =>
      unwrap(
        api.GET('/public/athletes/search', {
          // An empty filter lists every athlete; leaving it out keeps the request URL clean.
          params: { query: { field, filter: filter || undefined, page, page_size: pageSize } },
          signal,
        }),
      ),
    getAthlete: (ref: AthleteRef, signal?: AbortSignal) => unwrap(api.GET('/public/athletes', { params: { query: ref }, signal })),
    /** A shoutout's watch link (/watch/{token}): the athlete and the watermarked video. */
    watch: (token: string, signal?: AbortSignal) => unwrap(api.GET('/public/watch', { params: { query: { token } }, signal })),
  };
}

export type DiscoveryApi = ReturnType<typeof discoveryApi>;
