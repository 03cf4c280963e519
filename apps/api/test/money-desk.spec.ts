import { UserType } from '@huddle/domain';
import { PaymentsService } from '../src/modules/payments/payments.service';
import { PayoutsService } from '../src/modules/payouts/payouts.service';
import { api } from './support/accounts-api';
import { bookAndPay, bookingPayload, movementsOf, settle } from './support/booking';
import { createSignedIn } from './support/fixtures';
import type { SignedIn } from './support/fixtures';
import { incidentsOf, moneyParties, providerIntentOf, toldTo } from './support/money';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

async function auditOf(testApp: TestApp, subjectId: string): Promise<Array<{ action: string; admin_id: string }>> {
  return testApp.dataSource.query(`SELECT action, admin_id FROM admin_audit WHERE subject_id = $1 ORDER BY created_at`, [subjectId]);
}

describe('the money desk (/admin/money)', () => {
  let testApp: TestApp;
  let fan: SignedIn;
  let athlete: SignedIn;
  let admin: SignedIn;

  beforeAll(async () => {
    // A money job gives up after two tries, a second apart, so a dead job is quick to make.
    testApp = await createTestApp({ env: { JOBS_RETRY_LIMIT: '1', JOBS_RETRY_DELAY_SECONDS: '1' } });
    ({ fan, athlete, admin } = await moneyParties(testApp));
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('is the administrator’s alone', async () => {
    const business = await createSignedIn(testApp, UserType.Business);
    for (const caller of [fan, athlete, business]) {
      await api(testApp).get('/admin/money', caller.token).expect(403);
      await api(testApp).post('/admin/money/incident-resolve', { id: '00000000-0000-4000-8000-000000000000', resolution: 'x' }, caller.token).expect(403);
      await api(testApp).post('/admin/money/job-retry', { id: '00000000-0000-4000-8000-000000000000' }, caller.token).expect(403);
    }
    await api(testApp).get('/admin/money').expect(401);
  });

  it('a money job that gives up is an incident and a dead job, never a silent success; the retry (once) moves the money, audited; resolving the incident is audited', async () => {
    const id = await bookAndPay(testApp, fan, bookingPayload('shoutout', athlete.account.id));
    const intentId = await providerIntentOf(testApp, id);
    // The provider shows the hold charged, so releasing it fails on every try.
    await testApp.dataSource.query(`UPDATE sandbox_intents SET status = 'succeeded' WHERE id = $1`, [intentId]);
    await api(testApp).put(`/booking/request/decline?request_id=${id}`, {}, athlete.token).expect(200);
    await settle(testApp);
    // Recorded once, the administrators told; nothing said the hold was released, and the ledger still holds it.
    expect(await incidentsOf(testApp, id)).toEqual([{ kind: 'void_failed', status: 'open', message: expect.stringMatching(/payments\.void gave up after 2 tries: .*needs a refund/) }]);
    expect((await toldTo(testApp, admin.account.id)).at(-1)?.[0]).toBe('Card hold could not be released');
    expect((await toldTo(testApp, fan.account.id)).map(([title]) => title)).not.toContain('Card hold released');
    // The fan, promised the release, hears it is delayed (once), not silence.
    expect((await toldTo(testApp, fan.account.id)).filter(([title]) => title === 'Card hold not released yet')).toHaveLength(1);
    expect(await movementsOf(testApp, id)).toEqual(['authorised']);

    const desk = await api(testApp).get('/admin/money', admin.token).expect(200);
    const incident = desk.body.incidents.find((candidate: { subject_id: string }) => candidate.subject_id === id);
    expect(incident).toMatchObject({ kind: 'void_failed', label: 'Card hold could not be released', subject_type: 'request', status: 'open', link: `/manage/request/${id}` });
    const dead = desk.body.dead_jobs.find((job: { subject_id: string }) => job.subject_id === id);
    expect(dead).toMatchObject({ name: 'payments.void', label: 'Release a card hold', retry_count: 1 });
    expect(desk.body.balances).toMatchObject({ holds: expect.any(Number), cash: expect.any(Number), athlete_payable: expect.any(Number), paid_out: 0 });
    expect(desk.body.balances.holds).toBeGreaterThanOrEqual(10);

    // The provider is fixed; the administrator retries twice (a double click): one release.
    await testApp.dataSource.query(`UPDATE sandbox_intents SET status = 'requires_capture' WHERE id = $1`, [intentId]);
    await api(testApp).post('/admin/money/job-retry', { id: dead.id }, admin.token).expect(200);
    const again = await api(testApp).post('/admin/money/job-retry', { id: dead.id }, admin.token).expect(409);
    expect(again.body.status_response.response_message).toBe('This job is not waiting for a retry');
    await settle(testApp);
    expect(await movementsOf(testApp, id)).toEqual(['authorised', 'voided']);
    const [released] = await testApp.dataSource.query(`SELECT status FROM sandbox_intents WHERE id = $1`, [intentId]);
    expect(released.status).toBe('canceled');
    expect(await auditOf(testApp, dead.id)).toEqual([{ action: 'money.job.retry', admin_id: admin.account.id }]);
    const afterRetry = await api(testApp).get('/admin/money', admin.token).expect(200);
    expect(afterRetry.body.dead_jobs.map((job: { id: string }) => job.id)).not.toContain(dead.id);

    const missing = await api(testApp).post('/admin/money/incident-resolve', { id: incident.id, resolution: '' }, admin.token).expect(400);
    expect(JSON.stringify(missing.body)).toContain('This field is required');
    const resolved = await api(testApp).post('/admin/money/incident-resolve', { id: incident.id, resolution: 'Provider fixed; void retried' }, admin.token).expect(200);
    expect(resolved.body.incident).toMatchObject({ id: incident.id, status: 'resolved', resolution: 'Provider fixed; void retried' });
    await api(testApp).post('/admin/money/incident-resolve', { id: incident.id, resolution: 'again' }, admin.token).expect(409);
    await api(testApp).post('/admin/money/incident-resolve', { id: '00000000-0000-4000-8000-000000000000', resolution: 'x' }, admin.token).expect(404);
    expect(await auditOf(testApp, incident.id)).toEqual([{ action: 'money.incident.resolve', admin_id: admin.account.id }]);
    const closed = await api(testApp).get('/admin/money', admin.token).expect(200);
    expect(closed.body.incidents.map((candidate: { id: string }) => candidate.id)).not.toContain(incident.id);
  }, 60_000);

  it('reconciliation compares the provider, the ledger and the requests: a clean run, then every difference an incident', async () => {
    const clean = await bookAndPay(testApp, fan, bookingPayload('shoutout', athlete.account.id));
    await api(testApp).put(`/booking/request/accept?request_id=${clean}`, {}, athlete.token).expect(200);
    await settle(testApp);
    const payments = testApp.get(PaymentsService);
    const first = await payments.reconcile({ days: 30, graceSeconds: 0 });
    expect(first.balanced).toBe(true);
    expect(first.differences.filter((difference) => difference.subjectId === clean)).toEqual([]);

    // A refund made at the provider that Huddle never recorded, and a hold still held for a request that was canceled.
    const intentId = await providerIntentOf(testApp, clean);
    await testApp.dataSource.query(`UPDATE sandbox_intents SET amount_refunded_cents = 400 WHERE id = $1`, [intentId]);
    const held = await bookAndPay(testApp, fan, bookingPayload('shoutout', athlete.account.id));
    await testApp.dataSource.query(`UPDATE requests SET status = 3 WHERE id = $1`, [held]);
    const second = await payments.reconcile({ days: 30, graceSeconds: 0 });
    expect(second.differences).toEqual(
      expect.arrayContaining([
        { subjectId: clean, code: 'refunds', message: 'The provider refunded 400 cents, the ledger 0' },
        { subjectId: held, code: 'hold_left', message: 'The card is still held for a canceled request' },
      ]),
    );
    const incidents = await testApp.dataSource.query(`SELECT subject_id, kind FROM money_incidents WHERE kind = 'reconciliation' AND subject_id = ANY($1::text[]) ORDER BY subject_id`, [[clean, held]]);
    expect(incidents).toHaveLength(2);
    // The next run finds the same differences without opening them twice.
    await payments.reconcile({ days: 30, graceSeconds: 0 });
    const again = await testApp.dataSource.query(`SELECT count(*)::int AS n FROM money_incidents WHERE kind = 'reconciliation' AND subject_id = ANY($1::text[])`, [[clean, held]]);
    expect(again[0].n).toBe(2);
    // Resolved by an administrator while it stands (a refund made in the provider's dashboard, which
    // Huddle cannot mend): the next runs still list it but do not open it again. A changed amount
    // opens it, and so does a difference that went away and came back.
    const refundIncident = async () =>
      (await testApp.dataSource.query(`SELECT id, status FROM money_incidents WHERE dedup_key = $1`, [`reconcile:${clean}:refunds`]))[0] as { id: string; status: string };
    await api(testApp).post('/admin/money/incident-resolve', { id: (await refundIncident()).id, resolution: 'Refunded in the dashboard' }, admin.token).expect(200);
    const standing = await payments.reconcile({ days: 30, graceSeconds: 0 });
    expect(standing.differences).toContainEqual({ subjectId: clean, code: 'refunds', message: 'The provider refunded 400 cents, the ledger 0' });
    expect((await refundIncident()).status).toBe('resolved');
    await testApp.dataSource.query(`UPDATE sandbox_intents SET amount_refunded_cents = 500 WHERE id = $1`, [intentId]);
    await payments.reconcile({ days: 30, graceSeconds: 0 });
    expect((await refundIncident()).status).toBe('open');
    await api(testApp).post('/admin/money/incident-resolve', { id: (await refundIncident()).id, resolution: 'Refunded in the dashboard' }, admin.token).expect(200);
    await testApp.dataSource.query(`UPDATE sandbox_intents SET amount_refunded_cents = 0 WHERE id = $1`, [intentId]);
    expect((await payments.reconcile({ days: 30, graceSeconds: 0 })).differences.filter((difference) => difference.subjectId === clean)).toEqual([]);
    await testApp.dataSource.query(`UPDATE sandbox_intents SET amount_refunded_cents = 500 WHERE id = $1`, [intentId]);
    await payments.reconcile({ days: 30, graceSeconds: 0 });
    expect((await refundIncident()).status).toBe('open');
    await testApp.dataSource.query(`UPDATE sandbox_intents SET amount_refunded_cents = 400 WHERE id = $1`, [intentId]);
    // A payment through a provider this process does not use (a database moved from the sandbox to
    // Stripe, a command run without STRIPE_SECRET_KEY) is a difference, not a payment checked.
    const elsewhere = await bookAndPay(testApp, fan, bookingPayload('shoutout', athlete.account.id));
    const before = await payments.reconcile({ days: 30, graceSeconds: 0 });
    await testApp.dataSource.query(`UPDATE payment_intents SET provider = 'stripe' WHERE request_id = $1`, [elsewhere]);
    const third = await payments.reconcile({ days: 30, graceSeconds: 0 });
    expect(third.checked).toBe(before.checked - 1);
    expect(third.differences).toContainEqual({ subjectId: elsewhere, code: 'other_provider', message: 'Paid through stripe, which this process does not use (sandbox): not compared with the provider' });
    await testApp.dataSource.query(`UPDATE payment_intents SET provider = 'sandbox' WHERE request_id = $1`, [elsewhere]);
    const desk = await api(testApp).get('/admin/money', admin.token).expect(200);
    expect(desk.body.reconciliation).toMatchObject({ checked: third.checked, differences: third.differences.length, balanced: true });
    // The transfers' reconciliation is its own run: none yet, then the last one's result beside the payments'.
    expect(desk.body.transfer_reconciliation).toBeNull();
    // A payout item whose transfer never went (its job lost): the transfers' run finds it stuck.
    const [{ id: payoutId }] = await testApp.dataSource.query(
      `INSERT INTO payouts (provider, provider_payout_id, created_by, total_cents) VALUES ('sandbox', 'po_test_stuck', $1, 100) RETURNING id`,
      [admin.account.id],
    );
    const [{ id: stuckItem }] = await testApp.dataSource.query(
      `INSERT INTO payout_items (payout_id, athlete_id, amount_cents, destination_account_id, idempotency_key, created_at) VALUES ($1, $2, 100, 'acct_sbx_none', 'test:stuck', now() - interval '1 hour') RETURNING id`,
      [payoutId, athlete.account.id],
    );
    const transfers = await testApp.get(PayoutsService).reconcileTransfers({ days: 30, graceSeconds: 0 });
    const afterTransfers = await api(testApp).get('/admin/money', admin.token).expect(200);
    expect(afterTransfers.body.transfer_reconciliation).toEqual({ ran_at: expect.any(Number), checked: expect.any(Number), differences: transfers.length, balanced: true });
    expect(transfers).toEqual([expect.objectContaining({ itemId: stuckItem, code: 'stuck' })]);
    // The payments' run is still reported as it was.
    expect(afterTransfers.body.reconciliation).toEqual(desk.body.reconciliation);
  });

  it('the sandbox plays each provider event an administrator asks for, handled as Stripe’s webhook would be, audited', async () => {
    const play = (subjectId: string, event: string, token = admin.token) => api(testApp).post('/payments/sandbox/provider-events', { subject_id: subjectId, event }, token);
    const pending = await bookAndPay(testApp, fan, bookingPayload('shoutout', athlete.account.id));
    await play(pending, 'hold_canceled', fan.token).expect(403);
    await play(pending, 'explode').expect(400);
    await play('00000000-0000-4000-8000-000000000000', 'hold_canceled').expect(404);
    // Nothing was charged yet: there is nothing to dispute.
    const refused = await play(pending, 'dispute_opened').expect(409);
    expect(refused.body.status_response.response_message).toMatch(/was not charged/);

    // A hold canceled in the dashboard ends the pending request: released, never charged.
    expect((await play(pending, 'hold_canceled').expect(200)).body).toMatchObject({ type: 'payment_intent.canceled' });
    await settle(testApp);
    expect(await movementsOf(testApp, pending)).toEqual(['authorised', 'voided']);
    expect((await incidentsOf(testApp, pending)).map((incident) => incident.kind)).toEqual(['hold_lost']);

    // A captured one is disputed (its money withdrawn, its deadline kept), then the dispute is won.
    const charged = await bookAndPay(testApp, fan, bookingPayload('shoutout', athlete.account.id));
    await api(testApp).put(`/booking/request/accept?request_id=${charged}`, {}, athlete.token).expect(200);
    await settle(testApp);
    await play(charged, 'dispute_opened').expect(200);
    await settle(testApp);
    const desk = await api(testApp).get('/admin/money', admin.token).expect(200);
    expect(desk.body.disputes.find((dispute: { subject_id: string }) => dispute.subject_id === charged)).toMatchObject({
      amount: 10,
      status: 'needs_response',
      evidence_due_by: expect.any(Number),
      link: `/manage/request/${charged}`,
    });
    expect(desk.body.balances.disputed_funds).toBeGreaterThanOrEqual(10);
    await play(charged, 'dispute_won').expect(200);
    await play(charged, 'dispute_won').expect(409);
    await settle(testApp);
    expect(await movementsOf(testApp, charged)).toEqual(['authorised', 'captured', 'dispute_reinstated', 'dispute_withdrawn', 'owed_to_athlete']);
    const seen = await api(testApp).get(`/booking/request?id=${charged}`, fan.token).expect(200);
    expect(seen.body.request.money.map((line: { text: string }) => line.text)).toEqual(
      expect.arrayContaining(['Payment of $10.00 disputed', 'Dispute won: $10.00 returned']),
    );

    // A refund made in the dashboard is an incident; the ledger is left for an administrator.
    await play(charged, 'refund_outside').expect(200);
    await settle(testApp);
    expect((await incidentsOf(testApp, charged)).map((incident) => incident.kind)).toEqual(['dispute_opened', 'refund_outside_huddle']);
    expect(await movementsOf(testApp, charged)).not.toContain('refunded');
    const audit: Array<{ action: string }> = await testApp.dataSource.query(`SELECT action FROM admin_audit WHERE subject_id = ANY($1::text[]) ORDER BY created_at`, [[pending, charged]]);
    expect(audit.map((row) => row.action)).toEqual(['payments.sandbox-event', 'payments.sandbox-event', 'payments.sandbox-event', 'payments.sandbox-event']);
  });
});
