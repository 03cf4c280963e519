import { deriveCampaignStatus } from './campaign';
import { canTransition, compareByStatusPriority, REQUEST_STATUS_CODES, RequestStatus, type RequestStatusCode } from './request-status';

const { Pending, Accepted, Canceled, PendingReview, Finished, InProgress } = RequestStatus;

describe('request status', () => {
  it('sorts by display priority: 3, 2, 5, 1, 6, 4', () => {
    const sorted = [...REQUEST_STATUS_CODES].sort(compareByStatusPriority);
    expect(sorted).toEqual([3, 2, 5, 1, 6, 4]);
  });

  const allowed: [RequestStatusCode, RequestStatusCode][] = [
    [Pending, Accepted],
    [Pending, Canceled],
    [Accepted, PendingReview],
    [Accepted, InProgress],
    [Accepted, Finished],
    [PendingReview, Finished],
    [InProgress, Finished],
    // An administrator's cancel of a request under way (refunded).
    [Accepted, Canceled],
    [PendingReview, Canceled],
    [InProgress, Canceled],
  ];

  it('allows exactly the legal transitions', () => {
    for (const from of REQUEST_STATUS_CODES) {
      for (const to of REQUEST_STATUS_CODES) {
        const legal = allowed.some(([f, t]) => f === from && t === to);
        expect([from, to, canTransition(from, to)]).toEqual([from, to, legal]);
      }
    }
  });
});

describe('campaign status', () => {
  it.each<[string, RequestStatusCode[], RequestStatusCode]>([
    ['all canceled', [Canceled, Canceled], Canceled],
    ['canceled and finished', [Canceled, Finished, Finished], Finished],
    ['all finished', [Finished], Finished],
    ['pending and canceled', [Pending, Canceled], Pending],
    ['all pending', [Pending, Pending], Pending],
    ['one in review', [Accepted, PendingReview, Pending], PendingReview],
    ['review among finished', [Finished, PendingReview], PendingReview],
    ['accepted and pending', [Accepted, Pending], Accepted],
    ['accepted and finished', [Accepted, Finished], Accepted],
    ['in progress', [InProgress, Canceled], Accepted],
  ])('%s', (_name, statuses, expected) => {
    expect(deriveCampaignStatus(statuses)).toBe(expected);
  });
});
