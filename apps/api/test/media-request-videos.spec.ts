import request from 'supertest';
import { ErrorCode, UserType } from '@huddle/domain';
import { Clock } from '../src/common/time/clock';
import { api, uploadIntro } from './support/accounts-api';
import { bookAndPay, bookingPayload, createBookableAthlete, deliverVideo, settle } from './support/booking';
import { FakeClock } from './support/fake-clock';
import { createSignedIn } from './support/fixtures';
import type { SignedIn } from './support/fixtures';
import { fixture } from './support/media';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

// MEDIA_SIGNED_URL_SECONDS as the app runs without it.
const LIFETIME_SECONDS = 600;
const SIGNED = /^\.\.\/\.\.\/media\/deliveries\/[0-9a-f-]{36}\.mp4\?expires=\d+&signature=[A-Za-z0-9_-]{43}$/;

/** The key at the end of a media path or URL ('deliveries/<id>.mp4'). */
function keyOf(pathOrUrl: string): string {
  const key = /(deliveries|videos)\/[^/?]+/.exec(pathOrUrl)?.[0];
  if (!key) throw new Error(`no media key in ${pathOrUrl}`);
  return key;
}

/**
 * Issue 21: a delivered shoutout or endorsement video, and its watermarked copy, is paid-for media.
 * It plays only through the routes that check who may watch (the request page, the watch link,
 * the public profile), each answering with a signed URL that expires; never at a permanent path.
 */
