import { z } from 'zod';
import { CAMPAIGN_MAX_ATHLETES } from './campaign';
import { CARD_CHARGE_MAX_CENTS, ENDORSEMENT_OFFER_LIMITS, isValidOfferAmount, LIMITS } from './limits';
import { MESSAGES } from './messages';
import { SOCIAL_PLATFORMS } from './reference';
import { hasForbiddenCharacters, isValidEmail, isValidLink, normalizeLink } from './validation';

/**
 * The booking payload of spec §3 (POST /booking/request, JSON), one schema per service type as a
 * discriminated union on `type`: the API validates with it and the booking forms show its messages.
 * Imported as '@huddle/domain/request-details' (not from the package index) so zod stays out of the
 * guest's first screen: the shared @huddle/domain singleton does not carry it, the lazily loaded
 * booking forms do.
 *
 * Amounts are dollars (the API speaks dollars, stores cents); times are unix seconds. Whether a
 * start is at least a minute ahead depends on the clock, so it is checked by isBookableStart
 * (error 641), not here; whether the price matches the athlete's rate depends on the athlete, so
 * bookingPrice() is checked by the API against the rate it holds.
 */

/** A request's name and free texts: the spec's text limit (500). */
export const REQUEST_TEXT_MAX = LIMITS.text.max;
export const REQUEST_NAME_MAX = 200;
/** Shoutout rows the form may hold: enough for a team, not a mailing list. */
export const SHOUTOUT_MAX_ROWS = 20;
/** Hours a camp or training session may be booked for in one request. */
export const BOOKING_MAX_HOURS = 24;

const text = (max: number = REQUEST_TEXT_MAX) =>
  z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, { error: MESSAGES.required })
    .max(max, { error: MESSAGES.textTooLong })
    .refine((value) => !hasForbiddenCharacters(value, true), { error: MESSAGES.forbiddenCharacters });

/** The last second a date can name (9999-12-31T23:59:59Z): beyond it, no Date or timestamp can hold the start. */
const LAST_UNIX_SECOND = 253_402_300_799;

const unixSeconds = z
  .number({ error: MESSAGES.required })
  .int({ error: MESSAGES.timeTravel })
  .positive({ error: MESSAGES.timeTravel })
  .max(LAST_UNIX_SECOND, { error: MESSAGES.timeTravel });

const hours = z
  .number({ error: MESSAGES.required })
  .int({ error: 'Please enter whole hours' })
  .min(LIMITS.bookingDurationHours.min, { error: `At least ${LIMITS.bookingDurationHours.min} hour` })
  .max(BOOKING_MAX_HOURS, { error: `At most ${BOOKING_MAX_HOURS} hours` });

/** A place chosen on the map (the geocoder's formatted address and its coordinates). */
export const bookingLocationSchema = z.object(
  {
    address: text(300),
    latitude: z.number({ error: MESSAGES.required }).min(-90).max(90),
    longitude: z.number({ error: MESSAGES.required }).min(-180).max(180),
  },
  { error: MESSAGES.required },
);
export type BookingLocation = z.infer<typeof bookingLocationSchema>;

/** 'Ann, Bob' -> ['Ann', 'Bob']: the spec joins shoutout names and emails by comma and space. */
export function splitJoined(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}
export function joinList(values: readonly string[]): string {
  return values.map((value) => value.trim()).join(', ');
}

const joinedNames = z
  .string({ error: MESSAGES.required })
  .refine((value) => splitJoined(value).length >= 1, { error: MESSAGES.required })
  .refine((value) => splitJoined(value).length <= SHOUTOUT_MAX_ROWS, { error: `At most ${SHOUTOUT_MAX_ROWS} names` })
  .refine((value) => splitJoined(value).every((name) => name.length <= 100 && !hasForbiddenCharacters(name)), {
    error: MESSAGES.forbiddenCharacters,
  });

