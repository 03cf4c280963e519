import {
  defaultServiceSettings,
  enabledServices,
  isSchoolRequired,
  MESSAGES,
  normalizePhone,
  serviceFieldsOf,
  serviceSettingsOf,
  SOCIAL_LINK_TYPES,
  type ServiceSettings,
  type UserTypeCode,
} from '@huddle/domain';
import type {
  AthleteProfilePayload,
  BusinessFinishPayload,
  FanFinishPayload,
  MemberAccount,
  SocialLinks,
} from '../api/account-types';
import { genderCode } from '../api/gender';
import type { ProfileValues } from '../forms/profile-form';
import { emptySocialLinks, socialLinkFields, socialLinksOf } from '../forms/social-links';
import type { ResumeFacts } from './wizard-steps';

/** Everything the wizard collects before Submit. */
export interface WizardDraft {
  profile: ProfileValues;
  profilePhoto: string | null;
  dashboardPhoto: string | null;
  sports: number[];
  schoolId: number | null;
  conferences: number[];
  teams: number[];
  links: SocialLinks;
  services: ServiceSettings;
  introVideo: string | null;
}

export function emptyDraft(): WizardDraft {
  return {
    profile: { first_name: '', last_name: '', gender: '', description: '', business: { name: '', email: '', phone: '', website: '' } },
    profilePhoto: null,
    dashboardPhoto: null,
    sports: [],
    schoolId: null,
    conferences: [],
    teams: [],
    links: emptySocialLinks(),
    services: defaultServiceSettings(),
    introVideo: null,
  };
}

/** Comma-separated ids ('1,4') as numbers. */
export function idsOf(value: string | null | undefined): number[] {
  if (!value) return [];
  return value
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isInteger(id) && id > 0);
}

/** The draft an account resumes with: what the saved progress (or the sign-up) already holds. */
export function draftFromAccount(account: MemberAccount): WizardDraft {
  const draft = emptyDraft();
  const business = account.business_info;
  const athlete = account.athlete_info;
  return {
    ...draft,
    profile: {
      first_name: account.first_name ?? '',
      last_name: account.last_name ?? '',
      gender: account.gender ? String(account.gender) : '',
      description: account.description ?? '',
      business: {
        name: business?.name ?? '',
        // A business's contact details start as the account's own.
        email: business?.email ?? account.email,
        phone: business?.phone ?? account.phone ?? '',
        website: business?.website ?? '',
      },
    },
    profilePhoto: account.profile_photo,
    dashboardPhoto: account.dashboard_photo ?? null,
    sports: athlete ? idsOf(athlete.sports) : (account.fan_info?.sports ?? []),
    schoolId: athlete?.school_id ?? null,
    conferences: account.fan_info?.conferences ?? [],
    teams: account.fan_info?.teams ?? [],
    links: socialLinksOf(account),
    services: athlete?.athlete_services ? serviceSettingsOf(athlete.athlete_services) : defaultServiceSettings(),
    introVideo: account.intro_video,
  };
}

export function resumeFactsOf(account: MemberAccount): ResumeFacts {
  const draft = draftFromAccount(account);
  return {
    hasNamesAndPhoto: Boolean(draft.profile.first_name && draft.profile.last_name && draft.profilePhoto),
    hasSurvey: draft.sports.length > 0,
    hasLinks: SOCIAL_LINK_TYPES.some((type) => draft.links[type] !== ''),
    hasServices: Boolean(account.athlete_info?.athlete_services) && enabledServices(draft.services).length > 0,
  };
}

export interface SurveyProblems {
  sports?: string;
  school?: string;
}

/** Spec §5, Survey: athletes choose at least one sport, and a school when there is more than one. */
export function athleteSurveyProblems(draft: Pick<WizardDraft, 'sports' | 'schoolId'>, schoolCount: number): SurveyProblems {
  const problems: SurveyProblems = {};
  if (draft.sports.length === 0) problems.sports = MESSAGES.chooseSport;
  if (isSchoolRequired(schoolCount) && draft.schoolId === null) problems.school = MESSAGES.chooseSchool;
  return problems;
}

function gender(values: ProfileValues) {
  return genderCode(values.gender);
}

