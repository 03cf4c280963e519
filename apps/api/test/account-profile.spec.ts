import request from 'supertest';
import { ERROR_MESSAGES, ErrorCode, LIMITS, MESSAGES, UserType } from '@huddle/domain';
import { SESSION_COOKIE } from '../src/modules/auth/session-token';
import { JobsService } from '../src/modules/jobs/jobs.service';
import { api, outboxFor, PASSWORD, signUp, uniqueEmail, uploadIntro, uploadPhoto } from './support/accounts-api';
import type { SignedUp } from './support/accounts-api';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

describe('the caller’s own account', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ env: { SIGN_IN_MAX_PER_IP: '1000', SIGN_IN_MAX_PER_EMAIL: '1000' } });
  });

  afterAll(async () => {
    await testApp.close();
  });

  const profile = (who: SignedUp, overrides: Record<string, unknown> = {}) => ({
    first_name: 'Jordan',
    last_name: 'Miles',
    email: who.email,
    phone: '+15551234567',
    ...overrides,
  });

  describe('GET /user/accounts', () => {
    it('answers each role with its own details block', async () => {
      const fan = await signUp(testApp, UserType.Fan);
      const business = await signUp(testApp, UserType.Business);
      const fanView = (await api(testApp).get('/user/accounts', fan.token).expect(200)).body.account;
      expect(fanView).toMatchObject({ id: fan.id, athlete_info: null, business_info: null, fan_info: { conferences: [], sports: [], teams: [] } });
      const businessView = (await api(testApp).get('/user/accounts', business.token).expect(200)).body.account;
      expect(businessView.business_info).toEqual({
        name: null,
        email: null,
        about: null,
        phone: null,
        picture: null,
        website: null,
        description: null,
        category_list: null,
        single_line_address: null,
        user_id: business.id,
      });
      expect(Object.keys(fanView).sort()).toEqual(
        [
          'athlete_info',
          'blocked',
          'business_info',
          'created_at',
          'dashboard_photo',
          'description',
          'email',
          'email_notifications',
          'facebook_link',
          'fan_info',
          'first_name',
          'gender',
          'id',
          'instagram_link',
          'intro_video',
          'last_name',
          'phone',
          'profile_completed',
          'profile_photo',
          'role',
          'snapchat_link',
          'tiktok_link',
          'twitter_link',
          'user_type',
          'username',
        ].sort(),
      );
    });
  });

  describe('PUT /user/accounts', () => {
    it('updates the profile, normalising phone, email and links', async () => {
      const athlete = await signUp(testApp, UserType.Athlete);
      const photo = await uploadPhoto(testApp, athlete.token);
      const video = await uploadIntro(testApp, athlete.token);
      const newEmail = uniqueEmail('Renamed');
      const response = await api(testApp)
        .put(
          '/user/accounts',
          profile(athlete, {
            first_name: '  Jordan ',
            email: newEmail.toUpperCase(),
            phone: '1 (555) 222-3333',
            gender: 2,
            username: 'Jordan.Miles_23',
            description: 'Point guard. Loves camps.',
            profile_photo: photo,
            dashboard_photo: photo,
            intro_video: video,
            instagram_link: 'www.instagram.com/jordan',
            tiktok_link: 'https://tiktok.com/@jordan',
            twitter_link: '',
          }),
          athlete.token,
        )
        .expect(200);
      expect(response.body.account).toMatchObject({
        id: athlete.id,
        first_name: 'Jordan',
        email: newEmail.toLowerCase(),
        phone: '+15552223333',
        gender: 2,
        username: 'Jordan.Miles_23',
        description: 'Point guard. Loves camps.',
        profile_photo: photo,
        dashboard_photo: photo,
        intro_video: video,
        instagram_link: 'https://www.instagram.com/jordan',
        tiktok_link: 'https://tiktok.com/@jordan',
        twitter_link: null,
      });
      const reread = await api(testApp).get('/user/accounts', athlete.token).expect(200);
      expect(reread.body.account).toEqual(response.body.account);
      await api(testApp).postForm('/user/sign-ins', { email: newEmail, password: PASSWORD }).expect(200);
      // No password is asked for the change, so the old address hears of it; the new one gets nothing.
      await testApp.get(JobsService).drain();
      const notices = (await outboxFor(testApp, athlete.email.toLowerCase())).filter((mail) => mail.subject === 'Your Huddle email was changed');
      expect(notices).toHaveLength(1);
      expect(notices[0].text_body).toContain(newEmail.toLowerCase());
      expect(await outboxFor(testApp, newEmail.toLowerCase())).toHaveLength(0);
    });

    it('requires names, email and phone, and checks every format', async () => {
      const fan = await signUp(testApp, UserType.Fan);
      const missing = await api(testApp).put('/user/accounts', { first_name: ' ', gender: null }, fan.token).expect(400);
      expect(missing.body.errors).toEqual({
        first_name: MESSAGES.required,
        last_name: MESSAGES.required,
        email: MESSAGES.required,
        phone: MESSAGES.required,
        gender: MESSAGES.required,
      });
      const bad = await api(testApp)
        .put(
          '/user/accounts',
          profile(fan, {
            email: 'nope',
            phone: '+44 20 7946 0958',
            gender: 99,
            username: 'no spaces!',
            description: 'x'.repeat(231),
            instagram_link: 'hello',
            facebook_link: 'javascript:alert(1)',
            profile_photo: '',
          }),
          fan.token,
        )
        .expect(400);
      expect(bad.body.errors).toEqual({
        email: MESSAGES.emailInvalid,
        phone: MESSAGES.phoneIncorrect,
        gender: MESSAGES.unknownChoice,
        username: MESSAGES.usernameInvalid,
        description: MESSAGES.descriptionTooLong,
        instagram_link: MESSAGES.invalidLink,
        facebook_link: MESSAGES.invalidLink,
        profile_photo: MESSAGES.choosePhoto,
      });
      // A name past its length is told in the field's words, not the validator's ('first_name must be shorter than…').
      const long = await api(testApp).put('/user/accounts', profile(fan, { first_name: 'x'.repeat(LIMITS.personName.max + 1) }), fan.token).expect(400);
      expect(long.body.errors).toEqual({ first_name: MESSAGES.tooLong(LIMITS.personName.max) });
      expect(long.body.status_response.response_message).toBe('Must be at most 100 characters');
    });

    it('answers 208 on the email field for an email another live account has', async () => {
      const first = await signUp(testApp, UserType.Fan);
      const second = await signUp(testApp, UserType.Fan);
      const response = await api(testApp).put('/user/accounts', profile(second, { email: first.email.toUpperCase() }), second.token).expect(409);
      expect(response.body).toEqual({
        status_response: { status: 409, response_message: ERROR_MESSAGES[ErrorCode.EmailTaken], response_internal_code: ErrorCode.EmailTaken },
        errors: { email: ERROR_MESSAGES[ErrorCode.EmailTaken] },
      });
    });

    it('answers 211 on the username field for a username taken in any case, and keeps one once set', async () => {
      const first = await signUp(testApp, UserType.Athlete);
      const second = await signUp(testApp, UserType.Athlete);
      await api(testApp).put('/user/accounts', profile(first, { username: 'court.vision' }), first.token).expect(200);
      const taken = await api(testApp).put('/user/accounts', profile(second, { username: 'Court.Vision' }), second.token).expect(409);
      expect(taken.body).toEqual({
        status_response: { status: 409, response_message: ERROR_MESSAGES[ErrorCode.UsernameTaken], response_internal_code: ErrorCode.UsernameTaken },
        errors: { username: ERROR_MESSAGES[ErrorCode.UsernameTaken] },
      });
      const recased = await api(testApp).put('/user/accounts', profile(first, { username: 'Court.Vision' }), first.token).expect(200);
      expect(recased.body.account.username).toBe('Court.Vision');
      const cleared = await api(testApp).put('/user/accounts', profile(first, { username: '' }), first.token).expect(400);
      expect(cleared.body.errors).toEqual({ username: MESSAGES.required });
      const kept = await api(testApp).put('/user/accounts', profile(first), first.token).expect(200);
      expect(kept.body.account.username).toBe('Court.Vision');
    });

    it("refuses media paths the caller did not upload, such as another user's photo", async () => {
      const owner = await signUp(testApp, UserType.Athlete);
      const other = await signUp(testApp, UserType.Athlete);
      const photo = await uploadPhoto(testApp, owner.token);
      const response = await api(testApp).put('/user/accounts', profile(other, { profile_photo: photo }), other.token).expect(400);
      expect(Object.keys(response.body.errors)).toEqual(['profile_photo']);
      const video = await api(testApp).put('/user/accounts', profile(other, { intro_video: photo }), other.token).expect(400);
      expect(Object.keys(video.body.errors)).toEqual(['intro_video']);
      expect((await api(testApp).get('/user/accounts', other.token)).body.account.profile_photo).toBeNull();
    });

    it("edits a business's details, requiring name, phone, email and website", async () => {
      const business = await signUp(testApp, UserType.Business);
      const picture = await uploadPhoto(testApp, business.token);
      const missing = await api(testApp).put('/user/accounts', profile(business, { business_info: { about: 'x' } }), business.token).expect(400);
      expect(missing.body.errors).toEqual({
        'business_info.name': MESSAGES.required,
        'business_info.email': MESSAGES.required,
        'business_info.phone': MESSAGES.required,
        'business_info.website': MESSAGES.required,
      });
      const response = await api(testApp)
        .put(
          '/user/accounts',
          profile(business, {
            business_info: { name: 'Acme Drinks', email: 'HELLO@ACME.EXAMPLE', phone: '555 000 1111', website: 'acme.example', about: 'Hydration', picture },
          }),
          business.token,
        )
        .expect(200);
      expect(response.body.account.business_info).toMatchObject({
        name: 'Acme Drinks',
        email: 'hello@acme.example',
        phone: '+15550001111',
        website: 'https://acme.example',
        about: 'Hydration',
        picture,
        user_id: business.id,
      });
    });

    it('changes only the caller’s own row: there is no way to name another account', async () => {
      const first = await signUp(testApp, UserType.Fan);
      const second = await signUp(testApp, UserType.Fan);
      await api(testApp).put('/user/accounts', { ...profile(second, { first_name: 'Second' }), id: first.id, user_id: first.id }, second.token).expect(200);
      const firstView = (await api(testApp).get('/user/accounts', first.token)).body.account;
      const secondView = (await api(testApp).get('/user/accounts', second.token)).body.account;
      expect(firstView.first_name).toBeNull();
      expect(secondView.first_name).toBe('Second');
      expect(secondView.id).toBe(second.id);
    });

    it('needs a session', async () => {
      await api(testApp).put('/user/accounts', { first_name: 'x' }).expect(401);
    });
  });

  describe('PATCH /user/accounts', () => {
    it('saves one part alone (photo, intro video, links, request emails) for an account with no phone, where the whole form is refused without one', async () => {
      // As a business signed in with Facebook is: names, no phone.
      const business = await signUp(testApp, UserType.Business);
      await testApp.dataSource.query(`UPDATE accounts SET first_name = 'Morgan', last_name = 'Lee', phone = NULL WHERE id = $1`, [business.id]);
      const photo = await uploadPhoto(testApp, business.token);
      const whole = await api(testApp).put('/user/accounts', { first_name: 'Morgan', last_name: 'Lee', email: business.email, profile_photo: photo }, business.token).expect(400);
      expect(whole.body.errors).toEqual({ phone: MESSAGES.required });

      const saved = await api(testApp).patch('/user/accounts', { profile_photo: photo }, business.token).expect(200);
      expect(saved.body.account).toMatchObject({ profile_photo: photo, first_name: 'Morgan', phone: null });
      const links = await api(testApp).patch('/user/accounts', { instagram_link: 'instagram.com/acme', tiktok_link: null }, business.token).expect(200);
      expect(links.body.account).toMatchObject({ instagram_link: 'https://instagram.com/acme', tiktok_link: null, profile_photo: photo });
      const quiet = await api(testApp).patch('/user/accounts', { email_notifications: false }, business.token).expect(200);
      expect(quiet.body.account).toMatchObject({ email_notifications: false, instagram_link: 'https://instagram.com/acme' });

      const athlete = await signUp(testApp, UserType.Athlete);
      const video = await uploadIntro(testApp, athlete.token);
      expect((await api(testApp).patch('/user/accounts', { intro_video: video }, athlete.token).expect(200)).body.account.intro_video).toBe(video);
    });

    it('checks what it is given as the form does, takes nothing else, and needs a session', async () => {
      const owner = await signUp(testApp, UserType.Athlete);
      const other = await signUp(testApp, UserType.Athlete);
      const photo = await uploadPhoto(testApp, owner.token);
      const stolen = await api(testApp).patch('/user/accounts', { profile_photo: photo }, other.token).expect(400);
      expect(Object.keys(stolen.body.errors)).toEqual(['profile_photo']);
      const badLink = await api(testApp).patch('/user/accounts', { instagram_link: 'not a link' }, other.token).expect(400);
      expect(Object.keys(badLink.body.errors)).toEqual(['instagram_link']);
      await api(testApp).patch('/user/accounts', { email_notifications: 'yes' }, other.token).expect(400);
      // The profile form's fields are not this route's: they are left as they were.
      const ignored = await api(testApp).patch('/user/accounts', { first_name: 'Changed', email: 'taken@example.com', phone: '' }, other.token).expect(200);
      expect(ignored.body.account).toMatchObject({ first_name: null, email: other.email });
      expect((await api(testApp).get('/user/accounts', other.token)).body.account.profile_photo).toBeNull();
      await api(testApp).patch('/user/accounts', { email_notifications: false }).expect(401);
    });
  });

  describe('DELETE /user/accounts/links', () => {
    it('removes one social link of the caller', async () => {
      const athlete = await signUp(testApp, UserType.Athlete);
      const other = await signUp(testApp, UserType.Athlete);
      const links = { tiktok_link: 'tiktok.com/@a', instagram_link: 'instagram.com/a' };
      await api(testApp).put('/user/accounts', profile(athlete, links), athlete.token).expect(200);
      await api(testApp).put('/user/accounts', profile(other, links), other.token).expect(200);

      const response = await api(testApp).delete('/user/accounts/links?type=tiktok', athlete.token).expect(200);
      expect(response.body.account).toMatchObject({ tiktok_link: null, instagram_link: 'https://instagram.com/a' });
      expect((await api(testApp).get('/user/accounts', other.token)).body.account.tiktok_link).toBe('https://tiktok.com/@a');
    });

    it('refuses an unknown type', async () => {
      const fan = await signUp(testApp, UserType.Fan);
      const response = await api(testApp).delete('/user/accounts/links?type=myspace', fan.token).expect(400);
      expect(response.body.errors).toEqual({ type: MESSAGES.unknownChoice });
    });
  });

  describe('DELETE /user/accounts/self', () => {
    it('soft-deletes the account, revokes every session and clears the cookie', async () => {
      const fan = await signUp(testApp, UserType.Fan);
      const other = await api(testApp).postForm('/user/sign-ins', { email: fan.email, password: PASSWORD }).expect(200);
      const response = await request(testApp.server).delete('/api/v1/user/accounts/self').set('Cookie', `${SESSION_COOKIE}=${fan.token}`).expect(200);
      expect(response.body).toEqual({ status_response: { status: 200, response_message: 'OK', response_internal_code: 0 } });
      const cookies = response.headers['set-cookie'] as unknown as string[];
      expect(cookies.find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=;`))).toBeDefined();

      await api(testApp).get('/user/accounts', fan.token).expect(401);
      await api(testApp).get('/user/accounts', other.body.session_token).expect(401);
      const rows: Array<{ deleted_at: Date | null; live: number }> = await testApp.dataSource.query(
        'SELECT deleted_at, (SELECT count(*)::int FROM sessions WHERE account_id = $1 AND revoked_at IS NULL) AS live FROM accounts WHERE id = $1',
        [fan.id],
      );
      expect(rows[0].deleted_at).toBeInstanceOf(Date);
      expect(rows[0].live).toBe(0);
      expect((await api(testApp).postForm('/user/sign-ins', { email: fan.email, password: PASSWORD })).status).toBe(401);
    });
  });
});