describe('delivered request videos play only through short-lived signed URLs', () => {
  let testApp: TestApp;
  let clock: FakeClock;
  let fan: SignedIn;
  let athlete: SignedIn;
  let admin: SignedIn;
  let requestId: string;
  let original: string;

  /** GET a redirect's Location (relative to the route, like a browser resolves it) on the API. */
  const follow = (location: string) => request(testApp.server).get(`/api/v1/${location.replace(/^(\.\.\/)+/, '')}`);
  const videoAs = (viewer: SignedIn) => api(testApp).get(`/booking/request/video?request_id=${requestId}`, viewer.token);

  beforeAll(async () => {
    clock = new FakeClock(new Date());
    testApp = await createTestApp({ overrides: [{ provide: Clock, useValue: clock }] });
    fan = await createSignedIn(testApp, UserType.Fan);
    admin = await createSignedIn(testApp, UserType.Admin);
    athlete = await createBookableAthlete(testApp);
    requestId = await bookAndPay(testApp, fan, bookingPayload('shoutout', athlete.account.id));
    await api(testApp).put(`/booking/request/accept?request_id=${requestId}`, {}, athlete.token).expect(200);
    const delivered = await deliverVideo(testApp, athlete, requestId);
    original = delivered.details.video as string;
    // The watermarked copy is rendered by a job.
    await settle(testApp);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('the requester gets the watermarked copy, the athlete and an administrator the original, each through a signed URL that plays and seeks', async () => {
    const asFan = await videoAs(fan).expect(302);
    expect(asFan.headers.location).toMatch(SIGNED);
    expect(asFan.headers.location).not.toContain(keyOf(original));
    // The redirect is asked for at each load; a cached one would outlive its URL.
    expect(asFan.headers['cache-control']).toBe('no-store');
    const copy = await follow(asFan.headers.location).expect(200);
    expect(copy.headers['content-type']).toBe('video/mp4');
    expect(copy.headers['cache-control']).toBe(`private, max-age=${LIFETIME_SECONDS}`);
    const size = (copy.body as Buffer).length;
    const range = await follow(asFan.headers.location).set('Range', 'bytes=0-99').expect(206);
    expect(range.headers['content-type']).toBe('video/mp4');
    expect(range.headers['content-range']).toBe(`bytes 0-99/${size}`);
    expect(Buffer.compare(range.body as Buffer, (copy.body as Buffer).subarray(0, 100))).toBe(0);

    for (const viewer of [athlete, admin]) {
      const asParty = await videoAs(viewer).expect(302);
      expect(asParty.headers.location).toMatch(SIGNED);
      expect(keyOf(asParty.headers.location)).toBe(keyOf(original));
      const served = await follow(asParty.headers.location).expect(200);
      expect(served.headers['content-type']).toBe('video/mp4');
      expect(Buffer.compare(served.body as Buffer, fixture('intro-5s.mp4'))).toBe(0);
    }
    const download = await api(testApp).get(`/booking/request/video?request_id=${requestId}&download=1`, athlete.token).expect(302);
    await follow(download.headers.location).expect(200);

    // Nobody else, signed in or not.
    const stranger = await createSignedIn(testApp, UserType.Fan);
    await videoAs(stranger).expect(404);
    await api(testApp).get(`/booking/request/video?request_id=${requestId}`).expect(401);
  });

  it('takes a delivery recorded with the camera in Chromium (MP4 of H.264 and Opus) and watermarks it', async () => {
    const recorded = await bookAndPay(testApp, fan, bookingPayload('shoutout', athlete.account.id));
    await api(testApp).put(`/booking/request/accept?request_id=${recorded}`, {}, athlete.token).expect(200);
    const delivered = await deliverVideo(testApp, athlete, recorded, 'shoutouts', 'recorded-chromium.mp4');
    expect(delivered.details.video).toMatch(/^\/media\/deliveries\/[0-9a-f-]{36}\.mp4$/);
    await settle(testApp);
    const [row] = await testApp.dataSource.query(`SELECT details->>'watermarked_video' AS marked FROM requests WHERE id = $1`, [recorded]);
    expect(row.marked).toMatch(/\.mp4$/);
    const shown = await api(testApp).get(`/booking/request/video?request_id=${recorded}`, fan.token).expect(302);
    expect(keyOf(shown.headers.location)).toBe(keyOf(row.marked));
    await follow(shown.headers.location).expect(200);
  });

  it('a delivered video and its watermarked copy answer 1404 at their bare path; profile media stay public and cacheable', async () => {
    const [{ marked }]: Array<{ marked: string }> = await testApp.dataSource.query(`SELECT details->>'watermarked_video' AS marked FROM requests WHERE id = $1`, [requestId]);
    for (const path of [original, marked]) {
      expect(path).toMatch(/^\/media\/deliveries\//);
      const bare = await request(testApp.server).get(`/api/v1${path}`).expect(404);
      expect(bare.body.status_response.response_internal_code).toBe(ErrorCode.NotFound);
    }
    const rows: Array<{ restricted: boolean }> = await testApp.dataSource.query(`SELECT restricted FROM media_objects WHERE '/media/' || key IN ($1, $2)`, [original, marked]);
    expect(rows).toEqual([{ restricted: true }, { restricted: true }]);

    const intro = await uploadIntro(testApp, athlete.token);
    const served = await request(testApp.server).get(`/api/v1${intro}`).expect(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // A delivery cannot be passed off as the athlete's public intro; their own intro can.
    const profile = (introVideo: string) => ({ first_name: 'Jordan', last_name: 'Miles', email: athlete.account.email, phone: '+15551234567', intro_video: introVideo });
    const refused = await api(testApp).put('/user/accounts', profile(original), athlete.token).expect(400);
    expect(Object.keys(refused.body.errors)).toEqual(['intro_video']);
    await api(testApp).put('/user/accounts', profile(intro), athlete.token).expect(200);
  });

  it('refuses a signed URL that was altered, moved to another video or has expired, with the envelope', async () => {
    const location: string = (await videoAs(athlete).expect(302)).headers.location;
    const url = new URL(location.replace(/^(\.\.\/)+/, ''), 'http://api.test/api/v1/');
    const signature = url.searchParams.get('signature') ?? '';
    const expires = Number(url.searchParams.get('expires'));
    const markedUrl = new URL((await videoAs(fan).expect(302)).headers.location.replace(/^(\.\.\/)+/, ''), 'http://api.test/api/v1/');
    const forged = [
      `${url.pathname}?expires=${expires}&signature=${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`,
      `${url.pathname}?expires=${expires + 3600}&signature=${signature}`,
      `${url.pathname}?expires=${expires}`,
      `${markedUrl.pathname}?expires=${expires}&signature=${signature}`,
    ];
    for (const path of forged) {
      const refused = await request(testApp.server).get(path).expect(403);
      expect(refused.body.status_response).toEqual({ status: 403, response_message: 'This video link is not valid', response_internal_code: ErrorCode.Forbidden });
    }

    await follow(location).expect(200);
    clock.advance(LIFETIME_SECONDS * 1000);
    const expired = await follow(location).expect(403);
    expect(expired.body.status_response).toEqual({ status: 403, response_message: 'This video link has expired; please reload the page', response_internal_code: ErrorCode.Forbidden });
    // The page asks again and plays on.
    const fresh = await videoAs(athlete).expect(302);
    await follow(fresh.headers.location).expect(200);
  });

  it('the public profile lists the finished shoutout only as its watermarked copy, which plays', async () => {
    await api(testApp).put('/booking/request/approve', { request_id: requestId }, fan.token).expect(200);
    await settle(testApp);
    const profile = await api(testApp).get(`/public/athletes?athlete_id=${athlete.account.id}`).expect(200);
    expect(profile.body.shoutouts).toEqual([{ id: requestId, video: `public/athletes/shoutout-video?id=${requestId}`, created_at: expect.any(Number) }]);
    const text = JSON.stringify(profile.body);
    expect(text).not.toContain(keyOf(original));
    expect(text).not.toContain('deliveries/');

    const redirect = await request(testApp.server).get(`/api/v1/${profile.body.shoutouts[0].video}`).expect(302);
    expect(redirect.headers.location).toMatch(SIGNED);
    expect(redirect.headers.location).not.toContain(keyOf(original));
    const played = await follow(redirect.headers.location).expect(200);
    expect(played.headers['content-type']).toBe('video/mp4');
    expect(Buffer.compare(played.body as Buffer, fixture('intro-5s.mp4'))).not.toBe(0);
    const seeked = await follow(redirect.headers.location).set('Range', 'bytes=100-199').expect(206);
    expect((seeked.body as Buffer).length).toBe(100);
  });

  it('once the watch link is revoked, its video stops answering', async () => {
    const asFan = await api(testApp).get(`/booking/request?id=${requestId}`, fan.token).expect(200);
    const token = /\/watch\/([A-Za-z0-9_-]+)$/.exec(asFan.body.request.share_url)?.[1];
    const before = await request(testApp.server).get(`/api/v1/public/watch/video?token=${token}`).expect(302);
    expect(before.headers.location).toMatch(SIGNED);
    expect(before.headers['cache-control']).toBe('no-store');
    await follow(before.headers.location).expect(200);

    await api(testApp).delete(`/booking/request/share?request_id=${requestId}`, fan.token).expect(200);
    const gone = await request(testApp.server).get(`/api/v1/public/watch/video?token=${token}`).expect(404);
    expect(gone.body.status_response.response_internal_code).toBe(ErrorCode.NotFound);
    // What the link handed out lives no longer than its lifetime, and the bare path never answered.
    clock.advance(LIFETIME_SECONDS * 1000);
    await follow(before.headers.location).expect(403);
    await request(testApp.server).get(`/api/v1/${before.headers.location.replace(/^(\.\.\/)+/, '').split('?')[0]}`).expect(404);
  });
});
