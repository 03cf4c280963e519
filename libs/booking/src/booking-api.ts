import { createApiClient, unwrap, type Schemas } from '@huddle/api-client';
import type { BookingPayload } from '@huddle/domain/request-details';

export type BookedRequest = Schemas['RequestDto'];
export type PaymentSheet = Schemas['PaymentSheetResponse'];
export type CardConfirmation = Schemas['SandboxConfirmResponse'];
export type BookableAthlete = Schemas['AthleteProfileDto'];

/** A card as the sandbox card form collects it (Stripe's test numbers, spec §7). */
export interface CardInput {
  card_number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

/** Every call the booking screens make (spec §7), through the typed client. */
export function bookingApi(apiBase: string) {
  const api = createApiClient({ baseUrl: apiBase });
  return {
    getAthlete: async (athleteId: string, signal?: AbortSignal) =>
      (await unwrap(api.GET('/public/athletes', { params: { query: { athlete_id: athleteId } }, signal }))).athlete,
    getRequest: async (id: string, signal?: AbortSignal) => (await unwrap(api.GET('/booking/request', { params: { query: { id } }, signal }))).request,
    createRequest: async (body: BookingPayload) =>
      // The schema's union is wider than the generated body's one shape; the API validates the same union.
      (await unwrap(api.POST('/booking/request', { body: body as never }))).request,
    paymentSheet: (requestId: string) => unwrap(api.POST('/payments/payment-sheet', { params: { query: { request_id: requestId } } })),
    confirmCard: (clientSecret: string, card: CardInput) => unwrap(api.POST('/payments/sandbox/confirm', { body: { client_secret: clientSecret, ...card } })),
    authenticate: (clientSecret: string, approve: boolean) =>
      unwrap(api.POST('/payments/sandbox/authenticate', { body: { client_secret: clientSecret, approve } })),
    setPaid: async (requestId: string) => (await unwrap(api.POST('/payments/set-paid', { body: { request_id: requestId } }))).request,
  };
}

export type BookingApi = ReturnType<typeof bookingApi>;
