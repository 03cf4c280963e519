import { DEFAULT_RATES, isValidServiceRate, SERVICE_RATE_LIMITS } from './limits';
import { MESSAGES } from './messages';
import { ATHLETE_SERVICE_TYPES, type AthleteServiceType } from './service-types';

/** One service of an athlete as the services editor holds it. */
export interface ServiceSetting {
  enabled: boolean;
  rate: number;
}

export type ServiceSettings = Record<AthleteServiceType, ServiceSetting>;

/** The flat form of athlete_services in the API: `<type>_enabled` and `<type>_rate` per service. */
export type AthleteServicesFields = {
  [K in AthleteServiceType as `${K}_enabled`]: boolean;
} & {
  [K in AthleteServiceType as `${K}_rate`]: number;
};

/** The same fields as a form sends them: a switched-off service's wrong rate is left out (serviceFieldsOf). */
export type AthleteServicesInputFields = Omit<AthleteServicesFields, `${AthleteServiceType}_rate`> & Partial<Pick<AthleteServicesFields, `${AthleteServiceType}_rate`>>;

export interface ServicesProblems {
  /** 'You have to choose at least one type of service' when none is enabled. */
  form?: string;
  rates: Partial<Record<AthleteServiceType, string>>;
}

/** The sign-up defaults (spec §9): every service off, each priced at its default rate. */
export function defaultServiceSettings(): ServiceSettings {
  return Object.fromEntries(
    ATHLETE_SERVICE_TYPES.map((type) => [type, { enabled: false, rate: DEFAULT_RATES[type] }]),
  ) as ServiceSettings;
}

/** Reads the API's flat fields; a missing or non-positive rate falls back to the default rate. */
export function serviceSettingsOf(fields: Partial<Record<string, unknown>> | null | undefined): ServiceSettings {
  const settings = defaultServiceSettings();
  if (!fields) return settings;
  for (const type of ATHLETE_SERVICE_TYPES) {
    const rate = fields[`${type}_rate`];
    settings[type] = {
      enabled: fields[`${type}_enabled`] === true,
      rate: typeof rate === 'number' && rate > 0 ? rate : DEFAULT_RATES[type],
    };
  }
  return settings;
}

export function serviceFieldsOf(settings: ServiceSettings): AthleteServicesInputFields {
  const fields: Record<string, boolean | number> = {};
  for (const type of ATHLETE_SERVICE_TYPES) {
    fields[`${type}_enabled`] = settings[type].enabled;
    // A service left off sends its rate only when the rate is a valid one: a rate typed wrong and
    // then switched off is hidden from the athlete, so it is not sent (the API keeps the stored
    // one) rather than refused by a check nobody can see to correct (servicesProblems checks the
    // services that are on).
    if (settings[type].enabled || serviceRateProblem(type, settings[type].rate) === null) fields[`${type}_rate`] = settings[type].rate;
  }
  return fields as AthleteServicesInputFields;
}

export function enabledServices(settings: ServiceSettings): AthleteServiceType[] {
  return ATHLETE_SERVICE_TYPES.filter((type) => settings[type].enabled);
}

/**
 * The problem with one service's rate, or null: not above zero (spec §5's message; a typed 0 is
 * refused, never raised to the minimum), else outside the service's limits (§9).
 */
export function serviceRateProblem(type: AthleteServiceType, rate: number): string | null {
  if (!(Number.isFinite(rate) && rate > 0)) return MESSAGES.invalidRate;
  if (!isValidServiceRate(type, rate)) return MESSAGES.rateBetween(SERVICE_RATE_LIMITS[type].min, SERVICE_RATE_LIMITS[type].max);
  return null;
}

/**
 * Spec §5, Services: at least one service enabled, and an enabled service's rate above zero and
 * within its limits (§9). Disabled services keep their rate unchecked: it is not offered.
 */
export function servicesProblems(settings: ServiceSettings): ServicesProblems {
  const problems: ServicesProblems = { rates: {} };
  if (enabledServices(settings).length === 0) problems.form = MESSAGES.chooseServices;
  for (const type of enabledServices(settings)) {
    const problem = serviceRateProblem(type, settings[type].rate);
    if (problem) problems.rates[type] = problem;
  }
  return problems;
}

export function hasServicesProblems(problems: ServicesProblems): boolean {
  return Boolean(problems.form) || Object.keys(problems.rates).length > 0;
}
