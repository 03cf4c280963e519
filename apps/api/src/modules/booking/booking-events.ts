/** Domain events booking announces; other modules react without booking knowing them. */

/** Reviews were added for these athletes, so their ratings changed. */
export const ATHLETE_REVIEWS_CHANGED = 'booking.athlete-reviews-changed';

export interface AthleteReviewsChangedEvent {
  athleteIds: string[];
}

/**
 * A request changed (created is not a change; paid, every action of the request core, expiry and
 * auto-completion are). Published through the job queue in the transaction of the change, one job
 * per subscriber: deliveries (watermarks, shoutout links), notifications.
 */
export const REQUEST_CHANGED = 'booking.request-changed';

export interface RequestChangedEvent {
  requestId: string;
  /** A RequestAction, or 'pay' when the card hold is in place and the athlete can see the request. */
  action: string;
  fromStatus: number;
  toStatus: number;
  type: string;
  athleteId: string;
  requesterId: string;
  actorId: string | null;
  details: Record<string, unknown>;
}
