import { MESSAGES } from './messages';
import { bookingPayloadSchema, bookingPriceCents, bookingStart, fieldErrors, joinList, shoutoutRowErrors, splitJoined } from './request-details';

const ATHLETE = '6f1c1a8e-5b7e-4c1a-9d3a-2b6f0c9e1a11';
const base = { athlete_id: ATHLETE, name: 'Team party', request_amount: 10, is_social_media: false, social_media_platform: '' };
const place = { address: 'Los Angeles, CA', latitude: 34.05, longitude: -118.24 };

describe('booking payload schemas', () => {
  it('accepts each type with its own block', () => {
    const payloads = [
      { ...base, type: 'shoutout', shoutout: { names_in_shoutout: 'Ann, Bob', recipients_emails: 'ann@x.test, bob@x.test', special_message_info: 'Happy birthday' } },
      { ...base, type: 'endorsement', request_amount: 1.5, endorsement: { task: 'Post a reel', link: 'huddle.test/p' } },
      { ...base, type: 'camp', camp: { start_time: 1_900_000_000, duration: 3, location: place, event_description: 'Camp', special_conditions: 'None' } },
      { ...base, type: 'training_session', training_session: { start_time: 1_900_000_000, duration: 1, location: place, description: 'Drills', special_conditions: 'None' } },
      { ...base, type: 'speaking_engagement', speaking_engagement: { start_time: 1_900_000_000, location: place, topics: 'Grit', special_message: 'Hi', special_conditions: 'None' } },
      { ...base, type: 'personal_appearance', personal_appearance: { start_time: 1_900_000_000, location: place, event_description: 'Opening' } },
      { ...base, type: 'video_chat', video_chat: { date_time: 1_900_000_000, event_description: 'Say hi' } },
    ];
    for (const payload of payloads) {
      const parsed = bookingPayloadSchema.safeParse(payload);
      expect([payload.type, parsed.success]).toEqual([payload.type, true]);
    }
    const endorsement = bookingPayloadSchema.parse(payloads[1]);
    expect(endorsement.type === 'endorsement' && endorsement.endorsement.link).toBe('https://huddle.test/p');
    expect(bookingStart(bookingPayloadSchema.parse(payloads[6]))).toBe(1_900_000_000);
  });

  it("answers the spec's messages on the field that is wrong", () => {
    const missing = bookingPayloadSchema.safeParse({ ...base, type: 'camp', camp: { start_time: 1_900_000_000, duration: 0, location: place, event_description: ' ', special_conditions: 'x' } });
    expect(missing.success).toBe(false);
    const errors = fieldErrors(missing.error!);
    expect(errors['camp.event_description']).toBe(MESSAGES.required);
    expect(errors['camp.duration']).toBeDefined();
    const tooCheap = bookingPayloadSchema.safeParse({ ...base, type: 'endorsement', request_amount: 1.4, endorsement: { task: 'x' } });
    expect(fieldErrors(tooCheap.error!).request_amount).toBe(MESSAGES.amountBetween());
    const tooDear = bookingPayloadSchema.safeParse({ ...base, type: 'endorsement', request_amount: 99999999, endorsement: { task: 'x' } });
    expect(fieldErrors(tooDear.error!).request_amount).toBe(MESSAGES.amountBetween());
    const badEmail = bookingPayloadSchema.safeParse({ ...base, type: 'shoutout', shoutout: { names_in_shoutout: 'Ann', recipients_emails: 'ann@x.test, nope', special_message_info: 'x' } });
    expect(fieldErrors(badEmail.error!)['shoutout.recipients_emails']).toBe(MESSAGES.emailInvalid);
    const longTask = bookingPayloadSchema.safeParse({ ...base, type: 'endorsement', endorsement: { task: 'x'.repeat(501) } });
    expect(fieldErrors(longTask.error!)['endorsement.task']).toBe(MESSAGES.textTooLong);
    // A start past the last second a date can name is refused here, never handed to a Date or to PostgreSQL.
    const pastDates = bookingPayloadSchema.safeParse({ ...base, type: 'camp', camp: { start_time: 9_000_000_000_000, duration: 1, location: place, event_description: 'Camp', special_conditions: 'None' } });
    expect(fieldErrors(pastDates.error!)['camp.start_time']).toBe(MESSAGES.timeTravel);
    const unknownType = bookingPayloadSchema.safeParse({ ...base, type: 'endorsement_campaign' });
    expect(unknownType.success).toBe(false);
    const fractionCents = bookingPayloadSchema.safeParse({ ...base, type: 'video_chat', request_amount: 10.005, video_chat: { date_time: 1_900_000_000, event_description: 'x' } });
    expect(fieldErrors(fractionCents.error!).request_amount).toBe(MESSAGES.enterValidAmount);
  });

  it('prices camp and training as rate x hours, others at the rate, endorsements as offered', () => {
    expect(bookingPriceCents('camp', 20, 3)).toBe(6000);
    expect(bookingPriceCents('training_session', 19.99, 2)).toBe(3998);
    expect(bookingPriceCents('shoutout', 10, null)).toBe(1000);
    expect(bookingPriceCents('endorsement', 20, null)).toBeNull();
  });

  it('joins and splits the comma-and-space lists', () => {
    expect(joinList(['Ann', ' Bob '])).toBe('Ann, Bob');
    expect(splitJoined('Ann, Bob,, ')).toEqual(['Ann', 'Bob']);
  });
});

describe('shoutout rows', () => {
  it('requires every row and a valid email in each recipient row (spec §5)', () => {
    expect(shoutoutRowErrors(['Ann', ''], ['ann@example.com', 'nope'])).toEqual({
      names: [null, 'This field is required'],
      emails: [null, 'Please enter a valid email'],
    });
    // A comma would split one name into two in the joined payload.
    expect(shoutoutRowErrors(['Ann, Bob'], ['a@b.co']).names).toEqual(['This field contains characters that are not allowed']);
    expect(shoutoutRowErrors(['Ann'], ['  a@b.co ']).emails).toEqual([null]);
  });
});
