import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createApiClient, unwrap, type Schemas } from '@huddle/api-client';
import { fetchFile } from '@huddle/api-client/file-download';
import { useShellApi } from '@huddle/ui';
import { LOCKER_ROOM_KEY } from './locker-room-api';

/** A deal's disclosure record as GET /athlete/nil-disclosures answers it (issue 23). */
export type NilDisclosure = Schemas['NilDisclosureDto'];
export type NilReport = Schemas['NilReportedInput'];

/** The athlete's NIL disclosures: the list, a deal's packet (a PDF), marking a deal reported. */
export function nilApi(apiBase: string) {
  const api = createApiClient({ baseUrl: apiBase });
  const root = `${apiBase.replace(/\/+$/, '')}/athlete/nil-disclosures`;
  return {
    list: async (signal?: AbortSignal): Promise<NilDisclosure[]> => (await unwrap(api.GET('/athlete/nil-disclosures', { signal }))).disclosures,
    packet: async (id: string): Promise<Blob> => (await fetchFile(`${root}/${encodeURIComponent(id)}/packet`)).blob,
    markReported: async (id: string, report: NilReport): Promise<NilDisclosure> =>
      (await unwrap(api.POST('/athlete/nil-disclosures/{id}/reported', { params: { path: { id } }, body: report }))).disclosure,
  };
}

/** Under the locker room's key, so its live refresh (a notification arrived) reads the deals again too. */
export const NIL_DISCLOSURES_KEY = [...LOCKER_ROOM_KEY, 'nil-disclosures'] as const;

export function useNilDisclosures() {
  const api = useShellApi(nilApi);
  return useQuery({ queryKey: NIL_DISCLOSURES_KEY, queryFn: ({ signal }) => api.list(signal) });
}

export function useMarkNilReported() {
  const api = useShellApi(nilApi);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, report }: { id: string; report: NilReport }) => api.markReported(id, report),
    onSuccess: (updated) => {
      queryClient.setQueryData<NilDisclosure[]>(NIL_DISCLOSURES_KEY, (list) => list?.map((d) => (d.id === updated.id ? updated : d)));
    },
  });
}
