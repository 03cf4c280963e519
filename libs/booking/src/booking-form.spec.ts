import { MESSAGES } from '@huddle/domain';
import { shoutoutRowErrors } from '@huddle/domain/request-details';
import { bookingBody, checkBooking, editRows, emptyBookingForm, formErrors, formPriceCents, localStart, priceInput, rowErrorsAfterEdit, type BookingFormValues } from './booking-form';
import { cardNumberInput, expiryInput, parseExpiry } from './checkout/card-input';

const ATHLETE = '6f1c1a8e-5b7e-4c1a-9d3a-2b6f0c9e1a11';
const NOW = new Date(2026, 10, 24, 12, 0).getTime() / 1000;
const PLACE = { address: 'Los Angeles, CA', latitude: 34.05, longitude: -118.24 };

function values(patch: Partial<BookingFormValues>): BookingFormValues {
  return { ...emptyBookingForm(), name: 'Team day', ...patch };
}

describe('the booking form', () => {
  it('books a camp for rate x hours at a local start, the location from the map', () => {
    const filled = values({ date: '2026-12-05', time: '15:30', hours: 4, location: PLACE, event_description: 'Skills camp', special_conditions: 'Gym' });
    const checked = checkBooking('camp', ATHLETE, filled, 25, NOW);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.payload).toMatchObject({
      type: 'camp',
      request_amount: 100,
      camp: { start_time: new Date(2026, 11, 5, 15, 30).getTime() / 1000, duration: 4, location: PLACE },
    });
  });

  it("refuses a start under a minute ahead with 'Time travel is not supported yet' and a missing place as required", () => {
    const past = values({ date: '2026-11-24', time: '12:00', location: null, event_description: 'x' });
    const checked = checkBooking('personal_appearance', ATHLETE, past, 100, NOW);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors.date).toBe(MESSAGES.timeTravel);
    expect(checked.errors.location).toBe(MESSAGES.required);
  });

  it('checks every shoutout row and joins the rows with comma and space', () => {
    const rows = values({ names: ['Ann', ''], emails: ['ann@example.com', 'bad'], special_message_info: 'Happy birthday' });
    const checked = checkBooking('shoutout', ATHLETE, rows, 50, NOW);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.rows).toEqual({ names: [null, MESSAGES.required], emails: [null, MESSAGES.emailInvalid] });
    const body = bookingBody('shoutout', ATHLETE, values({ names: ['Ann', 'Bob'], emails: ['a@b.co', 'c@d.co'] }), 50);
    expect(body.shoutout).toMatchObject({ names_in_shoutout: 'Ann, Bob', recipients_emails: 'a@b.co, c@d.co' });
  });

  it("clears a shoutout row's message as soon as that row is right, and shows none on a row that never had one", () => {
    const R = MESSAGES.required;
    // After a refused Submit: both names empty.
    let names = ['', ''];
    let shown: (string | null)[] = shoutoutRowErrors(names, ['a@b.co']).names;
    expect(shown).toEqual([R, R]);
    const type = (index: number, value: string) => {
      const edited = editRows(names, shown, { kind: 'set', index, value }, null);
      names = edited.rows;
      shown = rowErrorsAfterEdit(edited.messages, shoutoutRowErrors(names, ['a@b.co']).names);
    };
    type(0, 'Ann');
    expect(shown).toEqual([null, R]);
    type(1, 'Bo,b');
    expect(shown).toEqual([null, MESSAGES.forbiddenCharacters]);
    type(1, 'Bob');
    expect(shown).toEqual([null, null]);
    // Emptied again, a row stays quiet until the next Submit; a new row starts quiet too.
    type(0, '');
    expect(shown).toEqual([null, null]);
    const added = editRows(names, shown, { kind: 'add' }, null);
    expect(added).toEqual({ rows: ['', 'Bob', ''], messages: [null, null, null] });
  });

  it("moves each row's message with its row when another row is removed", () => {
    const R = MESSAGES.required;
    expect(editRows(['Ann', '', 'bad'], [null, R, 'x'], { kind: 'remove', index: 0 }, null)).toEqual({ rows: ['', 'bad'], messages: [R, 'x'] });
    expect(editRows(['Ann', ''], [], { kind: 'set', index: 1, value: 'B' }, null)).toEqual({ rows: ['Ann', 'B'], messages: [null, null] });
  });

  it("takes the endorsement offer as typed, digits and a dot only, with the spec's messages", () => {
    expect(priceInput('$1,2a3.4.5')).toBe('123.45');
    expect(formPriceCents('endorsement', { hours: 3, price: '19.99' }, 10)).toBe(1999);
    const empty = checkBooking('endorsement', ATHLETE, values({ task: 'Post a reel', price: '' }), 10, NOW);
    expect(!empty.ok && empty.errors.price).toBe(MESSAGES.required);
    const low = checkBooking('endorsement', ATHLETE, values({ task: 'Post a reel', price: '1' }), 10, NOW);
    expect(!low.ok && low.errors.price).toBe(MESSAGES.amountBetween());
    // A third decimal is refused, not rounded into the charge.
    const fine = checkBooking('endorsement', ATHLETE, values({ task: 'Post a reel', price: '12.345' }), 10, NOW);
    expect(!fine.ok && fine.errors.price).toBe(MESSAGES.enterValidAmount);
    expect(checkBooking('endorsement', ATHLETE, values({ task: 'Post a reel', price: '12.34' }), 10, NOW).ok).toBe(true);
  });

  it("puts the API's field errors on the form's fields", () => {
    expect(formErrors({ 'camp.location.address': 'x', 'camp.start_time': 'y', request_amount: 'z', 'shoutout.recipients_emails': 'w' })).toEqual({
      location: 'x',
      date: 'y',
      price: 'z',
      emails: 'w',
    });
    expect(localStart('2026-12-05', '')).toBeNull();
  });

  it('formats the card inputs as they are typed', () => {
    expect(cardNumberInput('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(expiryInput('1234')).toBe('12 / 34');
    expect(parseExpiry('12 / 34')).toEqual({ month: 12, year: 34 });
    expect(parseExpiry('13 / 34')).toBeNull();
  });
});
