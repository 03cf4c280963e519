import { LIMITS, MESSAGES, type AthleteServiceType } from '@huddle/domain';
import { isBookableStart } from '@huddle/domain/request-actions';
import {
  bookingPayloadSchema,
  bookingPriceCents,
  fieldErrors,
  joinList,
  shoutoutRowErrors,
  type BookingLocation,
  type BookingPayload,
  type BookingType,
} from '@huddle/domain/request-details';

/** The types this form books: every athlete service (a campaign has its own form). */
export type FormType = BookingType & AthleteServiceType;

/** What the booking form holds while it is filled in; the payload is made from it on submit. */
export interface BookingFormValues {
  name: string;
  platforms: string[];
  /** 'YYYY-MM-DD' and 'HH:mm' of the date and time inputs, the viewer's own time zone. */
  date: string;
  time: string;
  hours: number;
  location: BookingLocation | null;
  event_description: string;
  description: string;
  topics: string;
  special_message: string;
  special_conditions: string;
  names: string[];
  emails: string[];
  special_message_info: string;
  task: string;
  link: string;
  /** The endorsement offer as typed: digits and a dot only (spec §5). */
  price: string;
}

/** The fields each type shows, in order after the shared ones (spec §3, §5). */
export const TYPE_FIELDS: Record<FormType, readonly (keyof BookingFormValues)[]> = {
  shoutout: ['names', 'emails', 'special_message_info'],
  endorsement: ['task', 'link', 'price'],
  video_chat: ['date', 'time', 'event_description'],
  personal_appearance: ['date', 'time', 'location', 'event_description'],
  speaking_engagement: ['date', 'time', 'location', 'topics', 'special_message', 'special_conditions'],
  training_session: ['date', 'time', 'hours', 'location', 'description', 'special_conditions'],
  camp: ['date', 'time', 'hours', 'location', 'event_description', 'special_conditions'],
};

export function hasField(type: FormType, field: keyof BookingFormValues): boolean {
  return TYPE_FIELDS[type].includes(field);
}

export function emptyBookingForm(): BookingFormValues {
  return {
    name: '',
    platforms: [],
    date: '',
    time: '',
    hours: LIMITS.bookingDurationHours.default,
    location: null,
    event_description: '',
    description: '',
    topics: '',
    special_message: '',
    special_conditions: '',
    names: [''],
    emails: [''],
    special_message_info: '',
    task: '',
    link: '',
    price: '',
  };
}

/** Unix seconds of a local date ('YYYY-MM-DD') and time ('HH:mm'); null while either is incomplete. */
export function localStart(date: string, time: string): number | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const clock = /^(\d{2}):(\d{2})$/.exec(time);
  if (!day || !clock) return null;
  const at = new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]), Number(clock[1]), Number(clock[2]));
  return Number.isNaN(at.getTime()) ? null : Math.floor(at.getTime() / 1000);
}

