import { createApiClient, unwrap, uploadWithProgress, type Schemas } from '@huddle/api-client';
import type { RequestTab } from '../request-tabs';

export type RequestView = Schemas['RequestDto'];
export type RequestSummary = Schemas['RequestSummaryDto'];
export type RequestPage = Schemas['RequestListResponse'];
export type CampaignView = Schemas['CampaignDto'];
export type CampaignEntry = Schemas['CampaignRequestDto'];

/** Every call the request screens make (spec §7), through the typed client. */
export function requestsApi(apiBase: string) {
  const api = createApiClient({ baseUrl: apiBase });
  const byId = { params: (id: string) => ({ params: { query: { request_id: id } } }) };
  return {
    apiBase,
    list: (tab: RequestTab, page: number, signal?: AbortSignal) =>
      unwrap(api.GET('/booking/request/filter', { params: { query: { status: tab, page, page_size: 20 } }, signal })),
    get: async (id: string, signal?: AbortSignal) => (await unwrap(api.GET('/booking/request', { params: { query: { id } }, signal }))).request,
    byPaidId: async (paidId: string, signal?: AbortSignal) =>
      (await unwrap(api.GET('/booking/request/paid', { params: { query: { paid_id: paidId } }, signal }))).request,
    /** An endorsement is accepted only with the disclosure acknowledged (FTC; the API refuses it otherwise). */
    accept: async (id: string, disclosureAcknowledged = false) =>
      (
        await unwrap(
          api.PUT('/booking/request/accept', {
            params: { query: disclosureAcknowledged ? { request_id: id, disclosure_acknowledged: 'true' } : { request_id: id } },
          }),
        )
      ).request,
    /** The athlete opens the call, in its window (10 minutes before the booked time to 30 after): the request goes to 6. */
    startVideoChat: async (id: string) => (await unwrap(api.PUT('/booking/request/start-video-chat', byId.params(id)))).request,
    decline: async (id: string) => (await unwrap(api.PUT('/booking/request/decline', byId.params(id)))).request,
    cancel: async (id: string) => (await unwrap(api.PUT('/booking/request/cancel', byId.params(id)))).request,
    flag: async (id: string) => (await unwrap(api.PUT('/booking/request/flag', byId.params(id)))).request,
    adminCancel: async (id: string) => (await unwrap(api.PUT('/admin/requests/cancel', byId.params(id)))).request,
    adminApprove: async (id: string) => (await unwrap(api.PUT('/admin/requests/approve', byId.params(id)))).request,
    /** The payout screens' action on one request (spec §4): its athlete's share marked paid; 'Status has been changed'. */
    adminMarkPayoutPaid: (id: string) => unwrap(api.PUT('/admin/payments/payout-status', { body: { id, status: 'paid' } })),
    /** The administrators' actions on this request, newest first (GET /admin/audit). */
    adminAudit: async (id: string, signal?: AbortSignal) =>
      (await unwrap(api.GET('/admin/audit', { params: { query: { subject_type: 'request', subject_id: id, page: 1, page_size: 20 } }, signal }))).entries,
    approve: async (id: string) => (await unwrap(api.PUT('/booking/request/approve', { body: { request_id: id } }))).request,
    review: async (id: string, rate: number) => (await unwrap(api.PUT('/booking/reviews', { body: { request_id: id, rate } }))).request,
    revokeShare: (id: string) => unwrap(api.DELETE('/booking/request/share', byId.params(id))),
    renewShare: async (id: string) => (await unwrap(api.POST('/booking/request/share', byId.params(id)))).share_url,
    /** GET /booking/request/campaign: the campaign of its business (spec §7), its athletes' requests inside. */
    campaign: async (campaignId: string, signal?: AbortSignal) =>
      (await unwrap(api.GET('/booking/request/campaign', { params: { query: { endorsement_campaign: campaignId } }, signal }))).campaign,
    /** GET /admin/requests/by-id: a request as the administrator sees it (issue 22). */
    adminRequest: async (id: string, signal?: AbortSignal) => {
      const { request } = await unwrap(api.GET('/admin/requests/by-id', { params: { query: { id } }, signal }));
      if (!request) throw new Error('The answer carries no request.');
      return request;
    },
    /** GET /admin/requests/by-id?id=@{campaignId}: a campaign as the administrator sees it. */
    adminCampaign: async (campaignId: string, signal?: AbortSignal) => {
      const { campaign } = await unwrap(api.GET('/admin/requests/by-id', { params: { query: { id: `@${campaignId}` } }, signal }));
      if (!campaign) throw new Error('The answer carries no campaign.');
      return campaign;
    },
    /** PUT /booking/request/campaign/cancel: every request of a pending campaign canceled, and all of it refunded. */
    cancelCampaign: async (campaignId: string) =>
      (await unwrap(api.PUT('/booking/request/campaign/cancel', { params: { query: { campaign_id: campaignId } } }))).campaign,
    contactSupport: (id: string, message: string) => unwrap(api.POST('/booking/request/support', { body: { request_id: id, message } })),
    /** POST /athlete/{type}s (multipart), through XMLHttpRequest for its progress events. */
    deliver: async (type: 'shoutout' | 'endorsement', id: string, video: Blob, onProgress: (fraction: number) => void, signal?: AbortSignal) => {
      const form = new FormData();
      form.append('request_id', id);
      // A recording is mp4 (RecordVideoModal records nothing else); the server checks the content either way.
      form.append('video', video, video instanceof File ? video.name : 'recording.mp4');
      return (await uploadWithProgress<{ request: RequestView }>({ url: `${apiBase}/athlete/${type}s`, form, onProgress, signal })).request;
    },
  };
}

export type RequestsApi = ReturnType<typeof requestsApi>;
