import { statSync } from 'node:fs';
import request from 'supertest';
import { ATHLETE_SERVICE_TYPES, photoVariantPaths, UserType } from '@huddle/domain';
import { SWEEP_REQUEST_TIMERS } from '../src/modules/booking/request-timers';
import { JobsService } from '../src/modules/jobs/jobs.service';
import { PaymentsService } from '../src/modules/payments/payments.service';
import { PayoutsService } from '../src/modules/payouts/payouts.service';
import { DEMO_ACCOUNTS, DEMO_BUSINESS_INFO, DEMO_INTRO_VIDEO, DemoSeeder, SEEDED_ATHLETES } from '../src/modules/demo/demo-seeder.service';
import { api } from './support/accounts-api';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

interface Card {
  athlete_id: string;
  username: string;
  first_name: string;
  last_name: string;
  profile_photo: string;
  dashboard_photo: string;
  sports_played: string;
  school_name: string;
  rating: number | null;
  reviews_count: number;
}

async function allCards(testApp: TestApp): Promise<{ total: number; cards: Card[] }> {
  const cards: Card[] = [];
  let total = 0;
  for (let page = 1; ; page += 1) {
    const response = await api(testApp).get(`/public/athletes/search?page=${page}&page_size=50`).expect(200);
    total = response.body.total;
    cards.push(...response.body.athletes);
    if (response.body.athletes.length < 50) return { total, cards };
  }
}

