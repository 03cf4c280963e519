import { createApiClient, unwrap, type Schemas } from '@huddle/api-client';
import type { BookingPayload } from '@huddle/domain/request-details';

export type BookedRequest = Schemas['RequestDto'];
export type PaymentSheet = Schemas['PaymentSheetResponse'];
export type CardConfirmation = Schemas['SandboxConfirmResponse'];
export type BookableAthlete = Schemas['AthleteProfileDto'];
export type Campaign = Schemas['CampaignDto'];
export type CampaignAthleteCard = Schemas['AthleteCardDto'];
export type CampaignAthletePage = Schemas['AthleteSearchResponse'];

/** A card as the sandbox card form collects it (Stripe's test numbers, spec §7). */
export interface CardInput {
  card_number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

/**
 * What one checkout pays (spec §7): a request, or an endorsement campaign (one payment for every
 * athlete's share). The same key names it in payment-sheet's query and in set-paid's body.
 */
export type CheckoutTarget = { request_id: string } | { endorsement_campaign_id: string };

/**
 * The campaign form as spec §7 sends it: url-encoded strings (athlete_ids comma-joined,
 * proposed_amounts JSON). The form always sends every field, the optional ones empty.
 */
export type CampaignFormFields = Required<Schemas['CampaignCreateBody']>;

/** One page of the campaign picker's search (athletes who offer endorsements). */
export interface EndorsementSearchQuery {
  field: 'name' | 'sport' | 'school';
  filter: string;
  pageSize: number;
}

/** Sends a body as application/x-www-form-urlencoded, the encoding spec §7 gives the campaign form. */
function formBody<Body extends Record<string, string | undefined>>(body: Body) {
  return {
    bodySerializer: (values: Record<string, string | undefined>) =>
      new URLSearchParams(Object.entries(values).filter((entry): entry is [string, string] => typeof entry[1] === 'string')),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body,
  };
}

/** Every call the booking screens make (spec §7), through the typed client. */
export function bookingApi(apiBase: string) {
  const api = createApiClient({ baseUrl: apiBase });
  return {
    apiBase,
    getAthlete: async (athleteId: string, signal?: AbortSignal) =>
      (await unwrap(api.GET('/public/athletes', { params: { query: { athlete_id: athleteId } }, signal }))).athlete,
    getRequest: async (id: string, signal?: AbortSignal) => (await unwrap(api.GET('/booking/request', { params: { query: { id } }, signal }))).request,
    createRequest: async (body: BookingPayload) =>
      // The schema's union is wider than the generated body's one shape; the API validates the same union.
      (await unwrap(api.POST('/booking/request', { body: body as never }))).request,
    /** GET /public/athletes/endorsement/search: the campaign picker's options (spec §2: at most 50). */
    searchEndorsementAthletes: ({ field, filter, pageSize }: EndorsementSearchQuery, signal?: AbortSignal) =>
      unwrap(
        api.GET('/public/athletes/endorsement/search', {
          params: { query: { field, filter: filter || undefined, page: 1, page_size: pageSize } },
          signal,
        }),
      ),
    /** POST /booking/request/endorsement_campaign/create (a form): the unpaid campaign, one request per athlete. */
    createCampaign: async (fields: CampaignFormFields) =>
      (await unwrap(api.POST('/booking/request/endorsement_campaign/create', formBody(fields)))).campaign,
    paymentSheet: (target: CheckoutTarget) => unwrap(api.POST('/payments/payment-sheet', { params: { query: target } })),
    confirmCard: (clientSecret: string, card: CardInput) => unwrap(api.POST('/payments/sandbox/confirm', { body: { client_secret: clientSecret, ...card } })),
    authenticate: (clientSecret: string, approve: boolean) =>
      unwrap(api.POST('/payments/sandbox/authenticate', { body: { client_secret: clientSecret, approve } })),
    /** POST /payments/set-paid: the provider's hold (a request) or charge (a campaign) is read again and recorded. */
    setPaid: (target: CheckoutTarget) => unwrap(api.POST('/payments/set-paid', { body: target })),
  };
}

export type BookingApi = ReturnType<typeof bookingApi>;
