import type { APIRequestContext } from 'playwright-core';
import { ok } from './requests-by-api';

/**
 * Books a request of any type and price through POST /booking/request with `booking` as its body
 * and pays it with the sandbox's 4242 card, as the payment sheet would: a paid, pending request.
 * Answers its id.
 */
export async function bookAndPayByApi(requester: APIRequestContext, booking: Record<string, unknown>): Promise<string> {
  const booked = await ok<{ request: { id: string } }>(await requester.post('booking/request', { data: booking }), 'booking');
  const id = booked.request.id;
  const sheet = await ok<{ payment_intent: { client_secret: string } }>(await requester.post(`payments/payment-sheet?request_id=${id}`), 'payment sheet');
  await ok(
    await requester.post('payments/sandbox/confirm', {
      data: { client_secret: sheet.payment_intent.client_secret, card_number: '4242424242424242', exp_month: 12, exp_year: 2099, cvc: '123' },
    }),
    'card',
  );
  await ok(await requester.post('payments/set-paid', { data: { request_id: id } }), 'set-paid');
  return id;
}
