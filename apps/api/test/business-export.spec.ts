import { parse } from 'csv-parse/sync';
import { simpleParser } from 'mailparser';
import request from 'supertest';
import { ErrorCode, UserType } from '@huddle/domain';
import { Clock } from '../src/common/time/clock';
import { BUSINESS_EXPORT_JOB } from '../src/modules/booking/business-exports.service';
import { JobsService } from '../src/modules/jobs/jobs.service';
import { api } from './support/accounts-api';
import { bookAndPay, bookingPayload, createBookableAthlete, settle } from './support/booking';
import { FakeClock } from './support/fake-clock';
import { createSignedIn } from './support/fixtures';
import type { SignedIn } from './support/fixtures';
import { clockSeconds, finishedRequest } from './support/payouts';
import { pdfText } from './support/pdf-text';
import { startSmtpServer } from './support/smtp-server';
import type { LocalSmtpServer } from './support/smtp-server';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

const DAY = 86400;
const ROUTE = '/booking/request/counters-business-export';
const HOSTILE_FIRST_NAME = '=HYPERLINK("http://evil.example","Pay")';
const HOSTILE_REQUEST = '@SUM(1+1)';

interface ExportDto {
  id: string;
  format: 'csv' | 'pdf';
  send: boolean;
  status: 'queued' | 'running' | 'done' | 'failed';
  progress: number;
  filename: string;
  emailed_to: string | null;
  error: string | null;
  created_at: string;
  download_path: string | null;
}

/** The CSV's sections by title: each its header line and rows. */
function sectionsOf(csv: string): Map<string, string[][]> {
  const lines: string[][] = parse(csv, { relax_column_count: true, skip_empty_lines: false });
  const sections = new Map<string, string[][]>();
  let current: string[][] | null = null;
  for (const line of lines) {
    if (line.length === 1 && line[0] === '') {
      current = null;
    } else if (current === null) {
      current = [];
      sections.set(line[0], current);
    } else {
      current.push(line);
    }
  }
  return sections;
}

function binary(response: request.Response, callback: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => callback(null, Buffer.concat(chunks)));
}

/**
 * The business's statistics export (issue 23), against a history made through the API on a clock
 * the test holds (Thursday 26 November 2026, 12:00 UTC, 06:00 in Chicago). Business "Acme Co" books:
 * - a personal appearance with athlete A ($200), finished: spent $200;
 * - a video shoutout with A ($10) named '@SUM(1+1)', declined: rejected $10, spent nothing;
 * - a video chat with athlete B ($100), accepted: spent $100;
 * - a speaking engagement with B ($20), pending: neither accepted nor rejected, spent nothing.
 * Athlete A's first name starts with '='. Mail goes to a real local SMTP server.
 */
