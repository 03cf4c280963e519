import request from 'supertest';
import ICAL from 'ical.js';
import { UserType } from '@huddle/domain';
import { api } from './support/accounts-api';
import { bookAndPay, bookingPayload, createBookableAthlete, settle } from './support/booking';
import { createSignedIn } from './support/fixtures';
import type { SignedIn } from './support/fixtures';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

const HOUR = 3600;
const DAY = 86400;

interface CalendarEvent {
  id: string;
  type: string;
  status: number;
  name: string;
  start_time: number;
  end_time: number;
  address: string | null;
  requester_name: string;
}

interface FeedEvent {
  uid: string;
  summary: string;
  description: string;
  location: string | null;
  url: string | null;
  start: string;
  end: string;
  startIsUtc: boolean;
}

/** The feed as a calendar app reads it: parsed by ical.js, not by looking at the text. */
function parseFeed(text: string): FeedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      location: event.location || null,
      url: (component.getFirstPropertyValue('url') as string | null) ?? null,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      startIsUtc: event.startDate.zone?.tzid === 'UTC',
    };
  });
}

/**
 * The athlete's calendar (issue 23): GET /athlete/calendar for the month and week views, and the
 * private iCal feed (GET /public/calendar/{token}.ics) with its secret the athlete can regenerate.
 */
