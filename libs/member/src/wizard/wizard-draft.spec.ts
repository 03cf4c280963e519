import { DEFAULT_RATES, defaultServiceSettings, serviceFieldsOf, type AthleteServicesFields } from '@huddle/domain';
import type { MemberAccount } from '../api/account-types';
import {
  athleteFinishPayload,
  athleteProgress,
  athleteSurveyProblems,
  businessFinishPayload,
  draftFromAccount,
  emptyDraft,
  fanFinishPayload,
  idsOf,
  parseWizardProgress,
  resumeFactsOf,
  serializeWizardProgress,
  wizardProgressKey,
} from './wizard-draft';

const account: MemberAccount = {
  id: 'a7f3c2e0-0000-4000-8000-000000000008',
  user_type: 2,
  role: 12,
  first_name: 'Jordan',
  last_name: null,
  email: 'jordan@example.com',
  phone: '+13105550103',
  email_notifications: true,
  gender: null,
  profile_photo: '/media/p.jpg',
  dashboard_photo: null,
  intro_video: null,
  username: null,
  blocked: false,
  profile_completed: false,
  description: null,
  tiktok_link: 'https://tiktok.com/@j',
  twitter_link: null,
  snapchat_link: null,
  facebook_link: null,
  instagram_link: null,
  created_at: '2026-01-01T00:00:00.000Z',
  business_info: null,
  fan_info: null,
  athlete_info: {
    athlete_id: 'x',
    school_id: 7,
    school_name: 'Somewhere',
    school_email: null,
    sports: '1,4',
    sports_played: 'Football',
    // The defaults' rates are all valid, so every rate is there, as the API answers them.
    athlete_services: { ...(serviceFieldsOf(defaultServiceSettings()) as AthleteServicesFields), appearance_type: '' },
    locations: [],
  },
};

describe('wizard draft', () => {
  it('resumes from the saved account', () => {
    const draft = draftFromAccount(account);
    expect(draft.profile.first_name).toBe('Jordan');
    expect(draft.sports).toEqual([1, 4]);
    expect(draft.schoolId).toBe(7);
    expect(draft.links.tiktok).toBe('https://tiktok.com/@j');
    expect(draft.services.personal_appearance).toEqual({ enabled: false, rate: DEFAULT_RATES.personal_appearance });
    expect(resumeFactsOf(account)).toEqual({ hasNamesAndPhoto: false, hasSurvey: true, hasLinks: true, hasServices: false });
  });

  it('reads comma-separated ids', () => {
    expect(idsOf('3, 5,x,')).toEqual([3, 5]);
    expect(idsOf(null)).toEqual([]);
  });

  it('asks athletes for a sport, and a school when there is a choice', () => {
    expect(athleteSurveyProblems({ sports: [], schoolId: null }, 478)).toEqual({
      sports: 'Please choose at least one sport',
      school: 'Please choose your school',
    });
    expect(athleteSurveyProblems({ sports: [2], schoolId: null }, 1)).toEqual({});
  });

  it('saves each athlete step’s own answers', () => {
    const draft = { ...draftFromAccount(account), introVideo: '/media/v.mp4' };
    expect(athleteProgress(draft, 'survey')).toEqual({ athlete_info: { school_id: 7, sports: [1, 4] } });
    expect(athleteProgress(draft, 'socials').athlete_personal_info?.tiktok_link).toBe('https://tiktok.com/@j');
    expect(athleteProgress(draft, 'video')).toEqual({ athlete_personal_info: { intro_video: '/media/v.mp4' } });
    const finish = athleteFinishPayload(draft);
    expect(finish.athlete_personal_info).toMatchObject({ first_name: 'Jordan', intro_video: '/media/v.mp4', profile_photo: '/media/p.jpg' });
    expect(finish.athlete_info?.athlete_services?.shoutout_rate).toBe(DEFAULT_RATES.shoutout);
  });

  it('builds the fan and business finish payloads', () => {
    const draft = emptyDraft();
    draft.profile = {
      first_name: ' Riley ',
      last_name: 'Parker',
      gender: '2',
      description: '',
      business: { name: 'Acme', email: 'hi@acme.com', phone: '(310) 555-0100', website: 'https://acme.com' },
    };
    draft.profilePhoto = '/media/r.jpg';
    draft.teams = [101];
    expect(fanFinishPayload(draft)).toEqual({
      first_name: 'Riley',
      last_name: 'Parker',
      gender: 2,
      profile_photo: '/media/r.jpg',
      conferences: [],
      sports: [],
      teams: [101],
    });
    // A business's contact gives a gender on the same profile step: it is sent, not dropped.
    expect(businessFinishPayload(draft).gender).toBe(2);
    expect(businessFinishPayload(draft).business_info).toEqual({
      name: 'Acme',
      email: 'hi@acme.com',
      phone: '+13105550100',
      website: 'https://acme.com',
    });
  });
});

describe('wizard progress kept in the browser (fans, businesses)', () => {
  it('gives back the step, names and uploaded photo it stored', () => {
    const draft = { ...emptyDraft(), profilePhoto: 'photos/abc.jpg', sports: [1, 4] };
    draft.profile.first_name = 'Casey';
    draft.profile.last_name = 'Rivers';
    const back = parseWizardProgress(serializeWizardProgress({ index: 1, draft }), emptyDraft(), 2);
    expect(back?.index).toBe(1);
    expect(back?.draft.profile.first_name).toBe('Casey');
    expect(back?.draft.profile.last_name).toBe('Rivers');
    expect(back?.draft.profilePhoto).toBe('photos/abc.jpg');
    expect(back?.draft.sports).toEqual([1, 4]);
  });

  it('refuses broken, foreign or out-of-range progress, and keeps fields of the wrong shape from the account', () => {
    expect(parseWizardProgress(null, emptyDraft(), 2)).toBeNull();
    expect(parseWizardProgress('{not json', emptyDraft(), 2)).toBeNull();
    expect(parseWizardProgress(JSON.stringify({ index: 0, draft: {} }), emptyDraft(), 2)).toBeNull();
    expect(parseWizardProgress(serializeWizardProgress({ index: 5, draft: emptyDraft() }), emptyDraft(), 2)).toBeNull();
    const base = { ...emptyDraft(), sports: [7] };
    const odd = parseWizardProgress(JSON.stringify({ version: 1, index: 0, draft: { sports: ['x'], profile: { first_name: 3 } } }), base, 2);
    expect(odd?.draft.sports).toEqual([7]);
    expect(odd?.draft.profile.first_name).toBe('');
  });

  it('keys progress by account, so another person in the same browser never reads it', () => {
    expect(wizardProgressKey('a')).not.toBe(wizardProgressKey('b'));
  });
});