const joinedEmails = z
  .string({ error: MESSAGES.required })
  .refine((value) => splitJoined(value).length >= 1, { error: MESSAGES.required })
  .refine((value) => splitJoined(value).length <= SHOUTOUT_MAX_ROWS, { error: `At most ${SHOUTOUT_MAX_ROWS} recipients` })
  .refine((value) => splitJoined(value).every((email) => email.length <= 254 && isValidEmail(email)), { error: MESSAGES.emailInvalid });

export const shoutoutDetailsSchema = z.object({
  names_in_shoutout: joinedNames,
  recipients_emails: joinedEmails,
  special_message_info: text(),
});

export const endorsementDetailsSchema = z.object({
  task: text(),
  /** Optional; a link without a scheme gets https (spec §5). */
  link: z
    .string()
    .trim()
    .max(2000, { error: MESSAGES.invalidLink })
    .refine((value) => value === '' || isValidLink(value), { error: MESSAGES.invalidLink })
    .transform((value) => (value === '' ? '' : normalizeLink(value)))
    .optional(),
});

export const campDetailsSchema = z.object({
  start_time: unixSeconds,
  duration: hours,
  location: bookingLocationSchema,
  event_description: text(),
  special_conditions: text(),
});

export const trainingSessionDetailsSchema = z.object({
  start_time: unixSeconds,
  duration: hours,
  location: bookingLocationSchema,
  description: text(),
  special_conditions: text(),
});

export const speakingEngagementDetailsSchema = z.object({
  start_time: unixSeconds,
  location: bookingLocationSchema,
  topics: text(),
  special_message: text(),
  special_conditions: text(),
});

export const personalAppearanceDetailsSchema = z.object({
  start_time: unixSeconds,
  location: bookingLocationSchema,
  event_description: text(),
});

export const videoChatDetailsSchema = z.object({
  date_time: unixSeconds,
  event_description: text(),
});

const platforms = z
  .string()
  .trim()
  .max(200)
  .refine((value) => splitJoined(value).every((platform) => (SOCIAL_PLATFORMS as readonly string[]).includes(platform)), {
    error: MESSAGES.unknownChoice,
  });

/** Dollars with at most two decimals (spec: price inputs accept only digits and a dot). */
const dollars = z
  .number({ error: MESSAGES.enterValidAmount })
  .finite({ error: MESSAGES.enterValidAmount })
  .positive({ error: MESSAGES.enterValidAmount })
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, { error: MESSAGES.enterValidAmount });

const common = {
  athlete_id: z.uuid({ error: 'Please choose an athlete' }),
  name: text(REQUEST_NAME_MAX),
  request_amount: dollars,
  is_social_media: z.boolean().default(false),
  social_media_platform: platforms.default(''),
};

export const bookingPayloadSchema = z.discriminatedUnion('type', [
  z.object({ ...common, type: z.literal('shoutout'), shoutout: shoutoutDetailsSchema }),
  z.object({
    ...common,
    type: z.literal('endorsement'),
    // The endorsement price is the requester's offer (spec §5): at least 1.5, strictly below 99999999.
    request_amount: dollars
      .refine((value) => value >= ENDORSEMENT_OFFER_LIMITS.min && value < ENDORSEMENT_OFFER_LIMITS.max, { error: MESSAGES.amountBetween() })
      .refine((value) => Math.round(value * 100) <= CARD_CHARGE_MAX_CENTS, { error: MESSAGES.cardLimit }),
    endorsement: endorsementDetailsSchema,
  }),
  z.object({ ...common, type: z.literal('camp'), camp: campDetailsSchema }),
  z.object({ ...common, type: z.literal('training_session'), training_session: trainingSessionDetailsSchema }),
  z.object({ ...common, type: z.literal('speaking_engagement'), speaking_engagement: speakingEngagementDetailsSchema }),
  z.object({ ...common, type: z.literal('personal_appearance'), personal_appearance: personalAppearanceDetailsSchema }),
  z.object({ ...common, type: z.literal('video_chat'), video_chat: videoChatDetailsSchema }),
]);
export type BookingPayload = z.infer<typeof bookingPayloadSchema>;
export type BookingType = BookingPayload['type'];

