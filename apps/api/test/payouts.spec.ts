import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { UserType } from '@huddle/domain';
import { Clock } from '../src/common/time/clock';
import { JobsService } from '../src/modules/jobs/jobs.service';
import { PROVIDER_CONNECT_EVENT } from '../src/modules/payments/payments-events';
import type { ProviderConnectEvent } from '../src/modules/payments/payments-events';
import { PaymentsService } from '../src/modules/payments/payments.service';
import { PAYOUT_PROVIDER } from '../src/modules/payouts/payout-provider';
import { PayoutsService, UNKEYED_REPEAT_WINDOW_MS } from '../src/modules/payouts/payouts.service';
import type { SandboxPayoutProvider } from '../src/modules/payouts/sandbox-payout-provider';
import { api, outboxFor } from './support/accounts-api';
import { bookAndPay, bookingPayload, createBookableAthlete, settle, statusOf } from './support/booking';
import { FakeClock } from './support/fake-clock';
import { createSignedIn } from './support/fixtures';
import type { SignedIn } from './support/fixtures';
import { clockSeconds, connectSandboxAccount, finishedRequest, ledgerOwed, paidOut } from './support/payouts';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';
import { expectPartyRollupsTrue } from './support/party-rollups';

const DAY = 86400;
const SHARE = 160; // dollars of a $200 personal appearance after the 20% fee

/** Each request's payout status as the pages read it (unknown ids read unpaid). */
async function payoutStatusesOf(app: TestApp, athleteId: string, requestIds: string[]): Promise<Record<string, string>> {
  return Object.fromEntries([...(await app.get(PayoutsService).payoutsOf(athleteId, requestIds))].map(([id, payout]) => [id, payout.status]));
}

