import request from 'supertest';
import { ErrorCode, UserType } from '@huddle/domain';
import { PasswordHasher } from '../src/modules/auth/password-hasher.service';
import { createSignedIn } from './support/fixtures';
import type { SignedIn } from './support/fixtures';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

describe('GET /user/accounts', () => {
  let testApp: TestApp;
  let athlete: SignedIn;
  let fan: SignedIn;
  let passwordHash: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    passwordHash = await testApp.get(PasswordHasher).hash('a long enough password');
    athlete = await createSignedIn(testApp, UserType.Athlete, {
      passwordHash,
      username: 'jane.doe',
      profileCompleted: false,
      instagramLink: 'https://instagram.com/jane',
    });
    fan = await createSignedIn(testApp, UserType.Fan, { passwordHash, email: 'Mixed.Case@Example.com' });
  });

  afterAll(async () => {
    await testApp.close();
  });

  it("answers the caller's own account with its role code", async () => {
    const response = await request(testApp.server).get('/api/v1/user/accounts').set('x-access-token', athlete.token).expect(200);
    expect(response.body.status_response).toEqual({ status: 200, response_message: 'OK', response_internal_code: 0 });
    expect(response.body.account).toMatchObject({
      id: athlete.account.id,
      user_type: 2,
      role: 12,
      email: athlete.account.email,
      username: 'jane.doe',
      profile_completed: false,
      blocked: false,
      instagram_link: 'https://instagram.com/jane',
    });
  });

  it('answers each caller with their own account only', async () => {
    const response = await request(testApp.server).get('/api/v1/user/accounts').set('x-access-token', fan.token).expect(200);
    expect(response.body.account.id).toBe(fan.account.id);
    expect(response.body.account.role).toBe(1);
    expect(response.body.account.email).toBe('mixed.case@example.com');
    expect(response.text).not.toContain(athlete.account.id);
  });

  it('never exposes the password hash', async () => {
    const response = await request(testApp.server).get('/api/v1/user/accounts').set('x-access-token', athlete.token).expect(200);
    expect(Object.keys(response.body.account)).not.toEqual(expect.arrayContaining([expect.stringMatching(/password/i)]));
    expect(response.text).not.toContain(passwordHash);
    expect(response.text).not.toContain('argon2');
  });

  it('answers 401 without a session', async () => {
    const response = await request(testApp.server).get('/api/v1/user/accounts').expect(401);
    expect(response.body.status_response.response_internal_code).toBe(ErrorCode.Unauthorized);
  });
});