/** 'YYYY-MM-DD' of a moment in the viewer's zone: the date input's minimum. */
export function localDateInput(at: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** Keeps what a price input may hold: digits and one dot (spec §5). */
export function priceInput(value: string): string {
  const kept = value.replace(/[^\d.]/g, '');
  const dot = kept.indexOf('.');
  return dot < 0 ? kept : `${kept.slice(0, dot + 1)}${kept.slice(dot + 1).replace(/\./g, '')}`;
}

/**
 * The price the form shows and sends, in cents: the athlete's rate (x hours for camp and training,
 * spec §5), or the requester's endorsement offer. Null while it cannot be known.
 */
export function formPriceCents(type: FormType, values: Pick<BookingFormValues, 'hours' | 'price'>, rate: number | null): number | null {
  if (type === 'endorsement') {
    const offer = Number(values.price);
    return values.price.trim() !== '' && Number.isFinite(offer) ? Math.round(offer * 100) : null;
  }
  if (rate === null) return null;
  return bookingPriceCents(type, rate, values.hours);
}

/** The JSON body of POST /booking/request (spec §7) from the form: not yet validated. */
export function bookingBody(type: FormType, athleteId: string, values: BookingFormValues, rate: number | null): Record<string, unknown> {
  const cents = formPriceCents(type, values, rate);
  const start = localStart(values.date, values.time) ?? undefined;
  const text = (field: keyof BookingFormValues) => values[field] as string;
  const blocks: Record<FormType, Record<string, unknown>> = {
    shoutout: { names_in_shoutout: joinList(values.names), recipients_emails: joinList(values.emails), special_message_info: text('special_message_info') },
    endorsement: { task: text('task'), link: text('link') },
    video_chat: { date_time: start, event_description: text('event_description') },
    personal_appearance: { start_time: start, location: values.location ?? undefined, event_description: text('event_description') },
    speaking_engagement: {
      start_time: start,
      location: values.location ?? undefined,
      topics: text('topics'),
      special_message: text('special_message'),
      special_conditions: text('special_conditions'),
    },
    training_session: {
      start_time: start,
      duration: values.hours,
      location: values.location ?? undefined,
      description: text('description'),
      special_conditions: text('special_conditions'),
    },
    camp: {
      start_time: start,
      duration: values.hours,
      location: values.location ?? undefined,
      event_description: text('event_description'),
      special_conditions: text('special_conditions'),
    },
  };
  return {
    athlete_id: athleteId,
    type,
    name: values.name,
    request_amount: cents === null ? undefined : cents / 100,
    is_social_media: values.platforms.length > 0,
    social_media_platform: joinList(values.platforms),
    [type]: blocks[type],
  };
}

/** The form field a payload path's message belongs to ('camp.location.address' -> 'location'). */
export function formFieldOf(path: string): keyof BookingFormValues | 'form' {
  const parts = path.split('.');
  if (parts[0] === 'request_amount') return 'price';
  if (parts[0] === 'name') return 'name';
  if (parts[0] === 'social_media_platform' || parts[0] === 'is_social_media') return 'platforms';
  const field = parts[1];
  switch (field) {
    case 'start_time':
    case 'date_time':
      return 'date';
    case 'duration':
      return 'hours';
    case 'names_in_shoutout':
      return 'names';
    case 'recipients_emails':
      return 'emails';
    case undefined:
      return 'form';
    default:
      return field in emptyBookingForm() ? (field as keyof BookingFormValues) : 'form';
  }
}

/** Payload field errors (the API's or the schema's) by form field, the first message of each. */
export function formErrors(errors: Record<string, string>): Partial<Record<keyof BookingFormValues | 'form', string>> {
  const byField: Partial<Record<keyof BookingFormValues | 'form', string>> = {};
  for (const [path, message] of Object.entries(errors)) {
    const field = formFieldOf(path);
    byField[field] ??= message;
  }
  return byField;
}

export type BookingCheck =
  | { ok: true; payload: BookingPayload }
  | { ok: false; errors: Partial<Record<keyof BookingFormValues | 'form', string>>; rows: ReturnType<typeof shoutoutRowErrors> | null };

/**
 * The form's check before it sends (the API checks the same schema again): the type's schema, the
 * shoutout rows one by one, the endorsement offer's required message, and a start at least a
 * minute ahead ('Time travel is not supported yet', error 641 on the server).
 */
export function checkBooking(type: FormType, athleteId: string, values: BookingFormValues, rate: number | null, nowSeconds: number): BookingCheck {
  const parsed = bookingPayloadSchema.safeParse(bookingBody(type, athleteId, values, rate));
  const errors = parsed.success ? {} : formErrors(fieldErrors(parsed.error));
  if (hasField(type, 'date')) {
    const start = localStart(values.date, values.time);
    if (values.date === '') errors.date = MESSAGES.required;
    else if (values.time === '') errors.time = MESSAGES.required;
    else if (start === null || !isBookableStart(start, nowSeconds)) errors.date = MESSAGES.timeTravel;
  }
  if (type === 'endorsement' && values.price.trim() === '') errors.price = MESSAGES.required;
  // The offer is sent in cents: a third decimal would be rounded away unseen, so it is refused as the API refuses it.
  else if (type === 'endorsement' && !/^\d*(\.\d{0,2})?$/.test(values.price.trim())) errors.price = MESSAGES.enterValidAmount;
  if (hasField(type, 'location') && values.location === null) errors.location = MESSAGES.required;
  const rows = type === 'shoutout' ? shoutoutRowErrors(values.names, values.emails) : null;
  const rowsFail = rows !== null && [...rows.names, ...rows.emails].some((message) => message !== null);
  if (rowsFail) {
    delete errors.names;
    delete errors.emails;
  }
  if (parsed.success && Object.keys(errors).length === 0 && !rowsFail) return { ok: true, payload: parsed.data };
  return { ok: false, errors, rows: rowsFail ? rows : null };
}

/**
 * The rows' messages after an edit, once a Submit has shown them: a message stays only on a row
 * that showed one and is still wrong (with today's wording), so each row's message goes as soon as
 * the row is right, and a row just added or never wrong shows none until the next Submit.
 * `shown` is what the rows showed, already aligned to the edited rows (see editRows).
 */
export function rowErrorsAfterEdit(shown: readonly (string | null)[], current: readonly (string | null)[]): (string | null)[] {
  return current.map((message, index) => (shown[index] ? message : null));
}

export type RowEdit = { kind: 'set'; index: number; value: string } | { kind: 'remove'; index: number } | { kind: 'add' };

/** One edit of a list of rows, applied to the rows and to their messages alike, so each message stays on its row. */
export function editRows<T>(rows: readonly string[], messages: readonly T[], edit: RowEdit, empty: T): { rows: string[]; messages: T[] } {
  const aligned = rows.map((_, index) => messages[index] ?? empty);
  switch (edit.kind) {
    case 'set':
      return { rows: rows.map((row, at) => (at === edit.index ? edit.value : row)), messages: aligned };
    case 'remove':
      return { rows: rows.filter((_, at) => at !== edit.index), messages: aligned.filter((_, at) => at !== edit.index) };
    case 'add':
      return { rows: [...rows, ''], messages: [...aligned, empty] };
  }
}
