import { useInfiniteQuery, useQuery, useQueryClient, skipToken } from '@tanstack/react-query';
import { ApiError } from '@huddle/api-client';
import { ErrorCode, UserType } from '@huddle/domain';
import { useShell, useShellApi } from '@huddle/ui';
import type { RequestTab } from '../request-tabs';
import { requestsApi, type CampaignView, type RequestsApi, type RequestView } from './requests-api';

export function useRequestsApi(): RequestsApi {
  return useShellApi(requestsApi);
}

export const REQUEST_KEYS = {
  all: ['requests'] as const,
  list: (tab: RequestTab) => ['requests', 'list', tab] as const,
  one: (ref: string) => ['requests', 'one', ref] as const,
  campaign: (campaignId: string) => ['requests', 'campaign', campaignId] as const,
};

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.code === ErrorCode.NotFound;
}

/** One tab of /requests, page after page ('Load more'). */
export function useRequestList(tab: RequestTab) {
  const api = useRequestsApi();
  return useInfiniteQuery({
    queryKey: REQUEST_KEYS.list(tab),
    queryFn: ({ pageParam, signal }) => api.list(tab, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
  });
}

/**
 * A request by its route id: a uuid, or '@' and a paid id (the shareable /request/@{paid_id}).
 * Spec §2 also gives '@' ids to endorsement campaigns ('@' and a uuid, campaignIdOfRef): the
 * detail screen shows those with useCampaign instead. A missing request is final, not retried.
 */
export function useRequest(ref: string) {
  const api = useRequestsApi();
  // The console reads requests on its own route (GET /admin/requests/by-id, issue 22).
  const admin = useShell().role === UserType.Admin;
  return useQuery({
    queryKey: REQUEST_KEYS.one(ref),
    queryFn: ref ? ({ signal }) => loadRequest(api, ref, admin, signal) : skipToken,
    retry: (failures, error) => !isNotFound(error) && failures < 1,
  });
}

/**
 * How a request is read: a shareable '@' ref by its paid id; the administrator's on the console's
 * route (GET /admin/requests/by-id); a party's on GET /booking/request.
 */
export function loadRequest(api: RequestsApi, ref: string, admin: boolean, signal?: AbortSignal): Promise<RequestView> {
  if (ref.startsWith('@')) return api.byPaidId(ref.slice(1), signal);
  return admin ? api.adminRequest(ref, signal) : api.get(ref, signal);
}

/** How a campaign is read: the administrator's through GET /admin/requests/by-id?id=@{id}, its business's on GET /booking/request/campaign. */
export function loadCampaign(api: RequestsApi, campaignId: string, admin: boolean, signal?: AbortSignal): Promise<CampaignView> {
  return admin ? api.adminCampaign(campaignId, signal) : api.campaign(campaignId, signal);
}

/** After an action: the answer replaces the cached request, and every list is read again. */
export function useRequestAnswer(ref: string): (request: RequestView) => void {
  const queryClient = useQueryClient();
  return (request) => {
    queryClient.setQueryData(REQUEST_KEYS.one(ref), request);
    void queryClient.invalidateQueries({ queryKey: ['requests', 'list'] });
  };
}

/**
 * An endorsement campaign by its id (GET /booking/request/campaign; the console's through
 * GET /admin/requests/by-id?id=@{id}); a missing one is final, not retried.
 */
export function useCampaign(campaignId: string | null) {
  const api = useRequestsApi();
  const admin = useShell().role === UserType.Admin;
  return useQuery({
    queryKey: REQUEST_KEYS.campaign(campaignId ?? ''),
    queryFn: campaignId ? ({ signal }) => loadCampaign(api, campaignId, admin, signal) : skipToken,
    retry: (failures, error) => !isNotFound(error) && failures < 1,
  });
}

/** After a campaign action (cancel): the answer replaces the cached campaign, and every list is read again. */
export function useCampaignAnswer(campaignId: string): (campaign: CampaignView) => void {
  const queryClient = useQueryClient();
  return (campaign) => {
    queryClient.setQueryData(REQUEST_KEYS.campaign(campaignId), campaign);
    void queryClient.invalidateQueries({ queryKey: ['requests', 'list'] });
  };
}