/** What an athlete's step saves (POST /user/save-athlete-profile), so a reload resumes there. */
export function athleteProgress(draft: WizardDraft, step: 'profile' | 'survey' | 'socials' | 'services' | 'video'): AthleteProfilePayload {
  switch (step) {
    case 'profile':
      return {
        athlete_personal_info: {
          first_name: draft.profile.first_name.trim(),
          last_name: draft.profile.last_name.trim(),
          gender: gender(draft.profile),
          description: draft.profile.description.trim(),
          profile_photo: draft.profilePhoto ?? undefined,
          dashboard_photo: draft.dashboardPhoto ?? undefined,
        },
      };
    case 'survey':
      return { athlete_info: { school_id: draft.schoolId, sports: draft.sports } };
    case 'socials':
      return { athlete_personal_info: socialLinkFields(draft.links) };
    case 'services':
      return { athlete_info: { athlete_services: serviceFieldsOf(draft.services) } };
    case 'video':
      return { athlete_personal_info: { intro_video: draft.introVideo ?? undefined } };
  }
}

/** POST /user/finish-registration: the whole athlete profile (accounts contract). */
export function athleteFinishPayload(draft: WizardDraft): AthleteProfilePayload {
  return {
    athlete_personal_info: {
      ...athleteProgress(draft, 'profile').athlete_personal_info,
      ...socialLinkFields(draft.links),
      intro_video: draft.introVideo ?? undefined,
    },
    athlete_info: { school_id: draft.schoolId, sports: draft.sports, athlete_services: serviceFieldsOf(draft.services) },
  };
}

export function fanFinishPayload(draft: WizardDraft): FanFinishPayload {
  return {
    first_name: draft.profile.first_name.trim(),
    last_name: draft.profile.last_name.trim(),
    gender: gender(draft.profile),
    profile_photo: draft.profilePhoto ?? '',
    conferences: draft.conferences,
    sports: draft.sports,
    teams: draft.teams,
  };
}

export function businessFinishPayload(draft: WizardDraft): BusinessFinishPayload {
  const { business } = draft.profile;
  return {
    first_name: draft.profile.first_name.trim(),
    last_name: draft.profile.last_name.trim(),
    gender: gender(draft.profile),
    profile_photo: draft.profilePhoto ?? '',
    business_info: {
      name: business.name.trim(),
      email: business.email.trim(),
      phone: normalizePhone(business.phone),
      website: business.website.trim(),
    },
  };
}

/** Which finish-registration a role submits. */
export function finishKindOf(userType: UserTypeCode): 'athlete' | 'fan' | 'business' {
  if (userType === 2) return 'athlete';
  return userType === 3 ? 'business' : 'fan';
}

/**
 * Wizard progress kept in the browser for the roles whose answers the API only takes at Submit
 * (fans, businesses), so a reload resumes at the same step with the same answers and the
 * uploaded photo. Keyed by account, so another person in the same browser never sees it.
 */
export interface StoredWizardProgress {
  index: number;
  draft: WizardDraft;
}

const PROGRESS_PREFIX = 'huddle.wizard.';

export function wizardProgressKey(accountId: string): string {
  return `${PROGRESS_PREFIX}${accountId}`;
}

export function serializeWizardProgress(progress: StoredWizardProgress): string {
  return JSON.stringify({ version: 1, ...progress });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads stored progress back over the account's own draft: only fields of the right shape are
 * taken, and a step index outside the role's steps is refused (the stored text may be old or edited).
 */
export function parseWizardProgress(text: string | null, base: WizardDraft, stepCount: number): StoredWizardProgress | null {
  if (!text) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || parsed.version !== 1 || !isRecord(parsed.draft)) return null;
  const { index } = parsed;
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= stepCount) return null;
  const stored = parsed.draft;
  const ids = (value: unknown, fallback: number[]) =>
    Array.isArray(value) && value.every((id) => Number.isInteger(id)) ? (value as number[]) : fallback;
  const text_ = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
  const nullableText = (value: unknown, fallback: string | null) => (typeof value === 'string' || value === null ? value : fallback);
  const profile = isRecord(stored.profile) ? stored.profile : {};
  const business = isRecord(profile.business) ? profile.business : {};
  return {
    index,
    draft: {
      ...base,
      profile: {
        first_name: text_(profile.first_name, base.profile.first_name),
        last_name: text_(profile.last_name, base.profile.last_name),
        gender: text_(profile.gender, base.profile.gender),
        description: text_(profile.description, base.profile.description),
        business: {
          name: text_(business.name, base.profile.business.name),
          email: text_(business.email, base.profile.business.email),
          phone: text_(business.phone, base.profile.business.phone),
          website: text_(business.website, base.profile.business.website),
        },
      },
      profilePhoto: nullableText(stored.profilePhoto, base.profilePhoto),
      dashboardPhoto: nullableText(stored.dashboardPhoto, base.dashboardPhoto),
      sports: ids(stored.sports, base.sports),
      conferences: ids(stored.conferences, base.conferences),
      teams: ids(stored.teams, base.teams),
    },
  };
}
