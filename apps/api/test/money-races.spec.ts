import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { Response, Test } from 'supertest';
import { ErrorCode, REQUEST_STATUS_CODES, RequestStatus, UserType, canTransition } from '@huddle/domain';
import type { RequestStatusCode } from '@huddle/domain';
import { Clock } from '../src/common/time/clock';
import { CARD_PROVIDER } from '../src/modules/payments/card-provider';
import { PaymentsService } from '../src/modules/payments/payments.service';
import type { SandboxCardProvider } from '../src/modules/payments/sandbox-card-provider';
import { api } from './support/accounts-api';
import { book, bookAndPay, bookingPayload, confirmCard, createBookableAthlete, settle, statusOf } from './support/booking';
import { FakeClock } from './support/fake-clock';
import { createSignedIn } from './support/fixtures';
import { providerIntentOf } from './support/money';
import type { SignedIn } from './support/fixtures';
import { clockSeconds, connectSandboxAccount, finishedRequest, ledgerOwed, paidOut } from './support/payouts';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';
import { expectPartyRollupsTrue } from './support/party-rollups';

const N = 100;
const HOUR = 3600;
const SHARE = 160; // dollars of a $200 personal appearance after the 20% fee

interface Race {
  responses: Response[];
  /** Indexes of the calls answered 2xx. */
  winners: number[];
  ms: number;
}

/** What the embedded provider (the sandbox's tables) holds of one payment: its state and every refund and transfer it made. */
interface ProviderSide {
  status: string;
  amountCents: number;
  refundedCents: number;
  refunds: number;
  refundedByRefunds: number;
}

/**
 * Issue 25: every money action raced 100 ways, alone and against the action it conflicts with.
 * Each race ends with every job settled, then checks that one call won where the action is
 * exclusive (the others answered the envelope's conflict, below 500), that the request went
 * through legal status changes only and ended in one (the domain's REQUEST_TRANSITIONS), that the
 * ledger balances, and that the provider charged, captured, voided, refunded or paid once.
 */
