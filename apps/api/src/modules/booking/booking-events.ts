/** Domain events booking announces; other modules react without booking knowing them. */

/** Reviews were added for these athletes, so their ratings changed. */
export const ATHLETE_REVIEWS_CHANGED = 'booking.athlete-reviews-changed';

export interface AthleteReviewsChangedEvent {
  athleteIds: string[];
}