describe("the athlete's calendar and iCal feed", () => {
  let testApp: TestApp;
  let athlete: SignedIn;
  let other: SignedIn;
  let fan: SignedIn;
  let business: SignedIn;
  let admin: SignedIn;
  const now = Math.floor(Date.now() / 1000);
  const ids: Record<string, string> = {};

  const accept = (id: string, who: SignedIn = athlete) => api(testApp).put(`/booking/request/accept?request_id=${id}&disclosure_acknowledged=true`, {}, who.token).expect(200);
  const calendar = async (from: number, to: number, who: SignedIn = athlete): Promise<CalendarEvent[]> =>
    (await api(testApp).get(`/athlete/calendar?from=${from}&to=${to}`, who.token).expect(200)).body.events;
  const feedUrl = async (): Promise<string> => (await api(testApp).get('/athlete/calendar/feed', athlete.token).expect(200)).body.url;
  const pathOf = (url: string) => new URL(url).pathname;

  beforeAll(async () => {
    testApp = await createTestApp();
    athlete = await createBookableAthlete(testApp);
    other = await createBookableAthlete(testApp);
    fan = await createSignedIn(testApp, UserType.Fan, { firstName: 'Jordan', lastName: 'miles' });
    business = await createSignedIn(testApp, UserType.Business, { firstName: 'Pat', lastName: 'Lee' });
    await testApp.dataSource.query('INSERT INTO business_profiles (account_id, name) VALUES ($1, $2)', [business.account.id, 'Lee Promotions']);
    admin = await createSignedIn(testApp, UserType.Admin, { profileCompleted: false });

    // Accepted: a one-hour appearance in 3 days (fan), a 2-hour camp in 10 days (business), a video chat in 5 days.
    ids.appearance = await bookAndPay(testApp, fan, bookingPayload('personal_appearance', athlete.account.id, { now, startsIn: 3 * DAY }));
    ids.camp = await bookAndPay(testApp, business, bookingPayload('camp', athlete.account.id, { now, startsIn: 10 * DAY, hours: 2 }));
    ids.chat = await bookAndPay(testApp, fan, bookingPayload('video_chat', athlete.account.id, { now, startsIn: 5 * DAY }));
    // Pending (never accepted), declined, and a shoutout (not timed): never in the calendar.
    ids.pending = await bookAndPay(testApp, fan, bookingPayload('training_session', athlete.account.id, { now, startsIn: 4 * DAY, hours: 1 }));
    ids.declined = await bookAndPay(testApp, fan, bookingPayload('speaking_engagement', athlete.account.id, { now, startsIn: 6 * DAY }));
    ids.shoutout = await bookAndPay(testApp, fan, bookingPayload('shoutout', athlete.account.id, { now }));
    // Another athlete's accepted appearance, same fan, same days.
    ids.others = await bookAndPay(testApp, fan, bookingPayload('personal_appearance', other.account.id, { now, startsIn: 3 * DAY }));
    await settle(testApp);
    for (const id of [ids.appearance, ids.camp, ids.chat, ids.shoutout]) await accept(id);
    await accept(ids.others, other);
    await api(testApp).put(`/booking/request/decline?request_id=${ids.declined}`, {}, athlete.token).expect(200);
    await settle(testApp);
  }, 120_000);

  afterAll(async () => {
    await testApp.close();
  });

  it("lists the athlete's own accepted timed events in the range, by start, with the requester's public name", async () => {
    const events = await calendar(now, now + 30 * DAY);
    expect(events.map((event) => event.id)).toEqual([ids.appearance, ids.chat, ids.camp]);
    const [appearance, chat, camp] = events;
    expect(appearance).toEqual({
      id: ids.appearance,
      type: 'personal_appearance',
      status: 2,
      name: 'Test personal_appearance',
      start_time: now + 3 * DAY,
      end_time: now + 3 * DAY + HOUR,
      address: 'Los Angeles, CA, USA',
      requester_name: 'Jordan M.',
    });
    expect(camp).toMatchObject({ type: 'camp', start_time: now + 10 * DAY, end_time: now + 10 * DAY + 2 * HOUR, requester_name: 'Lee Promotions' });
    expect(chat).toMatchObject({ type: 'video_chat', address: null, requester_name: 'Jordan M.' });
    // The other athlete sees only theirs.
    expect((await calendar(now, now + 30 * DAY, other)).map((event) => event.id)).toEqual([ids.others]);
  });

  it('keeps to the range: an event overlapping its edge is listed, one outside is not', async () => {
    const start = now + 3 * DAY;
    expect((await calendar(start + HOUR / 2, start + DAY)).map((event) => event.id)).toEqual([ids.appearance]);
    expect((await calendar(start - DAY, start)).map((event) => event.id)).toEqual([]);
    expect((await calendar(now + 7 * DAY, now + 11 * DAY)).map((event) => event.id)).toEqual([ids.camp]);
  });

  it('refuses a missing, reversed or too long range with a field error, and every role but the athlete', async () => {
    for (const query of ['', `?from=${now}`, `?from=${now}&to=${now}`, `?from=${now + DAY}&to=${now}`, `?from=${now}&to=${now + 101 * DAY}`, '?from=abc&to=1', `?from=-5&to=${now}`]) {
      const answer = await api(testApp).get(`/athlete/calendar${query}`, athlete.token).expect(400);
      expect(answer.body.status_response.response_internal_code).toBe(1400);
      expect(Object.keys(answer.body.errors ?? {}).length).toBeGreaterThan(0);
    }
    await api(testApp).get(`/athlete/calendar?from=${now}&to=${now + 100 * DAY}`, athlete.token).expect(200);
    for (const who of [fan, business, admin]) {
      await api(testApp).get(`/athlete/calendar?from=${now}&to=${now + DAY}`, who.token).expect(403);
      await api(testApp).get('/athlete/calendar/feed', who.token).expect(403);
      await api(testApp).post('/athlete/calendar/feed/regenerate', {}, who.token).expect(403);
    }
    await request(testApp.server).get(`/api/v1/athlete/calendar?from=${now}&to=${now + DAY}`).expect(401);
    // A guest (role 0) is not signed in: refused like anyone without a session.
    await request(testApp.server).get('/api/v1/athlete/calendar/feed').expect(401);
  });

  it('serves the feed at a stable secret URL: UTC times, address, public names, the service and a link to the request', async () => {
    const url = await feedUrl();
    expect(url).toMatch(/^http:\/\/localhost:4200\/api\/v1\/public\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await feedUrl()).toBe(url);
    const stored: Array<{ token_hash: string }> = await testApp.dataSource.query('SELECT token_hash FROM athlete_calendar_feeds WHERE athlete_id = $1', [athlete.account.id]);
    expect(stored).toHaveLength(1);
    expect(url).not.toContain(stored[0].token_hash);

    const answer = await request(testApp.server).get(pathOf(url)).expect(200);
    expect(answer.headers['content-type']).toMatch(/^text\/calendar/);
    expect(answer.text).toMatch(/DTSTART:\d{8}T\d{6}Z/);
    const events = parseFeed(answer.text);
    expect(events.map((event) => event.uid)).toEqual([ids.appearance, ids.chat, ids.camp].map((id) => `${id}@huddle`));
    const [appearance, chat, camp] = events;
    expect(appearance).toEqual({
      uid: `${ids.appearance}@huddle`,
      summary: 'Personal appearance with Jordan M.',
      description: expect.stringContaining(`http://localhost:4200/request/${ids.appearance}`),
      location: 'Los Angeles, CA, USA',
      url: `http://localhost:4200/request/${ids.appearance}`,
      start: new Date((now + 3 * DAY) * 1000).toISOString(),
      end: new Date((now + 3 * DAY + HOUR) * 1000).toISOString(),
      startIsUtc: true,
    });
    expect(camp).toMatchObject({ summary: 'Camp with Lee Promotions', location: 'Los Angeles, CA, USA', url: `http://localhost:4200/request/${ids.camp}` });
    expect(chat).toMatchObject({ summary: 'Video chat with Jordan M.', location: 'Video chat on Huddle' });
    // Nothing of another athlete, of a pending, declined or untimed request; no full name.
    for (const id of [ids.others, ids.pending, ids.declined, ids.shoutout]) expect(answer.text).not.toContain(id);
    expect(answer.text).not.toContain('miles');
    expect(answer.text).not.toContain('Pat Lee');
  });

  it('drops a canceled request from the feed and the calendar', async () => {
    const extra = await bookAndPay(testApp, fan, bookingPayload('speaking_engagement', athlete.account.id, { now, startsIn: 20 * DAY }));
    await settle(testApp);
    await accept(extra);
    const path = pathOf(await feedUrl());
    expect((await request(testApp.server).get(path).expect(200)).text).toContain(extra);
    await api(testApp).put(`/admin/requests/cancel?request_id=${extra}`, {}, admin.token).expect(200);
    await settle(testApp);
    const after = parseFeed((await request(testApp.server).get(path).expect(200)).text);
    expect(after.map((event) => event.uid)).not.toContain(`${extra}@huddle`);
    expect(after).toHaveLength(3);
    expect((await calendar(now, now + 30 * DAY)).map((event) => event.id)).not.toContain(extra);
  });

  it('regenerates the secret: the old URL answers 404, the new one serves the feed', async () => {
    const old = await feedUrl();
    const renewed = (await api(testApp).post('/athlete/calendar/feed/regenerate', {}, athlete.token).expect(200)).body.url as string;
    expect(renewed).not.toBe(old);
    const gone = await request(testApp.server).get(pathOf(old)).expect(404);
    expect(gone.body.status_response.response_internal_code).toBe(1404);
    expect(parseFeed((await request(testApp.server).get(pathOf(renewed)).expect(200)).text)).toHaveLength(3);
    expect(await feedUrl()).toBe(renewed);
  });

  it("gives the feed's URL on the app's origin the athlete uses (Origin, else Referer), on PUBLIC_APP_URL's for any other", async () => {
    const token = (await feedUrl()).split('/').pop();
    const ask = (header: string, value: string) => api(testApp).get('/athlete/calendar/feed', athlete.token).set(header, value).expect(200);
    expect((await ask('Origin', 'http://127.0.0.1:4200')).body.url).toBe(`http://127.0.0.1:4200/api/v1/public/calendar/${token}`);
    // The app calls its API on its own origin, and a browser sends no Origin on a same-origin GET.
    expect((await ask('Referer', 'http://127.0.0.1:4200/calendar?view=month')).body.url).toBe(`http://127.0.0.1:4200/api/v1/public/calendar/${token}`);
    for (const odd of ['http://evil.test', 'http://localhost:9999', 'null', 'not a url']) {
      expect([odd, (await ask('Origin', odd)).body.url]).toEqual([odd, `http://localhost:4200/api/v1/public/calendar/${token}`]);
    }
    const renewed = await api(testApp).post('/athlete/calendar/feed/regenerate', {}, athlete.token).set('Origin', 'http://127.0.0.1:4200').expect(200);
    expect(renewed.body.url).toMatch(/^http:\/\/127\.0\.0\.1:4200\/api\/v1\/public\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    // The same secret whichever origin shows it.
    expect(await feedUrl()).toBe(renewed.body.url.replace('http://127.0.0.1:4200', 'http://localhost:4200'));
  });

  it('answers 404 at once for a malformed or unknown token, without the extension too', async () => {
    const valid = pathOf(await feedUrl());
    const token = valid.split('/').pop()!.replace(/\.ics$/, '');
    const started = Date.now();
    for (const path of [
      '/api/v1/public/calendar/short.ics',
      `/api/v1/public/calendar/${'x'.repeat(43)}.ics`,
      `/api/v1/public/calendar/${'%27%3B--'.repeat(10)}.ics`,
      `/api/v1/public/calendar/${token}`,
      `/api/v1/public/calendar/${token}.ics.ics`,
      `/api/v1/public/calendar/${'y'.repeat(300)}.ics`,
    ]) {
      await request(testApp.server).get(path).expect(404);
    }
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
