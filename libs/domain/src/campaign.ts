import { RequestStatus, type RequestStatusCode } from './request-status';

const is = (...codes: RequestStatusCode[]) => (s: RequestStatusCode) => codes.includes(s);

/**
 * A campaign's status derived from its requests (spec §4), checked in the spec's order:
 * all canceled -> Canceled; all canceled or finished -> Finished; all pending or canceled ->
 * Pending; otherwise Pending review when any is 4, else Accepted. A campaign without requests
 * has nothing left to do, so it reads as Canceled.
 */
export function deriveCampaignStatus(statuses: readonly RequestStatusCode[]): RequestStatusCode {
  if (statuses.every(is(RequestStatus.Canceled))) return RequestStatus.Canceled;
  if (statuses.every(is(RequestStatus.Canceled, RequestStatus.Finished))) return RequestStatus.Finished;
  if (statuses.every(is(RequestStatus.Pending, RequestStatus.Canceled))) return RequestStatus.Pending;
  if (statuses.some(is(RequestStatus.PendingReview))) return RequestStatus.PendingReview;
  return RequestStatus.Accepted;
}
