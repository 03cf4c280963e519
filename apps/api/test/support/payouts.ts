import request from 'supertest';
import { JobsService } from '../../src/modules/jobs/jobs.service';
import { PROVIDER_CONNECT_EVENT } from '../../src/modules/payments/payments-events';
import { api } from './accounts-api';
import { book, bookAndPay, bookingPayload, settle } from './booking';
import type { FakeClock } from './fake-clock';
import type { FakeStripeServer } from './fake-stripe-server';
import type { SignedIn } from './fixtures';
import type { TestApp } from './test-app';

const HOUR = 3600;

export function clockSeconds(clock: FakeClock): number {
  return Math.floor(clock.now().getTime() / 1000);
}

/**
 * A personal appearance booked and paid by `requester`, accepted (its capture recorded), held and
 * approved: a finished, paid request whose athlete share ($160 of $200) is payable. `pay` replaces
 * the sandbox checkout (the Stripe spec authorises through its local Stripe).
 */
export async function finishedRequest(
  testApp: TestApp,
  clock: FakeClock,
  requester: SignedIn,
  athlete: SignedIn,
  pay: (payload: Record<string, unknown>) => Promise<string> = (payload) => bookAndPay(testApp, requester, payload),
): Promise<string> {
  const id = await pay(bookingPayload('personal_appearance', athlete.account.id, { now: clockSeconds(clock), startsIn: 2 * HOUR }));
  await api(testApp).put(`/booking/request/accept?request_id=${id}`, {}, athlete.token).expect(200);
  await settle(testApp);
  clock.advance(3 * HOUR * 1000);
  await api(testApp).put('/booking/request/approve', { request_id: id }, requester.token).expect(200);
  return id;
}

/** The athlete connects a payout account through the sandbox's onboarding page, as a browser would. */
export async function connectSandboxAccount(testApp: TestApp, athlete: SignedIn, withBankAccount = true): Promise<{ state: string; line: string }> {
  const started = await api(testApp).post('/payouts/account', {}, athlete.token).expect(200);
  const url = new URL(started.body.onboarding_url, 'http://localhost');
  const token = url.searchParams.get('token') ?? '';
  await request(testApp.server).get(`${url.pathname}${url.search}`).expect(200).expect('Content-Type', /text\/html/);
  const submitted = await request(testApp.server)
    .post(url.pathname)
    .type('form')
    .send({ token, bank_account: withBankAccount ? 'yes' : 'no' })
    .expect(302);
  if (!String(submitted.headers.location).endsWith('/settings/payouts?onboarding=done')) throw new Error(`Onboarding went to ${submitted.headers.location}`);
  const account = await api(testApp).get('/payouts/account', athlete.token).expect(200);
  return account.body.account;
}

/** What the ledger still owes the athlete, in cents (their payable account's credit). */
export async function ledgerOwed(testApp: TestApp, athleteId: string): Promise<number> {
  const [{ owed }]: Array<{ owed: number }> = await testApp.dataSource.query(`SELECT (-coalesce(sum(amount_cents), 0))::int AS owed FROM ledger_entries WHERE account = $1`, [
    `athlete_payable:${athleteId}`,
  ]);
  return owed;
}

/** Cents that left for this athlete: payout items pending or sent. */
export async function paidOut(testApp: TestApp, athleteId: string): Promise<number> {
  const [{ cents }]: Array<{ cents: number }> = await testApp.dataSource.query(
    `SELECT coalesce(sum(amount_cents), 0)::int AS cents FROM payout_items WHERE athlete_id = $1 AND status IN ('pending', 'sent')`,
    [athleteId],
  );
  return cents;
}

/**
 * On the local Stripe: the athlete's Express account made ready (onboarding completed, its
 * account.updated event handled) and `finished` finished requests the requester paid by card
 * ($160 payable each, each drawn on its own charge).
 */
export async function readyStripeAthlete(testApp: TestApp, fake: FakeStripeServer, clock: FakeClock, requester: SignedIn, athlete: SignedIn, finished: number): Promise<void> {
  await api(testApp).post('/payouts/account', {}, athlete.token).expect(200);
  const account = [...fake.connect.accounts.values()].at(-1);
  if (!account) throw new Error('No Express account was created');
  fake.connect.completeOnboarding(account.id, true);
  await testApp.dataSource.transaction((manager) =>
    testApp.get(JobsService).publishIn(manager, PROVIDER_CONNECT_EVENT, { eventId: `evt_ready_${account.id}`, type: 'account.updated', objectType: 'account', objectId: account.id, accountId: account.id }),
  );
  const payWithStripe = async (payload: Record<string, unknown>): Promise<string> => {
    const { id, clientSecret } = await book(testApp, requester, payload);
    fake.authorise(clientSecret.split('_secret_')[0]);
    await api(testApp).post('/payments/set-paid', { request_id: id }, requester.token).expect(200);
    return id;
  };
  for (let index = 0; index < finished; index += 1) await finishedRequest(testApp, clock, requester, athlete, payWithStripe);
  await settle(testApp);
}