/** The type's own block of a parsed payload (what the request stores as its details). */
export function bookingDetails(payload: BookingPayload): Record<string, unknown> {
  switch (payload.type) {
    case 'shoutout':
      return payload.shoutout;
    case 'endorsement':
      return payload.endorsement;
    case 'camp':
      return payload.camp;
    case 'training_session':
      return payload.training_session;
    case 'speaking_engagement':
      return payload.speaking_engagement;
    case 'personal_appearance':
      return payload.personal_appearance;
    case 'video_chat':
      return payload.video_chat;
  }
}

/** The start of a timed booking (start_time, or date_time for a video chat), unix seconds; null for videos. */
export function bookingStart(payload: BookingPayload): number | null {
  switch (payload.type) {
    case 'video_chat':
      return payload.video_chat.date_time;
    case 'shoutout':
    case 'endorsement':
      return null;
    default:
      return bookingDetails(payload).start_time as number;
  }
}

/** Hours of a camp or training session (null for other types). */
export function bookingHours(payload: BookingPayload): number | null {
  if (payload.type === 'camp') return payload.camp.duration;
  if (payload.type === 'training_session') return payload.training_session.duration;
  return null;
}

/**
 * The price a booking must carry, in cents, from the athlete's current rate (dollars): rate x hours
 * for camp and training, the rate otherwise. Endorsements are the requester's offer: null (no rate check).
 */
export function bookingPriceCents(type: BookingType, rateDollars: number, hoursBooked: number | null): number | null {
  if (type === 'endorsement') return null;
  const rateCents = Math.round(rateDollars * 100);
  return type === 'camp' || type === 'training_session' ? rateCents * (hoursBooked ?? 1) : rateCents;
}

/** Field path -> first message, for an API's field errors and a form's error text. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/**
 * The shoutout form's rows (spec §5): names and recipient emails are rows the requester adds and
 * removes, at least one each, every row required and every email valid. The payload joins them
 * (joinList), and an empty row would vanish in the join, so the rows are checked one by one
 * first. Returns the message of each row that fails, by index.
 */
export function shoutoutRowErrors(names: readonly string[], emails: readonly string[]): { names: (string | null)[]; emails: (string | null)[] } {
  return {
    names: names.map((name) =>
      name.trim() === '' ? MESSAGES.required : name.includes(',') || hasForbiddenCharacters(name) ? MESSAGES.forbiddenCharacters : null,
    ),
    emails: emails.map((email) => (email.trim() === '' ? MESSAGES.required : isValidEmail(email.trim()) ? null : MESSAGES.emailInvalid)),
  };
}

/**
 * One price typed into a campaign or endorsement price input (spec §5): required, digits and a dot
 * with at most two decimals ('Please, enter valid amount'; a third decimal would be rounded away
 * unseen), at least 1.5 and strictly below 99999999. Answers the message, or null when it is fine.
 */
export function offerAmountError(input: string): string | null {
  const value = input.trim();
  if (value === '') return MESSAGES.required;
  if (!/^\d*(\.\d{0,2})?$/.test(value) || value === '.') return MESSAGES.enterValidAmount;
  if (!isValidOfferAmount(Number(value))) return MESSAGES.amountBetween();
  return Math.round(Number(value) * 100) <= CARD_CHARGE_MAX_CENTS ? null : MESSAGES.cardLimit;
}

