import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useShellApi, useToast } from '@huddle/ui';
import { adminMoneyApi, type AdminMoneyApi, type SentPayoutOrder } from './admin-money-api';
import { MONEY_DESK_TOASTS } from './money-desk';

export function useAdminMoneyApi(): AdminMoneyApi {
  return useShellApi(adminMoneyApi);
}

export const MONEY_KEYS = {
  candidates: (page: number) => ['admin', 'payouts', 'candidates', page] as const,
  sent: (page: number, order: SentPayoutOrder) => ['admin', 'payouts', 'sent', page, order] as const,
  desk: ['admin', 'money'] as const,
};

/** A page number from the query string: a whole number from 1, else 1. */
export function pageFromQuery(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

export function usePayoutCandidates(page: number) {
  const api = useAdminMoneyApi();
  return useQuery({
    queryKey: MONEY_KEYS.candidates(page),
    queryFn: ({ signal }) => api.payoutCandidates(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSentPayouts(page: number, order: SentPayoutOrder) {
  const api = useAdminMoneyApi();
  return useQuery({
    queryKey: MONEY_KEYS.sent(page, order),
    queryFn: ({ signal }) => api.sentPayouts(page, order, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMoneyDesk() {
  const api = useAdminMoneyApi();
  return useQuery({ queryKey: MONEY_KEYS.desk, queryFn: ({ signal }) => api.moneyDesk(signal) });
}

/** After a payout, what is payable and what was sent both changed. */
export function useReloadPayouts(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['admin', 'payouts'] });
}

/** The desk's two actions: each a toast on success, the API's message as a toast on failure, then the desk is read again. */
export function useMoneyDeskActions() {
  const api = useAdminMoneyApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const settle = {
    onError: (error: Error) => toast.show(error.message, 'error'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: MONEY_KEYS.desk }),
  };
  const resolve = useMutation({
    mutationFn: ({ id, resolution }: { id: string; resolution: string }) => api.resolveIncident(id, resolution),
    onSuccess: () => toast.show(MONEY_DESK_TOASTS.incidentResolved, 'success'),
    ...settle,
  });
  const retry = useMutation({
    mutationFn: (id: string) => api.retryJob(id),
    onSuccess: () => toast.show(MONEY_DESK_TOASTS.jobRetried, 'success'),
    ...settle,
  });
  return { resolve, retry };
}
