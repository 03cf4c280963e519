import request from 'supertest';
import { parse } from 'csv-parse/sync';
import { ErrorCode, UserType } from '@huddle/domain';
import { NIL_GO_STATUS_LABELS, nilReportBy } from '@huddle/domain/nil';
import { Clock } from '../src/common/time/clock';
import { REQUEST_CHANGED } from '../src/modules/booking/booking-events';
import type { RequestChangedEvent } from '../src/modules/booking/booking-events';
import { JobsService } from '../src/modules/jobs/jobs.service';
import type { NilDisclosureDto } from '../src/modules/nil/dto/nil.dto';
import { NIL_MESSAGES } from '../src/modules/nil/nil.errors';
import { NIL_FLAGGED_CSV_HEADER } from '../src/modules/nil/nil-exports';
import { api, outboxFor } from './support/accounts-api';
import { bookAndPay, bookingPayload, confirmCard, createBookableAthlete, settle } from './support/booking';
import { FakeClock } from './support/fake-clock';
import { createSignedIn } from './support/fixtures';
import type { SignedIn } from './support/fixtures';
import { pdfText } from './support/pdf-text';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

const MINUTE = 60_000;

/**
 * NIL disclosure (issue 23), booked, paid and accepted for real through the API. The clock starts
 * on Friday 27 November 2026 at 15:00 UTC (10:00 in New York), so a deal flagged that day is to be
 * reported by Friday 4 December (Mon 30 .. Fri 4: five business days).
 */
