import { fullName } from '@huddle/domain/format';
import type { AthleteCard } from './api/discovery-types';

type Named = Pick<AthleteCard, 'first_name' | 'last_name'>;
type Addressable = Pick<AthleteCard, 'username' | 'athlete_id'>;

/** What a page calls an athlete whose names are missing (an account the API still lists). */
export const UNNAMED_ATHLETE = 'Athlete';

export function athleteName(athlete: Named): string {
  return fullName(athlete) || UNNAMED_ATHLETE;
}

/** The name used in sentences ('Book Jordan for …'). */
export function athleteFirstName(athlete: Named): string {
  return athlete.first_name?.trim() || athleteName(athlete);
}

export function athleteInitials(athlete: Named): string {
  const letters = [athlete.first_name, athlete.last_name].map((name) => name?.trim().charAt(0) ?? '').join('');
  return (letters || UNNAMED_ATHLETE.charAt(0)).toUpperCase();
}

/**
 * The public profile path of an athlete: /@{username} (spec §1). An athlete without a username
 * is addressed by id, which the profile screen also accepts.
 */
export function athletePath(athlete: Addressable): string {
  return `/@${athlete.username || athlete.athlete_id}`;
}

/** The athlete's services with their Book actions: /p/@{username} (spec §2). */
export function athleteServicesPath(athlete: Addressable): string {
  return `/p/@${athlete.username || athlete.athlete_id}`;
}

/** The grid's portrait: the 8:11 dashboard crop, else the square profile photo. */
export function cardPhoto(athlete: Pick<AthleteCard, 'dashboard_photo' | 'profile_photo'>): string | null {
  return athlete.dashboard_photo || athlete.profile_photo || null;
}

/** 'Basketball · Duke University', leaving out what the athlete has not filled in. */
export function athleteCaption(athlete: Pick<AthleteCard, 'sports_played' | 'school_name'>): string {
  return [athlete.sports_played, athlete.school_name].filter(Boolean).join(' · ');
}
