import {
  hasServicesProblems,
  isValidEmail,
  isValidLink,
  isValidPhone,
  isValidUsername,
  LIMITS,
  MESSAGES,
  normalizeLink,
  normalizePhone,
  serviceFieldsOf,
  serviceSettingsOf,
  servicesProblems,
  SOCIAL_LINK_FIELDS,
  SOCIAL_LINK_TYPES,
  type ServiceSettings,
  type ServicesProblems,
  type SocialLinkType,
} from '@huddle/domain';
import type { AdminUser, AdminUserUpdate } from './admin-console-api';

/*
 * The administrator's athlete editor (issue 22): the same fields, rules and messages as the
 * athlete's own /settings/info, /settings/links and /settings/services, from libs/domain's
 * validators (phone +1 and 10 digits, links, rates, description 230).
 */

export type EditTab = 'general' | 'services' | 'links';

export const EDIT_TABS: readonly { id: EditTab; label: string }[] = [
  { id: 'general', label: 'General' },
  { id: 'services', label: 'Services' },
  { id: 'links', label: 'Social links' },
];

export interface GeneralValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  username: string;
  /** '' while none is chosen. */
  gender: string;
  description: string;
}

/** Files uploaded in this edit: their stored paths, saved with the rest (the contract's uploads, then update). */
export interface UploadedMedia {
  profile_photo?: string;
  dashboard_photo?: string;
  intro_video?: string;
}

export interface AthleteEditValues {
  general: GeneralValues;
  services: ServiceSettings;
  links: Record<SocialLinkType, string>;
  media: UploadedMedia;
}

export type GeneralField = keyof GeneralValues;

export interface AthleteEditErrors {
  general: Partial<Record<GeneralField, string>>;
  services: ServicesProblems;
  links: Partial<Record<SocialLinkType, string>>;
}

export function athleteEditValuesOf(user: AdminUser): AthleteEditValues {
  const links = {} as Record<SocialLinkType, string>;
  for (const type of SOCIAL_LINK_TYPES) links[type] = user[SOCIAL_LINK_FIELDS[type]] ?? '';
  return {
    general: {
      first_name: user.first_name ?? '',
      last_name: user.last_name ?? '',
      email: user.email,
      phone: user.phone ?? '',
      username: user.username ?? '',
      gender: user.gender === null || user.gender === undefined ? '' : String(user.gender),
      description: user.description ?? '',
    },
    services: serviceSettingsOf(user.athlete_info?.athlete_services as Partial<Record<string, unknown>> | undefined),
    links,
    media: {},
  };
}

const blank = (value: string) => value.trim() === '';

/** Every problem, per tab, with the messages of the athlete's own settings. */
export function athleteEditErrors(values: AthleteEditValues, original: AdminUser): AthleteEditErrors {
  const general: AthleteEditErrors['general'] = {};
  const g = values.general;
  if (blank(g.first_name)) general.first_name = MESSAGES.required;
  if (blank(g.last_name)) general.last_name = MESSAGES.required;
  if (blank(g.email)) general.email = MESSAGES.required;
  else if (!isValidEmail(g.email)) general.email = MESSAGES.emailInvalid;
  if (blank(g.phone)) general.phone = MESSAGES.required;
  else if (!isValidPhone(normalizePhone(g.phone))) general.phone = MESSAGES.phoneIncorrect;
  if (blank(g.username)) {
    if (original.username) general.username = MESSAGES.required;
  } else if (!isValidUsername(g.username.trim())) general.username = MESSAGES.usernameInvalid;
  if (original.gender !== null && original.gender !== undefined && blank(g.gender)) general.gender = MESSAGES.required;
  if (g.description.length > LIMITS.description.max) general.description = MESSAGES.descriptionTooLong;
  const links: AthleteEditErrors['links'] = {};
  for (const type of SOCIAL_LINK_TYPES) {
    if (!blank(values.links[type]) && !isValidLink(values.links[type])) links[type] = MESSAGES.invalidLink;
  }
  return { general, services: servicesProblems(values.services), links };
}

/** The tabs that hold a problem, in the tabs' order: Save opens the first. */
export function tabsWithErrors(errors: AthleteEditErrors): EditTab[] {
  const tabs: EditTab[] = [];
  if (Object.values(errors.general).some(Boolean)) tabs.push('general');
  if (hasServicesProblems(errors.services)) tabs.push('services');
  if (Object.values(errors.links).some(Boolean)) tabs.push('links');
  return tabs;
}

export function isDirty(initial: AthleteEditValues, current: AthleteEditValues): boolean {
  return JSON.stringify(initial) !== JSON.stringify(current);
}

/** The body of POST /admin/user/update: typed values normalised as the athlete's own settings send them. */
export function athleteUpdateOf(userId: string, values: AthleteEditValues): AdminUserUpdate {
  const g = values.general;
  const update: AdminUserUpdate = {
    user_id: userId,
    first_name: g.first_name.trim(),
    last_name: g.last_name.trim(),
    email: g.email.trim(),
    phone: normalizePhone(g.phone),
    username: blank(g.username) ? null : g.username.trim(),
    ...(blank(g.gender) ? {} : { gender: Number(g.gender) as NonNullable<AdminUserUpdate['gender']> }),
    description: g.description,
    athlete_services: { ...serviceFieldsOf(values.services) },
    ...values.media,
  };
  for (const type of SOCIAL_LINK_TYPES) {
    const link = values.links[type].trim();
    update[SOCIAL_LINK_FIELDS[type]] = link === '' ? null : normalizeLink(link);
  }
  return update;
}
