import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type { Response } from 'supertest';
import { DataSource } from 'typeorm';
import { JobsService } from '../../src/modules/jobs/jobs.service';
import { fixture } from './media';
import type { TestApp } from './test-app';

export const PASSWORD = 'correct horse battery';

export interface SignedUp {
  id: string;
  email: string;
  token: string;
  response: Response;
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
}

export function api(testApp: TestApp) {
  const server = testApp.server;
  return {
    get: (path: string, token?: string) => withToken(request(server).get(`/api/v1${path}`), token),
    put: (path: string, body: object, token?: string) => withToken(request(server).put(`/api/v1${path}`), token).send(body),
    patch: (path: string, body: object, token?: string) => withToken(request(server).patch(`/api/v1${path}`), token).send(body),
    post: (path: string, body: object, token?: string) => withToken(request(server).post(`/api/v1${path}`), token).send(body),
    postForm: (path: string, form: Record<string, string>, token?: string) => withToken(request(server).post(`/api/v1${path}`), token).type('form').send(form),
    delete: (path: string, token?: string) => withToken(request(server).delete(`/api/v1${path}`), token),
  };
}

function withToken(call: request.Test, token?: string): request.Test {
  return token ? call.set('x-access-token', token) : call;
}

/** POST /user/email-verifications, as the shell sends it. */
export async function signUp(testApp: TestApp, userType: 1 | 2 | 3, email = uniqueEmail(), password = PASSWORD): Promise<SignedUp> {
  const response = await api(testApp)
    .post('/user/email-verifications', { user_type: userType, email, password, phone: '(555) 123-4567', eula_accepted: true })
    .expect(201);
  return { id: response.body.account.id, email, token: response.body.session_token, response };
}

/** A real upload through POST /user/upload-photo: the path the account may then put in its profile. */
export async function uploadPhoto(testApp: TestApp, token: string): Promise<string> {
  const response = await request(testApp.server)
    .post('/api/v1/user/upload-photo')
    .set('x-access-token', token)
    .attach('photo', fixture('photo.jpg'), { filename: 'photo.jpg', contentType: 'image/jpeg' })
    .expect(201);
  return response.body.path;
}

export async function uploadIntro(testApp: TestApp, token: string): Promise<string> {
  const response = await request(testApp.server)
    .post('/api/v1/user/upload-intro')
    .set('x-access-token', token)
    .attach('video', fixture('intro-5s.mp4'), { filename: 'intro.mp4', contentType: 'video/mp4' })
    .expect(201);
  return response.body.path;
}

export interface OutboxRow {
  to_address: string;
  subject: string;
  text_body: string;
}

/** Emails the embedded mailer kept for this address, newest first. */
export async function outboxFor(testApp: TestApp, email: string): Promise<OutboxRow[]> {
  return testApp
    .get(DataSource)
    .query('SELECT to_address, subject, text_body FROM outbox_emails WHERE to_address = $1 ORDER BY created_at DESC, id', [email]);
}

/**
 * Reset emails are sent by a job after the reply; this waits for the queue to drain, expects the
 * outbox to hold `count` of them and answers the newest code.
 */
export async function resetCodeFor(testApp: TestApp, email: string, count = 1): Promise<string> {
  await testApp.get(JobsService).drain();
  const rows = await outboxFor(testApp, email);
  if (rows.length < count) throw new Error(`${rows.length} reset email(s) reached ${email}, not ${count}`);
  const code = /\b(\d{6})\b/.exec(rows[0].text_body)?.[1];
  if (!code) throw new Error(`No code in the email: ${rows[0].text_body}`);
  return code;
}
