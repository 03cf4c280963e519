import request from 'supertest';
import { DEFAULT_RATES, UserType } from '@huddle/domain';
import type { AthleteServiceType } from '@huddle/domain';
import { AthletesService } from '../../src/modules/athletes/athletes.service';
import { SWEEP_REQUEST_TIMERS } from '../../src/modules/booking/request-timers';
import { JobsService } from '../../src/modules/jobs/jobs.service';
import { PaymentsService } from '../../src/modules/payments/payments.service';
import { api } from './accounts-api';
import { createSignedIn } from './fixtures';
import type { SignedIn } from './fixtures';
import { fixture } from './media';
import type { TestApp } from './test-app';

export const OK_CARD = '4242 4242 4242 4242';
const DAY = 86400;

/** A complete athlete offering every service at the default rates (spec §9). */
export async function createBookableAthlete(testApp: TestApp): Promise<SignedIn> {
  const athlete = await createSignedIn(testApp, UserType.Athlete);
  const athletes = testApp.get(AthletesService);
  await athletes.initialise(athlete.account.id);
  const input: Record<string, boolean | number> = {};
  for (const [type, rate] of Object.entries(DEFAULT_RATES)) {
    input[`${type}_enabled`] = true;
    input[`${type}_rate`] = rate;
  }
  await athletes.updateServices(athlete.account.id, input);
  return athlete;
}

const place = { address: 'Los Angeles, CA, USA', latitude: 34.05, longitude: -118.24 };

/** A valid booking of `type` (start `startsIn` seconds from `now`), priced at the default rate. */
export function bookingPayload(type: AthleteServiceType, athleteId: string, options: { now?: number; startsIn?: number; hours?: number } = {}): Record<string, unknown> {
  const start = (options.now ?? Math.floor(Date.now() / 1000)) + (options.startsIn ?? 3 * DAY);
  const hours = options.hours ?? 3;
  const base = { athlete_id: athleteId, name: `Test ${type}`, is_social_media: false, social_media_platform: '', type };
  switch (type) {
    case 'shoutout':
      return { ...base, request_amount: DEFAULT_RATES.shoutout, shoutout: { names_in_shoutout: 'Ann, Bob', recipients_emails: 'ann@example.com, bob@example.com', special_message_info: 'Happy birthday!' } };
    case 'endorsement':
      return { ...base, request_amount: 150, endorsement: { task: 'Post a reel about our shop', link: 'example.com/shop' } };
    case 'camp':
      return { ...base, request_amount: DEFAULT_RATES.camp * hours, camp: { start_time: start, duration: hours, location: place, event_description: 'Youth camp', special_conditions: 'None' } };
    case 'training_session':
      return { ...base, request_amount: DEFAULT_RATES.training_session * hours, training_session: { start_time: start, duration: hours, location: place, description: 'Drills', special_conditions: 'None' } };
    case 'speaking_engagement':
      return { ...base, request_amount: DEFAULT_RATES.speaking_engagement, speaking_engagement: { start_time: start, location: place, topics: 'Grit', special_message: 'Welcome', special_conditions: 'None' } };
    case 'personal_appearance':
      return { ...base, request_amount: DEFAULT_RATES.personal_appearance, personal_appearance: { start_time: start, location: place, event_description: 'Store opening' } };
    case 'video_chat':
      return { ...base, request_amount: DEFAULT_RATES.video_chat, video_chat: { date_time: start, event_description: 'Say hi' } };
  }
}

export interface Booked {
  id: string;
  clientSecret: string;
}

/** POST /booking/request then the payment sheet: an unpaid draft with its checkout open. */
export async function book(testApp: TestApp, requester: SignedIn, payload: Record<string, unknown>): Promise<Booked> {
  const created = await api(testApp).post('/booking/request', payload, requester.token).expect(201);
  const id: string = created.body.request.id;
  const sheet = await api(testApp).post(`/payments/payment-sheet?request_id=${id}`, {}, requester.token).expect(200);
  return { id, clientSecret: sheet.body.payment_intent.client_secret };
}

/** The sandbox's card form with `card`; answers the provider's reply. */
/** An unpaid campaign draft of `business` inviting one athlete at `amount` dollars: its id. */
export async function campaignDraft(testApp: TestApp, business: SignedIn, athleteId: string, amount: number, name = 'Spring launch'): Promise<string> {
  const created = await api(testApp)
    .postForm(
      '/booking/request/endorsement_campaign/create',
      {
        name,
        endorsement_task: 'Post a reel wearing our new jersey',
        endorsement_link: 'example.com/jersey',
        social_media_platform: 'instagram',
        athlete_ids: athleteId,
        proposed_amounts: JSON.stringify([{ athlete_id: athleteId, amount }]),
      },
      business.token,
    )
    .expect(201);
  return created.body.campaign.id;
}

export async function confirmCard(testApp: TestApp, requester: SignedIn, clientSecret: string, card = OK_CARD) {
  const response = await api(testApp)
    .post('/payments/sandbox/confirm', { client_secret: clientSecret, card_number: card, exp_month: 12, exp_year: 2099, cvc: '123' }, requester.token)
    .expect(200);
  return response.body as { status: string; message: string | null };
}

/** Books and pays with 4242...: a paid, pending request the athlete can see. */
export async function bookAndPay(testApp: TestApp, requester: SignedIn, payload: Record<string, unknown>): Promise<string> {
  const { id, clientSecret } = await book(testApp, requester, payload);
  await confirmCard(testApp, requester, clientSecret);
  await api(testApp).post('/payments/set-paid', { request_id: id }, requester.token).expect(200);
  return id;
}

/** The athlete delivers a shoutout (or, with 'endorsements', an endorsement) with a 5 s mp4; answers the request as delivered. */
export async function deliverVideo(testApp: TestApp, athlete: SignedIn, requestId: string, route: 'shoutouts' | 'endorsements' = 'shoutouts', file = 'intro-5s.mp4') {
  const response = await request(testApp.server)
    .post(`/api/v1/athlete/${route}`)
    .set('x-access-token', athlete.token)
    .field('request_id', requestId)
    .attach('video', fixture(file), { filename: 'v.mp4', contentType: 'video/mp4' })
    .expect(201);
  return response.body.request as { id: string; details: Record<string, unknown> };
}

/** Runs every queued job (captures, voids, events) and checks the ledger still balances. */
export async function settle(testApp: TestApp): Promise<void> {
  try {
    await testApp.get(JobsService).drain(60_000, [SWEEP_REQUEST_TIMERS]);
  } catch (error) {
    const stuck = await testApp.dataSource.query(
      `SELECT name, state, retry_count, left(output::text, 300) AS output FROM pgboss.job WHERE name NOT LIKE '\\_\\_pgboss%' AND state <> 'completed'`,
    );
    throw new Error(`${(error as Error).message}: ${JSON.stringify(stuck)}`);
  }
  const check = await testApp.get(PaymentsService).ledgerCheck();
  if (!check.balanced) throw new Error(`The ledger does not balance: ${check.violations.join('; ')}`);
}

export async function movementsOf(testApp: TestApp, requestId: string): Promise<string[]> {
  const rows: Array<{ movement: string }> = await testApp.dataSource.query(`SELECT movement FROM ledger_movements WHERE request_id = $1 ORDER BY recorded_at, movement`, [requestId]);
  return rows.map((row) => row.movement).sort();
}

export async function statusOf(testApp: TestApp, requestId: string): Promise<number> {
  const rows: Array<{ status: number }> = await testApp.dataSource.query(`SELECT status FROM requests WHERE id = $1`, [requestId]);
  return rows[0]?.status;
}