describe("the business's statistics export: GET /booking/request/counters-business-export", () => {
  let testApp: TestApp;
  let smtp: LocalSmtpServer;
  let clock: FakeClock;
  let business: SignedIn;
  let rival: SignedIn;
  let athleteA: SignedIn;
  let athleteB: SignedIn;

  const start = (who: SignedIn, query: string) => api(testApp).get(`${ROUTE}?${query}`, who.token);
  const exportsOf = async (who: SignedIn): Promise<number> =>
    (await testApp.dataSource.query(`SELECT count(*)::int AS count FROM business_exports WHERE business_id = $1`, [who.account.id]))[0].count;

  /** Starts an export and waits for its job: the row as the API then answers it. */
  async function finished(query: string): Promise<ExportDto> {
    const started = await start(business, query).expect(200);
    expect(started.body.export).toMatchObject({ status: 'queued', progress: 0, emailed_to: null, error: null, download_path: null });
    await testApp.get(JobsService).drainRequested(60_000);
    const seen = await api(testApp).get(`${ROUTE}/${started.body.export.id}`, business.token).expect(200);
    expect(seen.body.filename).toBe(started.body.filename);
    return seen.body.export;
  }

  const download = (dto: ExportDto) =>
    request(testApp.server).get(`/api/v1${dto.download_path}`).set('x-access-token', business.token).buffer(true).parse(binary).expect(200);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    clock = new FakeClock(new Date('2026-11-26T12:00:00Z'));
    testApp = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Huddle <stats@huddle.test>' },
      overrides: [{ provide: Clock, useValue: clock }],
    });
    business = await createSignedIn(testApp, UserType.Business);
    rival = await createSignedIn(testApp, UserType.Business);
    await testApp.dataSource.query(
      `INSERT INTO business_profiles (account_id, name) VALUES ($1, 'Acme Co') ON CONFLICT (account_id) DO UPDATE SET name = EXCLUDED.name`,
      [business.account.id],
    );
    athleteA = await createBookableAthlete(testApp);
    athleteB = await createBookableAthlete(testApp);
    await testApp.dataSource.query(`UPDATE accounts SET first_name = $2, last_name = 'Able' WHERE id = $1`, [athleteA.account.id, HOSTILE_FIRST_NAME]);
    await testApp.dataSource.query(`UPDATE accounts SET first_name = 'Bea', last_name = 'Baker' WHERE id = $1`, [athleteB.account.id]);

    await finishedRequest(testApp, clock, business, athleteA);
    const shoutout = await bookAndPay(testApp, business, { ...bookingPayload('shoutout', athleteA.account.id, { now: clockSeconds(clock) }), name: HOSTILE_REQUEST });
    await api(testApp).put(`/booking/request/decline?request_id=${shoutout}`, {}, athleteA.token).expect(200);
    const chat = await bookAndPay(testApp, business, bookingPayload('video_chat', athleteB.account.id, { now: clockSeconds(clock), startsIn: 2 * DAY }));
    await api(testApp).put(`/booking/request/accept?request_id=${chat}`, {}, athleteB.token).expect(200);
    await bookAndPay(testApp, business, bookingPayload('speaking_engagement', athleteB.account.id, { now: clockSeconds(clock), startsIn: 5 * DAY }));
    await settle(testApp);
  }, 400_000);

  afterAll(async () => {
    await testApp?.close();
    await smtp?.close();
  });

  it('makes a CSV whose every section, parsed back, holds the hand-computed figures and the /stats numbers', async () => {
    const done = await finished('export=csv&send=false&tz=America/Chicago');
    expect(done).toMatchObject({
      format: 'csv',
      send: false,
      status: 'done',
      progress: 100,
      filename: 'huddle-statistics-acme-co-2026-11-26.csv',
      emailed_to: null,
      error: null,
      download_path: `${ROUTE}/${done.id}/file`,
    });
    const file = await download(done);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe('attachment; filename="huddle-statistics-acme-co-2026-11-26.csv"');
    const sections = sectionsOf((file.body as Buffer).toString('utf8'));
    expect([...sections.keys()]).toEqual(['Summary', 'Totals', 'By status', 'By type', 'By athlete', 'Spending by month', 'Requests']);

    const summary = new Map(sections.get('Summary')!.slice(1).map(([field, value]) => [field, value]));
    expect(summary.get('Business')).toBe('Acme Co');
    // The first request was made at 06:00 in Chicago on 26 November; 'today' is the clock's day there.
    expect(summary.get('Period')).toBe(`2026-11-26 to ${new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(clock.now())}`);
    expect(summary.get('Time zone')).toBe('America/Chicago');
    expect(summary.get('Generated at')).toMatch(/^2026-11-26 \d{2}:\d{2} \(America\/Chicago\)$/);

    const stats = (await api(testApp).get('/booking/request/counters?tz=America/Chicago', business.token).expect(200)).body.counters.business_stats;
    const totals = sections.get('Totals')!.slice(1);
    expect(totals).toEqual([
      ['Total spent', '300.00'],
      ['Accepted total', '300.00'],
      ['Rejected total', '10.00'],
    ]);
    expect(totals.map((row) => Number(row[1]))).toEqual([stats.totals.spent, stats.totals.accepted, stats.totals.rejected]);

    expect(sections.get('By status')).toEqual([
      ['Status', 'Requests'],
      ['Pending', '1'],
      ['Accepted', '1'],
      ['In progress', '0'],
      ['Pending review', '0'],
      ['Finished', '1'],
      ['Canceled', '1'],
      ['Total', '4'],
    ]);
    expect(stats.by_status).toEqual({ pending: 1, accepted: 1, in_progress: 0, pending_review: 0, finished: 1, canceled: 1 });

    const byType = sections.get('By type')!;
    expect(byType[0]).toEqual(['Type', 'Requests', 'Spent (USD)', 'Accepted (USD)', 'Rejected (USD)']);
    expect(byType.slice(1).filter((row) => row[1] !== '0')).toEqual([
      ['Personal appearance', '1', '200.00', '200.00', '0.00'],
      ['Speaking engagement', '1', '0.00', '0.00', '0.00'],
      ['Video chat', '1', '100.00', '100.00', '0.00'],
      ['Video shoutout', '1', '0.00', '0.00', '10.00'],
    ]);
    expect(byType.slice(1).map((row) => [Number(row[1]), Number(row[2])])).toEqual(stats.by_type.map((row: { count: number; spent: number }) => [row.count, row.spent]));

    // A's name starts with '=': written as text (a leading apostrophe), never as a formula.
    expect(sections.get('By athlete')).toEqual([
      ['Athlete', 'Requests', 'Spent (USD)'],
      [`'${HOSTILE_FIRST_NAME} Able`, '2', '200.00'],
      ['Bea Baker', '2', '100.00'],
    ]);

    const months = sections.get('Spending by month')!;
    expect(months[0]).toEqual(['Month', 'Spent (USD)']);
    expect(months).toHaveLength(13);
    expect(months.at(-1)).toEqual(['Nov 2026', '300.00']);
    expect(months.slice(1).map((row) => Number(row[1]))).toEqual(stats.chart.months.map((bucket: { spent: number }) => bucket.spent));

    const requests = sections.get('Requests')!;
    expect(requests[0]).toEqual(['Date', 'Request', 'Athlete', 'Service', 'Status', 'Price (USD)', 'Spent (USD)']);
    expect(requests.slice(1).sort((a, b) => a[3].localeCompare(b[3]))).toEqual([
      ['2026-11-26', 'Test personal_appearance', `'${HOSTILE_FIRST_NAME} Able`, 'Personal appearance', 'Finished', '200.00', '200.00'],
      ['2026-11-26', 'Test speaking_engagement', 'Bea Baker', 'Speaking engagement', 'Pending', '20.00', '0.00'],
      ['2026-11-26', 'Test video_chat', 'Bea Baker', 'Video chat', 'Accepted', '100.00', '100.00'],
      ['2026-11-26', `'${HOSTILE_REQUEST}`, `'${HOSTILE_FIRST_NAME} Able`, 'Video shoutout', 'Canceled', '10.00', '0.00'],
    ]);
  });

  it('makes a PDF whose text names the business, the period and the totals, with page numbers', async () => {
    const done = await finished('export=pdf&send=false&tz=America/Chicago');
    expect(done).toMatchObject({ status: 'done', progress: 100, filename: 'huddle-statistics-acme-co-2026-11-26.pdf' });
    const file = await download(done);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('attachment; filename="huddle-statistics-acme-co-2026-11-26.pdf"');
    const pdf = file.body as Buffer;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages, total } = await pdfText(pdf);
    expect(total).toBeGreaterThanOrEqual(1);
    expect(pages[0]).toContain('Acme Co');
    expect(pages[0]).toContain('Huddle');
    expect(pages[0]).toContain('2026-11-26 to 2026-11-26');
    expect(pages[0]).toContain('$300.00');
    expect(pages[0]).toContain('$10.00');
    expect(pages[0]).toContain(`Page 1 of ${total}`);
    pages.forEach((page, index) => expect(page).toContain(`Page ${index + 1} of ${total}`));
    for (const label of ['By status', 'By type', 'By athlete', 'Spending by month', 'Requests', 'Bea Baker', 'Video shoutout', '$200.00']) expect(text).toContain(label);
  });

  it("emails the file as an attachment to the account's own email, and says so only once the server took it", async () => {
    const [{ email }]: Array<{ email: string }> = await testApp.dataSource.query(`SELECT email FROM accounts WHERE id = $1`, [business.account.id]);
    const before = smtp.received.length;
    const done = await finished('export=csv&send=true&tz=America/Chicago');
    expect(done).toMatchObject({ status: 'done', progress: 100, emailed_to: email, error: null });
    const sent = smtp.received.slice(before).filter((mail) => /^Subject: Your Huddle statistics \(CSV\)/m.test(mail.raw));
    expect(sent).toHaveLength(1);
    expect(sent[0].to).toEqual([email]);
    const parsed = await simpleParser(sent[0].raw);
    expect(parsed.text).toContain('Acme Co');
    expect(parsed.attachments).toHaveLength(1);
    const [attachment] = parsed.attachments;
    expect(attachment.filename).toBe('huddle-statistics-acme-co-2026-11-26.csv');
    expect(attachment.contentType).toBe('text/csv');
    const sections = sectionsOf(attachment.content.toString('utf8'));
    expect(sections.get('Totals')![1]).toEqual(['Total spent', '300.00']);
    // The emailed file is the downloadable one.
    expect((await download(done)).body).toEqual(attachment.content);
  });

  it('emails a PDF that reads back with its totals', async () => {
    const before = smtp.received.length;
    const done = await finished('export=pdf&send=true');
    expect(done.status).toBe('done');
    const [mail] = smtp.received.slice(before).filter((one) => /^Subject: Your Huddle statistics \(PDF\)/m.test(one.raw));
    const [attachment] = (await simpleParser(mail.raw)).attachments;
    expect(attachment.contentType).toBe('application/pdf');
    const { pages } = await pdfText(attachment.content);
    expect(pages[0]).toContain('Acme Co');
    expect(pages[0]).toContain('$300.00');
  });

  it('marks the export failed with the server\'s reason when the email is refused, and never says it was sent', async () => {
    smtp.refuse('Mailbox unavailable');
    try {
      const done = await finished('export=csv&send=true');
      expect(done.status).toBe('failed');
      expect(done.emailed_to).toBeNull();
      expect(done.download_path).toBeNull();
      expect(done.error).toMatch(/^The email could not be sent \(.*Mailbox unavailable.*\); please export again and download it$/);
    } finally {
      smtp.refuse(null);
    }
  });

  it('never sends twice: a retry after a crash between the send and its record fails the export instead', async () => {
    // As a crash leaves it: the file kept, the email claimed (handed to the server), no record of the answer.
    const [{ id }]: Array<{ id: string }> = await testApp.dataSource.query(
      `INSERT INTO business_exports (business_id, format, send, time_zone, status, progress, filename, content_type, file, mail_claimed_at)
       VALUES ($1, 'csv', true, 'UTC', 'running', 95, 'huddle-statistics-acme-co-2026-11-26.csv', 'text/csv; charset=utf-8', $2, now()) RETURNING id`,
      [business.account.id, Buffer.from('Summary\n')],
    );
    const before = smtp.received.length;
    await testApp.get(JobsService).enqueue(BUSINESS_EXPORT_JOB, { exportId: id });
    await testApp.get(JobsService).drainRequested(60_000);
    const seen = (await api(testApp).get(`${ROUTE}/${id}`, business.token).expect(200)).body.export as ExportDto;
    expect(seen).toMatchObject({ status: 'failed', emailed_to: null });
    expect(seen.error).toMatch(/could not confirm that the email was sent/);
    expect(smtp.received.length).toBe(before);
    // And a finished export's job run again does nothing.
    await testApp.get(JobsService).enqueue(BUSINESS_EXPORT_JOB, { exportId: id });
    await testApp.get(JobsService).drainRequested(60_000);
    expect(smtp.received.length).toBe(before);
  });

  it('lists a long history page by page (1,200 requests, pages of 500): every request once, the PDF over many pages with its header repeated', async () => {
    const longhaul = await createSignedIn(testApp, UserType.Business, { firstName: 'Longhaul', lastName: 'Ltd' });
    // Seeded in SQL (the API would take minutes for 1,200 bookings): paid shoutouts with B, a day apart, in four statuses.
    await testApp.dataSource.query(
      `INSERT INTO requests (type, status, athlete_id, requester_id, name, request_amount_cents, amount_to_athlete_cents, fee_amount_cents, paid, paid_at, finished_at, created_at)
       SELECT 'shoutout', (ARRAY[1, 2, 3, 5])[1 + n % 4], $2, $1, 'Shoutout ' || n, 1000 + n, 800, 200 + n, true, $3::timestamptz - n * interval '1 hour',
              CASE WHEN n % 4 = 3 THEN $3::timestamptz END, $3::timestamptz - n * interval '1 hour'
         FROM generate_series(1, 1200) AS n`,
      [longhaul.account.id, athleteB.account.id, clock.now()],
    );
    const started = await start(longhaul, 'export=csv').expect(200);
    await testApp.get(JobsService).drainRequested(120_000);
    const done = (await api(testApp).get(`${ROUTE}/${started.body.export.id}`, longhaul.token).expect(200)).body.export as ExportDto;
    expect(done).toMatchObject({ status: 'done', progress: 100, filename: 'huddle-statistics-longhaul-ltd-2026-11-26.csv' });
    const csv = await request(testApp.server).get(`/api/v1${done.download_path}`).set('x-access-token', longhaul.token).expect(200);
    const sections = sectionsOf(csv.text);
    const names = sections.get('Requests')!.slice(1).map((row) => row[1]);
    expect(names).toHaveLength(1200);
    expect(new Set(names).size).toBe(1200);
    // Newest first: 'Shoutout 1' was made an hour before the clock's time, 'Shoutout 1200' 1,200 hours before.
    expect(names[0]).toBe('Shoutout 1');
    expect(names.at(-1)).toBe('Shoutout 1200');
    // Accepted (2) and finished (5): n % 4 = 1 or 3, at 1000 + n cents each.
    const acceptedCents = Array.from({ length: 1200 }, (_, index) => index + 1)
      .filter((n) => n % 4 === 1 || n % 4 === 3)
      .reduce((sum, n) => sum + 1000 + n, 0);
    expect(sections.get('Totals')![2]).toEqual(['Accepted total', (acceptedCents / 100).toFixed(2)]);
    expect(sections.get('By status')!.at(-1)).toEqual(['Total', '1200']);

    const pdfStarted = await start(longhaul, 'export=pdf').expect(200);
    await testApp.get(JobsService).drainRequested(120_000);
    const pdfDone = (await api(testApp).get(`${ROUTE}/${pdfStarted.body.export.id}`, longhaul.token).expect(200)).body.export as ExportDto;
    const pdf = await request(testApp.server).get(`/api/v1${pdfDone.download_path}`).set('x-access-token', longhaul.token).buffer(true).parse(binary).expect(200);
    const { pages, total } = await pdfText(pdf.body as Buffer);
    // About 43 request rows a page.
    expect(total).toBeGreaterThan(25);
    pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} of ${total}`);
      expect(page).toContain('Longhaul Ltd');
      expect(page).toContain('Period: 2026-10-07 to 2026-11-26');
    });
    // The request list goes on over the pages after its first, each under its header again.
    const continued = pages.filter((page) => page.includes('Requests (continued)'));
    expect(continued.length).toBe(total - 1 - pages.findIndex((page) => page.includes('paid requests, newest first')));
    for (const page of continued) expect(page).toMatch(/Date\s+Request\s+Athlete\s+Service\s+Status\s+Price\s+Spent/);
    expect(pages.at(-1)).toContain('Shoutout 1200');
  }, 300_000);

  it("answers another business's export, and a file not yet made, with 1404", async () => {
    const done = await finished('export=csv');
    for (const path of [`${ROUTE}/${done.id}`, `${ROUTE}/${done.id}/file`, `${ROUTE}/not-a-uuid`, `${ROUTE}/00000000-0000-4000-8000-000000000000/file`]) {
      const refused = await api(testApp).get(path, rival.token).expect(404);
      expect(refused.body.status_response.response_internal_code).toBe(ErrorCode.NotFound);
    }
    const [{ id }]: Array<{ id: string }> = await testApp.dataSource.query(
      `INSERT INTO business_exports (business_id, format, send, time_zone, status, filename) VALUES ($1, 'pdf', false, 'UTC', 'failed', 'x.pdf') RETURNING id`,
      [business.account.id],
    );
    const early = await api(testApp).get(`${ROUTE}/${id}/file`, business.token).expect(404);
    expect(early.body.status_response.response_message).toBe('This export is not ready yet');
  });

  it('refuses fans, athletes and administrators on every route', async () => {
    const done = await finished('export=csv');
    const fan = await createSignedIn(testApp, UserType.Fan);
    const admin = await createSignedIn(testApp, UserType.Admin);
    for (const who of [fan, athleteA, admin]) {
      for (const path of [`${ROUTE}?export=csv`, `${ROUTE}/${done.id}`, `${ROUTE}/${done.id}/file`]) {
        const refused = await api(testApp).get(path, who.token);
        expect(refused.status).toBe(403);
        expect(refused.body.status_response.response_internal_code).toBe(ErrorCode.Forbidden);
      }
    }
    await api(testApp).get(`${ROUTE}?export=csv`).expect(401);
  });

  it('answers wrong export, send or tz values with 1400 and a clear message, storing nothing', async () => {
    const count = await exportsOf(business);
    const cases: Array<[string, Record<string, string>]> = [
      ['', { export: 'Choose csv or pdf' }],
      ['export=xlsx', { export: 'Choose csv or pdf' }],
      ['export=CSV', { export: 'Choose csv or pdf' }],
      ['export=csv&send=yes', { send: 'Choose true (email it) or false (download it)' }],
      ['export=pdf&tz=Mars/Olympus', { tz: 'Choose a valid time zone' }],
      ['export=pdf&tz=%3Cscript%3E', { tz: 'Choose a valid time zone' }],
    ];
    for (const [query, errors] of cases) {
      const refused = await start(business, query).expect(400);
      expect(refused.body.status_response.response_internal_code).toBe(ErrorCode.ValidationFailed);
      expect(refused.body.errors).toEqual(errors);
    }
    expect(await exportsOf(business)).toBe(count);
    await testApp.get(JobsService).drainRequested(60_000);
  });

  it('refuses a fourth export while three are queued or running, with 1429', async () => {
    await testApp.get(JobsService).drainRequested(60_000);
    // Three asked at once (their jobs not yet run: the rows alone, as a busy queue leaves them).
    const ids: string[] = [];
    for (const status of ['queued', 'running', 'queued']) {
      const [{ id }]: Array<{ id: string }> = await testApp.dataSource.query(
        `INSERT INTO business_exports (business_id, format, send, time_zone, status, filename) VALUES ($1, 'csv', false, 'UTC', $2, 'x.csv') RETURNING id`,
        [business.account.id, status],
      );
      ids.push(id);
    }
    const count = await exportsOf(business);
    const refused = await start(business, 'export=pdf').expect(429);
    expect(refused.body.status_response).toMatchObject({
      response_internal_code: ErrorCode.TooManyRequests,
      response_message: 'You already have 3 exports in progress; please wait for one to finish',
    });
    expect(await exportsOf(business)).toBe(count);
    // Another business is not held by this one's exports.
    await start(rival, 'export=csv').expect(200);
    // One finishing frees a place.
    await testApp.dataSource.query(`UPDATE business_exports SET status = 'done' WHERE id = $1`, [ids[0]]);
    await start(business, 'export=csv').expect(200);
    await testApp.dataSource.query(`UPDATE business_exports SET status = 'failed' WHERE id = ANY($1::uuid[])`, [ids]);
    await testApp.get(JobsService).drainRequested(60_000);
  });
});
