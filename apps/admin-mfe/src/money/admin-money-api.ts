import { createApiClient, unwrap, type Schemas } from '@huddle/api-client';

export type PayoutCandidate = Schemas['PayoutCandidateDto'];
export type PayoutCandidatePage = Schemas['PayoutListResponse'];
export type SentPayout = Schemas['SentPayoutDto'];
export type SentPayoutPage = Schemas['SentPayoutListResponse'];
export type SentPayoutOrder = 'asc' | 'desc';

/** One line of a payout as the administrator confirmed it (dollars). */
export type PayoutItem = Schemas['PayoutItemInput'];

/** Every call of the admin's money screens (spec §7 /admin/payments/*, issue 21 /admin/money), through the typed client. */
export function adminMoneyApi(apiBase: string, fetchImpl?: typeof globalThis.fetch) {
  const api = createApiClient({ baseUrl: apiBase, fetch: fetchImpl });
  return {
    payoutCandidates: (page: number, signal?: AbortSignal) =>
      unwrap(api.GET('/admin/payments/payout-list', { params: { query: { page } }, signal })),
    /** The confirmation's key travels as Idempotency-Key: a repeated call answers the payout it made. */
    sendPayout: async (items: readonly PayoutItem[], idempotencyKey: string) =>
      (
        await unwrap(
          api.POST('/admin/payments/payout-send', {
            params: { header: { 'Idempotency-Key': idempotencyKey } },
            body: { payout_items: [...items] },
          }),
        )
      ).payout,
    sentPayouts: (page: number, order: SentPayoutOrder, signal?: AbortSignal) =>
      unwrap(api.GET('/admin/payments/payout-sent-list', { params: { query: { page, order } }, signal })),
    moneyDesk: (signal?: AbortSignal) => unwrap(api.GET('/admin/money', { signal })),
    resolveIncident: async (id: string, resolution: string) => (await unwrap(api.POST('/admin/money/incident-resolve', { body: { id, resolution } }))).incident,
    retryJob: (id: string) => unwrap(api.POST('/admin/money/job-retry', { body: { id } })),
  };
}

export type AdminMoneyApi = ReturnType<typeof adminMoneyApi>;