describe('payouts to athletes (sandbox provider)', () => {
  let testApp: TestApp;
  let clock: FakeClock;
  let fan: SignedIn;
  let business: SignedIn;
  let admin: SignedIn;
  let otherAdmin: SignedIn;

  beforeAll(async () => {
    clock = new FakeClock(new Date());
    testApp = await createTestApp({ overrides: [{ provide: Clock, useValue: clock }] });
    fan = await createSignedIn(testApp, UserType.Fan);
    business = await createSignedIn(testApp, UserType.Business);
    admin = await createSignedIn(testApp, UserType.Admin);
    otherAdmin = await createSignedIn(testApp, UserType.Admin);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  const sandbox = () => testApp.get<SandboxPayoutProvider>(PAYOUT_PROVIDER as never);
  const send = (items: object[], token = admin.token, key?: string) => {
    const call = request(testApp.server).post('/api/v1/admin/payments/payout-send').set('x-access-token', token);
    return (key ? call.set('Idempotency-Key', key) : call).send({ payout_items: items });
  };
  const listed = async (athleteId: string) => {
    const { body } = await api(testApp).get('/admin/payments/payout-list', admin.token).expect(200);
    return (body.athletes_for_payout as Array<Record<string, unknown>>).find((row) => row.id === athleteId);
  };
  const ledgerBalanced = async () => {
    const check = await testApp.get(PaymentsService).ledgerCheck();
    expect(check.violations).toEqual([]);
  };
  const publishConnectEvent = (event: Omit<ProviderConnectEvent, 'eventId'>) =>
    testApp.dataSource.transaction((manager) => testApp.get(JobsService).publishIn(manager, PROVIDER_CONNECT_EVENT, { eventId: `evt_${randomUUID()}`, ...event }));

  it('an athlete connects a payout account through the sandbox onboarding: none, restricted, ready', async () => {
    const athlete = await createBookableAthlete(testApp);
    const before = await api(testApp).get('/payouts/account', athlete.token).expect(200);
    expect(before.body.account).toMatchObject({ state: 'none', line: 'Connect an account to get paid', provider: 'sandbox' });

    const restricted = await connectSandboxAccount(testApp, athlete, false);
    expect(restricted).toMatchObject({ state: 'restricted', line: 'Stripe needs more information', requirements: ['external_account'] });
    // The link was used: it answers no more, and a new one is made on the next connect.
    const started = await api(testApp).post('/payouts/account', {}, athlete.token).expect(200);
    expect(started.body.onboarding_url).toMatch(/^\/api\/v1\/payouts\/sandbox\/onboarding\?token=/);
    const ready = await connectSandboxAccount(testApp, athlete, true);
    expect(ready).toMatchObject({ state: 'ready', line: 'Payouts ready', requirements: [], payouts_enabled: true, details_submitted: true });
    await settle(testApp);
    const accounts = await testApp.dataSource.query(`SELECT provider_account_id FROM payout_accounts WHERE athlete_id = $1`, [athlete.account.id]);
    expect(accounts).toHaveLength(1);

    // A link past its time sends the browser to the refresh URL, as Stripe's do.
    const stale = await api(testApp).post('/payouts/account', {}, athlete.token).expect(200);
    clock.advance(31 * 60 * 1000);
    const expired = await request(testApp.server).get(stale.body.onboarding_url).expect(302);
    expect(expired.headers.location).toMatch(/\/settings\/payouts\?onboarding=refresh$/);
    await request(testApp.server).get('/api/v1/payouts/sandbox/onboarding?token=nonsense').expect(404);
  });

  it('the athlete routes answer only an athlete, and only about themselves', async () => {
    const incomplete = await createSignedIn(testApp, UserType.Athlete, { profileCompleted: false });
    for (const path of ['/payouts/account', '/payouts/summary']) {
      await api(testApp).get(path).expect(401);
      for (const caller of [fan, business, admin, incomplete]) await api(testApp).get(path, caller.token).expect(403);
    }
    await api(testApp).post('/payouts/account', {}, fan.token).expect(403);
    const stranger = await createBookableAthlete(testApp);
    const summary = await api(testApp).get('/payouts/summary', stranger.token).expect(200);
    expect(summary.body).toMatchObject({ owed: 0, held: 0, payable: 0, on_its_way: 0, paid: 0, payouts: [] });
  });

  it('a finished, paid request becomes payable; the list shows past and current due, and who cannot be paid yet', async () => {
    const athlete = await createBookableAthlete(testApp);
    await connectSandboxAccount(testApp, athlete);
    const unconnected = await createBookableAthlete(testApp);

    const accepted = await bookAndPay(testApp, fan, bookingPayload('shoutout', athlete.account.id, { now: clockSeconds(clock) }));
    await api(testApp).put(`/booking/request/accept?request_id=${accepted}`, {}, athlete.token).expect(200);
    await settle(testApp);
    expect(await listed(athlete.account.id)).toBeUndefined();
    const owed = await api(testApp).get('/payouts/summary', athlete.token).expect(200);
    expect(owed.body).toMatchObject({ owed: 8, payable: 0 });

    await finishedRequest(testApp, clock, fan, athlete);
    await finishedRequest(testApp, clock, business, unconnected);
    expect(await listed(athlete.account.id)).toMatchObject({
      first_name: athlete.account.firstName,
      last_name: athlete.account.lastName,
      email: athlete.account.email,
      mobile: athlete.account.phone,
      past_due: 0,
      current_due: SHARE,
      payable: SHARE,
      last_payment_date: null,
      last_payment_amount: null,
      payout_ready: true,
      payout_account_state: 'ready',
      payout_blocked_reason: null,
    });
    expect(await listed(unconnected.account.id)).toMatchObject({ current_due: SHARE, payout_ready: false, payout_account_state: 'none', payout_blocked_reason: 'no payout account connected' });

    clock.advance(8 * DAY * 1000);
    expect(await listed(athlete.account.id)).toMatchObject({ past_due: SHARE, current_due: 0 });
    const { body } = await api(testApp).get('/admin/payments/payout-list?page=1', admin.token).expect(200);
    expect(body).toMatchObject({ page: 1, page_size: 20 });
    expect(body.total).toBeGreaterThanOrEqual(2);
    // Most past due first.
    expect(body.athletes_for_payout[0].past_due).toBeGreaterThanOrEqual(body.athletes_for_payout[body.athletes_for_payout.length - 1].past_due);

    const refused = await send([{ athlete_id: unconnected.account.id, amount: 10, email: unconnected.account.email, phone: null }]).expect(409);
    expect(refused.body.status_response.response_message).toBe(`${unconnected.account.firstName} ${unconnected.account.lastName} cannot be paid yet: no payout account connected`);
    expect(refused.body.errors).toEqual({ 'payout_items.0.athlete_id': refused.body.status_response.response_message });
    await ledgerBalanced();
  });

  it('the administrator pays: a transfer per request paid, each drawn on its charge, the athlete told, the request paid by itself, a repeat of the confirmation pays nothing more', async () => {
    const athlete = await createBookableAthlete(testApp);
    await connectSandboxAccount(testApp, athlete);
    const first = await finishedRequest(testApp, clock, fan, athlete);
    const second = await finishedRequest(testApp, clock, fan, athlete);
    const key = `confirm-${randomUUID()}`;
    const item = { athlete_id: athlete.account.id, amount: 200, email: athlete.account.email, phone: athlete.account.phone };

    const sent = await send([item], admin.token, key).expect(201);
    expect(sent.body).toMatchObject({
      message: 'Payout sent',
      payout: { total_amount: 200, items_view: [{ athlete_id: athlete.account.id, receiver: athlete.account.email, athlete_email: athlete.account.email, amount: 200, status: 'pending' }] },
    });
    expect(sent.body.payout.provider_payout_id).toMatch(/^po_[0-9a-f]{24}$/);
    const again = await send([item], admin.token, key).expect(201);
    expect(again.body.payout.id).toBe(sent.body.payout.id);
    const reused = await send([{ ...item, amount: 1 }], admin.token, key).expect(409);
    expect(reused.body.status_response.response_message).toMatch(/already used for another payout/);
    await settle(testApp);

    // One transfer per request the $200 pays ($160 of the first, $40 of the second), each drawn on that request's own charge.
    const transfers = await testApp.dataSource.query(
      `SELECT t.amount_cents, t.transfer_group, t.source_transaction, t.metadata->>'request_id' AS request_id FROM sandbox_transfers t
        WHERE t.destination = (SELECT provider_account_id FROM payout_accounts WHERE athlete_id = $1) ORDER BY t.amount_cents DESC`,
      [athlete.account.id],
    );
    const chargeOf = async (requestId: string) => `ch_${(await testApp.dataSource.query(`SELECT provider_intent_id FROM payment_intents WHERE request_id = $1`, [requestId]))[0].provider_intent_id}`;
    expect(transfers).toEqual([
      { amount_cents: 16000, transfer_group: sent.body.payout.provider_payout_id, source_transaction: await chargeOf(first), request_id: first },
      { amount_cents: 4000, transfer_group: sent.body.payout.provider_payout_id, source_transaction: await chargeOf(second), request_id: second },
    ]);
    expect(await payoutStatusesOf(testApp, athlete.account.id, [first, second])).toEqual({ [first]: 'paid', [second]: 'unpaid' });
    expect(await ledgerOwed(testApp, athlete.account.id)).toBe(12000);
    // The second request's page says $40 of its $160 reached the athlete (paid in part), to the athlete and an administrator, not the requester.
    for (const viewer of [athlete, admin]) {
      const page = (await api(testApp).get(`/booking/request?id=${second}`, viewer.token).expect(200)).body.request;
      expect(page.payment).toMatchObject({ payout_status: 'unpaid', payout_paid: 40 });
    }
    expect((await api(testApp).get(`/booking/request?id=${first}`, athlete.token).expect(200)).body.request.payment).toMatchObject({ payout_status: 'paid', payout_paid: 160 });
    expect((await api(testApp).get(`/booking/request?id=${second}`, fan.token).expect(200)).body.request.payment).toMatchObject({ payout_status: null, payout_paid: null });
    // The console's list of the athlete's requests says the same, row by row.
    const rows = (await api(testApp).get(`/admin/requests/filter?user_id=${athlete.account.id}`, admin.token).expect(200)).body.requests as Array<{ id: string; payout_status: string; payout_paid: number }>;
    const payoutOfRow = (id: string) => rows.filter((row) => row.id === id).map(({ payout_status, payout_paid }) => ({ payout_status, payout_paid }));
    expect(payoutOfRow(second)).toEqual([{ payout_status: 'unpaid', payout_paid: 40 }]);
    expect(payoutOfRow(first)).toEqual([{ payout_status: 'paid', payout_paid: 160 }]);

    const list = await api(testApp).get('/admin/payments/payout-sent-list?page=1&order=desc', admin.token).expect(200);
    const shown = list.body.payouts.find((payout: { id: string }) => payout.id === sent.body.payout.id);
    expect(shown.items_view[0]).toMatchObject({ status: 'sent', amount: 200, sent_amount: 200, athlete_name: `${athlete.account.firstName} ${athlete.account.lastName}` });
    expect(await listed(athlete.account.id)).toMatchObject({ payable: 120, last_payment_amount: 200 });

    const summary = await api(testApp).get('/payouts/summary', athlete.token).expect(200);
    expect(summary.body).toMatchObject({ payable: 120, on_its_way: 0, paid: 200 });
    expect(summary.body.payouts[0]).toMatchObject({ amount: 200, status: 'sent' });
    expect(summary.body.payouts[0].requests).toEqual([
      { request_id: first, name: 'Test personal_appearance', type: 'personal_appearance', amount: 160 },
      { request_id: second, name: 'Test personal_appearance', type: 'personal_appearance', amount: 40 },
    ]);
    const notifications = await testApp.dataSource.query(`SELECT data FROM notifications WHERE user_id = $1 AND data->>'title' = 'Payout sent'`, [athlete.account.id]);
    expect(notifications).toEqual([{ data: { title: 'Payout sent', text: 'Huddle sent you a payout of $200.00.', link: '/settings/payouts' } }]);
    const mail = await outboxFor(testApp, athlete.account.email ?? '');
    expect(mail.filter((row) => row.subject === 'Huddle: Payout sent')).toHaveLength(1);
    const audit = await testApp.dataSource.query(`SELECT admin_id, action, after FROM admin_audit WHERE subject_id = $1`, [sent.body.payout.id]);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ admin_id: admin.account.id, action: 'payout.send', after: { total_cents: 20000 } });

    // The job run again (a retry, a second worker): the same keys, the same transfers, no second notice.
    const [{ id: itemId }] = await testApp.dataSource.query(`SELECT id FROM payout_items WHERE payout_id = $1`, [sent.body.payout.id]);
    const allocationsOf = () => testApp.dataSource.query(`SELECT idempotency_key, status, provider_transfer_id FROM payout_allocations WHERE payout_item_id = $1 ORDER BY amount_cents DESC`, [itemId]);
    const made = await allocationsOf();
    expect(made.map((row: { idempotency_key: string }) => row.idempotency_key)).toEqual([expect.stringMatching(`^huddle:transfer:${itemId}:`), expect.stringMatching(`^huddle:transfer:${itemId}:`)]);
    await Promise.all([1, 2, 3].map(() => testApp.get(PayoutsService).transfer(itemId)));
    // As if the process died after the provider's answers and before their records committed (the item's record and its notice roll back together).
    await testApp.dataSource.query(`UPDATE payout_allocations SET status = 'pending', provider_transfer_id = NULL, sent_at = NULL WHERE payout_item_id = $1`, [itemId]);
    await testApp.dataSource.query(`UPDATE payout_items SET status = 'pending', sent_at = NULL WHERE id = $1`, [itemId]);
    await testApp.dataSource.query(`DELETE FROM notifications WHERE user_id = $1 AND data->>'title' = 'Payout sent'`, [athlete.account.id]);
    await Promise.all([1, 2, 3, 4, 5].map(() => testApp.get(PayoutsService).transfer(itemId)));
    expect(
      await testApp.dataSource.query(`SELECT count(*)::int AS n FROM sandbox_transfers WHERE idempotency_key = ANY($1::text[])`, [made.map((row: { idempotency_key: string }) => row.idempotency_key)]),
    ).toEqual([{ n: 2 }]);
    expect(await allocationsOf()).toEqual(made);
    expect(await testApp.dataSource.query(`SELECT status FROM payout_items WHERE id = $1`, [itemId])).toEqual([{ status: 'sent' }]);
    const notices = await testApp.dataSource.query(`SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND data->>'title' = 'Payout sent'`, [athlete.account.id]);
    expect(notices).toEqual([{ n: 1 }]);
    await ledgerBalanced();
  });

  it('refuses each wrong payout with its message', async () => {
    const athlete = await createBookableAthlete(testApp);
    await connectSandboxAccount(testApp, athlete);
    await finishedRequest(testApp, clock, fan, athlete);
    const line = { athlete_id: athlete.account.id, amount: 10, email: athlete.account.email, phone: athlete.account.phone };
    const message = async (body: object, status = 400) => {
      const response = await request(testApp.server).post('/api/v1/admin/payments/payout-send').set('x-access-token', admin.token).send(body).expect(status);
      return response.body.status_response.response_message as string;
    };
    expect(await message({ payout_items: [] })).toBe('Choose at least one athlete to pay');
    expect(await message({})).toBe('Choose at least one athlete to pay');
    expect(await message({ payout_items: [{ ...line, amount: -1 }] })).toBe('Amount cannot be negative');
    expect(await message({ payout_items: [{ ...line, amount: 1.234 }] })).toBe('Please, enter valid amount');
    expect(await message({ payout_items: [{ ...line, amount: '10' }] })).toBe('Please, enter valid amount');
    expect(await message({ payout_items: [{ ...line, athlete_id: 'nobody' }] })).toBe('Athlete not found');
    expect(await message({ payout_items: [{ ...line, email: 'not an email' }] })).toBe('Please enter a valid email');
    expect(await message({ payout_items: [{ ...line, amount: 0 }] })).toBe('Enter an amount above zero to pay');
    expect(await message({ payout_items: [line, line] })).toBe('Each athlete can be paid once per payout');
    expect(await message({ payout_items: [line], idempotency_key: 'x' })).toBe('The confirmation key is not valid');
    expect(await message({ payout_items: [{ ...line, athlete_id: fan.account.id }] }, 404)).toBe('Athlete not found');
    expect(await message({ payout_items: [{ ...line, amount: SHARE + 0.01 }] }, 409)).toBe('At most $160.00 is payable');
    const nothing = await request(testApp.server).get('/api/v1/admin/payments/payout-sent-list?order=sideways').set('x-access-token', admin.token).expect(400);
    expect(nothing.body.status_response.response_message).toBe('Order must be asc or desc');
    await request(testApp.server).get('/api/v1/admin/payments/payout-list?page=0').set('x-access-token', admin.token).expect(400);
    expect(await paidOut(testApp, athlete.account.id)).toBe(0);
  });

  it('the admin routes answer only an administrator', async () => {
    const incomplete = await Promise.all([UserType.Fan, UserType.Athlete, UserType.Business].map((type) => createSignedIn(testApp, type, { profileCompleted: false })));
    const athlete = await createSignedIn(testApp, UserType.Athlete);
    const calls = [
      (token?: string) => api(testApp).get('/admin/payments/payout-list', token),
      (token?: string) => api(testApp).get('/admin/payments/payout-sent-list', token),
      (token?: string) => api(testApp).post('/admin/payments/payout-send', { payout_items: [] }, token),
      (token?: string) => api(testApp).put('/admin/payments/payout-status', { id: randomUUID(), status: 'paid' }, token),
    ];
    for (const call of calls) {
      const anonymous = await call().expect(401);
      expect(anonymous.body.status_response.response_internal_code).toBe(1401);
      for (const caller of [fan, athlete, business, ...incomplete]) await call(caller.token).expect(403);
    }
  });

  it('marks a finished, paid request’s payout paid (audited, once); refuses any other request', async () => {
    const athlete = await createBookableAthlete(testApp);
    const finished = await finishedRequest(testApp, clock, fan, athlete);
    const pending = await bookAndPay(testApp, fan, bookingPayload('shoutout', athlete.account.id, { now: clockSeconds(clock) }));

    const refused = await api(testApp).put('/admin/payments/payout-status', { id: pending, status: 'paid' }, admin.token).expect(409);
    expect(refused.body.status_response.response_message).toBe('A payout can be marked paid only for a finished, paid request');
    const missing = await api(testApp).put('/admin/payments/payout-status', { id: randomUUID(), status: 'paid' }, admin.token).expect(404);
    expect(missing.body.status_response.response_message).toBe('Request not found');
    const badId = await api(testApp).put('/admin/payments/payout-status', { id: 'x', status: 'paid' }, admin.token).expect(400);
    expect(badId.body.status_response.response_message).toBe('Request not found');
    const badStatus = await api(testApp).put('/admin/payments/payout-status', { id: finished, status: 'unpaid' }, admin.token).expect(400);
    expect(badStatus.body.status_response.response_message).toBe('Choose a payout status');

    const marked = await api(testApp).put('/admin/payments/payout-status', { id: finished, status: 'paid' }, otherAdmin.token).expect(200);
    expect(marked.body).toMatchObject({ request_id: finished, payout_status: 'paid', message: 'Status has been changed' });
    await api(testApp).put('/admin/payments/payout-status', { id: finished, status: 'paid' }, admin.token).expect(200);
    const audit = await testApp.dataSource.query(`SELECT admin_id, action, before, after FROM admin_audit WHERE subject_id = $1`, [finished]);
    expect(audit).toEqual([{ admin_id: otherAdmin.account.id, action: 'payout.status', before: { payout_status: 'unpaid' }, after: { payout_status: 'paid', marked_paid_cents: 16000 } }]);
    // Paid outside Huddle: nothing of it is payable, and the ledger says it left.
    expect(await listed(athlete.account.id)).toBeUndefined();
    expect(await ledgerOwed(testApp, athlete.account.id)).toBe(0);
    await settle(testApp);
    await ledgerBalanced();
  });

  it('100 concurrent payout sends for one athlete from two administrators: never more paid than payable, one legal outcome', async () => {
    const athlete = await createBookableAthlete(testApp);
    await connectSandboxAccount(testApp, athlete);
    for (let index = 0; index < 3; index += 1) await finishedRequest(testApp, clock, fan, athlete);
    const item = { athlete_id: athlete.account.id, amount: SHARE, email: athlete.account.email, phone: null };
    // Each its own confirmation (its own key): without keys, the same administrator's same lines are one payout retried (below).
    const answers = await Promise.all(Array.from({ length: 100 }, (_, index) => send([item], index % 2 === 0 ? admin.token : otherAdmin.token, `race-${randomUUID()}`)));
    const statuses = answers.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(97);
    for (const refused of answers.filter((response) => response.status === 409)) {
      expect(refused.body.status_response.response_message).toBe('At most $0.00 is payable');
    }
    await settle(testApp);
    expect(await paidOut(testApp, athlete.account.id)).toBe(3 * SHARE * 100);
    expect(await ledgerOwed(testApp, athlete.account.id)).toBe(0);
    const transfers = await testApp.dataSource.query(
      `SELECT coalesce(sum(amount_cents), 0)::int AS cents, count(*)::int AS n FROM sandbox_transfers WHERE destination = (SELECT provider_account_id FROM payout_accounts WHERE athlete_id = $1)`,
      [athlete.account.id],
    );
    expect(transfers).toEqual([{ cents: 3 * SHARE * 100, n: 3 }]);
    await ledgerBalanced();
  });

  it('a payout sent again without a key (a retried call, racing or not) pays nothing more; other amounts, another administrator, or the same after 10 minutes pay', async () => {
    const athlete = await createBookableAthlete(testApp);
    await connectSandboxAccount(testApp, athlete);
    for (let index = 0; index < 3; index += 1) await finishedRequest(testApp, clock, fan, athlete);
    const item = { athlete_id: athlete.account.id, amount: SHARE / 2, email: athlete.account.email, phone: null };
    const repeats = await Promise.all(Array.from({ length: 10 }, () => send([item])));
    expect(repeats.map((response) => response.status)).toEqual(Array(10).fill(201));
    const firstId = repeats[0].body.payout.id as string;
    expect(new Set(repeats.map((response) => response.body.payout.id))).toEqual(new Set([firstId]));
    await settle(testApp);
    expect(await paidOut(testApp, athlete.account.id)).toBe((SHARE / 2) * 100);

    const others = [
      await send([{ ...item, amount: SHARE / 4 }]).expect(201),
      await send([item], otherAdmin.token).expect(201),
    ];
    clock.advance(UNKEYED_REPEAT_WINDOW_MS + 1000);
    others.push(await send([item]).expect(201));
    const ids = others.map((response) => response.body.payout.id as string);
    expect(new Set([firstId, ...ids]).size).toBe(4);
    await settle(testApp);
    expect(await paidOut(testApp, athlete.account.id)).toBe((SHARE / 2 + SHARE / 4 + SHARE / 2 + SHARE / 2) * 100);
    const [{ n }] = await testApp.dataSource.query(`SELECT count(*)::int AS n FROM payouts p JOIN payout_items i ON i.payout_id = p.id WHERE i.athlete_id = $1`, [athlete.account.id]);
    expect(n).toBe(4);
    await ledgerBalanced();
  });

  it('payout sends racing an administrator’s cancel and refund of the athlete’s accepted request: only what is finished is paid', async () => {
    const athlete = await createBookableAthlete(testApp);
    await connectSandboxAccount(testApp, athlete);
    await finishedRequest(testApp, clock, fan, athlete);
    const accepted = await bookAndPay(testApp, fan, bookingPayload('personal_appearance', athlete.account.id, { now: clockSeconds(clock), startsIn: 5 * DAY }));
    await api(testApp).put(`/booking/request/accept?request_id=${accepted}`, {}, athlete.token).expect(200);
    await settle(testApp);
    expect(await ledgerOwed(testApp, athlete.account.id)).toBe(2 * SHARE * 100);

    const item = (amount: number) => ({ athlete_id: athlete.account.id, amount, email: athlete.account.email, phone: null });
    const calls = [
      // Each its own confirmation: without keys, one administrator's same lines are one payout retried.
      ...Array.from({ length: 10 }, () => send([item(SHARE)], admin.token, `race-${randomUUID()}`)),
      ...Array.from({ length: 10 }, () => send([item(2 * SHARE)], otherAdmin.token, `race-${randomUUID()}`)),
      api(testApp).put(`/admin/requests/cancel?request_id=${accepted}`, {}, otherAdmin.token),
    ];
    const answers = (await Promise.all(calls)).map((response) => response.status);
    expect(answers[20]).toBe(200);
    expect(answers.slice(0, 10).filter((status) => status === 201)).toHaveLength(1);
    expect(answers.slice(10, 20).every((status) => status === 409)).toBe(true);
    await settle(testApp);
    expect(await statusOf(testApp, accepted)).toBe(3);
    expect(await paidOut(testApp, athlete.account.id)).toBe(SHARE * 100);
    expect(await ledgerOwed(testApp, athlete.account.id)).toBe(0);
    await ledgerBalanced();
  });

  it('the provider’s Connect events: an account restricted is refused payouts, a reversed transfer makes its money payable again, once', async () => {
    const athlete = await createBookableAthlete(testApp);
    await connectSandboxAccount(testApp, athlete);
    await finishedRequest(testApp, clock, fan, athlete);
    const sent = await send([{ athlete_id: athlete.account.id, amount: 100, email: athlete.account.email, phone: null }]).expect(201);
    await settle(testApp);
    const [{ id: itemId, provider_transfer_id: transferId }] = await testApp.dataSource.query(
      `SELECT i.id, a.provider_transfer_id FROM payout_items i JOIN payout_allocations a ON a.payout_item_id = i.id WHERE i.payout_id = $1`,
      [sent.body.payout.id],
    );
    expect(await ledgerOwed(testApp, athlete.account.id)).toBe(6000);

    // Before Stripe's event arrives, the daily reconciliation sees the transfer clean, then reversed.
    const payouts = testApp.get(PayoutsService);
    expect((await payouts.reconcileTransfers({ days: 30, graceSeconds: 0 })).filter((difference) => difference.itemId === itemId)).toEqual([]);
    await sandbox().reverseTransfer(transferId);
    expect((await payouts.reconcileTransfers({ days: 30, graceSeconds: 0 })).filter((difference) => difference.itemId === itemId)).toEqual([
      { itemId, code: 'reversed', message: `The provider reversed 10000 cents of transfer ${transferId}; Huddle still counts it sent` },
    ]);
    const [incident] = await testApp.dataSource.query(`SELECT kind, status FROM money_incidents WHERE subject_id = $1 AND kind = 'reconciliation'`, [itemId]);
    expect(incident).toEqual({ kind: 'reconciliation', status: 'open' });
    await publishConnectEvent({ type: 'transfer.reversed', objectType: 'transfer', objectId: transferId, accountId: null });
    await publishConnectEvent({ type: 'transfer.reversed', objectType: 'transfer', objectId: transferId, accountId: null });
    await settle(testApp);
    expect(await testApp.dataSource.query(`SELECT status FROM payout_items WHERE id = $1`, [itemId])).toEqual([{ status: 'reversed' }]);
    expect(await ledgerOwed(testApp, athlete.account.id)).toBe(16000);
    expect(await listed(athlete.account.id)).toMatchObject({ payable: SHARE });

    const [{ provider_account_id: accountId }] = await testApp.dataSource.query(`SELECT provider_account_id FROM payout_accounts WHERE athlete_id = $1`, [athlete.account.id]);
    await sandbox().restrict(accountId, 'individual.verification.document');
    await publishConnectEvent({ type: 'account.updated', objectType: 'account', objectId: accountId, accountId });
    await settle(testApp);
    expect(await listed(athlete.account.id)).toMatchObject({ payout_ready: false, payout_account_state: 'restricted', payout_blocked_reason: 'Stripe needs more information' });
    await send([{ athlete_id: athlete.account.id, amount: 1, email: null, phone: null }]).expect(409);
    await ledgerBalanced();
  });

  it('the sandbox plays the provider’s Connect side on a payout item for an administrator: its transfers reversed, its payout refused by the bank', async () => {
    const athlete = await createBookableAthlete(testApp);
    await connectSandboxAccount(testApp, athlete);
    await finishedRequest(testApp, clock, fan, athlete);
    await finishedRequest(testApp, clock, fan, athlete);
    const sent = await send([{ athlete_id: athlete.account.id, amount: 240, email: athlete.account.email, phone: null }]).expect(201);
    await settle(testApp);
    const itemId: string = sent.body.payout.items_view[0].id;
    const play = (event: string, subjectId = itemId, token = admin.token) => api(testApp).post('/payments/sandbox/provider-events', { subject_id: subjectId, event }, token);
    await play('payout_failed', itemId, fan.token).expect(403);
    expect((await play('transfer_reversed', randomUUID()).expect(404)).body.status_response.response_message).toBe('Payment not found');

    expect((await play('payout_failed').expect(200)).body).toMatchObject({ type: 'payout.failed' });
    await settle(testApp);
    const [failed] = await testApp.dataSource.query(`SELECT kind, subject_type, amount_cents::int AS amount, message FROM money_incidents WHERE kind = 'transfer_failed' AND message LIKE '%sandbox%'`);
    expect(failed).toMatchObject({ kind: 'transfer_failed', subject_type: 'provider_object', amount: 24000, message: expect.stringContaining('refused a payout of $240.00') });

    const owed = await ledgerOwed(testApp, athlete.account.id);
    expect((await play('transfer_reversed').expect(200)).body).toMatchObject({ type: 'transfer.reversed' });
    await settle(testApp);
    // Both of its transfers came back: the item is reversed and all of it payable again, once.
    expect(await testApp.dataSource.query(`SELECT status FROM payout_allocations WHERE payout_item_id = $1`, [itemId])).toEqual([{ status: 'reversed' }, { status: 'reversed' }]);
    expect(await testApp.dataSource.query(`SELECT status FROM payout_items WHERE id = $1`, [itemId])).toEqual([{ status: 'reversed' }]);
    expect(await ledgerOwed(testApp, athlete.account.id)).toBe(owed + 24000);
    expect((await play('transfer_reversed').expect(409)).body.status_response.response_message).toBe('The payout item has no transfer to reverse');
    const audit = await testApp.dataSource.query(`SELECT subject_type, after->>'event' AS event FROM admin_audit WHERE subject_id = $1 ORDER BY id`, [itemId]);
    expect(audit).toEqual([
      { subject_type: 'payout_item', event: 'payout_failed' },
      { subject_type: 'payout_item', event: 'transfer_reversed' },
    ]);
    // Its money came back: the same lines sent again without a key, within minutes, are a payout of their own, not a repeat of the reversed one.
    const again = await send([{ athlete_id: athlete.account.id, amount: 240, email: athlete.account.email, phone: null }]).expect(201);
    expect(again.body.payout.id).not.toBe(sent.body.payout.id);
    await settle(testApp);
    expect(await ledgerOwed(testApp, athlete.account.id)).toBe(owed);
    await ledgerBalanced();
  });

  it('a refund made at the provider after the share was paid out names the payout that paid it, once', async () => {
    const athlete = await createBookableAthlete(testApp);
    await connectSandboxAccount(testApp, athlete);
    const requestId = await finishedRequest(testApp, clock, fan, athlete);
    const sent = await send([{ athlete_id: athlete.account.id, amount: SHARE, email: null, phone: null }]).expect(201);
    await settle(testApp);
    const [{ id: itemId, status }] = await testApp.dataSource.query(`SELECT id, status FROM payout_items WHERE payout_id = $1`, [sent.body.payout.id]);
    expect(status).toBe('sent');

    await api(testApp).post('/payments/sandbox/provider-events', { subject_id: requestId, event: 'refund_outside' }, admin.token).expect(200);
    await settle(testApp);
    // The provider's refund events come again (a webhook retried, the daily reconciliation): still one incident each.
    await testApp.get(PaymentsService).reconcile({ days: 30 });
    await settle(testApp);
    const incidents = await testApp.dataSource.query(
      `SELECT kind, subject_type, amount_cents::int AS amount, message, details->>'request_id' AS request_id FROM money_incidents WHERE subject_id = ANY($1::text[]) AND kind = 'refund_outside_huddle' ORDER BY subject_type`,
      [[requestId, itemId]],
    );
    expect(incidents).toEqual([
      {
        kind: 'refund_outside_huddle',
        subject_type: 'payout_item',
        amount: SHARE * 100,
        message: `The payment of request ${requestId} was refunded at the card provider after $160.00 of its athlete's share was paid out in this payout: recover it from the athlete or absorb it`,
        request_id: requestId,
      },
      expect.objectContaining({ kind: 'refund_outside_huddle', subject_type: 'request', request_id: null }),
    ]);
    await ledgerBalanced();
  });

  it('a dispute racing payout sends of its request: recorded before a send reads what is payable (held out) or after it committed (against a paid-out share), never between', async () => {
    const athlete = await createBookableAthlete(testApp);
    await connectSandboxAccount(testApp, athlete);
    const requestId = await finishedRequest(testApp, clock, fan, athlete);
    // The sends are held between reading what is payable and writing their payout: the test holds a
    // lock that writing a payout item waits for.
    const blocker = testApp.dataSource.createQueryRunner();
    await blocker.connect();
    await blocker.startTransaction();
    await blocker.query('LOCK TABLE payout_items IN SHARE ROW EXCLUSIVE MODE');
    const waiting = async (sql: string) => (await testApp.dataSource.query(sql))[0].n as number;
    let outcomes: number[] = [];
    let recordedWhileSendOpen = false;
    try {
      const sends = Promise.all(
        // Fewer than the pool holds: each waiting send keeps a connection.
        Array.from({ length: 4 }, () =>
          send([{ athlete_id: athlete.account.id, amount: SHARE, email: null, phone: null }], admin.token, `race-${randomUUID()}`).then((response) => response.status),
        ),
      );
      const deadline = Date.now() + 20_000;
      while ((await waiting(`SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND relation = 'payout_items'::regclass`)) === 0) {
        if (Date.now() > deadline) throw new Error('The send never reached its write');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // The cardholder disputes the charge now, while a send has read the share as payable.
      await api(testApp).post('/payments/sandbox/provider-events', { subject_id: requestId, event: 'dispute_opened' }, admin.token).expect(200);
      const settled = settle(testApp);
      // Long enough for the dispute's job to run and record it, were nothing holding it back.
      const until = Date.now() + 3_000;
      while (!recordedWhileSendOpen && Date.now() < until) {
        recordedWhileSendOpen = (await waiting(`SELECT count(*)::int AS n FROM payment_disputes WHERE subject_id = '${requestId}'`)) > 0;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await blocker.commitTransaction();
      outcomes = await sends;
      await settled;
      await settle(testApp);
    } finally {
      if (blocker.isTransactionActive) await blocker.rollbackTransaction();
      await blocker.release();
    }
    // The one legal outcome of the sends: the send that had read the share committed first and
    // decided it, the dispute came after it; no other send paid more.
    expect(recordedWhileSendOpen).toBe(false);
    expect(outcomes.filter((status) => status === 201)).toHaveLength(1);
    expect(outcomes.filter((status) => status !== 201).every((status) => status === 409)).toBe(true);
    const allocations: Array<{ payout_item_id: string; status: string; amount_cents: number }> = await testApp.dataSource.query(
      `SELECT payout_item_id, status, amount_cents FROM payout_allocations WHERE request_id = $1`,
      [requestId],
    );
    expect(allocations).toEqual([{ payout_item_id: expect.any(String), status: expect.stringMatching(/^(sent|failed)$/), amount_cents: SHARE * 100 }]);
    const [{ payout_item_id: paidBy, status: transferred }] = allocations;
    const desk = await api(testApp).get('/admin/money', admin.token).expect(200);
    expect(desk.body.disputes).toEqual(expect.arrayContaining([expect.objectContaining({ subject_id: requestId })]));
    expect(desk.body.incidents).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'dispute_opened', subject_id: requestId })]));
    const itemIncidents = desk.body.incidents.filter((incident: { subject_id: string }) => incident.subject_id === paidBy);
    if (transferred === 'sent') {
      // The transfer was made before the dispute was recorded: the payout that paid the disputed
      // share is named, once however often the dispute's events come.
      expect(itemIncidents).toEqual([
        expect.objectContaining({ kind: 'dispute_opened', subject_type: 'payout_item', amount: SHARE, link: '/manage/sent-payouts', message: expect.stringContaining('was disputed after $160.00') }),
      ]);
    } else {
      // The dispute was recorded before the transfer job ran: the share was held back, not sent.
      expect(itemIncidents).toEqual(
        expect.arrayContaining([expect.objectContaining({ kind: 'transfer_failed', subject_type: 'payout_item', amount: SHARE, message: expect.stringContaining('was not sent, and is payable again once that is settled') })]),
      );
      expect(await testApp.dataSource.query(`SELECT count(*)::int AS n FROM sandbox_transfers WHERE metadata->>'request_id' = $1`, [requestId])).toEqual([{ n: 0 }]);
    }
    // Held now: nothing more of it is payable, by a transfer or by hand.
    expect(await listed(athlete.account.id)).toBeUndefined();
    await ledgerBalanced();
  }, 60_000);

  it('every per-party rollup after payouts sent, reversed, failed and marked: exactly what the rows say, folded or not', async () => {
    expect(await expectPartyRollupsTrue(testApp.dataSource)).toBeGreaterThan(10);
    // Emptied at once, the marks leave each request covered by its payouts alone.
    const [{ marked }] = await testApp.dataSource.query(`SELECT count(*)::int AS marked FROM request_payout_marks`);
    expect(marked).toBeGreaterThan(0);
    await testApp.dataSource.query(`TRUNCATE request_payout_marks`);
    expect(await expectPartyRollupsTrue(testApp.dataSource)).toBeGreaterThan(10);
  });
});

