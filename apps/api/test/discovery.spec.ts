import { ErrorCode, MESSAGES, SPORTS, UserType } from '@huddle/domain';
import { ClusterBus } from '../src/database/cluster-bus';
import { AthletesService } from '../src/modules/athletes/athletes.service';
import { AccountsService } from '../src/modules/accounts/accounts.service';
import { BookingService } from '../src/modules/booking/booking.service';
import type { ImportedFinishedRequest } from '../src/modules/booking/booking.service';
import type { AccountEntity } from '../src/modules/accounts/entities/account.entity';
import { LISTINGS_CHANGED_CHANNEL } from '../src/modules/discovery/discovery.service';
import { api, signUp, uploadIntro, uploadPhoto } from './support/accounts-api';
import { createAccount, createSignedIn } from './support/fixtures';
import type { AccountOverrides, SignedIn } from './support/fixtures';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

const sportId = (name: string): number => SPORTS.find((sport) => sport.name === name)!.id;
const DAY = 86_400_000;

interface School {
  id: number;
  name: string;
  short_name: string;
}

describe('discovery: athlete search, recent athletes and public profiles', () => {
  let testApp: TestApp;
  let schoolA: School;
  let schoolB: School;
  let jordan: AccountEntity;
  let jorge: AccountEntity;
  let emily: AccountEntity;
  let incomplete: AccountEntity;
  let blocked: AccountEntity;
  let deleted: AccountEntity;
  let fan: SignedIn;
  let business: SignedIn;
  let athleteSession: SignedIn;
  const base = Date.now();

  /** A complete athlete: account, survey and services, created `minutesAgo` before the test run. */
  async function athlete(
    overrides: AccountOverrides,
    survey: { schoolId: number; sports: number[]; endorsement: number | null; shoutout?: number },
    minutesAgo: number,
  ): Promise<AccountEntity> {
    const account = await createAccount(testApp, UserType.Athlete, {
      profilePhoto: '/media/images/profile.jpg',
      dashboardPhoto: '/media/images/card.jpg',
      introVideo: '/media/videos/intro.mp4',
      ...overrides,
    });
    await testApp.dataSource.query('UPDATE accounts SET created_at = $1 WHERE id = $2', [new Date(base - minutesAgo * 60_000), account.id]);
    await testApp.get(AthletesService).save(
      account.id,
      {
        schoolId: survey.schoolId,
        sports: survey.sports,
        services: {
          endorsement_enabled: survey.endorsement !== null,
          ...(survey.endorsement !== null && { endorsement_rate: survey.endorsement }),
          shoutout_enabled: true,
          shoutout_rate: survey.shoutout ?? 30,
        },
      },
      { requireSurvey: true, requireService: true, fieldPrefix: '' },
    );
    return account;
  }

  /** A finished request; a shoutout's delivered video, and its watermarked copy unless `rendered` is false. */
  function finished(
    athleteId: string,
    requesterId: string,
    daysAgo: number,
    review: { rate: number; comment: string } | null,
    type: 'shoutout' | 'endorsement' = 'shoutout',
    rendered = true,
  ): ImportedFinishedRequest {
    const createdAt = new Date(base - daysAgo * DAY);
    return {
      type,
      athleteId,
      requesterId,
      name: `Request ${daysAgo}`,
      requestAmountCents: 3000,
      feeAmountCents: 600,
      socialMediaPlatform: null,
      details:
        type === 'shoutout'
          ? { video: `/media/deliveries/shoutout-${daysAgo}.mp4`, watermarked_video: rendered ? `/media/deliveries/marked-${daysAgo}.mp4` : null }
          : {},
      createdAt,
      acceptedAt: createdAt,
      finishedAt: new Date(createdAt.getTime() + DAY / 2),
      review: review ? { ...review, submittedAt: new Date(createdAt.getTime() + DAY) } : null,
    };
  }

  beforeAll(async () => {
    testApp = await createTestApp();
    const reference: { schools: School[] } = (await api(testApp).get('/public/meta/reference-data').expect(200)).body;
    schoolA = reference.schools.find((school) => school.name === 'Boston College')!;
    schoolB = reference.schools.find((school) => school.short_name !== school.name && !school.name.includes('Boston'))!;

    jordan = await athlete({ firstName: 'Jordan', lastName: 'Miles', username: 'jordan.miles', gender: 1, description: 'Guard at BC.', instagramLink: 'https://instagram.com/jm' }, { schoolId: schoolA.id, sports: [sportId('Basketball'), sportId('Baseball')], endorsement: 150.5 }, 30);
    jorge = await athlete({ firstName: 'Jorge', lastName: 'Milton', username: 'jorge.milton' }, { schoolId: schoolB.id, sports: [sportId('Football')], endorsement: null }, 20);
    emily = await athlete({ firstName: 'Emily', lastName: 'Stone', username: 'emily.stone' }, { schoolId: schoolA.id, sports: [sportId('Soccer')], endorsement: 90 }, 10);
    incomplete = await athlete({ firstName: 'Jordan', lastName: 'Unfinished', username: 'jordan.unfinished', profileCompleted: false }, { schoolId: schoolA.id, sports: [sportId('Basketball')], endorsement: 50 }, 5);
    blocked = await athlete({ firstName: 'Jordan', lastName: 'Blocked', username: 'jordan.blocked', blocked: true }, { schoolId: schoolA.id, sports: [sportId('Basketball')], endorsement: 50 }, 4);
    deleted = await athlete({ firstName: 'Jordan', lastName: 'Gone', username: 'jordan.gone' }, { schoolId: schoolA.id, sports: [sportId('Basketball')], endorsement: 50 }, 3);

    await testApp.dataSource.query('UPDATE accounts SET deleted_at = now() WHERE id = $1', [deleted.id]);
    fan = await createSignedIn(testApp, UserType.Fan, { firstName: 'Riley', lastName: 'Parker', profilePhoto: '/media/images/riley.jpg' });
    business = await createSignedIn(testApp, UserType.Business, { firstName: 'Morgan', lastName: 'Lee' });
    athleteSession = await createSignedIn(testApp, UserType.Athlete, { profileCompleted: false });

    await testApp.get(BookingService).importFinished([
      finished(jordan.id, fan.account.id, 9, { rate: 5, comment: 'Amazing shoutout!' }),
      finished(jordan.id, business.account.id, 6, { rate: 4, comment: 'Great promo.' }, 'endorsement'),
      finished(jordan.id, fan.account.id, 2, null),
      // Finished before its watermarked copy was rendered: not on the reel until it is.
      finished(emily.id, fan.account.id, 1, { rate: 3, comment: 'Good.' }, 'shoutout', false),
      finished(blocked.id, fan.account.id, 3, null),
    ]);
  });

  afterAll(async () => {
    await testApp.close();
  });

  const search = (query: Record<string, string | number | undefined>, path = '/public/athletes/search') => {
    const pairs = Object.entries(query).flatMap(([key, value]): Array<[string, string]> => (value === undefined ? [] : [[key, String(value)]]));
    return api(testApp).get(`${path}?${new URLSearchParams(pairs).toString()}`);
  };
  const names = (body: { athletes: Array<{ first_name: string; last_name: string }> }) => body.athletes.map((card) => `${card.first_name} ${card.last_name}`);

  describe('GET /public/athletes/search', () => {
    it('lists only complete, unblocked, live athletes, newest first, to a guest', async () => {
      const response = await search({}).expect(200);
      expect(names(response.body)).toEqual(['Emily Stone', 'Jorge Milton', 'Jordan Miles']);
      expect(response.body).toMatchObject({ total: 3, page: 1, page_size: 20 });
      expect(response.body.status_response.response_internal_code).toBe(0);
    });

    it('answers cards with real values: photos, first sport, school, endorsement rate in dollars, rating', async () => {
      const response = await search({ filter: 'jordan miles' }).expect(200);
      expect(response.body.athletes).toEqual([
        {
          athlete_id: jordan.id,
          username: 'jordan.miles',
          first_name: 'Jordan',
          last_name: 'Miles',
          profile_photo: '/media/images/profile.jpg',
          dashboard_photo: '/media/images/card.jpg',
          sports_played: 'Basketball',
          school_name: 'Boston College',
          endorsement_rate: 150.5,
          rating: 4.5,
          reviews_count: 2,
        },
      ]);
      const jorgeCard = (await search({ filter: 'jorge' }).expect(200)).body.athletes[0];
      expect(jorgeCard).toMatchObject({ athlete_id: jorge.id, endorsement_rate: null, rating: null, reviews_count: 0, sports_played: 'Football' });
    });

    it('matches names partially and case-insensitively, first, last or both, in any order', async () => {
      expect(names((await search({ filter: 'JOR' }).expect(200)).body)).toEqual(expect.arrayContaining(['Jordan Miles', 'Jorge Milton']));
      expect((await search({ filter: 'JOR' }).expect(200)).body.total).toBe(2);
      expect(names((await search({ filter: 'jor mil' }).expect(200)).body).sort()).toEqual(['Jordan Miles', 'Jorge Milton']);
      expect(names((await search({ filter: 'jordan mil' }).expect(200)).body)).toEqual(['Jordan Miles']);
      expect(names((await search({ filter: 'Miles Jordan', field: 'name' }).expect(200)).body)).toEqual(['Jordan Miles']);
      expect(names((await search({ filter: 'stone' }).expect(200)).body)).toEqual(['Emily Stone']);
      expect(names((await search({ filter: 'ilto' }).expect(200)).body)).toEqual(['Jorge Milton']);
    });

    it('ranks the closest name first', async () => {
      expect(names((await search({ filter: 'jorge milton' }).expect(200)).body)).toEqual(['Jorge Milton']);
      // "mil" starts the last names of Jordan and Jorge but sits inside Emily: the word starts rank higher.
      const mil = names((await search({ filter: 'mil' }).expect(200)).body);
      expect(mil.slice(0, 2).sort()).toEqual(['Jordan Miles', 'Jorge Milton']);
      expect(mil[2]).toBe('Emily Stone');
    });

    it('lists matches of a word too short to rank (under 3 letters) newest first', async () => {
      // "e" is in every name here; nothing narrows it, so no similarity ranking runs over all matches.
      expect(names((await search({ filter: 'E' }).expect(200)).body)).toEqual(['Emily Stone', 'Jorge Milton', 'Jordan Miles']);
      expect(names((await search({ filter: 'jo mi' }).expect(200)).body)).toEqual(['Jorge Milton', 'Jordan Miles']);
    });

    it('matches any of the athlete’s sports by partial name', async () => {
      expect(names((await search({ filter: 'BASKET', field: 'sport' }).expect(200)).body)).toEqual(['Jordan Miles']);
      expect(names((await search({ filter: 'baseball', field: 'sport' }).expect(200)).body)).toEqual(['Jordan Miles']);
      expect(names((await search({ filter: 'foot', field: 'sport' }).expect(200)).body)).toEqual(['Jorge Milton']);
      expect(names((await search({ filter: 'ball', field: 'sport' }).expect(200)).body)).toEqual(['Jorge Milton', 'Jordan Miles']);
    });

    it('matches the school by partial name or short name', async () => {
      expect(names((await search({ filter: 'boston coll', field: 'school' }).expect(200)).body)).toEqual(['Emily Stone', 'Jordan Miles']);
      const byShortName = await search({ filter: schoolB.short_name.toUpperCase(), field: 'school' }).expect(200);
      expect(names(byShortName.body)).toContain('Jorge Milton');
    });

    it('answers an empty page when nothing matches', async () => {
      for (const query of [{ filter: 'zzzz' }, { filter: 'curling', field: 'sport' }, { filter: 'no such school', field: 'school' }, { filter: '100%' }]) {
        const response = await search(query).expect(200);
        expect(response.body).toMatchObject({ athletes: [], total: 0, page: 1, page_size: 20 });
      }
    });

    it('pages with page and page_size, keeping the total', async () => {
      const first = await search({ page: 1, page_size: 2 }).expect(200);
      expect(names(first.body)).toEqual(['Emily Stone', 'Jorge Milton']);
      expect(first.body).toMatchObject({ total: 3, page: 1, page_size: 2 });
      const second = await search({ page: 2, page_size: 2 }).expect(200);
      expect(names(second.body)).toEqual(['Jordan Miles']);
      expect(second.body).toMatchObject({ total: 3, page: 2, page_size: 2 });
      const beyond = await search({ page: 3, page_size: 2 }).expect(200);
      expect(beyond.body).toMatchObject({ athletes: [], total: 3 });
    });

    it('refuses a page size over 50, a page under 1 and an unknown field (1400)', async () => {
      for (const query of [{ page_size: 51 }, { page: 0 }, { field: 'team' }]) {
        const response = await search(query).expect(400);
        expect(response.body.status_response.response_internal_code).toBe(ErrorCode.ValidationFailed);
      }
    });
  });

  describe('GET /public/athletes/endorsement/search', () => {
    it('lists only athletes with endorsements enabled, filters the same way', async () => {
      const all = await search({}, '/public/athletes/endorsement/search').expect(200);
      expect(names(all.body)).toEqual(['Emily Stone', 'Jordan Miles']);
      expect(all.body.total).toBe(2);
      expect(all.body.athletes.map((card: { endorsement_rate: number }) => card.endorsement_rate)).toEqual([90, 150.5]);
      const jor = await search({ filter: 'jor' }, '/public/athletes/endorsement/search').expect(200);
      expect(names(jor.body)).toEqual(['Jordan Miles']);
      expect(jor.body.total).toBe(1);
    });
  });

  describe('GET /booking/athletes/recent', () => {
    it('answers the athletes a fan booked, most recent first, then the newest others', async () => {
      const response = await api(testApp).get('/booking/athletes/recent', fan.token).expect(200);
      expect(response.body.athletes.map((card: { athlete_id: string }) => card.athlete_id)).toEqual([emily.id, jordan.id, jorge.id]);
      const limited = await api(testApp).get('/booking/athletes/recent?limit=1', fan.token).expect(200);
      expect(limited.body.athletes.map((card: { athlete_id: string }) => card.athlete_id)).toEqual([emily.id]);
    });

    it('answers a business that booked once its athlete first', async () => {
      const response = await api(testApp).get('/booking/athletes/recent', business.token).expect(200);
      expect(response.body.athletes.map((card: { athlete_id: string }) => card.athlete_id)).toEqual([jordan.id, emily.id, jorge.id]);
    });

    it('falls back to the newest athletes for a requester who booked nothing', async () => {
      const newcomer = await createSignedIn(testApp, UserType.Fan);
      const response = await api(testApp).get('/booking/athletes/recent?limit=2', newcomer.token).expect(200);
      expect(names(response.body)).toEqual(['Emily Stone', 'Jorge Milton']);
    });

    it('is closed to guests (401) and athletes (403)', async () => {
      expect((await api(testApp).get('/booking/athletes/recent').expect(401)).body.status_response.response_internal_code).toBe(ErrorCode.Unauthorized);
      expect((await api(testApp).get('/booking/athletes/recent', athleteSession.token).expect(403)).body.status_response.response_internal_code).toBe(ErrorCode.Forbidden);
    });
  });

  describe('GET /public/athletes', () => {
    it('answers a known athlete by id with profile, reviews, shoutouts and history', async () => {
      const response = await api(testApp).get(`/public/athletes?athlete_id=${jordan.id}`).expect(200);
      expect(response.body.athlete).toEqual({
        athlete_id: jordan.id,
        username: 'jordan.miles',
        first_name: 'Jordan',
        last_name: 'Miles',
        description: 'Guard at BC.',
        profile_photo: '/media/images/profile.jpg',
        dashboard_photo: '/media/images/card.jpg',
        intro_video: '/media/videos/intro.mp4',
        gender: 1,
        school_id: schoolA.id,
        school_name: 'Boston College',
        sports: [
          { id: sportId('Basketball'), name: 'Basketball' },
          { id: sportId('Baseball'), name: 'Baseball' },
        ],
        sports_played: 'Basketball',
        tiktok_link: null,
        twitter_link: null,
        snapchat_link: null,
        facebook_link: null,
        instagram_link: 'https://instagram.com/jm',
        services: [
          { type: 'endorsement', rate: 150.5, per_hour: false },
          { type: 'shoutout', rate: 30, per_hour: false },
        ],
        rating: 4.5,
        reviews_count: 2,
        profile_url_path: '/@jordan.miles',
      });
      const dayOf = (daysAgo: number, offset: number) => Math.floor((base - daysAgo * DAY + offset) / 1000);
      expect(response.body.reviews).toEqual([
        { rate: 4, submitted_at: dayOf(6, DAY), reviewer_name: 'Morgan Lee', reviewer_image: null, comment: 'Great promo.' },
        { rate: 5, submitted_at: dayOf(9, DAY), reviewer_name: 'Riley Parker', reviewer_image: '/media/images/riley.jpg', comment: 'Amazing shoutout!' },
      ]);
      expect(response.body.history).toEqual([
        { type: 'shoutout', finished_at: dayOf(2, DAY / 2), requester_name: 'Riley P.' },
        { type: 'endorsement', finished_at: dayOf(6, DAY / 2), requester_name: 'Morgan L.' },
        { type: 'shoutout', finished_at: dayOf(9, DAY / 2), requester_name: 'Riley P.' },
      ]);
      // Only rendered shoutouts, each played through the route that checks it is on the reel.
      const [recent, older] = await testApp.dataSource.query(
        `SELECT id FROM requests WHERE athlete_id = $1 AND type = 'shoutout' AND details->>'watermarked_video' IS NOT NULL ORDER BY finished_at DESC`,
        [jordan.id],
      );
      expect(response.body.shoutouts).toEqual([
        { id: recent.id, video: `public/athletes/shoutout-video?id=${recent.id}`, created_at: dayOf(2, 0) },
        { id: older.id, video: `public/athletes/shoutout-video?id=${older.id}`, created_at: dayOf(9, 0) },
      ]);
      // Never a stored video's path, the original's least of all.
      expect(JSON.stringify(response.body.shoutouts)).not.toContain('/media/');
    });

    it("plays a reel shoutout's watermarked copy through a short-lived signed URL, and nothing else through that route", async () => {
      const shoutouts: Array<{ id: string; athlete_id: string; marked: string | null }> = await testApp.dataSource.query(
        `SELECT id, athlete_id, details->>'watermarked_video' AS marked FROM requests WHERE type = 'shoutout' ORDER BY finished_at DESC`,
      );
      const onReel = shoutouts.find((row) => row.athlete_id === jordan.id && row.marked === '/media/deliveries/marked-2.mp4')!;
      const redirect = await api(testApp).get(`/public/athletes/shoutout-video?id=${onReel.id}`).expect(302);
      expect(redirect.headers.location).toMatch(/^\.\.\/\.\.\/media\/deliveries\/marked-2\.mp4\?expires=\d+&signature=[A-Za-z0-9_-]{43}$/);
      expect(redirect.headers['cache-control']).toBe('no-store');

      const unrendered = shoutouts.find((row) => row.athlete_id === emily.id && row.marked === null)!;
      const ofBlockedAthlete = shoutouts.find((row) => row.athlete_id === blocked.id)!;
      const [endorsement] = await testApp.dataSource.query(`SELECT id FROM requests WHERE type = 'endorsement' LIMIT 1`);
      for (const id of [unrendered.id, ofBlockedAthlete.id, endorsement.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
        const refused = await api(testApp).get(`/public/athletes/shoutout-video?id=${id}`).expect(404);
        expect(refused.body.status_response.response_internal_code).toBe(ErrorCode.NotFound);
      }
    });

    it("shows guests a History without request ids or requesters' full names; a business by its business name, in History and reviews", async () => {
      const before = await api(testApp).get(`/public/athletes?athlete_id=${jordan.id}`).expect(200);
      const requestIds: Array<{ id: string }> = await testApp.dataSource.query('SELECT id FROM requests WHERE athlete_id = $1', [jordan.id]);
      const historyText = JSON.stringify(before.body.history);
      for (const { id } of requestIds) expect(historyText).not.toContain(id);
      for (const fullName of ['Parker', 'Lee']) expect(historyText).not.toContain(fullName);
      expect(before.body.history.map((item: Record<string, unknown>) => Object.keys(item).sort())).toEqual(Array(3).fill(['finished_at', 'requester_name', 'type']));

      // Once the business has named itself, History shows that name instead of its contact's.
      await testApp.dataSource.query('INSERT INTO business_profiles (account_id, name) VALUES ($1, $2)', [business.account.id, 'Lee Promotions']);
      try {
        const after = await api(testApp).get(`/public/athletes?athlete_id=${jordan.id}`).expect(200);
        expect(after.body.history.map((item: { requester_name: string }) => item.requester_name)).toEqual(['Riley P.', 'Lee Promotions', 'Riley P.']);
        // Its review is the business's too: signed with the business's name, not its contact's.
        expect(after.body.reviews.map((review: { reviewer_name: string }) => review.reviewer_name)).toEqual(['Lee Promotions', 'Riley Parker']);
      } finally {
        await testApp.dataSource.query('DELETE FROM business_profiles WHERE account_id = $1', [business.account.id]);
      }
    });

    it('answers the same athlete by username, case-insensitively, and empty lists for one without requests', async () => {
      const byName = await api(testApp).get('/public/athletes?username=Jordan.Miles').expect(200);
      expect(byName.body.athlete.athlete_id).toBe(jordan.id);
      const quiet = await api(testApp).get('/public/athletes?username=jorge.milton').expect(200);
      expect(quiet.body).toMatchObject({ reviews: [], shoutouts: [], history: [] });
      expect(quiet.body.athlete).toMatchObject({ rating: null, reviews_count: 0, services: [{ type: 'shoutout', rate: 30, per_hour: false }] });
    });

    it("answers 1404 'Athlete not found' for unknown, incomplete, blocked and deleted athletes", async () => {
      const queries = [
        'username=nobody.here',
        `athlete_id=${fan.account.id}`,
        'athlete_id=not-a-uuid',
        `athlete_id=${incomplete.id}`,
        'username=jordan.blocked',
        `athlete_id=${blocked.id}`,
        'username=jordan.gone',
        `athlete_id=${deleted.id}`,
      ];
      for (const query of queries) {
        const response = await api(testApp).get(`/public/athletes?${query}`).expect(404);
        expect(response.body.status_response).toEqual({ status: 404, response_message: MESSAGES.athleteNotFound.title, response_internal_code: ErrorCode.NotFound });
      }
    });

    it('asks for athlete_id or username (1400)', async () => {
      expect((await api(testApp).get('/public/athletes').expect(400)).body.status_response.response_internal_code).toBe(ErrorCode.ValidationFailed);
    });
  });

  describe('listing freshness: identical searches share one answer until an athlete changes', () => {
    it('shows a change made through the API at once, and a change behind its back only after the cache clears', async () => {
      const casey = await athlete({ firstName: 'Casey', lastName: 'Cache', username: 'casey.cache' }, { schoolId: schoolA.id, sports: [sportId('Tennis')], endorsement: 40 }, 1);
      const card = async () => (await search({ filter: 'casey' }).expect(200)).body.athletes as Array<Record<string, unknown>>;
      expect(await card()).toEqual([expect.objectContaining({ last_name: 'Cache', endorsement_rate: 40, rating: null, reviews_count: 0 })]);

      // A write that bypasses the services announces nothing: the shared answer stays until cleared.
      await testApp.dataSource.query("UPDATE accounts SET last_name = 'Unannounced' WHERE id = $1", [casey.id]);
      expect(await card()).toEqual([expect.objectContaining({ last_name: 'Cache' })]);
      // Only athletes are listed: a fan saving a profile does not clear it either.
      await testApp.get(AccountsService).update(fan.account.id, { firstName: 'Riley' });
      expect(await card()).toEqual([expect.objectContaining({ last_name: 'Cache' })]);

      // Account changes (accounts), survey and rates (athletes) and reviews (booking) each clear it.
      await testApp.get(AccountsService).update(casey.id, { lastName: 'Fresh' });
      expect(await card()).toEqual([expect.objectContaining({ last_name: 'Fresh' })]);
      await testApp.get(AthletesService).save(casey.id, { services: { endorsement_enabled: true, endorsement_rate: 55 } }, { requireSurvey: false, requireService: true, fieldPrefix: '' });
      expect(await card()).toEqual([expect.objectContaining({ endorsement_rate: 55 })]);
      await testApp.get(BookingService).importFinished([finished(casey.id, fan.account.id, 1, { rate: 4, comment: 'Solid.' })]);
      expect(await card()).toEqual([expect.objectContaining({ rating: 4, reviews_count: 1 })]);
      expect((await search({ filter: 'tennis', field: 'sport' }).expect(200)).body.total).toBe(1);

      await testApp.get(AccountsService).softDelete(casey.id);
      expect(await card()).toEqual([]);
      expect((await search({ filter: 'tennis', field: 'sport' }).expect(200)).body.total).toBe(0);
    });

    it('clears the answers of the other API processes on the same database too (LISTEN/NOTIFY)', async () => {
      // A second API on the same database, whose answers would otherwise live a minute.
      const other = await createTestApp({ database: testApp.database, env: { SEARCH_CACHE_TTL_MS: '60000' } });
      // Notifications arrive asynchronously: count those the other process hears, to wait for each.
      let heard = 0;
      other.get(ClusterBus).subscribe(LISTINGS_CHANGED_CHANNEL, () => (heard += 1));
      const hearing = async (count: number): Promise<void> => {
        for (let attempt = 0; attempt < 100 && heard < count; attempt += 1) await new Promise((resolve) => setTimeout(resolve, 20));
        expect(heard).toBe(count);
      };
      try {
        const dana = await athlete({ firstName: 'Dana', lastName: 'Before', username: 'dana.before' }, { schoolId: schoolA.id, sports: [sportId('Golf')], endorsement: 30 }, 1);
        // The fixture writes the account directly; saving its survey and services announces it.
        await hearing(1);
        const lastNames = async (app: TestApp): Promise<unknown[]> =>
          (await api(app).get('/public/athletes/search?filter=dana').expect(200)).body.athletes.map((card: { last_name: string }) => card.last_name);
        expect(await lastNames(other)).toEqual(['Before']);
        await testApp.dataSource.query("UPDATE accounts SET last_name = 'Unannounced' WHERE id = $1", [dana.id]);
        expect(await lastNames(other)).toEqual(['Before']);

        await testApp.get(AccountsService).update(dana.id, { lastName: 'After' });
        await hearing(2);
        expect(await lastNames(other)).toEqual(['After']);
      } finally {
        await other.close();
      }
    });
  });

  describe('usernames at registration', () => {
    it('derives a unique username when an athlete finishes the wizard, so /@{username} resolves', async () => {
      const reference: { schools: School[] } = (await api(testApp).get('/public/meta/reference-data').expect(200)).body;
      const finish = async (): Promise<string> => {
        const signedUp = await signUp(testApp, UserType.Athlete);
        const photo = await uploadPhoto(testApp, signedUp.token);
        const video = await uploadIntro(testApp, signedUp.token);
        const response = await api(testApp)
          .post(
            '/user/finish-registration',
            {
              athlete_personal_info: { first_name: 'José', last_name: 'Núñez-Ortiz', profile_photo: photo, dashboard_photo: photo, intro_video: video },
              athlete_info: { school_id: reference.schools[0].id, sports: [1], athlete_services: { shoutout_enabled: true, shoutout_rate: 20 } },
            },
            signedUp.token,
          )
          .expect(200);
        return response.body.account.username;
      };
      expect(await finish()).toBe('jose.nunez.ortiz');
      expect(await finish()).toBe('jose.nunez.ortiz2');
      const profile = await api(testApp).get('/public/athletes?username=jose.nunez.ortiz2').expect(200);
      expect(profile.body.athlete).toMatchObject({ first_name: 'José', profile_url_path: '/@jose.nunez.ortiz2' });
    });
  });
});
