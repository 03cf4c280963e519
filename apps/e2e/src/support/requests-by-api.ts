import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { APIRequestContext } from 'playwright-core';
import { DEFAULT_RATES } from '@huddle/domain';
import { INTRO_VIDEO } from './accounts';
import type { ApiAthlete } from './athletes';

/** A name no other journey run uses: the prefix and six random letters. */
export function uniqueName(prefix: string): string {
  return `${prefix}${[...randomBytes(6)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('')}`;
}

/** The JSON of a successful call; the status and body otherwise, so a failing journey says why. */
export async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  if (!response.ok()) throw new Error(`${what}: HTTP ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * A shoutout booked and paid with the sandbox's 4242 card by a requester's API session: a paid,
 * pending request. The forms are other journeys' subject; here what follows the payment matters.
 */
export async function paidShoutout(requester: APIRequestContext, athlete: ApiAthlete, name: string): Promise<string> {
  const booked = await ok<{ request: { id: string } }>(
    await requester.post('booking/request', {
      data: {
        athlete_id: athlete.id,
        name,
        is_social_media: false,
        social_media_platform: '',
        type: 'shoutout',
        request_amount: DEFAULT_RATES.shoutout,
        shoutout: { names_in_shoutout: 'Team', recipients_emails: 'team@journeys.test', special_message_info: 'Welcome aboard!' },
      },
    }),
    'booking',
  );
  const id = booked.request.id;
  const sheet = await ok<{ payment_intent: { client_secret: string } }>(await requester.post(`payments/payment-sheet?request_id=${id}`), 'payment sheet');
  await ok(
    await requester.post('payments/sandbox/confirm', { data: { client_secret: sheet.payment_intent.client_secret, card_number: '4242424242424242', exp_month: 12, exp_year: 2099, cvc: '123' } }),
    'card',
  );
  await ok(await requester.post('payments/set-paid', { data: { request_id: id } }), 'set-paid');
  return id;
}

/** A paid shoutout the athlete accepts and delivers and the requester approves: finished, its price spent. */
export async function finishedShoutout(requester: APIRequestContext, athlete: ApiAthlete, name: string): Promise<string> {
  const id = await paidShoutout(requester, athlete, name);
  await ok(await athlete.api.put(`booking/request/accept?request_id=${id}`), 'accept');
  await ok(
    await athlete.api.post('athlete/shoutouts', { multipart: { request_id: id, video: { name: 'v.mp4', mimeType: 'video/mp4', buffer: readFileSync(INTRO_VIDEO) } } }),
    'delivery',
  );
  await ok(await requester.put('booking/request/approve', { data: { request_id: id } }), 'approve');
  return id;
}
