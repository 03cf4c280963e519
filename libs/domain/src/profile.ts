import { ATHLETE_SERVICE_TYPES, type AthleteServiceType } from './service-types';
import { UserType, type UserTypeCode } from './roles';

export interface AthleteCompleteness {
  first_name?: string | null;
  last_name?: string | null;
  profile_photo?: string | null;
  intro_video?: string | null;
  school_id?: number | null;
  sports?: readonly number[] | null;
  enabled_services?: readonly AthleteServiceType[] | null;
}

/**
 * An athlete's profile is complete only with names, photo, intro video, school and sport present
 * and at least one service enabled (spec §4, Session: the rule after an admin edit; the wizard's
 * Submit uses the same rule so both paths agree).
 */
export function isAthleteProfileComplete(profile: AthleteCompleteness): boolean {
  const present = (value: string | null | undefined) => typeof value === 'string' && value.trim().length > 0;
  return (
    present(profile.first_name) &&
    present(profile.last_name) &&
    present(profile.profile_photo) &&
    present(profile.intro_video) &&
    typeof profile.school_id === 'number' &&
    (profile.sports?.length ?? 0) > 0 &&
    (profile.enabled_services ?? []).some((type) => (ATHLETE_SERVICE_TYPES as readonly string[]).includes(type))
  );
}

/**
 * The survey asks for a school only when there is a choice to make (spec §5: 'a school as well
 * when more than one school exists'); with a single school it is implied.
 */
export function isSchoolRequired(schoolCount: number): boolean {
  return schoolCount > 1;
}

export type WizardStep = 'profile' | 'survey' | 'socials' | 'services' | 'video';

/**
 * The setup wizard's steps per role (spec §4 Signup steps: profile, survey, socials, services
 * for athletes, video). Fans answer the survey of conferences, sports and teams; businesses
 * describe the company on the profile step and have nothing more to add.
 */
export const WIZARD_STEPS: Record<Exclude<UserTypeCode, 4>, readonly WizardStep[]> = {
  [UserType.Fan]: ['profile', 'survey'],
  [UserType.Athlete]: ['profile', 'survey', 'socials', 'services', 'video'],
  [UserType.Business]: ['profile'],
};

export const WIZARD_STEP_TITLES: Record<WizardStep, string> = {
  profile: 'Setup profile',
  survey: 'Survey',
  socials: 'Social links',
  services: 'Services',
  video: 'Setup Profile',
};
