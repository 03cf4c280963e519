import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiErrorFromReply, isAbortError, networkError } from '@huddle/api-client';
import type { NilGoStatus } from '@huddle/domain/nil';
import { useShellApi } from '@huddle/ui';
import { LOCKER_ROOM_KEY } from './locker-room-api';

/** A deal's disclosure record as GET /athlete/nil-disclosures answers it (issue 23). */
export interface NilDisclosure {
  id: string;
  request_id: string;
  request_type: string;
  payor: { kind: 'fan' | 'business'; name: string; company: { name: string; email: string | null; website: string | null } | null };
  amount: number;
  platform_fee: number;
  athlete_net: number;
  agreed_at: string;
  obligations: string;
  payor_total: number;
  flagged: boolean;
  report_by: string | null;
  business_days_left: number | null;
  reported_on: string | null;
  nil_go_status: NilGoStatus | null;
  void: boolean;
  packet_filename: string;
}

export interface NilReport {
  reported_on: string;
  nil_go_status?: NilGoStatus;
}

/** A call with the session cookie; a failure becomes the API's error (its envelope's message) or the network error. */
async function send(url: string, init: RequestInit = {}): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'include', ...init });
  } catch (thrown) {
    if (isAbortError(thrown)) throw thrown;
    throw networkError();
  }
  if (!response.ok) {
    const isJson = /\bjson\b/i.test(response.headers.get('Content-Type') ?? '');
    throw apiErrorFromReply(response.status, isJson ? await response.json().catch(() => undefined) : await response.text());
  }
  return response;
}

/** The athlete's NIL disclosures: the list, a deal's packet (a PDF), marking a deal reported. */
export function nilApi(apiBase: string) {
  const root = `${apiBase.replace(/\/+$/, '')}/athlete/nil-disclosures`;
  return {
    list: async (signal?: AbortSignal): Promise<NilDisclosure[]> => {
      const body = (await (await send(root, { signal })).json()) as { disclosures: NilDisclosure[] };
      return body.disclosures;
    },
    packet: async (id: string): Promise<Blob> => (await send(`${root}/${encodeURIComponent(id)}/packet`)).blob(),
    markReported: async (id: string, report: NilReport): Promise<NilDisclosure> => {
      const response = await send(`${root}/${encodeURIComponent(id)}/reported`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(report),
      });
      return ((await response.json()) as { disclosure: NilDisclosure }).disclosure;
    },
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

/** Hands the browser a file to save under the name the API gave it. */
export function saveBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