describe('NIL disclosures', () => {
  let testApp: TestApp;
  let clock: FakeClock;
  let athlete: SignedIn;
  let otherAthlete: SignedIn;
  let fan: SignedIn;
  let business: SignedIn;
  let admin: SignedIn;

  const accept = (id: string, who: SignedIn = athlete) => api(testApp).put(`/booking/request/accept?request_id=${id}&disclosure_acknowledged=true`, {}, who.token);
  /** An endorsement offer of `amount` dollars from `payor`, paid and accepted, its jobs run. */
  async function deal(payor: SignedIn, amount: number, to: SignedIn = athlete): Promise<string> {
    clock.advance(MINUTE);
    const id = await bookAndPay(testApp, payor, { ...bookingPayload('endorsement', to.account.id), request_amount: amount });
    await accept(id, to).expect(200);
    await settle(testApp);
    return id;
  }
  const list = async (who: SignedIn = athlete): Promise<NilDisclosureDto[]> => (await api(testApp).get('/athlete/nil-disclosures', who.token).expect(200)).body.disclosures;
  const of = async (requestId: string): Promise<NilDisclosureDto> => {
    const found = (await list()).find((row) => row.request_id === requestId);
    if (!found) throw new Error(`No disclosure for request ${requestId}`);
    return found;
  };
  const reported = (id: string, body: object, who: SignedIn = athlete) => api(testApp).post(`/athlete/nil-disclosures/${id}/reported`, body, who.token);
  const binary = (path: string, token: string) =>
    request(testApp.server)
      .get(`/api/v1${path}`)
      .set('x-access-token', token)
      .buffer(true)
      .parse((response, callback) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => callback(null, Buffer.concat(chunks)));
      });

  beforeAll(async () => {
    clock = new FakeClock(new Date('2026-11-27T15:00:00Z'));
    testApp = await createTestApp({ overrides: [{ provide: Clock, useValue: clock }] });
    athlete = await createBookableAthlete(testApp);
    otherAthlete = await createBookableAthlete(testApp);
    fan = await createSignedIn(testApp, UserType.Fan, { firstName: 'Riley', lastName: 'Parker' });
    business = await createSignedIn(testApp, UserType.Business);
    admin = await createSignedIn(testApp, UserType.Admin);
    await testApp.dataSource.query(
      `INSERT INTO business_profiles (account_id, name, email, website, single_line_address) VALUES ($1, 'Acme Co.', 'nil@acme.test', 'https://acme.test', '1 Main St, Austin, TX')
       ON CONFLICT (account_id) DO UPDATE SET name = EXCLUDED.name, email = EXCLUDED.email, website = EXCLUDED.website, single_line_address = EXCLUDED.single_line_address`,
      [business.account.id],
    );
  });

  afterAll(async () => {
    await testApp?.close();
  });

  describe('the $600 crossing, per payor', () => {
    let fanFirst: string;
    let businessFirst: string;
    let fanCrossing: string;
    let fanLater: string;
    let businessCrossing: string;

    beforeAll(async () => {
      fanFirst = await deal(fan, 300);
      businessFirst = await deal(business, 500);
    });

    it('flags nothing while each payor is under $600, though together they are over it', async () => {
      const [fanDeal, businessDeal] = [await of(fanFirst), await of(businessFirst)];
      expect(fanDeal).toMatchObject({ flagged: false, report_by: null, business_days_left: null, payor_total: 300, void: false, amount: 300, platform_fee: 60, athlete_net: 240 });
      expect(businessDeal).toMatchObject({ flagged: false, report_by: null, payor_total: 500 });
      expect(fanDeal.payor).toEqual({ kind: 'fan', name: 'Riley P.', company: null });
      expect(businessDeal.payor).toEqual({ kind: 'business', name: 'Acme Co.', company: { name: 'Acme Co.', email: 'nil@acme.test', website: 'https://acme.test', address: '1 Main St, Austin, TX' } });
      expect(fanDeal.request_type).toBe('endorsement');
      expect(fanDeal.obligations).toBe(['Endorsement: "Test endorsement"', 'Task: Post a reel about our shop', 'Link: https://example.com/shop'].join('\n'));
    });

    it("flags the deal that brings a payor's total to $600 with its report-by date, and every later one from that payor", async () => {
      fanCrossing = await deal(fan, 300); // 300 + 300 = 600: reaches it
      const crossing = await of(fanCrossing);
      expect(crossing).toMatchObject({ flagged: true, payor_total: 600, report_by: '2026-12-04', business_days_left: 5, reported_on: null, nil_go_status: null });
      expect(crossing.report_by).toBe(nilReportBy(new Date(crossing.agreed_at)));
      expect(crossing.packet_filename).toBe('huddle-nil-disclosure-2026-11-27-riley-p.pdf');
      fanLater = await deal(fan, 25);
      expect(await of(fanLater)).toMatchObject({ flagged: true, payor_total: 625, report_by: '2026-12-04' });
      // The first deal stays as it was: it did not reach $600.
      expect(await of(fanFirst)).toMatchObject({ flagged: false, payor_total: 300 });
      // The business is still under: its total counts only its own deals.
      businessCrossing = await deal(business, 150);
      expect(await of(businessCrossing)).toMatchObject({ flagged: true, payor_total: 650, payor: { kind: 'business', name: 'Acme Co.' } });
    });

    it('lists the athlete\'s own deals, newest agreed first, and no one else\'s', async () => {
      const ids = (await list()).map((row) => row.request_id);
      expect(ids.slice(0, 5)).toEqual([businessCrossing, fanLater, fanCrossing, businessFirst, fanFirst]);
      expect(await list(otherAthlete)).toEqual([]);
    });

    it('tells the athlete in the app and by email, once per flagged deal', async () => {
      const { body } = await api(testApp).get('/user/notifications/list?page=1', athlete.token).expect(200);
      const texts = (body.notifications as Array<{ data: { title: string; text: string; link: string } }>).map((row) => row.data).filter((data) => data.title === 'Report your NIL deal');
      expect(texts).toEqual([
        { title: 'Report your NIL deal', text: 'Report your deal with Acme Co. to NIL Go by Fri, Dec 4.', link: '/locker-room' },
        { title: 'Report your NIL deal', text: 'Report your deal with Riley P. to NIL Go by Fri, Dec 4.', link: '/locker-room' },
        { title: 'Report your NIL deal', text: 'Report your deal with Riley P. to NIL Go by Fri, Dec 4.', link: '/locker-room' },
      ]);
      const mails = (await outboxFor(testApp, athlete.account.email)).filter((mail) => mail.subject === 'Huddle: Report your NIL deal');
      expect(mails).toHaveLength(3);
      expect(mails[0].text_body).toContain('Report your deal with Acme Co. to NIL Go by Fri, Dec 4.');
    });

    it('counts down in business days as the days pass, and goes negative once overdue', async () => {
      clock.advance(5 * 24 * 60 * MINUTE); // Wednesday 2 December
      expect((await of(fanCrossing)).business_days_left).toBe(2);
      clock.advance(5 * 24 * 60 * MINUTE); // Monday 7 December
      expect((await of(fanCrossing)).business_days_left).toBe(-1);
      clock.advance(-10 * 24 * 60 * MINUTE);
    });

    it('the packet: a PDF named for the deal, with its fields and the report-by date', async () => {
      const crossing = await of(businessCrossing);
      const response = await binary(`/athlete/nil-disclosures/${crossing.id}/packet`, athlete.token).expect(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${crossing.packet_filename}"`);
      const pdf = response.body as Buffer;
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const { text, total } = await pdfText(pdf);
      expect(total).toBe(1);
      const athleteName = `${athlete.account.firstName} ${athlete.account.lastName}`;
      for (const expected of [
        'NIL deal disclosure packet',
        'Report by Fri, Dec 4, 2026',
        athleteName,
        'Acme Co. (business)',
        'nil@acme.test',
        'https://acme.test',
        '1 Main St, Austin, TX',
        'Endorsement',
        '$150.00',
        '$30.00',
        '$120.00',
        '$650.00',
        'Fri, Nov 27, 2026',
        'Task: Post a reel about our shop',
        'Page 1 of 1',
      ]) {
        expect(text).toContain(expected);
      }
    });

    it("answers 404 for another athlete's packet or a malformed id", async () => {
      const crossing = await of(businessCrossing);
      const foreign = await api(testApp).get(`/athlete/nil-disclosures/${crossing.id}/packet`, otherAthlete.token).expect(404);
      expect(foreign.body.status_response).toMatchObject({ response_internal_code: ErrorCode.NotFound, response_message: NIL_MESSAGES.notFound });
      await api(testApp).get('/athlete/nil-disclosures/not-an-id/packet', athlete.token).expect(404);
    });

    describe('marking a deal reported', () => {
      it('refuses what is not a date, a date before the deal was agreed and a date after today, with their messages', async () => {
        const crossing = await of(fanCrossing);
        const bad = await reported(crossing.id, { reported_on: '27/11/2026' }).expect(400);
        expect(bad.body.errors).toEqual({ reported_on: NIL_MESSAGES.reportedOnInvalid });
        const impossible = await reported(crossing.id, { reported_on: '2026-02-30' }).expect(400);
        expect(impossible.body.errors).toEqual({ reported_on: NIL_MESSAGES.reportedOnInvalid });
        const before = await reported(crossing.id, { reported_on: '2026-11-26' }).expect(400);
        expect(before.body.errors).toEqual({ reported_on: 'The report date cannot be before the deal was agreed (Fri, Nov 27, 2026)' });
        const future = await reported(crossing.id, { reported_on: '2026-11-28' }).expect(400);
        expect(future.body.errors).toEqual({ reported_on: NIL_MESSAGES.reportedInFuture });
        const status = await reported(crossing.id, { reported_on: '2026-11-27', nil_go_status: 'approved' }).expect(400);
        expect(status.body.errors).toEqual({ nil_go_status: NIL_MESSAGES.statusInvalid });
        expect(await of(fanCrossing)).toMatchObject({ reported_on: null, nil_go_status: null });
      });

      it('refuses a deal that is not flagged', async () => {
        const first = await of(fanFirst);
        const response = await reported(first.id, { reported_on: '2026-11-27' }).expect(409);
        expect(response.body.status_response.response_message).toBe(NIL_MESSAGES.notFlagged);
      });

      it("answers 404 for another athlete's deal, and refuses every other role", async () => {
        const crossing = await of(fanCrossing);
        await reported(crossing.id, { reported_on: '2026-11-27' }, otherAthlete).expect(404);
        for (const who of [fan, business, admin]) {
          const response = await reported(crossing.id, { reported_on: '2026-11-27' }, who).expect(403);
          expect(response.body.status_response.response_internal_code).toBe(ErrorCode.Forbidden);
          await api(testApp).get('/athlete/nil-disclosures', who.token).expect(403);
        }
        expect(await of(fanCrossing)).toMatchObject({ reported_on: null });
      });

      it('records the date and the NIL Go status, stops the countdown, and takes a changed status', async () => {
        const crossing = await of(fanCrossing);
        const first = await reported(crossing.id, { reported_on: '2026-11-27' }).expect(200);
        expect(first.body.disclosure).toMatchObject({ id: crossing.id, reported_on: '2026-11-27', nil_go_status: null, business_days_left: null, report_by: '2026-12-04' });
        const again = await reported(crossing.id, { reported_on: '2026-11-27', nil_go_status: 'cleared' }).expect(200);
        expect(again.body.disclosure).toMatchObject({ reported_on: '2026-11-27', nil_go_status: 'cleared' });
        expect(await of(fanCrossing)).toMatchObject({ reported_on: '2026-11-27', nil_go_status: 'cleared', business_days_left: null });
      });
    });

    it("the administrator's CSV of every flagged deal, parsed back, and its audit row", async () => {
      for (const who of [athlete, fan, business]) await api(testApp).get('/admin/nil-disclosures/flagged-export', who.token).expect(403);
      clock.advance(6 * 24 * 60 * MINUTE); // Thursday 3 December, 15:00 UTC
      clock.advance(5 * 24 * 60 * MINUTE); // Tuesday 8 December: the unreported ones are overdue
      const response = await request(testApp.server).get('/api/v1/admin/nil-disclosures/flagged-export').set('x-access-token', admin.token).expect(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe('attachment; filename="huddle-nil-flagged-2026-12-08.csv"');
      const rows: string[][] = parse(response.text);
      expect(rows[0]).toEqual([...NIL_FLAGGED_CSV_HEADER]);
      const athleteName = `${athlete.account.firstName} ${athlete.account.lastName}`;
      const mine = rows.slice(1).filter((row) => row[1] === athlete.account.email);
      expect(mine).toEqual([
        [athleteName, athlete.account.email, 'Riley P.', 'fan', 'Endorsement', '300.00', '60.00', '2026-11-27', '2026-12-04', '2026-11-27', NIL_GO_STATUS_LABELS.cleared, 'no', 'no'],
        [athleteName, athlete.account.email, 'Riley P.', 'fan', 'Endorsement', '25.00', '5.00', '2026-11-27', '2026-12-04', '', '', 'yes', 'no'],
        [athleteName, athlete.account.email, 'Acme Co.', 'business', 'Endorsement', '150.00', '30.00', '2026-11-27', '2026-12-04', '', '', 'yes', 'no'],
      ]);
      const audit: Array<{ action: string; after: { rows: number; filename: string } }> = await testApp.dataSource.query(
        `SELECT action, after FROM admin_audit WHERE admin_id = $1 AND action = 'nil.flagged_export'`,
        [admin.account.id],
      );
      expect(audit).toEqual([{ action: 'nil.flagged_export', after: { rows: rows.length - 1, filename: 'huddle-nil-flagged-2026-12-08.csv' } }]);
      clock.advance(-11 * 24 * 60 * MINUTE);
    });
  });

  it("records a campaign's share with the business as payor, as an endorsement campaign", async () => {
    const brand = await createSignedIn(testApp, UserType.Business);
    await testApp.dataSource.query(`INSERT INTO business_profiles (account_id, name) VALUES ($1, 'Brand LLC') ON CONFLICT (account_id) DO UPDATE SET name = EXCLUDED.name`, [
      brand.account.id,
    ]);
    const form = {
      name: 'Winter launch',
      endorsement_task: 'Post a reel wearing our new jersey',
      endorsement_link: 'example.com/jersey',
      social_media_platform: 'instagram',
      athlete_ids: [athlete.account.id, otherAthlete.account.id].join(','),
      proposed_amounts: JSON.stringify([
        { athlete_id: athlete.account.id, amount: 700 },
        { athlete_id: otherAthlete.account.id, amount: 100 },
      ]),
    };
    const created = await api(testApp).postForm('/booking/request/endorsement_campaign/create', form, brand.token).expect(201);
    const campaignId: string = created.body.campaign.id;
    const sheet = await api(testApp).post(`/payments/payment-sheet?endorsement_campaign_id=${campaignId}`, {}, brand.token).expect(200);
    await confirmCard(testApp, brand, sheet.body.payment_intent.client_secret);
    const paid = await api(testApp).post('/payments/set-paid', { endorsement_campaign_id: campaignId }, brand.token).expect(200);
    const shares: Array<{ id: string; athlete: { id: string } }> = paid.body.campaign.requests;
    for (const share of shares) await accept(share.id, share.athlete.id === athlete.account.id ? athlete : otherAthlete).expect(200);
    await settle(testApp);
    const mine = shares.find((share) => share.athlete.id === athlete.account.id)!;
    const record = await of(mine.id);
    expect(record).toMatchObject({
      request_type: 'endorsement_campaign',
      payor: { kind: 'business', name: 'Brand LLC', company: { name: 'Brand LLC', email: brand.account.email, website: null, address: null } },
      amount: 700,
      platform_fee: 140,
      athlete_net: 560,
      payor_total: 700,
      flagged: true,
    });
    expect(record.obligations).toContain('Campaign: "Winter launch"');
    expect(record.obligations).toContain('Task: Post a reel wearing our new jersey');
    const theirs = (await list(otherAthlete)).find((row) => row.request_id !== mine.id);
    expect(theirs).toMatchObject({ request_type: 'endorsement_campaign', payor_total: 100, flagged: false });
  });

  it('a deal refunded in full stays on record as void and is left out of later totals', async () => {
    const payor = await createSignedIn(testApp, UserType.Fan, { firstName: 'Sam', lastName: 'Refund' });
    const refunded = await deal(payor, 500);
    await api(testApp).put(`/admin/requests/cancel?request_id=${refunded}`, {}, admin.token).expect(200);
    await settle(testApp);
    const movements: Array<{ movement: string }> = await testApp.dataSource.query(`SELECT movement FROM ledger_movements WHERE request_id = $1`, [refunded]);
    expect(movements.map((row) => row.movement)).toContain('refunded');
    expect(await of(refunded)).toMatchObject({ void: true, payor_total: 500, flagged: false });
    // 500 (void) + 200 would cross $600; without the void deal it is 200.
    const next = await deal(payor, 200);
    expect(await of(next)).toMatchObject({ void: false, payor_total: 200, flagged: false });
  });

  it('only an acceptance and a cancel after it give the NIL module a job: a payment or a decline gets none', async () => {
    const payor = await createSignedIn(testApp, UserType.Fan);
    const nilJobs = async (requestId: string): Promise<number> => {
      const [{ count }]: Array<{ count: number }> = await testApp.dataSource.query(
        `SELECT count(*)::int AS count FROM pgboss.job WHERE name = $1 AND data->>'requestId' = $2`,
        [`${REQUEST_CHANGED}.nil`, requestId],
      );
      return count;
    };
    clock.advance(MINUTE);
    const declined = await bookAndPay(testApp, payor, { ...bookingPayload('endorsement', athlete.account.id), request_amount: 30 });
    await api(testApp).put(`/booking/request/decline?request_id=${declined}`, {}, athlete.token).expect(200);
    await settle(testApp);
    expect(await nilJobs(declined)).toBe(0);
    const accepted = await deal(payor, 30);
    expect(await nilJobs(accepted)).toBe(1);
    await api(testApp).put(`/admin/requests/cancel?request_id=${accepted}`, {}, admin.token).expect(200);
    await settle(testApp);
    expect(await nilJobs(accepted)).toBe(2);
    expect(await of(accepted)).toMatchObject({ void: true });
  });

  it('two acceptances at once, and the event delivered twice, never write two records', async () => {
    const payor = await createSignedIn(testApp, UserType.Fan);
    clock.advance(MINUTE);
    const id = await bookAndPay(testApp, payor, { ...bookingPayload('endorsement', athlete.account.id), request_amount: 40 });
    const answers = await Promise.all([accept(id), accept(id), accept(id)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    await settle(testApp);
    // The acceptance's event once more (a redelivery under another job id).
    const [row]: Array<{ athlete_id: string; requester_id: string; details: Record<string, unknown> }> = await testApp.dataSource.query(
      `SELECT athlete_id, requester_id, details FROM requests WHERE id = $1`,
      [id],
    );
    const event: RequestChangedEvent = {
      requestId: id,
      action: 'accept',
      fromStatus: 1,
      toStatus: 2,
      type: 'endorsement',
      athleteId: row.athlete_id,
      requesterId: row.requester_id,
      actorId: row.athlete_id,
      details: row.details,
    };
    await testApp.dataSource.transaction((manager) => testApp.get(JobsService).publishIn(manager, REQUEST_CHANGED, event));
    await settle(testApp);
    const records: unknown[] = await testApp.dataSource.query(`SELECT id FROM nil_disclosures WHERE request_id = $1`, [id]);
    expect(records).toHaveLength(1);
  });
});