/** Price inputs accept only digits and a dot (spec §5): what a keystroke may leave in the field. */
export function sanitizeAmountInput(input: string): string {
  return input.replace(/[^\d.]/g, '');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An athlete's price in proposed_amounts: a JSON number, or digits and a dot. */
const proposedAmount = z.object({
  athlete_id: z.string().regex(UUID, { error: MESSAGES.chooseAthlete }),
  amount: z.union([z.number(), z.string().regex(/^\d+(\.\d+)?$/).transform(Number)], { error: MESSAGES.enterValidAmount }),
});

function jsonList(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/**
 * The campaign form (spec §3 and §7, POST /booking/request/endorsement_campaign/create, sent as a
 * form): the endorsement every chosen athlete gets (task, link), the campaign's name and social
 * platforms, the athletes (athlete_ids comma-joined, at least one, at most the picker's 50) and a
 * price for each (proposed_amounts, a JSON list of athlete_id and amount; the form sends only
 * amounts above 0, so an athlete without one has no price yet: 'This field is required').
 * A price's errors are keyed proposed_amounts.{athlete_id}; a price for an athlete not chosen is ignored.
 */
export const campaignPayloadSchema = z
  .object({
    name: text(REQUEST_NAME_MAX),
    endorsement_task: text(),
    endorsement_link: endorsementDetailsSchema.shape.link,
    social_media_platform: platforms.default(''),
    athlete_ids: z
      .string({ error: MESSAGES.chooseAthlete })
      .max(CAMPAIGN_MAX_ATHLETES * 40, { error: `At most ${CAMPAIGN_MAX_ATHLETES} athletes` })
      .transform(splitJoined)
      .pipe(
        z
          .array(z.string().regex(UUID, { error: MESSAGES.chooseAthlete }))
          .min(1, { error: MESSAGES.chooseAthlete })
          .max(CAMPAIGN_MAX_ATHLETES, { error: `At most ${CAMPAIGN_MAX_ATHLETES} athletes` })
          .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
      ),
    proposed_amounts: z.preprocess(
      jsonList,
      z.array(proposedAmount, { error: MESSAGES.enterValidAmount }).max(CAMPAIGN_MAX_ATHLETES, { error: `At most ${CAMPAIGN_MAX_ATHLETES} athletes` }),
    ),
  })
  .superRefine((form, context) => {
    const amounts = new Map(form.proposed_amounts.map((entry) => [entry.athlete_id.toLowerCase(), entry.amount]));
    let pricesValid = true;
    for (const athleteId of form.athlete_ids) {
      const amount = amounts.get(athleteId);
      const path = ['proposed_amounts', athleteId];
      const message =
        amount === undefined
          ? MESSAGES.required
          : !Number.isFinite(amount) || amount <= 0 || Math.abs(Math.round(amount * 100) - amount * 100) > 1e-6
            ? MESSAGES.enterValidAmount
            : !isValidOfferAmount(amount)
              ? MESSAGES.amountBetween()
              : null;
      if (message) {
        pricesValid = false;
        context.addIssue({ code: 'custom', path, message });
      }
    }
    if (!pricesValid) return;
    // One card payment pays the whole campaign.
    const totalCents = form.athlete_ids.reduce((sum, athleteId) => sum + Math.round((amounts.get(athleteId) ?? 0) * 100), 0);
    if (totalCents > CARD_CHARGE_MAX_CENTS) context.addIssue({ code: 'custom', path: ['proposed_amounts'], message: MESSAGES.cardLimit });
  })
  .transform((form) => {
    const amounts = new Map(form.proposed_amounts.map((entry) => [entry.athlete_id.toLowerCase(), entry.amount]));
    return {
      name: form.name,
      task: form.endorsement_task,
      link: form.endorsement_link ?? '',
      social_media_platform: form.social_media_platform,
      athletes: form.athlete_ids.map((athleteId) => ({ athleteId, amount: amounts.get(athleteId) as number })),
    };
  });
export type CampaignPayload = z.infer<typeof campaignPayloadSchema>;
/** What the campaign form sends (before parsing): strings, as a form carries them. */
export type CampaignFormBody = z.input<typeof campaignPayloadSchema>;
