import { ErrorCode, LIMITS, MESSAGES, UserType } from '@huddle/domain';
import { api, signUp } from './support/accounts-api';
import type { SignedUp } from './support/accounts-api';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

const place = (overrides: Record<string, unknown> = {}) => ({
  name: 'Downtown LA',
  address: 'Los Angeles, CA, USA',
  latitude: 34.0522,
  longitude: -118.2437,
  radius: 4,
  location_type: 'personal_appearance',
  ...overrides,
});

describe("an athlete's services and locations", () => {
  let testApp: TestApp;
  let athlete: SignedUp;
  let rival: SignedUp;
  let fan: SignedUp;

  beforeAll(async () => {
    testApp = await createTestApp();
    athlete = await signUp(testApp, UserType.Athlete);
    rival = await signUp(testApp, UserType.Athlete);
    fan = await signUp(testApp, UserType.Fan);
  });

  afterAll(async () => {
    await testApp.close();
  });

  describe('PUT /athlete/services', () => {
    it('turns services on and off and prices them in dollars, keeping what is not sent', async () => {
      const first = await api(testApp)
        .put('/athlete/services', { video_chat_enabled: true, video_chat_rate: 150, endorsement_rate: 24999.99, appearance_type: 'SING' }, athlete.token)
        .expect(200);
      expect(first.body.athlete_services).toEqual({
        appearance_type: 'SING',
        personal_appearance_enabled: false,
        personal_appearance_rate: 200,
        speaking_engagement_enabled: false,
        speaking_engagement_rate: 20,
        training_session_enabled: false,
        training_session_rate: 20,
        endorsement_enabled: false,
        endorsement_rate: 24999.99,
        video_chat_enabled: true,
        video_chat_rate: 150,
        shoutout_enabled: false,
        shoutout_rate: 10,
        camp_enabled: false,
        camp_rate: 20,
      });
      const second = await api(testApp).put('/athlete/services', { shoutout_enabled: true, appearance_type: '' }, athlete.token).expect(200);
      expect(second.body.athlete_services).toMatchObject({ video_chat_enabled: true, video_chat_rate: 150, shoutout_enabled: true, appearance_type: '' });
      const rows: Array<{ rate_cents: number }> = await testApp.dataSource.query(
        "SELECT rate_cents FROM athlete_services WHERE athlete_id = $1 AND service_type = 'endorsement'",
        [athlete.id],
      );
      expect(rows[0].rate_cents).toBe(2499999);
      const rivalView = (await api(testApp).get('/user/accounts', rival.token)).body.account.athlete_info.athlete_services;
      expect(rivalView).toMatchObject({ video_chat_enabled: false, shoutout_enabled: false, endorsement_rate: 20 });
    });

    it('keeps at least one service on', async () => {
      const response = await api(testApp)
        .put('/athlete/services', { video_chat_enabled: false, shoutout_enabled: false }, rival.token)
        .expect(400);
      expect(response.body.errors).toEqual({ athlete_services: MESSAGES.chooseServices });
      expect(response.body.status_response.response_message).toBe(MESSAGES.chooseServices);
    });

    it('refuses rates that are not above zero, outside the limits or not money', async () => {
      const response = await api(testApp).put('/athlete/services', { shoutout_enabled: true, shoutout_rate: -5, camp_rate: 1000.01 }, athlete.token).expect(400);
      expect(response.body.errors).toEqual({ shoutout_rate: MESSAGES.invalidRate, camp_rate: MESSAGES.rateBetween(10, 1000) });
      const fractions = await api(testApp).put('/athlete/services', { video_chat_rate: 12.345, camp_rate: '40' }, athlete.token).expect(400);
      expect(fractions.body.errors).toEqual({ video_chat_rate: MESSAGES.enterValidAmount, camp_rate: MESSAGES.enterValidAmount });
      const appearance = await api(testApp).put('/athlete/services', { appearance_type: 'DANCE' }, athlete.token).expect(400);
      expect(appearance.body.errors).toEqual({ appearance_type: MESSAGES.unknownChoice });
      const unchanged = (await api(testApp).get('/user/accounts', athlete.token)).body.account.athlete_info.athlete_services;
      expect(unchanged).toMatchObject({ shoutout_rate: 10, camp_rate: 20, video_chat_rate: 150 });
    });

    it('refuses a rate of 0 with the spec’s message instead of storing the minimum', async () => {
      const before = (await api(testApp).get('/user/accounts', athlete.token)).body.account.athlete_info.athlete_services;
      const response = await api(testApp).put('/athlete/services', { shoutout_enabled: true, shoutout_rate: 0 }, athlete.token).expect(400);
      expect(response.body.errors).toEqual({ shoutout_rate: 'A service with a rate not above zero is invalid' });
      const after = (await api(testApp).get('/user/accounts', athlete.token)).body.account.athlete_info.athlete_services;
      expect(after).toEqual(before);
    });

    it('is for athletes only', async () => {
      const response = await api(testApp).put('/athlete/services', { shoutout_enabled: true }, fan.token).expect(403);
      expect(response.body.status_response.response_internal_code).toBe(ErrorCode.Forbidden);
    });
  });

  describe('/athlete/locations', () => {
    it('adds, lists and removes the caller’s locations', async () => {
      const added = await api(testApp).post('/athlete/locations', place(), athlete.token).expect(201);
      expect(added.body.location).toEqual({
        id: expect.any(String),
        athlete_id: athlete.id,
        location_type: 'personal_appearance',
        name: 'Downtown LA',
        radius: 4,
        address: 'Los Angeles, CA, USA',
        latitude: 34.0522,
        longitude: -118.2437,
      });
      const camp = await api(testApp).post('/athlete/locations', place({ name: 'Camp', location_type: undefined, radius: 25 }), athlete.token).expect(201);
      expect(camp.body.location.location_type).toBe('personal_appearance');
      await api(testApp).post('/athlete/locations', place({ name: 'Rival home' }), rival.token).expect(201);

      const listed = await api(testApp).get('/athlete/locations/list', athlete.token).expect(200);
      expect(listed.body.locations.map((location: { name: string }) => location.name)).toEqual(['Downtown LA', 'Camp']);

      await api(testApp).delete(`/athlete/locations?location_id=${added.body.location.id}`, athlete.token).expect(200);
      const after = await api(testApp).get('/athlete/locations/list', athlete.token).expect(200);
      expect(after.body.locations.map((location: { id: string }) => location.id)).toEqual([camp.body.location.id]);
      expect((await api(testApp).get('/user/accounts', athlete.token)).body.account.athlete_info.locations).toEqual(after.body.locations);
    });

    it("answers 1404 for another athlete's location and leaves it in place", async () => {
      const theirs = await api(testApp).post('/athlete/locations', place({ name: 'Not yours' }), rival.token).expect(201);
      const response = await api(testApp).delete(`/athlete/locations?location_id=${theirs.body.location.id}`, athlete.token).expect(404);
      expect(response.body.status_response.response_internal_code).toBe(ErrorCode.NotFound);
      const names = (await api(testApp).get('/athlete/locations/list', rival.token)).body.locations.map((location: { name: string }) => location.name);
      expect(names).toContain('Not yours');
      expect((await api(testApp).get('/athlete/locations/list', athlete.token)).body.locations.map((location: { id: string }) => location.id)).not.toContain(
        theirs.body.location.id,
      );
      await api(testApp).delete('/athlete/locations?location_id=not-a-uuid', athlete.token).expect(404);
    });

    it('checks every field', async () => {
      const response = await api(testApp)
        .post('/athlete/locations', { name: ' ', address: '', latitude: 91, longitude: 'west', radius: 0.5, location_type: 'shoutout' }, athlete.token)
        .expect(400);
      expect(Object.keys(response.body.errors).sort()).toEqual(['address', 'latitude', 'location_type', 'longitude', 'name', 'radius']);
      expect(response.body.errors).toMatchObject({
        name: MESSAGES.chooseLocationName,
        address: MESSAGES.required,
        latitude: MESSAGES.required,
        longitude: MESSAGES.required,
        radius: MESSAGES.radiusTooSmall,
        location_type: MESSAGES.unknownChoice,
      });
    });

    it('is for athletes only', async () => {
      await api(testApp).get('/athlete/locations/list', fan.token).expect(403);
      await api(testApp).post('/athlete/locations', place(), fan.token).expect(403);
      await api(testApp).get('/athlete/locations/list').expect(401);
    });

    it(`keeps at most ${LIMITS.travelLocations.max} locations per athlete, even when they are added all at once`, async () => {
      const busy = await signUp(testApp, UserType.Athlete);
      const attempts = LIMITS.travelLocations.max + 5;
      const answers = await Promise.all(
        Array.from({ length: attempts }, (_, index) => api(testApp).post('/athlete/locations', place({ name: `City ${index}` }), busy.token)),
      );
      expect(answers.filter((answer) => answer.status === 201).length).toBe(LIMITS.travelLocations.max);
      const refused = answers.filter((answer) => answer.status !== 201);
      expect(refused).toHaveLength(5);
      for (const answer of refused) {
        expect(answer.status).toBe(400);
        expect(answer.body.status_response).toMatchObject({ response_internal_code: ErrorCode.ValidationFailed, response_message: MESSAGES.tooManyLocations });
      }
      const listed = await api(testApp).get('/athlete/locations/list', busy.token).expect(200);
      expect(listed.body.locations).toHaveLength(LIMITS.travelLocations.max);

      // Removing one makes room for one.
      await api(testApp).delete(`/athlete/locations?location_id=${listed.body.locations[0].id}`, busy.token).expect(200);
      await api(testApp).post('/athlete/locations', place({ name: 'Room again' }), busy.token).expect(201);
      await api(testApp).post('/athlete/locations', place({ name: 'One too many' }), busy.token).expect(400);
    });

    it('refuses a wizard save that would replace the locations with more than the cap', async () => {
      const wizard = await signUp(testApp, UserType.Athlete);
      const locations = Array.from({ length: LIMITS.travelLocations.max + 1 }, (_, index) => place({ name: `Stop ${index}` }));
      const refused = await api(testApp).post('/user/save-athlete-profile', { athlete_info: { locations } }, wizard.token).expect(400);
      expect(refused.body.errors).toEqual({ 'athlete_info.locations': MESSAGES.tooManyLocations });
      expect((await api(testApp).get('/athlete/locations/list', wizard.token).expect(200)).body.locations).toHaveLength(0);
    });
  });
});
