import { CAMPAIGN_MAX_ATHLETES, MESSAGES } from '@huddle/domain';
import { plural } from '@huddle/domain/format';
import { campaignPayloadSchema, fieldErrors, joinList, offerAmountError, sanitizeAmountInput } from '@huddle/domain/request-details';
import type { CampaignAthleteCard, CampaignFormFields } from '../booking-api';

/** An athlete the business chose, with the price typed for them (digits and a dot, spec §5). */
export interface ChosenAthlete {
  athlete: CampaignAthleteCard;
  price: string;
}

/** The chosen athletes in the order they were chosen. */
export type Chosen = readonly ChosenAthlete[];

/** What the details step holds besides the athletes and their prices. */
export interface CampaignDetailsValues {
  name: string;
  task: string;
  link: string;
  platforms: string[];
}

export function emptyCampaignDetails(): CampaignDetailsValues {
  return { name: '', task: '', link: '', platforms: [] };
}

/** A price starts as the athlete's endorsement rate; the business may change it. */
export function initialPrice(athlete: Pick<CampaignAthleteCard, 'endorsement_rate'>): string {
  const rate = athlete.endorsement_rate;
  return typeof rate === 'number' && Number.isFinite(rate) && rate > 0 ? String(Math.round(rate * 100) / 100) : '';
}

export function isChosen(chosen: Chosen, athleteId: string): boolean {
  return chosen.some((entry) => entry.athlete.athlete_id === athleteId);
}

/** Whether another athlete may join: a campaign invites at most CAMPAIGN_MAX_ATHLETES (50). */
export function canChooseMore(chosen: Chosen): boolean {
  return chosen.length < CAMPAIGN_MAX_ATHLETES;
}

/** Chooses an athlete (priced at their rate) or lets them go; past the cap nothing is added. */
export function toggleAthlete(chosen: Chosen, athlete: CampaignAthleteCard): Chosen {
  if (isChosen(chosen, athlete.athlete_id)) return chosen.filter((entry) => entry.athlete.athlete_id !== athlete.athlete_id);
  if (!canChooseMore(chosen)) return chosen;
  return [...chosen, { athlete, price: initialPrice(athlete) }];
}

export function removeAthlete(chosen: Chosen, athleteId: string): Chosen {
  return chosen.filter((entry) => entry.athlete.athlete_id !== athleteId);
}

/** A keystroke in a price input: only digits and a dot stay (spec §5). */
export function withPrice(chosen: Chosen, athleteId: string, typed: string): Chosen {
  const price = sanitizeAmountInput(typed);
  return chosen.map((entry) => (entry.athlete.athlete_id === athleteId ? { ...entry, price } : entry));
}

/** A price in cents when it is a valid offer (1.5 up to 99999999, two decimals), else null. */
export function priceCents(price: string): number | null {
  return offerAmountError(price) === null ? Math.round(Number(price.trim()) * 100) : null;
}

/** The footer's summary: how many athletes, and the sum of their valid prices. */
export interface CampaignSummary {
  count: number;
  totalCents: number;
  /** Chosen athletes whose price is missing or not valid yet (left out of the total). */
  unpriced: number;
}

export function campaignSummary(chosen: Chosen): CampaignSummary {
  let totalCents = 0;
  let unpriced = 0;
  for (const entry of chosen) {
    const cents = priceCents(entry.price);
    if (cents === null) unpriced += 1;
    else totalCents += cents;
  }
  return { count: chosen.length, totalCents, unpriced };
}

export function athletesCountText(count: number): string {
  return plural(count, 'athlete', 'athletes');
}

/**
 * The form as POST /booking/request/endorsement_campaign/create takes it (spec §3, §7): athlete_ids
 * comma-joined, proposed_amounts a JSON list of athlete_id and amount with only amounts above 0.
 */
export function campaignFields(values: CampaignDetailsValues, chosen: Chosen): CampaignFormFields {
  const amounts = chosen
    .map((entry) => ({ athlete_id: entry.athlete.athlete_id, amount: Number(entry.price.trim()) }))
    .filter((entry) => Number.isFinite(entry.amount) && entry.amount > 0);
  return {
    name: values.name,
    endorsement_task: values.task,
    endorsement_link: values.link.trim(),
    social_media_platform: joinList(values.platforms),
    athlete_ids: chosen.map((entry) => entry.athlete.athlete_id).join(','),
    proposed_amounts: JSON.stringify(amounts),
  };
}

/** The form's messages by field; `prices` by athlete id, `athletes` for the list as a whole. */
export interface CampaignErrors {
  name?: string;
  task?: string;
  link?: string;
  platforms?: string;
  athletes?: string;
  prices: Record<string, string>;
  /** A message that belongs to no field. */
  form?: string;
}

const FIELD_OF: Record<string, keyof Omit<CampaignErrors, 'prices'>> = {
  name: 'name',
  endorsement_task: 'task',
  endorsement_link: 'link',
  social_media_platform: 'platforms',
  athlete_ids: 'athletes',
  proposed_amounts: 'athletes',
};

/**
 * The payload's field errors (the schema's, or the API's 1400/1404 ones: the same keys) by form
 * field: 'proposed_amounts.{athleteId}' under that athlete's price, 'athlete_ids' over the list.
 */
export function campaignErrorsOf(errors: Record<string, string>, chosen: Chosen): CampaignErrors {
  const result: CampaignErrors = { prices: {} };
  const idOf = new Map(chosen.map((entry) => [entry.athlete.athlete_id.toLowerCase(), entry.athlete.athlete_id]));
  for (const [path, message] of Object.entries(errors)) {
    const [head, rest] = [path.split('.')[0] ?? '', path.split('.').slice(1).join('.')];
    if (head === 'proposed_amounts' && rest !== '' && idOf.has(rest.toLowerCase())) {
      const athleteId = idOf.get(rest.toLowerCase()) as string;
      result.prices[athleteId] ??= message;
      continue;
    }
    const field = FIELD_OF[head] ?? 'form';
    result[field] ??= message;
  }
  return result;
}

export function hasErrors(errors: CampaignErrors): boolean {
  return Object.keys(errors.prices).length > 0 || (['name', 'task', 'link', 'platforms', 'athletes', 'form'] as const).some((key) => errors[key]);
}

export type CampaignCheck = { ok: true; fields: CampaignFormFields } | { ok: false; errors: CampaignErrors };

/**
 * The check before sending (the API checks the same schema again): each price as its input
 * shows it ('This field is required', 'Please, enter valid amount', 'Please, enter amount between
 * 1.5 and 99999999'), then the campaign schema of @huddle/domain/request-details, so the
 * messages are the server's.
 */
export function checkCampaign(values: CampaignDetailsValues, chosen: Chosen): CampaignCheck {
  const fields = campaignFields(values, chosen);
  const parsed = campaignPayloadSchema.safeParse(fields);
  const errors = parsed.success ? { prices: {} } : campaignErrorsOf(fieldErrors(parsed.error), chosen);
  if (chosen.length === 0) errors.athletes = MESSAGES.chooseAthlete;
  for (const entry of chosen) {
    const message = offerAmountError(entry.price);
    if (message) errors.prices[entry.athlete.athlete_id] = message;
  }
  return parsed.success && !hasErrors(errors) ? { ok: true, fields } : { ok: false, errors };
}

/** Two forms that would create the same campaign (so an unpaid one can be paid instead of made again). */
export function sameCampaign(a: CampaignFormFields, b: CampaignFormFields): boolean {
  return (Object.keys(a) as (keyof CampaignFormFields)[]).every((key) => a[key] === b[key]);
}
