import { isAthleteProfileComplete, WIZARD_STEP_TITLES, WIZARD_STEPS } from './profile';
import { ERROR_HTTP_STATUS, ERROR_MESSAGES, ErrorCode, messageForCode } from './errors';
import { badgeText, DEFAULT_RATES, isValidOfferAmount, isValidServiceRate, SERVICE_RATE_LIMITS, toCents, toDollars } from './limits';
import { MESSAGES } from './messages';
import { SPORTS } from './reference';
import { ATHLETE_SERVICE_TYPES, isHourly, requiresLocation, SERVICE_TYPES } from './service-types';
import { hasForbiddenCharacters, isValidEmail, isValidLink, isValidPhone, isValidUsername, normalizeLink, normalizePhone, profileUrl } from './validation';

describe('validation rules (spec §5)', () => {
  it('accepts usernames of 3 to 36 letters, digits, dots and underscores', () => {
    expect(isValidUsername('abc')).toBe(true);
    expect(isValidUsername('jordan.miles_23')).toBe(true);
    expect(isValidUsername('a'.repeat(36))).toBe(true);
    expect(isValidUsername('ab')).toBe(false);
    expect(isValidUsername('a'.repeat(37))).toBe(false);
    expect(isValidUsername('jo dan')).toBe(false);
    expect(isValidUsername('jo-dan')).toBe(false);
  });

  it('accepts US phones only, as +1 and ten digits', () => {
    expect(isValidPhone('+15551234567')).toBe(true);
    expect(isValidPhone('+155512345678')).toBe(false);
    expect(isValidPhone('+445551234567')).toBe(false);
    expect(isValidPhone('5551234567')).toBe(false);
    expect(normalizePhone('(555) 123-4567')).toBe('+15551234567');
    expect(normalizePhone('1 555 123 4567')).toBe('+15551234567');
    expect(isValidPhone(normalizePhone('+44 20 7946 0958'))).toBe(false);
  });

  it('refuses phones that are not +1 and ten digits with only spaces, dashes, dots and parentheses between', () => {
    for (const [typed, stored] of [
      ['5551234567', '+15551234567'],
      ['+1 (555) 123-4567', '+15551234567'],
      ['555.123.4567', '+15551234567'],
      ['15551234567', '+15551234567'],
      ['  +1-555-123-4567 ', '+15551234567'],
    ]) {
      expect([typed, normalizePhone(typed)]).toEqual([typed, stored]);
    }
    for (const bad of ['call me at 555 123 4567', '+64 9 123 4567', '+1555123456a', '555123456', '+1 555 123 45678', '+2 555 123 4567', '555/123/4567', '+15551234567\u0000']) {
      expect([bad, isValidPhone(normalizePhone(bad))]).toEqual([bad, false]);
    }
  });

  it('accepts http, https, ftp and www links and prefixes https when the scheme is missing', () => {
    for (const ok of ['https://tiktok.com/@me', 'http://x.com/me', 'ftp://files.example.org', 'www.instagram.com/me', 'instagram.com/me']) {
      expect([ok, isValidLink(ok)]).toEqual([ok, true]);
    }
    for (const bad of [
      'not a link',
      'hello',
      'javascript:alert(1)',
      '',
      'https://',
      'https://x.com/"><script>',
      "https://x.com/'onmouseover=alert(1)",
      'https://x.com/<b>',
      'https://x.com/a b',
      'https://x.com/%E0%A4%A',
      'https://user:pass@x.com/',
      'https://x.com\\@evil.com',
      'mailto:me@x.com',
      'https://localhost/',
      'https://x.com/\u202e',
    ]) {
      expect([bad, isValidLink(bad)]).toEqual([bad, false]);
    }
    expect(normalizeLink('www.instagram.com/me')).toBe('https://www.instagram.com/me');
    expect(normalizeLink('http://x.com')).toBe('http://x.com');
  });

  it('refuses control characters and invisible formatting in free text, keeping line breaks where asked', () => {
    for (const ok of ['Jordan', "D'Angelo O'Neil-Smith", 'José Ñúñez', '李小龍', 'نور', 'Café & Co.']) {
      expect([ok, hasForbiddenCharacters(ok)]).toEqual([ok, false]);
    }
    for (const bad of ['Jor\u0000dan', 'Jordan\u202enip.exe', 'a\u2066b', 'a\u200bb', 'tab\there', 'line\nbreak', 'bell\u0007', '\u0085next', '\ufeffbom']) {
      expect([bad, hasForbiddenCharacters(bad)]).toEqual([bad, true]);
    }
    expect(hasForbiddenCharacters('First line\nsecond line\r\nthird', true)).toBe(false);
    expect(hasForbiddenCharacters('line\u0000break', true)).toBe(true);
    expect(hasForbiddenCharacters('Jordan\u202e', true)).toBe(true);
  });

  it('checks emails and builds profile URLs', () => {
    expect(isValidEmail('fan@huddle.test')).toBe(true);
    expect(isValidEmail('fan@huddle')).toBe(false);
    expect(profileUrl('http://localhost:4200/', 'jordan')).toBe('http://localhost:4200/@jordan');
  });
});

