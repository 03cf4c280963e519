import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from 'playwright-core';

type Reply = Awaited<ReturnType<APIRequestContext['get']>>;

/** The body of a successful API reply, or an error naming the step and the API's answer. */
export async function okJson<T>(response: Reply, what: string): Promise<T> {
  if (!response.ok()) throw new Error(`${what}: HTTP ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** 'Nilqwerty': a name no other journey's data shares. */
export function uniqueName(prefix: string): string {
  return `${prefix}${[...randomBytes(6)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('')}`;
}

/**
 * Books a request through POST /booking/request with `booking` as its body and pays it with the
 * sandbox's 4242 card, as the payment sheet would: a paid, pending request. Answers its id.
 */
export async function bookAndPayByApi(requester: APIRequestContext, booking: Record<string, unknown>): Promise<string> {
  const booked = await okJson<{ request: { id: string } }>(await requester.post('booking/request', { data: booking }), 'booking');
  const id = booked.request.id;
  const sheet = await okJson<{ payment_intent: { client_secret: string } }>(await requester.post(`payments/payment-sheet?request_id=${id}`), 'payment sheet');
  await okJson(
    await requester.post('payments/sandbox/confirm', {
      data: { client_secret: sheet.payment_intent.client_secret, card_number: '4242424242424242', exp_month: 12, exp_year: 2099, cvc: '123' },
    }),
    'card',
  );
  await okJson(await requester.post('payments/set-paid', { data: { request_id: id } }), 'set-paid');
  return id;
}
