import { z } from 'zod';
import { ENDORSEMENT_OFFER_LIMITS, LIMITS } from './limits';
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

const unixSeconds = z.number({ error: MESSAGES.required }).int({ error: MESSAGES.timeTravel }).positive({ error: MESSAGES.timeTravel });

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
    request_amount: dollars.refine((value) => value >= ENDORSEMENT_OFFER_LIMITS.min && value < ENDORSEMENT_OFFER_LIMITS.max, {
      error: MESSAGES.amountBetween(),
    }),
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