describe('100-way races on every money action (sandbox provider)', () => {
  // A race of 100 calls, the jobs it queued and its checks take some seconds on a busy 2-core machine.
  jest.setTimeout(120_000);

  let testApp: TestApp;
  let clock: FakeClock;
  let fan: SignedIn;
  let business: SignedIn;
  let admin: SignedIn;
  let otherAdmin: SignedIn;
  let athlete: SignedIn;
  const figures: string[] = [];

  beforeAll(async () => {
    clock = new FakeClock(new Date());
    testApp = await createTestApp({ overrides: [{ provide: Clock, useValue: clock }] });
    fan = await createSignedIn(testApp, UserType.Fan);
    business = await createSignedIn(testApp, UserType.Business);
    admin = await createSignedIn(testApp, UserType.Admin);
    otherAdmin = await createSignedIn(testApp, UserType.Admin);
    athlete = await createBookableAthlete(testApp);
  }, 60_000);

  afterAll(async () => {
    // The figures of the report: calls, winners and time of each race.
    if (figures.length > 0) process.stdout.write(`money races:\n${figures.join('\n')}\n`);
    await testApp?.close();
  });

  /** Fires every call at once and waits for all of them; then every job the winners queued runs. */
  async function race(name: string, calls: Array<() => Test>): Promise<Race> {
    const started = Date.now();
    const responses = await Promise.all(calls.map((call) => call()));
    const ms = Date.now() - started;
    await settle(testApp);
    const winners = responses.flatMap((response, index) => (response.status < 300 ? [index] : []));
    figures.push(`  ${name}: ${calls.length} calls, ${winners.length} answered 2xx, ${ms} ms`);
    return { responses, winners, ms };
  }

  /**
   * Each loser answered the envelope's conflict (409, 1409), never a 5xx; `message` when given is
   * the spec's text. A set-paid that comes after the hold was released is told the payment is not
   * complete (402) instead: `alsoPaymentRequired`.
   */
  function expectConflicts(responses: Response[], message?: RegExp, alsoPaymentRequired = false): void {
    for (const response of responses) {
      if (alsoPaymentRequired && response.status === 402) {
        expect(response.body.status_response).toMatchObject({ status: 402, response_message: 'The card payment is not complete yet' });
        continue;
      }
      expect(response.status).toBe(409);
      expect(response.body.status_response).toMatchObject({ status: 409, response_internal_code: ErrorCode.Conflict });
      if (message) expect(response.body.status_response.response_message).toMatch(message);
    }
  }

  function losers(result: Race): Response[] {
    return result.responses.filter((_, index) => !result.winners.includes(index));
  }

  async function movementsOf(subjectId: string): Promise<Record<string, number>> {
    const rows: Array<{ movement: string; n: number }> = await testApp.dataSource.query(
      `SELECT movement, count(*)::int AS n FROM ledger_movements WHERE request_id = $1 GROUP BY movement`,
      [subjectId],
    );
    return Object.fromEntries(rows.map((row) => [row.movement, row.n]));
  }

  async function providerOf(subjectId: string): Promise<ProviderSide> {
    const [row]: Array<{ status: string; amount_cents: number; amount_refunded_cents: number; refunds: number; by_refunds: number }> = await testApp.dataSource.query(
      `SELECT s.status, s.amount_cents, s.amount_refunded_cents,
              (SELECT count(*)::int FROM sandbox_refunds r WHERE r.intent_id = s.id) AS refunds,
              (SELECT coalesce(sum(r.amount_cents), 0)::int FROM sandbox_refunds r WHERE r.intent_id = s.id) AS by_refunds
         FROM sandbox_intents s JOIN payment_intents p ON p.provider_intent_id = s.id WHERE p.request_id = $1`,
      [subjectId],
    );
    return { status: row.status, amountCents: row.amount_cents, refundedCents: row.amount_refunded_cents, refunds: row.refunds, refundedByRefunds: row.by_refunds };
  }

  /** The request's history is a chain of legal changes from Pending, ending in the status it has; `action` was taken `times`. */
  async function expectLegalHistory(requestId: string, counted: Record<string, number> = {}): Promise<RequestStatusCode> {
    const status = (await statusOf(testApp, requestId)) as RequestStatusCode;
    expect(REQUEST_STATUS_CODES).toContain(status);
    const history: Array<{ action: string; from_status: number; to_status: number }> = await testApp.dataSource.query(
      `SELECT action, from_status, to_status FROM request_history WHERE request_id = $1 ORDER BY id`,
      [requestId],
    );
    let current: RequestStatusCode = RequestStatus.Pending;
    for (const row of history) {
      // The draft's creation comes from nowhere into Pending.
      expect(row.from_status).toBe(row.action === 'create' ? null : current);
      if (row.action !== 'create' && row.to_status !== row.from_status) expect(canTransition(current, row.to_status as RequestStatusCode)).toBe(true);
      current = row.to_status as RequestStatusCode;
    }
    expect(current).toBe(status);
    for (const [action, times] of Object.entries(counted)) expect(history.filter((row) => row.action === action)).toHaveLength(times);
    return status;
  }

  async function expectSettledMoney(): Promise<void> {
    const check = await testApp.get(PaymentsService).ledgerCheck();
    expect(check.violations).toEqual([]);
    expect(check.balanced).toBe(true);
    // Every job queued by the race ran to its end: none failed for good, none is still waiting.
    const open: Array<{ name: string; state: string }> = await testApp.dataSource.query(
      `SELECT name, state FROM pgboss.job WHERE name NOT LIKE '\\_\\_pgboss%' AND state IN ('failed', 'created', 'retry', 'active') AND name NOT LIKE '%sweep%'`,
    );
    expect(open).toEqual([]);
  }

  const accept = (id: string) => () => api(testApp).put(`/booking/request/accept?request_id=${id}`, {}, athlete.token);
  const decline = (id: string) => () => api(testApp).put(`/booking/request/decline?request_id=${id}`, {}, athlete.token);
  const cancel = (id: string) => () => api(testApp).put(`/booking/request/cancel?request_id=${id}`, {}, fan.token);
  const approve = (id: string) => () => api(testApp).put('/booking/request/approve', { request_id: id }, fan.token);
  const setPaid = (id: string) => () => api(testApp).post('/payments/set-paid', { request_id: id }, fan.token);
  const adminCancel = (id: string, by = admin) => () => api(testApp).put(`/admin/requests/cancel?request_id=${id}`, {}, by.token);
  const times = (count: number, call: () => Test) => Array.from({ length: count }, () => call);
  const alternate = (first: () => Test, second: () => Test) => Array.from({ length: N }, (_, index) => (index % 2 === 0 ? first : second));
  const shoutout = () => bookAndPay(testApp, fan, bookingPayload('shoutout', athlete.account.id, { now: clockSeconds(clock) }));
  const appearance = (startsIn: number) => bookAndPay(testApp, fan, bookingPayload('personal_appearance', athlete.account.id, { now: clockSeconds(clock), startsIn }));

  it('pay: 100 card confirmations then 100 set-paid calls of one draft: authorised once, paid once, the same answer for all', async () => {
    const { id, clientSecret } = await book(testApp, fan, bookingPayload('shoutout', athlete.account.id, { now: clockSeconds(clock) }));
    const confirmed = await race(
      'checkout confirm x100',
      times(N, () =>
        api(testApp).post('/payments/sandbox/confirm', { client_secret: clientSecret, card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2099, cvc: '123' }, fan.token),
      ),
    );
    expect(confirmed.winners).toHaveLength(N);
    expect(new Set(confirmed.responses.map((response) => response.body.status))).toEqual(new Set(['requires_capture']));
    const paid = await race('set-paid x100', times(N, setPaid(id)));
    expect(paid.winners).toHaveLength(N);
    expect(paid.responses.every((response) => response.body.request.paid === true)).toBe(true);
    expect(await expectLegalHistory(id, { pay: 1 })).toBe(RequestStatus.Pending);
    expect(await movementsOf(id)).toEqual({ authorised: 1 });
    expect(await providerOf(id)).toMatchObject({ status: 'requires_capture', amountCents: 1000, refunds: 0 });
    await expectSettledMoney();
  });

  it('accept: 100 accepts of one paid request: one wins, captured once', async () => {
    const id = await shoutout();
    const result = await race('accept x100', times(N, accept(id)));
    expect(result.winners).toHaveLength(1);
    expectConflicts(losers(result), /^This cannot be done to an accepted request$/);
    expect(await expectLegalHistory(id, { accept: 1 })).toBe(RequestStatus.Accepted);
    expect(await movementsOf(id)).toEqual({ authorised: 1, captured: 1, owed_to_athlete: 1 });
    expect(await providerOf(id)).toMatchObject({ status: 'succeeded', refunds: 0 });
    await expectSettledMoney();
  });

  it('decline: 100 declines: one wins, the hold voided once', async () => {
    const id = await shoutout();
    const result = await race('decline x100', times(N, decline(id)));
    expect(result.winners).toHaveLength(1);
    expectConflicts(losers(result), /^This cannot be done to a canceled request$/);
    expect(await expectLegalHistory(id, { decline: 1 })).toBe(RequestStatus.Canceled);
    expect(await movementsOf(id)).toEqual({ authorised: 1, voided: 1 });
    expect(await providerOf(id)).toMatchObject({ status: 'canceled', refunds: 0 });
    await expectSettledMoney();
  });

  it('cancel: 100 requester cancels: one wins, the hold voided once', async () => {
    const id = await shoutout();
    const result = await race('cancel x100', times(N, cancel(id)));
    expect(result.winners).toHaveLength(1);
    expectConflicts(losers(result));
    expect(await expectLegalHistory(id, { cancel: 1 })).toBe(RequestStatus.Canceled);
    expect(await movementsOf(id)).toEqual({ authorised: 1, voided: 1 });
    expect(await providerOf(id)).toMatchObject({ status: 'canceled', refunds: 0 });
    await expectSettledMoney();
  });

  for (const [name, other] of [
    ['cancel', cancel],
    ['decline', decline],
  ] as const) {
    it(`accept vs ${name}, 50 each: one decides, the winner's action is the outcome; captured or voided, never both`, async () => {
      const id = await shoutout();
      const result = await race(`accept x50 vs ${name} x50`, alternate(accept(id), other(id)));
      expect(result.winners).toHaveLength(1);
      expectConflicts(losers(result));
      const status = await expectLegalHistory(id);
      const accepted = status === RequestStatus.Accepted;
      expect(status).toBe(result.winners[0] % 2 === 0 ? RequestStatus.Accepted : RequestStatus.Canceled);
      expect(await movementsOf(id)).toEqual(accepted ? { authorised: 1, captured: 1, owed_to_athlete: 1 } : { authorised: 1, voided: 1 });
      expect(await providerOf(id)).toMatchObject({ status: accepted ? 'succeeded' : 'canceled', refunds: 0 });
      await expectSettledMoney();
    });
  }

  it('pay vs cancel, 50 each, on a draft whose card is confirmed: paid once; the cancel is refused until paid, then voids once', async () => {
    const { id, clientSecret } = await book(testApp, fan, bookingPayload('shoutout', athlete.account.id, { now: clockSeconds(clock) }));
    await confirmCard(testApp, fan, clientSecret);
    const result = await race('set-paid x50 vs cancel x50', alternate(setPaid(id), cancel(id)));
    const cancels = result.winners.filter((index) => index % 2 === 1);
    expect(cancels.length).toBeLessThanOrEqual(1);
    // Every set-paid answers the paid request; a cancel before the payment is refused (not paid yet), after the first one wins, the conflict.
    expectConflicts(losers(result));
    const status = await expectLegalHistory(id, { pay: 1, cancel: cancels.length });
    if (cancels.length === 1) {
      expect(status).toBe(RequestStatus.Canceled);
      expect(await movementsOf(id)).toEqual({ authorised: 1, voided: 1 });
      expect((await providerOf(id)).status).toBe('canceled');
    } else {
      expect(status).toBe(RequestStatus.Pending);
      expect(await movementsOf(id)).toEqual({ authorised: 1 });
      expect((await providerOf(id)).status).toBe('requires_capture');
    }
    await expectSettledMoney();
  });

  it('pay vs an administrator’s cancel of the draft, 50 each: either it is paid then canceled, or canceled unpaid; the hold is released either way', async () => {
    const { id, clientSecret } = await book(testApp, fan, bookingPayload('shoutout', athlete.account.id, { now: clockSeconds(clock) }));
    await confirmCard(testApp, fan, clientSecret);
    const result = await race('set-paid x50 vs admin cancel x50', alternate(setPaid(id), adminCancel(id)));
    expect(result.winners.filter((index) => index % 2 === 1)).toHaveLength(1);
    expectConflicts(losers(result), undefined, true);
    expect(await expectLegalHistory(id, { admin_cancel: 1 })).toBe(RequestStatus.Canceled);
    expect((await providerOf(id)).status).toBe('canceled');
    const moved = await movementsOf(id);
    expect(moved.voided ?? 0).toBe(moved.authorised ?? 0);
    expect(moved.captured).toBeUndefined();
    await expectSettledMoney();
  });

  it('a draft canceled as its payer confirms the card: the card confirmed between the void job’s read and its cancel is recorded held and released, nothing left held', async () => {
    const { id, clientSecret } = await book(testApp, fan, bookingPayload('shoutout', athlete.account.id, { now: clockSeconds(clock) }));
    const intentId = await providerIntentOf(testApp, id);
    const provider = (testApp.get as (token: unknown) => SandboxCardProvider)(CARD_PROVIDER);
    const cancel = provider.cancel.bind(provider);
    provider.cancel = async (requested: string) => {
      if (requested === intentId) {
        // The payer's card goes through while the release is on its way; set-paid has not read it yet
        // (had it, the ledger's hold would tell): only the canceled intent says the card was held.
        await confirmCard(testApp, fan, clientSecret);
      }
      return cancel(requested);
    };
    try {
      await api(testApp).put(`/admin/requests/cancel?request_id=${id}`, {}, admin.token).expect(200);
      await settle(testApp);
    } finally {
      provider.cancel = cancel;
    }
    expect((await providerOf(id)).status).toBe('canceled');
    expect(await movementsOf(id)).toEqual({ authorised: 1, voided: 1 });
    await expectSettledMoney();
  });

  it('approve: 100 approvals of a started appearance: one wins, the athlete owed once', async () => {
    const id = await appearance(2 * HOUR);
    await accept(id)().expect(200);
    await settle(testApp);
    clock.advance(3 * HOUR * 1000);
    const result = await race('approve x100', times(N, approve(id)));
    expect(result.winners).toHaveLength(1);
    expectConflicts(losers(result), /^This cannot be done to a finished request$/);
    expect(await expectLegalHistory(id, { approve: 1 })).toBe(RequestStatus.Finished);
    expect(await movementsOf(id)).toEqual({ authorised: 1, captured: 1, owed_to_athlete: 1 });
    expect(await providerOf(id)).toMatchObject({ status: 'succeeded', refunds: 0 });
    await expectSettledMoney();
  });

  it('approve vs an administrator’s cancel, 50 each: finished and owed, or canceled and refunded once', async () => {
    const id = await appearance(2 * HOUR);
    await accept(id)().expect(200);
    await settle(testApp);
    clock.advance(3 * HOUR * 1000);
    const result = await race('approve x50 vs admin cancel x50', alternate(approve(id), adminCancel(id)));
    expect(result.winners).toHaveLength(1);
    expectConflicts(losers(result));
    const status = await expectLegalHistory(id);
    expect([RequestStatus.Finished, RequestStatus.Canceled]).toContain(status);
    const provider = await providerOf(id);
    if (status === RequestStatus.Finished) {
      expect(await movementsOf(id)).toEqual({ authorised: 1, captured: 1, owed_to_athlete: 1 });
      expect(provider).toMatchObject({ status: 'succeeded', refunds: 0, refundedCents: 0 });
    } else {
      expect(await movementsOf(id)).toEqual({ authorised: 1, captured: 1, owed_to_athlete: 1, refunded: 1 });
      expect(provider).toMatchObject({ status: 'succeeded', refunds: 1, refundedCents: provider.amountCents, refundedByRefunds: provider.amountCents });
    }
    await expectSettledMoney();
  });

  it('admin cancel: 100 cancels of a paid pending request from two administrators: one wins, the hold voided once, audited once', async () => {
    const id = await shoutout();
    const result = await race('admin cancel x100 (pending)', Array.from({ length: N }, (_, index) => adminCancel(id, index % 2 === 0 ? admin : otherAdmin)));
    expect(result.winners).toHaveLength(1);
    expectConflicts(losers(result));
    expect(await expectLegalHistory(id, { admin_cancel: 1 })).toBe(RequestStatus.Canceled);
    expect(await movementsOf(id)).toEqual({ authorised: 1, voided: 1 });
    expect(await providerOf(id)).toMatchObject({ status: 'canceled', refunds: 0 });
    const [{ audited }] = await testApp.dataSource.query(`SELECT count(*)::int AS audited FROM admin_audit WHERE subject_id = $1`, [id]);
    expect(audited).toBe(1);
    await expectSettledMoney();
  });

  it('refund vs refund: 100 administrator cancels of an accepted (captured) request: refunded once, in full', async () => {
    const id = await shoutout();
    await accept(id)().expect(200);
    await settle(testApp);
    const result = await race('admin cancel x100 (accepted: refund)', Array.from({ length: N }, (_, index) => adminCancel(id, index % 2 === 0 ? admin : otherAdmin)));
    expect(result.winners).toHaveLength(1);
    expectConflicts(losers(result));
    expect(await expectLegalHistory(id, { admin_cancel: 1 })).toBe(RequestStatus.Canceled);
    expect(await movementsOf(id)).toEqual({ authorised: 1, captured: 1, owed_to_athlete: 1, refunded: 1 });
    expect(await providerOf(id)).toMatchObject({ status: 'succeeded', refunds: 1, refundedCents: 1000, refundedByRefunds: 1000 });
    expect(await ledgerOwed(testApp, athlete.account.id)).toBeGreaterThanOrEqual(0);
    await expectSettledMoney();
  });

  describe('campaigns', () => {
    const form = (prices: Array<[string, number]>) => ({
      name: 'Race launch',
      endorsement_task: 'Post a reel wearing our new jersey',
      endorsement_link: 'example.com/jersey',
      social_media_platform: 'instagram',
      athlete_ids: prices.map(([id]) => id).join(','),
      proposed_amounts: JSON.stringify(prices.map(([athlete_id, amount]) => ({ athlete_id, amount }))),
    });

    /** A campaign of $10, $20, $30... for these athletes, its card confirmed (captured at once) but not yet marked paid. */
    async function checkedOutCampaign(athletes: SignedIn[]): Promise<string> {
      const created = await api(testApp)
        .postForm('/booking/request/endorsement_campaign/create', form(athletes.map((one, index) => [one.account.id, 10 * (index + 1)])), business.token)
        .expect(201);
      const id: string = created.body.campaign.id;
      const sheet = await api(testApp).post(`/payments/payment-sheet?endorsement_campaign_id=${id}`, {}, business.token).expect(200);
      await confirmCard(testApp, business, sheet.body.payment_intent.client_secret);
      return id;
    }

    const setCampaignPaid = (id: string) => () => api(testApp).post('/payments/set-paid', { endorsement_campaign_id: id }, business.token);
    const requestsOf = (response: Response): string[] => (response.body.campaign.requests as Array<{ id: string }>).map((entry) => entry.id);

    async function paidCampaign(athletes: SignedIn[]): Promise<{ id: string; requests: string[] }> {
      const id = await checkedOutCampaign(athletes);
      return { id, requests: requestsOf(await setCampaignPaid(id)().expect(200)) };
    }

    it('campaign pay: 100 set-paid calls of one campaign: paid once, every share recorded once', async () => {
      const id = await checkedOutCampaign([athlete, await createBookableAthlete(testApp)]);
      const result = await race('campaign set-paid x100', times(N, setCampaignPaid(id)));
      expect(result.winners).toHaveLength(N);
      expect(result.responses.every((response) => response.body.campaign.paid === true)).toBe(true);
      const requests = requestsOf(result.responses[0]);
      expect(requests).toHaveLength(2);
      for (const requestId of requests) {
        expect(await expectLegalHistory(requestId, { pay: 1 })).toBe(RequestStatus.Pending);
        expect(await movementsOf(requestId)).toEqual({ authorised: 1, captured: 1 });
      }
      expect(await providerOf(id)).toMatchObject({ status: 'succeeded', amountCents: 3000, refunds: 0 });
      await expectSettledMoney();
    });

    it('campaign cancel: 100 cancels of one paid campaign: one wins, each share refunded once', async () => {
      const athletes = [athlete, await createBookableAthlete(testApp), await createBookableAthlete(testApp)];
      const campaign = await paidCampaign(athletes);
      const result = await race('campaign cancel x100', times(N, () => api(testApp).put(`/booking/request/campaign/cancel?campaign_id=${campaign.id}`, {}, business.token)));
      expect(result.winners).toHaveLength(1);
      expectConflicts(losers(result));
      for (const id of campaign.requests) {
        expect(await expectLegalHistory(id, { cancel: 1 })).toBe(RequestStatus.Canceled);
        expect(await movementsOf(id)).toEqual({ authorised: 1, captured: 1, returned: 1 });
      }
      // One charge of $60, three refunds (one per share) adding up to it.
      expect(await providerOf(campaign.id)).toMatchObject({ status: 'succeeded', amountCents: 6000, refunds: 3, refundedCents: 6000, refundedByRefunds: 6000 });
      await expectSettledMoney();
    });
  });

  it('payout send: 100 batches paying one athlete’s whole payable share from two administrators: one is sent, one transfer', async () => {
    const paidAthlete = await createBookableAthlete(testApp);
    await connectSandboxAccount(testApp, paidAthlete);
    await finishedRequest(testApp, clock, fan, paidAthlete);
    await settle(testApp);
    const item = { athlete_id: paidAthlete.account.id, amount: SHARE, email: paidAthlete.account.email, phone: null };
    // Each its own confirmation (its own key): without one, an administrator's same lines again are a retry of one payout (payouts.spec).
    const send = (by: SignedIn) => () =>
      request(testApp.server).post('/api/v1/admin/payments/payout-send').set('x-access-token', by.token).set('Idempotency-Key', `race-${randomUUID()}`).send({ payout_items: [item] });
    const result = await race('payout send x100', Array.from({ length: N }, (_, index) => send(index % 2 === 0 ? admin : otherAdmin)));
    expect(result.winners).toHaveLength(1);
    expectConflicts(losers(result), /^At most \$0\.00 is payable$/);
    expect(await paidOut(testApp, paidAthlete.account.id)).toBe(SHARE * 100);
    expect(await ledgerOwed(testApp, paidAthlete.account.id)).toBe(0);
    const transfers: Array<{ n: number; cents: number }> = await testApp.dataSource.query(
      `SELECT count(*)::int AS n, coalesce(sum(amount_cents), 0)::int AS cents FROM sandbox_transfers WHERE destination = (SELECT provider_account_id FROM payout_accounts WHERE athlete_id = $1)`,
      [paidAthlete.account.id],
    );
    expect(transfers).toEqual([{ n: 1, cents: SHARE * 100 }]);
    const [{ paid }] = await testApp.dataSource.query(
      `SELECT count(*)::int AS paid FROM ledger_movements WHERE movement = 'paid_out' AND request_id IN (SELECT id FROM payout_items WHERE athlete_id = $1)`,
      [paidAthlete.account.id],
    );
    expect(paid).toBe(1);
    await expectSettledMoney();
  });

  it('the whole suite’s money: one balanced ledger, nothing payable below zero', async () => {
    const negative: unknown[] = await testApp.dataSource.query(
      `SELECT account, sum(amount_cents) AS total FROM ledger_entries WHERE account LIKE 'athlete_payable:%' GROUP BY account HAVING sum(amount_cents) > 0`,
    );
    expect(negative).toEqual([]);
  });

  it('every per-party rollup after the races: exactly what the requests, payouts and marks say, folded or not', async () => {
    expect(await expectPartyRollupsTrue(testApp.dataSource)).toBeGreaterThan(20);
  });
});