describe('prices (spec §9)', () => {
  it('limits service rates to 10..1000, endorsements to 25000', () => {
    expect(isValidServiceRate('shoutout', 10)).toBe(true);
    expect(isValidServiceRate('shoutout', 1000)).toBe(true);
    expect(isValidServiceRate('shoutout', 1001)).toBe(false);
    expect(isValidServiceRate('shoutout', 0)).toBe(false);
    expect(isValidServiceRate('endorsement', 25000)).toBe(true);
    expect(isValidServiceRate('endorsement', 25001)).toBe(false);
  });

  it('keeps every default rate inside its limits', () => {
    for (const type of ATHLETE_SERVICE_TYPES) {
      expect([type, isValidServiceRate(type, DEFAULT_RATES[type])]).toEqual([type, true]);
      expect(SERVICE_RATE_LIMITS[type].step).toBe(10);
    }
  });

  it('takes offers from 1.5 up to strictly below 99999999', () => {
    expect(isValidOfferAmount(1.5)).toBe(true);
    expect(isValidOfferAmount(1.49)).toBe(false);
    expect(isValidOfferAmount(99999998.99)).toBe(true);
    expect(isValidOfferAmount(99999999)).toBe(false);
    expect(MESSAGES.amountBetween()).toBe('Please, enter amount between 1.5 and 99999999');
  });

  it('converts dollars and cents without float drift', () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toDollars(1999)).toBe(19.99);
  });

  it('caps the notification badge at 99+', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});

describe('service types and reference data', () => {
  it('has the eight service types and the 27 sports in spec order', () => {
    expect(SERVICE_TYPES).toHaveLength(8);
    expect(SPORTS).toHaveLength(27);
    expect(SPORTS[0]).toEqual({ id: 1, name: 'Football' });
    expect(SPORTS[26]).toEqual({ id: 27, name: 'Cross Country' });
  });

  it('knows which services need a place and which are hourly', () => {
    expect(SERVICE_TYPES.filter(requiresLocation)).toEqual(['personal_appearance', 'speaking_engagement', 'training_session', 'camp']);
    expect(SERVICE_TYPES.filter(isHourly)).toEqual(['training_session', 'camp']);
  });
});

describe('error catalogue (spec §8)', () => {
  it('has a message and an HTTP status for every code', () => {
    for (const code of Object.values(ErrorCode)) {
      expect(ERROR_MESSAGES[code].length).toBeGreaterThan(0);
      expect(ERROR_HTTP_STATUS[code]).toBeGreaterThanOrEqual(400);
    }
    expect(ERROR_MESSAGES[205]).toBe('Incorrect credentials');
    expect(ERROR_MESSAGES[208]).toBe('Email is taken already');
    expect(ERROR_MESSAGES[211]).toBe('Username is taken already');
    expect(ERROR_MESSAGES[641]).toBe('Wrong request date');
    expect(ERROR_MESSAGES[12001]).toBe('You have entered an incorrect reset code');
  });

  it('prefers the catalogue text, then the server text, then the unknown-error text', () => {
    expect(messageForCode(205, 'bad password')).toBe('Incorrect credentials');
    expect(messageForCode(1400, 'Email is required')).toBe('Email is required');
    expect(messageForCode(777, 'Teapot')).toBe('Teapot');
    expect(messageForCode(777, '')).toBe('Unknown error occured');
  });
});

describe('athlete profile completeness', () => {
  const complete = {
    first_name: 'Jordan',
    last_name: 'Miles',
    profile_photo: '/media/p.jpg',
    intro_video: '/media/v.mp4',
    school_id: 12,
    sports: [1],
    enabled_services: ['shoutout'] as const,
  };

  it('needs names, photo, intro video, school, a sport and one enabled service', () => {
    expect(isAthleteProfileComplete(complete)).toBe(true);
    for (const missing of ['first_name', 'last_name', 'profile_photo', 'intro_video', 'school_id'] as const) {
      expect([missing, isAthleteProfileComplete({ ...complete, [missing]: null })]).toEqual([missing, false]);
    }
    expect(isAthleteProfileComplete({ ...complete, first_name: '  ' })).toBe(false);
    expect(isAthleteProfileComplete({ ...complete, sports: [] })).toBe(false);
    expect(isAthleteProfileComplete({ ...complete, enabled_services: [] })).toBe(false);
  });

  it('walks each role through its own wizard steps', () => {
    expect(WIZARD_STEPS[2]).toEqual(['profile', 'survey', 'socials', 'services', 'video']);
    expect(WIZARD_STEPS[1]).toEqual(['profile', 'survey']);
    expect(WIZARD_STEPS[3]).toEqual(['profile']);
    expect(WIZARD_STEP_TITLES.profile).toBe('Setup profile');
    expect(WIZARD_STEP_TITLES.video).toBe('Setup Profile');
  });
});
