import { useQuery } from '@tanstack/react-query';
import { createApiClient, unwrap, type Schemas } from '@huddle/api-client';
import { useShellApi } from '@huddle/ui';

export type PayoutAccount = Schemas['PayoutAccountDto'];
export type PayoutSummary = Omit<Schemas['PayoutSummaryResponse'], 'status_response'>;
export type AthletePayout = Schemas['AthletePayoutDto'];

/** The athlete's own payout calls (GET/POST /payouts/account, GET /payouts/summary), through the typed client. */
export function payoutsApi(apiBase: string) {
  const api = createApiClient({ baseUrl: apiBase });
  return {
    account: async (signal?: AbortSignal): Promise<PayoutAccount> => (await unwrap(api.GET('/payouts/account', { signal }))).account,
    /** Creates the account once and answers a fresh one-use onboarding link back to /settings/payouts. */
    connect: async () => {
      const answer = await unwrap(api.POST('/payouts/account'));
      return { account: answer.account, onboardingUrl: answer.onboarding_url };
    },
    summary: async (signal?: AbortSignal): Promise<PayoutSummary> => {
      const { status_response: _status, ...summary } = await unwrap(api.GET('/payouts/summary', { signal }));
      return summary;
    },
  };
}

export type PayoutsApi = ReturnType<typeof payoutsApi>;

export const PAYOUT_KEYS = {
  all: ['payouts'] as const,
  account: ['payouts', 'account'] as const,
  summary: ['payouts', 'summary'] as const,
};

export function usePayoutsApi(): PayoutsApi {
  return useShellApi(payoutsApi);
}

/** Back from onboarding, the account is read this many times (every 2 s) waiting for the provider's update. */
export const WATCH_READS = 15;

/**
 * Whether the provider's word on the account may still be on its way: the athlete came back from
 * onboarding at `returnedAt` (unix seconds), and the provider (which reports the change a moment
 * after sending the browser back) has not said the details were submitted, or has said nothing
 * since. A few seconds of slack cover the two clocks.
 */
export function awaitsProviderUpdate(account: PayoutAccount | undefined, returnedAt: number | null): boolean {
  if (returnedAt === null || !account || account.state === 'ready') return false;
  return !account.details_submitted || account.updated_at === null || account.updated_at < returnedAt - 5;
}

/** The payout account; read again every 2 s (at most WATCH_READS times) while the provider's update is awaited. */
export function usePayoutAccount(returnedAt: number | null = null) {
  const api = usePayoutsApi();
  return useQuery({
    queryKey: PAYOUT_KEYS.account,
    queryFn: ({ signal }) => api.account(signal),
    refetchInterval: (query) =>
      awaitsProviderUpdate(query.state.data, returnedAt) && query.state.dataUpdateCount < WATCH_READS ? 2000 : false,
  });
}

export function usePayoutSummary() {
  const api = usePayoutsApi();
  return useQuery({ queryKey: PAYOUT_KEYS.summary, queryFn: ({ signal }) => api.summary(signal) });
}
