import request from 'supertest';
import { UserType } from '@huddle/domain';
import { JobsService } from '../src/modules/jobs/jobs.service';
import { api, outboxFor } from './support/accounts-api';
import { bookAndPay, bookingPayload, createBookableAthlete, deliverVideo, settle } from './support/booking';
import { createSignedIn } from './support/fixtures';
import type { SignedIn } from './support/fixtures';
import { fixture } from './support/media';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

/** The token at the end of a watch link: /watch/{token}. */
function tokenOf(url: string): string {
  const token = /\/watch\/([A-Za-z0-9_-]+)$/.exec(url)?.[1];
  if (!token) throw new Error(`not a watch link: ${url}`);
  return token;
}

describe('shoutout watch links', () => {
  let testApp: TestApp;
  let fan: SignedIn;
  let athlete: SignedIn;

  beforeAll(async () => {
    testApp = await createTestApp();
    fan = await createSignedIn(testApp, UserType.Fan);
    athlete = await createBookableAthlete(testApp);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  /** A shoutout to `emails`, accepted and delivered, with its watermarked copy rendered. */
  async function deliveredShoutout(emails: string): Promise<{ id: string; original: string }> {
    const payload = bookingPayload('shoutout', athlete.account.id);
    (payload.shoutout as Record<string, string>).recipients_emails = emails;
    const id = await bookAndPay(testApp, fan, payload);
    await api(testApp).put(`/booking/request/accept?request_id=${id}`, {}, athlete.token).expect(200);
    const delivered = await deliverVideo(testApp, athlete, id);
    await settle(testApp);
    return { id, original: delivered.details.video as string };
  }

  it("approving a shoutout mails each recipient the watch link, which shows the athlete and the watermarked video, nothing of the request", async () => {
    const [first, second] = [`ann-${Date.now()}@example.com`, `bob-${Date.now()}@example.com`];
    const { id, original } = await deliveredShoutout(`${first}, ${second}`);
    const before = await api(testApp).get(`/booking/request?id=${id}`, fan.token).expect(200);
    expect(before.body.request.share_url).toBeNull();

    const approved = await api(testApp).put('/booking/request/approve', { request_id: id }, fan.token).expect(200);
    const shareUrl: string = approved.body.request.share_url;
    expect(shareUrl).toMatch(/^http:\/\/localhost:4200\/watch\/[A-Za-z0-9_-]{43}$/);
    await settle(testApp);
    for (const address of [first, second]) {
      const mails = await outboxFor(testApp, address);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text_body).toContain(shareUrl);
    }
    // The athlete sees no link: it is the requester's to share.
    const asAthlete = await api(testApp).get(`/booking/request?id=${id}`, athlete.token).expect(200);
    expect(asAthlete.body.request.share_url).toBeNull();

    const token = tokenOf(shareUrl);
    const page = await request(testApp.server).get(`/api/v1/public/watch?token=${token}`).expect(200);
    expect(page.body.athlete.first_name).toBeTruthy();
    const text = JSON.stringify(page.body);
    for (const secret of [id, 'request_amount', 'names_in_shoutout', first, fan.account.id]) expect(text).not.toContain(secret);

    const video = await request(testApp.server).get(`/api/v1/${page.body.video_url}`).expect(302);
    expect(video.headers.location).not.toContain(original.split('/').pop());
    const copy = await request(testApp.server).get(`/api/v1/${video.headers.location.replace(/^(\.\.\/)+/, '')}`).expect(200);
    expect(copy.headers['content-type']).toBe('video/mp4');

    // Draining the queue again sends nothing twice.
    await testApp.get(JobsService).drain();
    expect(await outboxFor(testApp, first)).toHaveLength(1);
  });

  it('only the requester revokes the link; a revoked or unknown link answers like a missing one, and a new link can be made', async () => {
    const carla = `carla-${Date.now()}@example.com`;
    const { id } = await deliveredShoutout(carla);
    const approved = await api(testApp).put('/booking/request/approve', { request_id: id }, fan.token).expect(200);
    const token = tokenOf(approved.body.request.share_url);

    const otherFan = await createSignedIn(testApp, UserType.Fan);
    await api(testApp).delete(`/booking/request/share?request_id=${id}`, otherFan.token).expect(404);
    await api(testApp).delete(`/booking/request/share?request_id=${id}`, athlete.token).expect(403);
    await request(testApp.server).get(`/api/v1/public/watch?token=${token}`).expect(200);

    await api(testApp).delete(`/booking/request/share?request_id=${id}`, fan.token).expect(200);
    const gone = await request(testApp.server).get(`/api/v1/public/watch?token=${token}`).expect(404);
    expect(gone.body.status_response.response_message).toBe('This video is no longer available');
    await request(testApp.server).get(`/api/v1/public/watch/video?token=${token}`).expect(404);
    await request(testApp.server).get(`/api/v1/public/watch?token=${'x'.repeat(43)}`).expect(404);
    await request(testApp.server).get('/api/v1/public/watch?token=short').expect(400);
    const after = await api(testApp).get(`/booking/request?id=${id}`, fan.token).expect(200);
    expect(after.body.request.share_url).toBeNull();
    // Reviewing afterwards neither brings the link back nor mails the recipient again.
    const reviewed = await api(testApp).put('/booking/reviews', { request_id: id, rate: 4 }, fan.token).expect(200);
    expect(reviewed.body.request.share_url).toBeNull();
    await settle(testApp);
    expect(await outboxFor(testApp, carla)).toHaveLength(1);

    const renewed = await api(testApp).post(`/booking/request/share?request_id=${id}`, {}, fan.token).expect(201);
    expect(renewed.body.share_url).not.toContain(token);
    await request(testApp.server).get(`/api/v1/public/watch?token=${tokenOf(renewed.body.share_url)}`).expect(200);
  });

  it("gives the requester the link on the app's origin they use (Origin, else Referer), on PUBLIC_APP_URL's for any other; emails keep PUBLIC_APP_URL's", async () => {
    const dora = `dora-${Date.now()}@example.com`;
    const { id } = await deliveredShoutout(dora);
    const approved = await api(testApp).put('/booking/request/approve', { request_id: id }, fan.token).set('Origin', 'http://127.0.0.1:4200').expect(200);
    const token = tokenOf(approved.body.request.share_url);
    expect(approved.body.request.share_url).toBe(`http://127.0.0.1:4200/watch/${token}`);
    const view = (header: string, value: string) => api(testApp).get(`/booking/request?id=${id}`, fan.token).set(header, value).expect(200);
    expect((await view('Origin', 'http://127.0.0.1:4200')).body.request.share_url).toBe(`http://127.0.0.1:4200/watch/${token}`);
    // The app calls its API on its own origin, and a browser sends no Origin on a same-origin GET.
    expect((await view('Referer', `http://127.0.0.1:4200/request/${id}`)).body.request.share_url).toBe(`http://127.0.0.1:4200/watch/${token}`);
    for (const odd of ['http://evil.test', 'http://localhost:9999', 'null']) {
      expect([odd, (await view('Origin', odd)).body.request.share_url]).toEqual([odd, `http://localhost:4200/watch/${token}`]);
    }
    await settle(testApp);
    expect((await outboxFor(testApp, dora))[0]?.text_body).toContain(`http://localhost:4200/watch/${token}`);

    await api(testApp).delete(`/booking/request/share?request_id=${id}`, fan.token).expect(200);
    const renewed = await api(testApp).post(`/booking/request/share?request_id=${id}`, {}, fan.token).set('Origin', 'http://127.0.0.1:4200').expect(201);
    expect(renewed.body.share_url).toMatch(/^http:\/\/127\.0\.0\.1:4200\/watch\/[A-Za-z0-9_-]{43}$/);
    // Without an origin (another client than the app): PUBLIC_APP_URL's. (A POST from a foreign origin is refused before it.)
    const again = await api(testApp).post(`/booking/request/share?request_id=${id}`, {}, fan.token).expect(201);
    expect(again.body.share_url).toBe(`http://localhost:4200/watch/${tokenOf(renewed.body.share_url)}`);
  });

  it('other services make no link', async () => {
    const id = await bookAndPay(testApp, fan, bookingPayload('endorsement', athlete.account.id));
    await api(testApp).put(`/booking/request/accept?request_id=${id}&disclosure_acknowledged=true`, {}, athlete.token).expect(200);
    await request(testApp.server)
      .post('/api/v1/athlete/endorsements')
      .set('x-access-token', athlete.token)
      .field('request_id', id)
      .attach('video', fixture('intro-5s.mp4'), { filename: 'v.mp4', contentType: 'video/mp4' })
      .expect(201);
    const approved = await api(testApp).put('/booking/request/approve', { request_id: id }, fan.token).expect(200);
    expect(approved.body.request.share_url).toBeNull();
    await api(testApp).post(`/booking/request/share?request_id=${id}`, {}, fan.token).expect(404);
    const links = await testApp.dataSource.query('SELECT count(*)::int AS n FROM request_share_links WHERE request_id = $1', [id]);
    expect(links[0].n).toBe(0);
    await settle(testApp);
  });
});
