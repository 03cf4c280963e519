import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { request, type APIRequestContext } from 'playwright-core';
import { DEFAULT_RATES } from '@huddle/domain';
import { INTRO_VIDEO, PASSWORD, PHOTO, uniquePhone } from './accounts';
import { API_URL } from './stack';

const API = `${API_URL}/api/v1/`;

export interface ApiAthlete {
  id: string;
  email: string;
  firstName: string;
  /** The athlete's own API session, for looking things up the way the athlete would. */
  api: APIRequestContext;
}

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  if (!response.ok()) throw new Error(`${what}: HTTP ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A new account's own API session, signed up (email, password, phone) with its profile photo uploaded, ready to finish registration. */
export async function signUpByApi(userType: 1 | 2 | 3, email: string): Promise<{ id: string; api: APIRequestContext; photoPath: string }> {
  const api = await request.newContext({ baseURL: API });
  const signedUp = await json<{ account: { id: string } }>(
    await api.post('user/email-verifications', { data: { user_type: userType, email, password: PASSWORD, phone: uniquePhone(), eula_accepted: true } }),
    `sign-up (user type ${userType})`,
  );
  const photo = await json<{ path: string }>(
    await api.post('user/upload-photo', { multipart: { photo: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: readFileSync(PHOTO) } } }),
    'photo',
  );
  return { id: signedUp.account.id, api, photoPath: photo.path };
}

/**
 * A complete athlete offering every service at the default rates, made through the public API
 * (sign-up, photo and intro uploads, finish-registration), as the wizard would but in a second.
 * Journeys that need an athlete of their own use it: the demo athlete's calendar is shared.
 */
export async function createAthleteByApi(firstName: string): Promise<ApiAthlete> {
  const email = `athlete-${randomUUID().slice(0, 8)}@journeys.test`;
  const { id, api, photoPath } = await signUpByApi(2, email);
  const video = await json<{ path: string }>(
    await api.post('user/upload-intro', { multipart: { video: { name: 'intro.mp4', mimeType: 'video/mp4', buffer: readFileSync(INTRO_VIDEO) } } }),
    'intro',
  );
  const reference = await json<{ available_schools: number[]; sports: { id: number }[] }>(await api.get('public/meta/reference-data'), 'reference data');
  const services: Record<string, boolean | number> = {};
  for (const [type, rate] of Object.entries(DEFAULT_RATES)) {
    services[`${type}_enabled`] = true;
    services[`${type}_rate`] = rate;
  }
  await json(
    await api.post('user/finish-registration', {
      data: {
        athlete_personal_info: {
          gender: 1,
          first_name: firstName,
          last_name: 'Journey',
          description: 'Made by a browser journey.',
          intro_video: video.path,
          profile_photo: photoPath,
          dashboard_photo: photoPath,
        },
        athlete_info: { school_id: reference.available_schools[0], sports: [reference.sports[0].id], athlete_services: services },
      },
    }),
    'finish registration',
  );
  return { id, email, firstName, api };
}

export interface ApiBusiness {
  id: string;
  email: string;
  /** The business's own API session (its cookie), for booking and paying as it would. */
  api: APIRequestContext;
}

/**
 * A complete business of its own, made through the public API (sign-up, photo, finish-registration)
 * as the wizard would. Journeys that read a business's figures use one: the demo business has
 * months of history (more than the 20 athletes /stats names one by one).
 */
export async function createBusinessByApi(companyName: string): Promise<ApiBusiness> {
  const email = `business-${randomUUID().slice(0, 8)}@journeys.test`;
  const { id, api, photoPath } = await signUpByApi(3, email);
  await json(
    await api.post('user/business/finish-registration', {
      data: {
        first_name: 'Morgan',
        last_name: 'Journey',
        profile_photo: photoPath,
        business_info: { name: companyName, email: `hello-${randomUUID().slice(0, 8)}@journeys.test`, phone: uniquePhone(), website: 'journeys.test' },
      },
    }),
    'business finish registration',
  );
  return { id, email, api };
}