describe('a payout transfer that keeps failing (sandbox provider)', () => {
  let testApp: TestApp;
  let clock: FakeClock;

  beforeAll(async () => {
    clock = new FakeClock(new Date());
    testApp = await createTestApp({ overrides: [{ provide: Clock, useValue: clock }], env: { JOBS_RETRY_LIMIT: '1', JOBS_RETRY_DELAY_SECONDS: '1' } });
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('gives up: the item failed, its money payable again, a money incident for the administrator', async () => {
    const fan = await createSignedIn(testApp, UserType.Fan);
    const admin = await createSignedIn(testApp, UserType.Admin);
    const athlete = await createBookableAthlete(testApp);
    await connectSandboxAccount(testApp, athlete);
    await finishedRequest(testApp, clock, fan, athlete);
    // Stripe restricted the account and its webhook has not arrived: Huddle still thinks it ready.
    const [{ provider_account_id: accountId }] = await testApp.dataSource.query(`SELECT provider_account_id FROM payout_accounts WHERE athlete_id = $1`, [athlete.account.id]);
    await testApp.get<SandboxPayoutProvider>(PAYOUT_PROVIDER as never).restrict(accountId, 'external_account');

    const sent = await api(testApp)
      .post('/admin/payments/payout-send', { payout_items: [{ athlete_id: athlete.account.id, amount: SHARE, email: athlete.account.email, phone: null }] }, admin.token)
      .expect(201);
    await settle(testApp);
    const [item] = await testApp.dataSource.query(`SELECT id, status, last_error FROM payout_items WHERE payout_id = $1`, [sent.body.payout.id]);
    expect(item.status).toBe('failed');
    expect(item.last_error).toMatch(/cannot receive transfers/);
    expect(await ledgerOwed(testApp, athlete.account.id)).toBe(16000);
    const incidents = await testApp.dataSource.query(`SELECT kind, subject_type, amount_cents::int AS amount FROM money_incidents WHERE subject_id = $1`, [item.id]);
    expect(incidents).toEqual([{ kind: 'transfer_failed', subject_type: 'payout_item', amount: 16000 }]);
    const alerts = await testApp.dataSource.query(`SELECT count(*)::int AS n FROM notifications WHERE user_id = $1`, [admin.account.id]);
    expect(alerts[0].n).toBe(1);
    const check = await testApp.get(PaymentsService).ledgerCheck();
    expect(check.violations).toEqual([]);
  });

  /**
   * A finished request's athlete paid `amount` dollars by an administrator while the athlete's
   * account is restricted at the provider and Huddle has not heard yet: the transfer's first try is
   * refused, and it stays on its way until the job retries (a second later) or gives up.
   */
  async function payoutToRestrictedAccount(amount: number) {
    const fan = await createSignedIn(testApp, UserType.Fan);
    const admin = await createSignedIn(testApp, UserType.Admin);
    const athlete = await createBookableAthlete(testApp);
    await connectSandboxAccount(testApp, athlete);
    const requestId = await finishedRequest(testApp, clock, fan, athlete);
    const [{ provider_account_id: accountId }] = await testApp.dataSource.query(`SELECT provider_account_id FROM payout_accounts WHERE athlete_id = $1`, [athlete.account.id]);
    await testApp.get<SandboxPayoutProvider>(PAYOUT_PROVIDER as never).restrict(accountId, 'external_account');
    const sent = await api(testApp)
      .post('/admin/payments/payout-send', { payout_items: [{ athlete_id: athlete.account.id, amount, email: athlete.account.email, phone: null }] }, admin.token)
      .expect(201);
    const mark = () => api(testApp).put('/admin/payments/payout-status', { id: requestId, status: 'paid' }, admin.token);
    return { admin, athlete, requestId, accountId, payoutId: sent.body.payout.id as string, mark };
  }

  it('marking paid a payout on its way marks nothing; once the transfer is refused the request reads unpaid and can be marked', async () => {
    const { athlete, requestId, mark } = await payoutToRestrictedAccount(SHARE);

    // All of the share is on its way (the job retries a second later): there is nothing to mark.
    expect((await mark().expect(200)).body).toMatchObject({ payout_status: 'processing', message: 'Nothing to mark: this payout is already paid or on its way' });
    expect(await testApp.dataSource.query(`SELECT 1 FROM request_payout_marks WHERE request_id = $1`, [requestId])).toEqual([]);
    await settle(testApp);
    expect(await payoutStatusesOf(testApp, athlete.account.id, [requestId])).toEqual({ [requestId]: 'unpaid' });
    expect(await ledgerOwed(testApp, athlete.account.id)).toBe(16000);

    // Paid by hand now: all of it marked, nothing payable, and a request has one mark.
    expect((await mark().expect(200)).body).toMatchObject({ payout_status: 'paid', message: 'Status has been changed' });
    expect(await payoutStatusesOf(testApp, athlete.account.id, [requestId])).toEqual({ [requestId]: 'paid' });
    expect(await ledgerOwed(testApp, athlete.account.id)).toBe(0);
    expect((await mark().expect(200)).body.payout_status).toBe('paid');
    const audit = await testApp.dataSource.query(`SELECT after FROM admin_audit WHERE subject_id = $1 AND action = 'payout.status'`, [requestId]);
    expect(audit).toEqual([{ after: { payout_status: 'paid', marked_paid_cents: 16000 } }]);
    expect((await testApp.get(PaymentsService).ledgerCheck()).violations).toEqual([]);
  });

  it('a share disputed after its payout was made, before its transfer: held back, not sent, payable again once settled', async () => {
    // The first try of the transfer fails (the account restricted at the provider); the dispute is recorded before the retry.
    const { admin, athlete, requestId, accountId, payoutId } = await payoutToRestrictedAccount(SHARE);
    await api(testApp).post('/payments/sandbox/provider-events', { subject_id: requestId, event: 'dispute_opened' }, admin.token).expect(200);
    await settle(testApp);
    const [item] = await testApp.dataSource.query(`SELECT id, status FROM payout_items WHERE payout_id = $1`, [payoutId]);
    expect(item.status).toBe('failed');
    expect(await testApp.dataSource.query(`SELECT status, last_error FROM payout_allocations WHERE payout_item_id = $1`, [item.id])).toEqual([
      { status: 'failed', last_error: 'Held: the payment is disputed or was refunded at the card provider since the payout was made' },
    ]);
    expect(await testApp.dataSource.query(`SELECT count(*)::int AS n FROM sandbox_transfers WHERE destination = $1`, [accountId])).toEqual([{ n: 0 }]);
    const incidents = await testApp.dataSource.query(`SELECT kind, amount_cents::int AS amount, message FROM money_incidents WHERE subject_id = $1 AND status = 'open'`, [item.id]);
    // Only the hold is open: a 'recover it from the athlete' the dispute may have opened for the part on its way is closed.
    expect(incidents).toEqual([{ kind: 'transfer_failed', amount: 16000, message: expect.stringContaining('its $160.00 was not sent, and is payable again once that is settled') }]);
    // Owed again in the ledger, but held: not payable until the dispute is settled.
    expect(await ledgerOwed(testApp, athlete.account.id)).toBe(16000);
    expect(await payoutStatusesOf(testApp, athlete.account.id, [requestId])).toEqual({ [requestId]: 'unpaid' });
    // Nothing of it shows as sent, to the administrator or the athlete.
    const list = await api(testApp).get('/admin/payments/payout-sent-list?page=1&order=desc', admin.token).expect(200);
    const shown = list.body.payouts.find((payout: { id: string }) => payout.id === payoutId);
    expect(shown.items_view).toEqual([expect.objectContaining({ status: 'failed', amount: SHARE, sent_amount: 0 })]);
    const summary = await api(testApp).get('/payouts/summary', athlete.token).expect(200);
    expect(summary.body.payouts).toEqual([expect.objectContaining({ status: 'failed', amount: SHARE, sent_amount: 0, requests: [] })]);
    expect((await testApp.get(PaymentsService).ledgerCheck()).violations).toEqual([]);
  });

  it('reconciliation finds a transfer the provider made for a part Huddle gave up on (its money payable again), and one it never recorded', async () => {
    const { athlete, accountId, payoutId } = await payoutToRestrictedAccount(SHARE);
    await settle(testApp);
    const [allocation] = await testApp.dataSource.query(
      `SELECT a.id, a.payout_item_id AS item_id, a.request_id, a.status, a.amount_cents::int AS amount, a.idempotency_key, p.provider_payout_id AS transfer_group
         FROM payout_allocations a JOIN payout_items i ON i.id = a.payout_item_id JOIN payouts p ON p.id = i.payout_id WHERE i.payout_id = $1`,
      [payoutId],
    );
    expect(allocation.status).toBe('failed');
    expect(await ledgerOwed(testApp, athlete.account.id)).toBe(16000);
    const payouts = testApp.get(PayoutsService);
    const mine = async () => (await payouts.reconcileTransfers({ days: 30, graceSeconds: 0 })).filter((difference) => difference.itemId === allocation.item_id);
    expect(await mine()).toEqual([]);

    // The provider made the transfer after all (its answer was lost on every try), and someone made one more in the payout's group by hand.
    const provider = testApp.get<SandboxPayoutProvider>(PAYOUT_PROVIDER as never);
    await testApp.dataSource.query(`UPDATE sandbox_connect_accounts SET payouts_enabled = true, requirements_due = '{}' WHERE id = $1`, [accountId]);
    const made = await provider.createTransfer({
      amountCents: allocation.amount,
      destination: accountId,
      transferGroup: allocation.transfer_group,
      sourceTransaction: null,
      metadata: { payout_item_id: allocation.item_id, allocation_id: allocation.id, request_id: allocation.request_id },
      idempotencyKey: allocation.idempotency_key,
    });
    const stray = await provider.createTransfer({
      amountCents: 500,
      destination: accountId,
      transferGroup: allocation.transfer_group,
      sourceTransaction: null,
      metadata: {},
      idempotencyKey: `by-hand-${allocation.id}`,
    });
    expect(await mine()).toEqual([
      {
        itemId: allocation.item_id,
        code: 'unrecorded_transfer',
        message: `The provider made transfer ${made.id} of 16000 cents for request ${allocation.request_id}, which Huddle holds as failed: its money was made payable again though it left`,
      },
      { itemId: allocation.item_id, code: 'unknown_transfer', message: `The provider made transfer ${stray.id} of 500 cents in payout ${allocation.transfer_group} that Huddle has no record of sending` },
    ]);
    const incidents = await testApp.dataSource.query(`SELECT details->>'code' AS code, status FROM money_incidents WHERE subject_id = $1 AND kind = 'reconciliation' ORDER BY 1`, [allocation.item_id]);
    expect(incidents).toEqual([
      { code: 'unknown_transfer', status: 'open' },
      { code: 'unrecorded_transfer', status: 'open' },
    ]);
    // Reversed in full at the provider, the money is back: nothing to tell.
    await provider.reverseTransfer(made.id);
    await provider.reverseTransfer(stray.id);
    expect(await mine()).toEqual([]);
  });

  it('a request is marked once: the half marked beside a refused transfer stays marked, the refused half is payable again and goes with a payout', async () => {
    const { athlete, requestId, mark } = await payoutToRestrictedAccount(SHARE / 2);
    expect((await mark().expect(200)).body.payout_status).toBe('processing');
    await settle(testApp);
    expect(await payoutStatusesOf(testApp, athlete.account.id, [requestId])).toEqual({ [requestId]: 'unpaid' });
    expect(await ledgerOwed(testApp, athlete.account.id)).toBe(8000);
    const again = await mark().expect(409);
    expect(again.body.status_response.response_message).toBe('This payout was already marked paid once; what came back since is payable again and goes with the next payout');
    expect(await ledgerOwed(testApp, athlete.account.id)).toBe(8000);
  });
});
