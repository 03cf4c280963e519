import {
  defaultServiceSettings,
  enabledServices,
  hasServicesProblems,
  serviceFieldsOf,
  serviceRateProblem,
  serviceSettingsOf,
  servicesProblems,
} from './athlete-services';
import { DEFAULT_RATES } from './limits';

describe('athlete services (spec §5, §9)', () => {
  it('starts with every service off at its default rate', () => {
    const settings = defaultServiceSettings();
    expect(enabledServices(settings)).toEqual([]);
    expect(settings.personal_appearance.rate).toBe(DEFAULT_RATES.personal_appearance);
  });

  it('requires at least one service', () => {
    const problems = servicesProblems(defaultServiceSettings());
    expect(problems.form).toBe('You have to choose at least one type of service');
    expect(hasServicesProblems(problems)).toBe(true);
  });

  it('checks the rates of enabled services only', () => {
    const settings = defaultServiceSettings();
    settings.shoutout = { enabled: true, rate: 0 };
    settings.camp = { enabled: false, rate: 0 };
    settings.endorsement = { enabled: true, rate: 25010 };
    const problems = servicesProblems(settings);
    expect(problems.form).toBeUndefined();
    expect(problems.rates).toEqual({ shoutout: 'A service with a rate not above zero is invalid', endorsement: 'Rate must be between $10 and $25000' });
  });

  it('refuses a rate of 0 (or none) with spec §5’s message, and one outside the limits with the range', () => {
    expect(serviceRateProblem('shoutout', 0)).toBe('A service with a rate not above zero is invalid');
    expect(serviceRateProblem('shoutout', Number.NaN)).toBe('A service with a rate not above zero is invalid');
    expect(serviceRateProblem('shoutout', 5)).toBe('Rate must be between $10 and $1000');
    expect(serviceRateProblem('shoutout', 10)).toBeNull();
  });

  it('reads and writes the API’s flat fields', () => {
    const settings = serviceSettingsOf({ video_chat_enabled: true, video_chat_rate: 150, camp_rate: 0 });
    expect(settings.video_chat).toEqual({ enabled: true, rate: 150 });
    expect(settings.camp).toEqual({ enabled: false, rate: DEFAULT_RATES.camp });
    const fields = serviceFieldsOf(settings);
    expect(fields.video_chat_enabled).toBe(true);
    expect(fields.video_chat_rate).toBe(150);
    expect(fields.shoutout_enabled).toBe(false);
    expect(hasServicesProblems(servicesProblems(settings))).toBe(false);
  });

  it('leaves out the rate of a service switched off while its rate is wrong (the API keeps the stored one), never one that is on', () => {
    const settings = serviceSettingsOf({ camp_enabled: false, camp_rate: 5, shoutout_enabled: true, shoutout_rate: 5 });
    expect(hasServicesProblems(servicesProblems(settings))).toBe(true);
    const fields = serviceFieldsOf(settings);
    expect('camp_rate' in fields).toBe(false);
    expect(fields.camp_enabled).toBe(false);
    expect(fields.shoutout_rate).toBe(5);
    expect(serviceFieldsOf(serviceSettingsOf({ camp_enabled: false, camp_rate: 250 })).camp_rate).toBe(250);
  });
});
