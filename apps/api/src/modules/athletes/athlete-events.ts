/** Domain events the athletes module announces; other modules react without athletes knowing them. */

/** An athlete's survey (school, sports), services or rates changed. */
export const ATHLETE_INFO_CHANGED = 'athlete.info-changed';

export interface AthleteInfoChangedEvent {
  athleteId: string;
}
