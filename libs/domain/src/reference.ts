/** The built-in sport list of spec §3; ids follow the spec's order and never change. */
const SPORT_NAMES = [
  'Football',
  'Basketball',
  'Baseball',
  'Softball',
  'Volleyball',
  'Soccer',
  'Lacrosse',
  'Tennis',
  'Hockey',
  'Wrestling',
  'Gymnastics',
  'Track & Field',
  'Field Hockey',
  'Swimming',
  'Crew',
  'Golf',
  'Fencing',
  'Bowling',
  'Cheerleading',
  'Rugby',
  'Water Polo',
  'Dance',
  'E-Sports',
  'Rifle',
  'Squash',
  'Pickleball',
  'Cross Country',
] as const;

export interface NamedRef {
  id: number;
  name: string;
}

export const SPORTS: readonly NamedRef[] = SPORT_NAMES.map((name, index) => ({ id: index + 1, name }));

export const GENDERS: readonly NamedRef[] = [
  { id: 1, name: 'Male' },
  { id: 2, name: 'Female' },
  { id: 3, name: 'Non-binary' },
  { id: 4, name: 'Prefer not to say' },
];

export const DIVISIONS = [
  'Division 1 FBS',
  'Division 1 FCS',
  'Division 2',
  'Division 3',
  'NAIA',
  'Junior Colleges',
  // Division 1 schools that play no football (Gonzaga, Creighton, ...) fit none of the spec's
  // named divisions; the spec's list says 'and others'.
  'Division 1 Non-Football',
] as const;
export type Division = (typeof DIVISIONS)[number];

export const SOCIAL_PLATFORMS = [
  'tiktok',
  'facebook',
  'twitter',
  'instagram',
  'snapchat',
  'youtube',
  'twitch',
  'cameo',
  'other',
] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

/** The social links an athlete keeps on the profile (spec §2, /settings/links). */
export const SOCIAL_LINK_TYPES = ['tiktok', 'twitter', 'snapchat', 'facebook', 'instagram'] as const;
export type SocialLinkType = (typeof SOCIAL_LINK_TYPES)[number];
export const SOCIAL_LINK_FIELDS: Record<SocialLinkType, `${SocialLinkType}_link`> = {
  tiktok: 'tiktok_link',
  twitter: 'twitter_link',
  snapchat: 'snapchat_link',
  facebook: 'facebook_link',
  instagram: 'instagram_link',
};

/** How the product names each social link (profile pages, settings, the wizard). */
export const SOCIAL_LINK_LABELS: Record<SocialLinkType, string> = {
  tiktok: 'TikTok',
  twitter: 'Twitter',
  snapchat: 'Snapchat',
  facebook: 'Facebook',
  instagram: 'Instagram',
};

/** Appearance options of athlete_services.appearance_type (comma-separated in the API). */
export const APPEARANCE_TYPES = ['SING', 'VISIT_CHURCHES'] as const;
export type AppearanceType = (typeof APPEARANCE_TYPES)[number];

export function isSocialLinkType(value: unknown): value is SocialLinkType {
  return typeof value === 'string' && (SOCIAL_LINK_TYPES as readonly string[]).includes(value);
}

export function isAppearanceType(value: unknown): value is AppearanceType {
  return typeof value === 'string' && (APPEARANCE_TYPES as readonly string[]).includes(value);
}

export function isGenderId(value: unknown): boolean {
  return GENDERS.some((gender) => gender.id === value);
}
