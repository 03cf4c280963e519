import { ATHLETE_SERVICE_TYPES, SOCIAL_LINK_FIELDS, SOCIAL_LINK_TYPES, type AthleteServiceType, type SocialLinkType } from '@huddle/domain';
import type { AthleteProfile } from '../api/discovery-types';

/** The booking form of a service: /request-form/{athlete_id}/{type} (spec §2). */
export function bookingPath(athleteId: string, type: AthleteServiceType): string {
  return `/request-form/${athleteId}/${type}`;
}

/** Services in the product's usual order, whatever order the API listed them in. */
export function orderedServices(services: AthleteProfile['services']): AthleteProfile['services'] {
  return [...services].sort((a, b) => ATHLETE_SERVICE_TYPES.indexOf(a.type) - ATHLETE_SERVICE_TYPES.indexOf(b.type));
}

/** 'instagram.com/jordan' for a link: the scheme and a leading www say nothing to a reader. */
export function linkText(url: string): string {
  return url
    .replace(/^[a-z]+:\/\//i, '')
    .replace(/^www\./i, '')
    .replace(/\/+$/, '');
}

/** The social links the athlete filled in, in the product's order. */
export function filledSocialLinks(athlete: Pick<AthleteProfile, `${SocialLinkType}_link`>): { type: SocialLinkType; url: string }[] {
  return SOCIAL_LINK_TYPES.flatMap((type) => {
    const url = athlete[SOCIAL_LINK_FIELDS[type]];
    return url ? [{ type, url }] : [];
  });
}

/** The athlete's sports by name; the first sport alone when the full list is missing. */
export function sportNames(athlete: Pick<AthleteProfile, 'sports' | 'sports_played'>): string[] {
  if (athlete.sports.length > 0) return athlete.sports.map((sport) => sport.name);
  return athlete.sports_played ? [athlete.sports_played] : [];
}