describe('demo seed', () => {
  let testApp: TestApp;

  // Seeding hashes passwords and stores photos; on a loaded 2-core machine it can outlast Jest's default.
  beforeAll(async () => {
    testApp = await createTestApp();
    expect(await testApp.get(DemoSeeder).seedIfEmpty()).toBe(true);
  }, 120_000);

  afterAll(async () => {
    await testApp.close();
  });

  it('keeps the four sign-in accounts, passwords hashed with argon2id, and seeds once', async () => {
    const rows: { email: string; user_type: number; password_hash: string; profile_completed: boolean }[] = await testApp.dataSource.query(
      'SELECT email, user_type, password_hash, profile_completed FROM accounts WHERE email = ANY($1) ORDER BY user_type',
      [DEMO_ACCOUNTS.map((account) => account.email)],
    );
    expect(rows.map((r) => r.user_type)).toEqual([1, 2, 3, 4]);
    for (const row of rows) {
      expect(row.profile_completed).toBe(true);
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(row.password_hash).not.toContain(DEMO_ACCOUNTS.find((a) => a.email === row.email)!.password);
    }
    // Seeded athletes are data, not sign-ins: none has a password.
    const [{ count: withoutPassword }] = await testApp.dataSource.query('SELECT count(*)::int AS count FROM accounts WHERE password_hash IS NULL');
    expect(withoutPassword).toBe(SEEDED_ATHLETES);

    expect(await testApp.get(DemoSeeder).seedIfEmpty()).toBe(false);
    const [{ count }] = await testApp.dataSource.query('SELECT count(*)::int AS count FROM accounts');
    expect(count).toBe(DEMO_ACCOUNTS.length + SEEDED_ATHLETES);
  });

  it('lists every athlete (the demo athlete included) across many sports and schools, complete, with rates within limits', async () => {
    const { total, cards } = await allCards(testApp);
    expect(total).toBe(SEEDED_ATHLETES + 1);
    expect(cards).toHaveLength(SEEDED_ATHLETES + 1);
    expect(new Set(cards.map((card) => card.username)).size).toBe(cards.length);
    expect(new Set(cards.map((card) => card.sports_played)).size).toBeGreaterThanOrEqual(12);
    expect(new Set(cards.map((card) => card.school_name)).size).toBeGreaterThanOrEqual(20);
    for (const card of cards) {
      expect(card.first_name).toMatch(/^[A-Z][a-z]+$/);
      expect(card.last_name).toMatch(/^[A-Z][a-z]+$/);
      expect(card.username).toMatch(/^[a-z]+\.[a-z]+\d*$/);
      expect(card.profile_photo).toMatch(/^\/media\/images\/.+\.jpg$/);
      expect(card.dashboard_photo).toMatch(/^\/media\/images\/.+\.jpg$/);
    }
    expect(cards.find((card) => card.username === 'jordan.miles')).toMatchObject({ first_name: 'Jordan', last_name: 'Miles' });
    // Reviews on most athletes, so the Reviews tab is rarely empty.
    const reviewed = cards.filter((card) => card.reviews_count > 0);
    expect(reviewed.length).toBeGreaterThanOrEqual(Math.floor(cards.length * 0.6));
    for (const card of reviewed) {
      expect(card.rating).toBeGreaterThanOrEqual(3);
      expect(card.rating).toBeLessThanOrEqual(5);
    }
    const endorsement = await api(testApp).get('/public/athletes/endorsement/search').expect(200);
    expect(endorsement.body.total).toBeGreaterThan(SEEDED_ATHLETES / 2);
    expect(endorsement.body.total).toBeLessThan(total);
  });

  it('finds every athlete by username with services, sports, school, description and links; most have history', async () => {
    const { cards } = await allCards(testApp);
    let withHistory = 0;
    for (const card of cards) {
      const response = await api(testApp).get(`/public/athletes?username=${card.username}`).expect(200);
      const { athlete, reviews, history } = response.body;
      expect(athlete).toMatchObject({ athlete_id: card.athlete_id, profile_url_path: `/@${card.username}`, gender: expect.any(Number) });
      expect(athlete.description.length).toBeGreaterThan(20);
      expect(athlete.description.length).toBeLessThanOrEqual(230);
      expect(athlete.instagram_link).toMatch(/^https:\/\/instagram\.com\//);
      expect(athlete.sports.length).toBeGreaterThanOrEqual(1);
      expect(athlete.school_id).toEqual(expect.any(Number));
      expect(athlete.services.length).toBeGreaterThanOrEqual(2);
      for (const service of athlete.services) {
        expect(service.rate).toBeGreaterThanOrEqual(10);
        expect(service.rate).toBeLessThanOrEqual(service.type === 'endorsement' ? 25000 : 1000);
        expect(service.rate % 10).toBe(0);
      }
      for (const review of reviews) {
        expect(review.rate).toBeGreaterThanOrEqual(3);
        // The demo fan by their name, the demo business by its business's name (as History names it).
        expect(['Riley Parker', 'Summit Sports Co.']).toContain(review.reviewer_name);
        // Reviews left through the product carry a rating only; the imported history has comments.
        if (review.comment !== null) expect(review.comment.length).toBeGreaterThan(3);
      }
      if (history.length > 0) withHistory += 1;
    }
    expect(withHistory).toBeGreaterThanOrEqual(Math.floor(cards.length * 0.7));
  });

  it('serves every seeded photo as a JPEG of the crop sizes', async () => {
    const { cards } = await allCards(testApp);
    for (const card of cards) {
      const profile = await request(testApp.server).get(`/api/v1${card.profile_photo}`).expect(200);
      expect(profile.headers['content-type']).toBe('image/jpeg');
      expect(profile.body.length).toBeGreaterThan(5_000);
      const dashboard = await request(testApp.server).get(`/api/v1${card.dashboard_photo}`).expect(200);
      expect(dashboard.headers['content-type']).toBe('image/jpeg');
    }
    const sizes: Array<{ width: number; height: number }> = await testApp.dataSource.query(
      "SELECT DISTINCT width, height FROM media_objects WHERE kind = 'image' AND variant_of IS NULL ORDER BY width",
    );
    expect(sizes).toEqual([
      { width: 320, height: 440 },
      { width: 1024, height: 1024 },
    ]);
  });

  it('stores every seeded photo with its WebP copies, smaller than the JPEG', async () => {
    const copies: Array<{ photo_width: number; content_type: string; width: number; height: number; count: number }> = await testApp.dataSource.query(
      `SELECT p.width AS photo_width, v.content_type, v.width, v.height, count(*)::int AS count
         FROM media_objects p JOIN media_objects v ON v.variant_of = p.key AND v.owner_account_id = p.owner_account_id
        WHERE p.kind = 'image' AND p.variant_of IS NULL
        GROUP BY 1, 2, 3, 4 ORDER BY 1, 3`,
    );
    const photos = SEEDED_ATHLETES + 1;
    expect(copies).toEqual([
      { photo_width: 320, content_type: 'image/webp', width: 160, height: 220, count: photos },
      { photo_width: 320, content_type: 'image/webp', width: 320, height: 440, count: photos },
      { photo_width: 1024, content_type: 'image/webp', width: 160, height: 160, count: photos },
      { photo_width: 1024, content_type: 'image/webp', width: 1024, height: 1024, count: photos },
    ]);

    const [card] = (await allCards(testApp)).cards;
    const jpeg = await request(testApp.server).get(`/api/v1${card.dashboard_photo}`).expect(200);
    const webp = await request(testApp.server).get(`/api/v1${photoVariantPaths(card.dashboard_photo)?.webp}`).expect(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.headers['cache-control']).toContain('immutable');
    expect(Number(webp.headers['content-length'])).toBeLessThan(Number(jpeg.headers['content-length']));
  });

  it('books the demo fan and business with athletes, so their recent athletes start with those they booked', async () => {
    const fan = DEMO_ACCOUNTS.find((account) => account.user_type === UserType.Fan)!;
    const session = await api(testApp).postForm('/user/sign-ins', { email: fan.email, password: fan.password }).expect(200);
    const recent = await api(testApp).get('/booking/athletes/recent', session.body.session_token).expect(200);
    const booked: Array<{ athlete_id: string }> = await testApp.dataSource.query(
      `SELECT q.athlete_id FROM requests q JOIN accounts a ON a.id = q.requester_id WHERE a.email = $1 GROUP BY q.athlete_id ORDER BY max(q.created_at) DESC LIMIT 10`,
      [fan.email],
    );
    expect(booked).toHaveLength(10);
    expect(recent.body.athletes.map((card: Card) => card.athlete_id)).toEqual(booked.map((row) => row.athlete_id));
    const [{ finished, reviewed }] = await testApp.dataSource.query(
      'SELECT count(*)::int AS finished, count(*) FILTER (WHERE reviewed)::int AS reviewed FROM requests WHERE status = 5',
    );
    expect(finished).toBeGreaterThanOrEqual(80);
    expect(reviewed).toBeGreaterThan(finished / 2);
  });

  it('books, pays and moves live requests of every type and status for the demo accounts, with a balanced ledger', async () => {
    await testApp.get(JobsService).drain(60_000, [SWEEP_REQUEST_TIMERS]);
    const rows: Array<{ type: string; status: number }> = await testApp.dataSource.query(
      `SELECT DISTINCT q.type, q.status FROM requests q JOIN accounts a ON a.id = q.athlete_id WHERE a.email = 'athlete@huddle.test' AND q.paid_at IS NOT NULL`,
    );
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set([1, 2, 3, 4, 5, 6]));
    expect(new Set(rows.map((row) => row.type))).toEqual(new Set(ATHLETE_SERVICE_TYPES));
    expect(await testApp.get(PaymentsService).ledgerCheck()).toMatchObject({ balanced: true, violations: [] });
    const [{ captured }] = await testApp.dataSource.query(`SELECT count(*)::int AS captured FROM ledger_movements WHERE movement = 'captured'`);
    expect(captured).toBeGreaterThanOrEqual(6);
  });

  it('gives the money screens content: a ready payout account, a sent payout, something payable, one open money incident', async () => {
    await testApp.get(JobsService).drain(60_000, [SWEEP_REQUEST_TIMERS]);
    const [athlete] = await testApp.dataSource.query(`SELECT id FROM accounts WHERE email = 'athlete@huddle.test'`);
    const [account] = await testApp.dataSource.query(`SELECT payouts_enabled FROM payout_accounts WHERE athlete_id = $1`, [athlete.id]);
    expect(account).toEqual({ payouts_enabled: true });
    const items = await testApp.dataSource.query(`SELECT amount_cents, status FROM payout_items WHERE athlete_id = $1`, [athlete.id]);
    expect(items).toEqual([{ amount_cents: 800, status: 'sent' }]);
    const payable = await testApp.get(PayoutsService).candidates(1, 20);
    const demo = payable.candidates.find((candidate) => candidate.contact.id === athlete.id);
    expect(demo?.due.payableCents).toBeGreaterThan(0);
    expect(demo?.ready).toBe(true);
    const incidents = await testApp.dataSource.query(`SELECT kind, status FROM money_incidents`);
    expect(incidents).toEqual([{ kind: 'hold_lost', status: 'open' }]);
    expect(await testApp.get(PaymentsService).ledgerCheck()).toMatchObject({ balanced: true, violations: [] });
  });

  it("keeps the months before the demo in the ledger as they happened: every finished request's payment captured and split, its share paid out", async () => {
    await testApp.get(JobsService).drain(60_000, [SWEEP_REQUEST_TIMERS]);
    // No paid, finished request without its money: the statistics and the locker room read the ledger.
    const missing = await testApp.dataSource.query(
      `SELECT r.id FROM requests r WHERE r.paid AND r.status = 5
          AND NOT EXISTS (SELECT 1 FROM ledger_movements m WHERE m.request_id = r.id AND m.movement = 'owed_to_athlete')`,
    );
    expect(missing).toEqual([]);
    // Each movement dated when it happened: the history's captures spread over the months before.
    const [spread] = await testApp.dataSource.query(
      `SELECT min(m.recorded_at) AS first, count(DISTINCT date_trunc('day', m.recorded_at))::int AS days
         FROM ledger_movements m JOIN requests r ON r.id = m.request_id WHERE m.movement = 'captured' AND r.status = 5`,
    );
    expect(Date.now() - new Date(spread.first).getTime()).toBeGreaterThan(60 * 86400 * 1000);
    expect(spread.days).toBeGreaterThan(30);
    // The history's shares were paid out (marked, with their paid_out), so only the demo athlete's live work is payable.
    const { candidates } = await testApp.get(PayoutsService).candidates(1, 100);
    const [athlete] = await testApp.dataSource.query(`SELECT id FROM accounts WHERE email = 'athlete@huddle.test'`);
    expect(candidates.filter((candidate) => candidate.due.payableCents > 0).map((candidate) => candidate.contact.id)).toEqual([athlete.id]);
    // Every imported one (no card payment of its own: no intent), the demo athlete's too, is marked with its paid_out.
    const [history] = await testApp.dataSource.query(
      `SELECT count(*)::int AS n,
              count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM request_payout_marks k JOIN ledger_movements m ON m.request_id = k.id AND m.movement = 'paid_out'
                                                  WHERE k.request_id = r.id AND m.amount_cents = r.amount_to_athlete_cents))::int AS unpaid
         FROM requests r WHERE r.status = 5 AND NOT EXISTS (SELECT 1 FROM payment_intents pi WHERE pi.request_id = r.id)`,
    );
    expect(history.n).toBeGreaterThan(100);
    expect(history.unpaid).toBe(0);
    const [own] = await testApp.dataSource.query(
      `SELECT count(*)::int AS n FROM requests r JOIN request_payout_marks k ON k.request_id = r.id WHERE r.athlete_id = $1`,
      [athlete.id],
    );
    expect(own.n).toBeGreaterThan(0);
    expect(await testApp.get(PaymentsService).ledgerCheck()).toMatchObject({ balanced: true, violations: [] });
  });

  it('gives every athlete, the demo athlete included, one stored intro video that plays', async () => {
    const rows: Array<{ intro_video: string | null }> = await testApp.dataSource.query('SELECT DISTINCT intro_video FROM accounts WHERE user_type = $1', [UserType.Athlete]);
    expect(rows).toHaveLength(1);
    const path = rows[0].intro_video ?? '';
    expect(path).toMatch(/^\/media\/videos\/.+\.mp4$/);
    const videos: Array<{ kind: string; duration_seconds: string; owner: string }> = await testApp.dataSource.query(
      // The demo requests' delivered videos and their watermarked copies are the other videos.
      `SELECT m.kind, m.duration_seconds, a.email AS owner FROM media_objects m JOIN accounts a ON a.id = m.owner_account_id
        WHERE m.kind = 'video' AND '/media/' || m.key NOT IN (SELECT details->>'watermarked_video' FROM requests WHERE details ? 'watermarked_video' AND details->>'watermarked_video' IS NOT NULL)`,
    );
    expect(videos).toEqual([{ kind: 'video', duration_seconds: expect.any(String), owner: 'athlete@huddle.test' }]);
    expect(Number(videos[0].duration_seconds)).toBeCloseTo(5, 0);

    const served = await request(testApp.server).get(`/api/v1${path}`).buffer(true).expect(200);
    expect(served.headers['content-type']).toBe('video/mp4');
    expect(Number(served.headers['content-length'])).toBe(statSync(DEMO_INTRO_VIDEO).size);
    // Small enough to ship: a few hundred KB at most.
    expect(statSync(DEMO_INTRO_VIDEO).size).toBeLessThan(300_000);

    const { cards } = await allCards(testApp);
    const profile = await api(testApp).get(`/public/athletes?username=${cards[cards.length - 1].username}`).expect(200);
    expect(profile.body.athlete.intro_video).toBe(path);
  });

  it('gives the demo business complete company details, so it can save its own profile', async () => {
    const business = DEMO_ACCOUNTS.find((account) => account.user_type === UserType.Business)!;
    const session = await api(testApp).postForm('/user/sign-ins', { email: business.email, password: business.password }).expect(200);
    const token: string = session.body.session_token;
    const { account } = (await api(testApp).get('/user/accounts', token).expect(200)).body;
    expect(account.business_info).toMatchObject({ ...DEMO_BUSINESS_INFO, user_id: account.id });

    // The settings form sends back what it shows: that must pass as it is.
    const info = account.business_info;
    const saved = await api(testApp)
      .put(
        '/user/accounts',
        {
          first_name: account.first_name,
          last_name: account.last_name,
          email: account.email,
          phone: account.phone,
          business_info: {
            name: info.name,
            email: info.email,
            phone: info.phone,
            website: info.website,
            about: info.about,
            description: info.description,
            category_list: info.category_list,
            single_line_address: info.single_line_address,
          },
        },
        token,
      )
      .expect(200);
    expect(saved.body.account.business_info).toMatchObject(DEMO_BUSINESS_INFO);
  });
});
