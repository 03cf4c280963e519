import { MESSAGES, UserType } from '@huddle/domain';
import { api, signUp, uploadIntro, uploadPhoto } from './support/accounts-api';
import type { SignedUp } from './support/accounts-api';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

interface Reference {
  schools: Array<{ id: number; name: string }>;
  conferences: Array<{ id: number }>;
  teams: Array<{ id: number }>;
}

describe('finishing registration', () => {
  let testApp: TestApp;
  let reference: Reference;

  beforeAll(async () => {
    testApp = await createTestApp();
    reference = (await api(testApp).get('/public/meta/reference-data').expect(200)).body;
  });

  afterAll(async () => {
    await testApp.close();
  });

  async function athleteWithMedia(): Promise<SignedUp & { photo: string; video: string }> {
    const athlete = await signUp(testApp, UserType.Athlete);
    return { ...athlete, photo: await uploadPhoto(testApp, athlete.token), video: await uploadIntro(testApp, athlete.token) };
  }

  const athleteBody = (media: { photo: string; video: string }, overrides: { personal?: object; info?: object } = {}) => ({
    athlete_personal_info: {
      gender: 1,
      first_name: 'Jordan',
      last_name: 'Miles',
      description: 'Guard at State.',
      intro_video: media.video,
      profile_photo: media.photo,
      dashboard_photo: media.photo,
      instagram_link: 'instagram.com/jordan',
      ...overrides.personal,
    },
    athlete_info: {
      school_id: reference.schools[0].id,
      sports: [2, 1],
      athlete_services: { shoutout_enabled: true, shoutout_rate: 25.5, camp_enabled: true, camp_rate: 40, appearance_type: 'VISIT_CHURCHES,SING' },
      locations: [{ name: 'Home', address: 'Los Angeles, CA, USA', latitude: 34.05, longitude: -118.24, radius: 4, location_type: 'camp' }],
      ...overrides.info,
    },
  });

  describe('POST /user/finish-registration (athlete)', () => {
    it('stores the whole profile and completes it: role 12 becomes 2', async () => {
      const athlete = await athleteWithMedia();
      const response = await api(testApp).post('/user/finish-registration', athleteBody(athlete), athlete.token).expect(200);
      const account = response.body.account;
      expect(account).toMatchObject({
        role: 2,
        profile_completed: true,
        first_name: 'Jordan',
        last_name: 'Miles',
        gender: 1,
        profile_photo: athlete.photo,
        dashboard_photo: athlete.photo,
        intro_video: athlete.video,
        instagram_link: 'https://instagram.com/jordan',
      });
      expect(account.athlete_info).toMatchObject({
        athlete_id: athlete.id,
        school_id: reference.schools[0].id,
        school_name: reference.schools[0].name,
        sports: '2,1',
        sports_played: 'Basketball',
      });
      expect(account.athlete_info.athlete_services).toMatchObject({
        appearance_type: 'SING,VISIT_CHURCHES',
        shoutout_enabled: true,
        shoutout_rate: 25.5,
        camp_enabled: true,
        camp_rate: 40,
        endorsement_enabled: false,
        endorsement_rate: 20,
      });
      expect(account.athlete_info.locations).toEqual([
        {
          id: expect.any(String),
          athlete_id: athlete.id,
          location_type: 'camp',
          name: 'Home',
          radius: 4,
          address: 'Los Angeles, CA, USA',
          latitude: 34.05,
          longitude: -118.24,
        },
      ]);
      const cents: Array<{ rate_cents: number }> = await testApp.dataSource.query(
        "SELECT rate_cents FROM athlete_services WHERE athlete_id = $1 AND service_type = 'shoutout'",
        [athlete.id],
      );
      expect(cents[0].rate_cents).toBe(2550);
      // The athlete-only wizard routes close once the profile is complete.
      await api(testApp).post('/user/fan/finish-registration', {}, athlete.token).expect(403);
    });

    it('needs names, a photo and the intro video', async () => {
      const athlete = await signUp(testApp, UserType.Athlete);
      const response = await api(testApp)
        .post('/user/finish-registration', { athlete_info: { school_id: reference.schools[0].id, sports: [1], athlete_services: { shoutout_enabled: true } } }, athlete.token)
        .expect(400);
      expect(response.body.errors).toEqual({
        'athlete_personal_info.first_name': MESSAGES.required,
        'athlete_personal_info.last_name': MESSAGES.required,
        'athlete_personal_info.profile_photo': MESSAGES.choosePhoto,
        'athlete_personal_info.intro_video': MESSAGES.chooseVideo,
      });
    });

    it('needs a sport, a school (there is more than one) and an enabled service', async () => {
      const athlete = await athleteWithMedia();
      const response = await api(testApp)
        .post('/user/finish-registration', athleteBody(athlete, { info: { school_id: undefined, sports: [], athlete_services: {} } }), athlete.token)
        .expect(400);
      expect(response.body.errors).toEqual({
        'athlete_info.sports': MESSAGES.chooseSport,
        'athlete_info.school_id': MESSAGES.chooseSchool,
        'athlete_info.athlete_services': MESSAGES.chooseServices,
      });
      expect(response.body.status_response.response_message).toBe(MESSAGES.chooseSport);
      expect((await api(testApp).get('/user/accounts', athlete.token)).body.account.role).toBe(12);
    });

    it('refuses unknown schools and sports and rates outside the limits', async () => {
      const athlete = await athleteWithMedia();
      const response = await api(testApp)
        .post(
          '/user/finish-registration',
          athleteBody(athlete, {
            info: {
              school_id: 987654321,
              sports: [1, 999],
              athlete_services: { shoutout_enabled: true, shoutout_rate: 0, endorsement_enabled: true, endorsement_rate: 25001, camp_rate: 5 },
            },
          }),
          athlete.token,
        )
        .expect(400);
      expect(response.body.errors).toEqual({
        'athlete_info.school_id': MESSAGES.chooseSchool,
        'athlete_info.sports': MESSAGES.unknownChoice,
        'athlete_info.athlete_services.shoutout_rate': MESSAGES.invalidRate,
        'athlete_info.athlete_services.endorsement_rate': MESSAGES.rateBetween(10, 25000),
        'athlete_info.athlete_services.camp_rate': MESSAGES.rateBetween(10, 1000),
      });
    });

    it("refuses another athlete's uploads", async () => {
      const owner = await athleteWithMedia();
      const thief = await signUp(testApp, UserType.Athlete);
      const response = await api(testApp).post('/user/finish-registration', athleteBody(owner), thief.token).expect(400);
      expect(Object.keys(response.body.errors)).toEqual(['athlete_personal_info.profile_photo']);
      expect((await api(testApp).get('/user/accounts', thief.token)).body.account.profile_completed).toBe(false);
    });

    it('is for athletes only', async () => {
      const fan = await signUp(testApp, UserType.Fan);
      await api(testApp).post('/user/finish-registration', {}, fan.token).expect(403);
      await api(testApp).post('/user/finish-registration', {}).expect(401);
    });
  });

  describe('POST /user/save-athlete-profile', () => {
    it('keeps partial progress without completing, and finishing later uses it', async () => {
      const athlete = await athleteWithMedia();
      const saved = await api(testApp)
        .post('/user/save-athlete-profile', { athlete_personal_info: { first_name: 'Sam', profile_photo: athlete.photo }, athlete_info: { sports: [3] } }, athlete.token)
        .expect(200);
      expect(saved.body.account).toMatchObject({ role: 12, profile_completed: false, first_name: 'Sam', profile_photo: athlete.photo });
      expect(saved.body.account.athlete_info).toMatchObject({ sports: '3', sports_played: 'Baseball', school_id: null });

      const finished = await api(testApp)
        .post(
          '/user/finish-registration',
          {
            athlete_personal_info: { last_name: 'Reyes', intro_video: athlete.video },
            athlete_info: { school_id: reference.schools[1].id, athlete_services: { video_chat_enabled: true } },
          },
          athlete.token,
        )
        .expect(200);
      expect(finished.body.account).toMatchObject({ role: 2, first_name: 'Sam', last_name: 'Reyes' });
      expect(finished.body.account.athlete_info.sports).toBe('3');
    });

    it('still checks formats', async () => {
      const athlete = await signUp(testApp, UserType.Athlete);
      const response = await api(testApp)
        .post('/user/save-athlete-profile', { athlete_personal_info: { twitter_link: 'not a link', description: 'x'.repeat(231) }, athlete_info: { sports: ['one'] } }, athlete.token)
        .expect(400);
      expect(response.body.errors).toEqual({
        'athlete_personal_info.twitter_link': MESSAGES.invalidLink,
        'athlete_personal_info.description': MESSAGES.descriptionTooLong,
        'athlete_info.sports': MESSAGES.unknownChoice,
      });
    });

    it('never empties the sports: a list that is sent must hold one (the settings survey saves here too)', async () => {
      const athlete = await signUp(testApp, UserType.Athlete);
      await api(testApp).post('/user/save-athlete-profile', { athlete_info: { sports: [3] } }, athlete.token).expect(200);
      const emptied = await api(testApp).post('/user/save-athlete-profile', { athlete_info: { sports: [] } }, athlete.token).expect(400);
      expect(emptied.body.errors).toEqual({ 'athlete_info.sports': MESSAGES.chooseSport });
      expect((await api(testApp).get('/user/accounts', athlete.token)).body.account.athlete_info.sports).toBe('3');
    });
  });

  describe('POST /user/fan/finish-registration', () => {
    it('stores the survey and completes the fan: role 11 becomes 1', async () => {
      const fan = await signUp(testApp, UserType.Fan);
      const photo = await uploadPhoto(testApp, fan.token);
      const body = { first_name: 'Casey', last_name: 'Fan', gender: 3, profile_photo: photo, conferences: [reference.conferences[0].id], sports: [1, 2], teams: [reference.teams[0].id] };
      const response = await api(testApp).post('/user/fan/finish-registration', body, fan.token).expect(200);
      expect(response.body.account).toMatchObject({ role: 1, profile_completed: true, first_name: 'Casey', gender: 3, profile_photo: photo });
      expect(response.body.account.fan_info).toEqual({ conferences: [reference.conferences[0].id], sports: [1, 2], teams: [reference.teams[0].id] });
    });

    it('requires names, a photo and the three lists, with known ids', async () => {
      const fan = await signUp(testApp, UserType.Fan);
      const missing = await api(testApp).post('/user/fan/finish-registration', {}, fan.token).expect(400);
      expect(missing.body.errors).toEqual({
        first_name: MESSAGES.required,
        last_name: MESSAGES.required,
        profile_photo: MESSAGES.choosePhoto,
        conferences: MESSAGES.required,
        sports: MESSAGES.required,
        teams: MESSAGES.required,
      });
      const photo = await uploadPhoto(testApp, fan.token);
      const unknown = await api(testApp)
        .post('/user/fan/finish-registration', { first_name: 'A', last_name: 'B', profile_photo: photo, conferences: [424242], sports: [77], teams: [] }, fan.token)
        .expect(400);
      expect(unknown.body.errors).toEqual({ conferences: MESSAGES.unknownChoice, sports: MESSAGES.unknownChoice });
    });
  });

  describe('POST /user/business/finish-registration', () => {
    it('stores the business details and completes the business: role 13 becomes 3', async () => {
      const business = await signUp(testApp, UserType.Business);
      const photo = await uploadPhoto(testApp, business.token);
      const response = await api(testApp)
        .post(
          '/user/business/finish-registration',
          {
            first_name: 'Alex',
            last_name: 'Owner',
            gender: 2,
            profile_photo: photo,
            business_info: { name: 'Acme', email: 'team@acme.example', phone: '5550001111', website: 'www.acme.example', category_list: 'Drinks', single_line_address: '1 Main St' },
          },
          business.token,
        )
        .expect(200);
      // The gender the wizard's profile step asked is kept (it was dropped before).
      expect(response.body.account).toMatchObject({ role: 3, profile_completed: true, first_name: 'Alex', gender: 2, profile_photo: photo });
      expect(response.body.account.business_info).toMatchObject({
        name: 'Acme',
        email: 'team@acme.example',
        phone: '+15550001111',
        website: 'https://www.acme.example',
        category_list: 'Drinks',
        single_line_address: '1 Main St',
      });
    });

    it('requires the business details', async () => {
      const business = await signUp(testApp, UserType.Business);
      const response = await api(testApp).post('/user/business/finish-registration', { first_name: 'Alex', last_name: 'Owner' }, business.token).expect(400);
      expect(response.body.errors).toEqual({ profile_photo: MESSAGES.choosePhoto, business_info: MESSAGES.required });
      const fan = await signUp(testApp, UserType.Fan);
      await api(testApp).post('/user/business/finish-registration', {}, fan.token).expect(403);
    });
  });
});
