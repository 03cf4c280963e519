import { MESSAGES, UserType } from '@huddle/domain';
import { DataSource } from 'typeorm';
import { AthletesService } from '../src/modules/athletes/athletes.service';
import { api } from './support/accounts-api';
import { bookingPayload, createBookableAthlete } from './support/booking';
import { createSignedIn } from './support/fixtures';
import type { SignedIn } from './support/fixtures';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

describe('POST /booking/request refuses what the spec refuses, with its messages, and stores nothing', () => {
  let testApp: TestApp;
  let fan: SignedIn;
  let athlete: SignedIn;

  beforeAll(async () => {
    testApp = await createTestApp();
    fan = await createSignedIn(testApp, UserType.Fan);
    athlete = await createBookableAthlete(testApp);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  async function refused(body: object, status: number, token = fan.token) {
    const [{ before }] = await testApp.dataSource.query(`SELECT count(*)::int AS before FROM requests`);
    const response = await api(testApp).post('/booking/request', body, token).expect(status);
    const [{ after }] = await testApp.dataSource.query(`SELECT count(*)::int AS after FROM requests`);
    expect(after).toBe(before);
    return { ...(response.body.status_response as { response_internal_code: number; response_message: string }), errors: response.body.errors as Record<string, string> | undefined };
  }

  it("answers 641 'Wrong request date' for a start in the past or under a minute ahead", async () => {
    const now = Math.floor(Date.now() / 1000);
    const past = await refused(bookingPayload('camp', athlete.account.id, { now, startsIn: -3600 }), 400);
    expect(past.response_internal_code).toBe(641);
    const soon = await refused(bookingPayload('video_chat', athlete.account.id, { now, startsIn: 30 }), 400);
    expect(soon.response_internal_code).toBe(641);
  });

  it('shows each field its message', async () => {
    const body = bookingPayload('shoutout', athlete.account.id) as { shoutout: Record<string, string> };
    const answer = await refused({ ...body, name: '', shoutout: { ...body.shoutout, special_message_info: 'x'.repeat(501), recipients_emails: 'ann@example.com, nope' } }, 400);
    expect(answer.errors).toMatchObject({
      name: MESSAGES.required,
      'shoutout.special_message_info': MESSAGES.textTooLong,
      'shoutout.recipients_emails': MESSAGES.emailInvalid,
    });
    const cheap = await refused({ ...bookingPayload('endorsement', athlete.account.id), request_amount: 1.2 }, 400);
    expect(cheap.errors).toMatchObject({ request_amount: MESSAGES.amountBetween() });
    await refused({ ...bookingPayload('endorsement', athlete.account.id), request_amount: '12; DROP TABLE requests' }, 400);
    await refused({ type: 'endorsement_campaign', athlete_id: athlete.account.id }, 400);
  });

  it('checks the price against the athlete’s current rate (rate x hours for camp and training) and the service being offered', async () => {
    const camp = bookingPayload('camp', athlete.account.id, { hours: 4 });
    const wrong = await refused({ ...camp, request_amount: 60 }, 400);
    expect(wrong.errors).toEqual({ request_amount: 'The price is now $80.00' });
    await api(testApp).post('/booking/request', camp, fan.token).expect(201);
    await testApp.get(AthletesService).updateServices(athlete.account.id, { camp_enabled: false, shoutout_enabled: true });
    const off = await refused(bookingPayload('camp', athlete.account.id), 400);
    expect(off.response_message).toBe('This athlete does not offer this service');
  });

  it('only fans and businesses book, and only complete athletes can be booked', async () => {
    await refused(bookingPayload('shoutout', athlete.account.id), 403, athlete.token);
    await refused(bookingPayload('shoutout', athlete.account.id), 401, '');
    const incomplete = await createSignedIn(testApp, UserType.Athlete, { profileCompleted: false });
    const missing = await refused(bookingPayload('shoutout', incomplete.account.id), 404);
    expect(missing.response_message).toBe(MESSAGES.athleteNotFound.title);
    await refused(bookingPayload('shoutout', fan.account.id), 404);
    await refused(bookingPayload('shoutout', '00000000-0000-4000-8000-000000000000'), 404);
    await refused(bookingPayload('shoutout', 'not-a-uuid'), 400);
    // A complete athlete with no service settings stored yet offers nothing.
    const unset = await createSignedIn(testApp, UserType.Athlete);
    const none = await refused(bookingPayload('shoutout', unset.account.id), 400);
    expect(none.response_message).toBe('This athlete does not offer this service');
    // A blocked or deleted athlete cannot be booked, whatever their services say.
    const blocked = await createBookableAthlete(testApp);
    await api(testApp).post('/booking/request', bookingPayload('shoutout', blocked.account.id), fan.token).expect(201);
    await testApp.get(DataSource).query('UPDATE accounts SET blocked = true WHERE id = $1', [blocked.account.id]);
    await refused(bookingPayload('shoutout', blocked.account.id), 404);
    const deleted = await createBookableAthlete(testApp);
    await testApp.get(DataSource).query('UPDATE accounts SET deleted_at = now() WHERE id = $1', [deleted.account.id]);
    await refused(bookingPayload('shoutout', deleted.account.id), 404);
  });
});
