import request from 'supertest';
import type { Response } from 'supertest';
import { SESSION_COOKIE, UserType } from '@huddle/domain';
import { api, signUp, uploadPhoto } from './support/accounts-api';
import { createSignedIn } from './support/fixtures';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

const API_POLICY = "default-src 'none';frame-ancestors 'none'";
const SHELL = 'http://localhost:4200';

/** The headers every answer of the API carries, whatever it answers. */
function expectSecurityHeaders(response: Response, policy = API_POLICY): void {
  expect(response.headers['content-security-policy']).toBe(policy);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['x-powered-by']).toBeUndefined();
}

function cookiesOf(response: Response): string[] {
  return (response.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
}

/**
 * Security headers on the API (issue 25): a Content-Security-Policy that lets nothing run or load
 * (the API answers JSON and files, never a page; the Swagger UI page gets what it needs), nosniff,
 * no referrer, no framing, HSTS only over https, and the session cookie Secure whenever the public
 * app is https. Files keep their explicit type and disposition.
 */
describe('security headers', () => {
  describe('served over http (local development)', () => {
    let testApp: TestApp;

    beforeAll(async () => {
      testApp = await createTestApp();
    });

    afterAll(async () => {
      await testApp.close();
    });

    it('on a JSON answer, with CORS for the shell as before and no HSTS', async () => {
      const response = await request(testApp.server).get('/api/v1/health').set('Origin', SHELL).expect(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expectSecurityHeaders(response);
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(response.headers['access-control-allow-origin']).toBe(SHELL);
      expect(response.headers['access-control-allow-credentials']).toBe('true');
      expect(response.headers['access-control-expose-headers']).toBe('x-access-token');
      // The shell may be served from another site and shows the API's photos.
      expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
      // A foreign origin still gets no CORS grant.
      const foreign = await request(testApp.server).get('/api/v1/health').set('Origin', 'https://evil.example').expect(200);
      expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('on error answers: an unknown route, refused input, a missing session', async () => {
      const unknown = await request(testApp.server).get('/api/v1/no-such-route').expect(404);
      expect(unknown.body.status_response.status).toBe(404);
      expectSecurityHeaders(unknown);
      const invalid = await api(testApp).post('/user/sign-ins', { email: 'not an email', password: '' }).expect(400);
      expectSecurityHeaders(invalid);
      const closed = await api(testApp).get('/user/accounts').expect(401);
      expectSecurityHeaders(closed);
    });

    it('on a download: the administrator CSV export as an attachment of its own type', async () => {
      const admin = await createSignedIn(testApp, UserType.Admin);
      const response = await api(testApp).get('/admin/nil-disclosures/flagged-export', admin.token).expect(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="huddle-nil-flagged-[\d-]+\.csv"$/);
      expectSecurityHeaders(response);
    });

    it('on a stored photo: its own image type, shown inline, never sniffed', async () => {
      const athlete = await signUp(testApp, 2);
      const path = await uploadPhoto(testApp, athlete.token);
      const response = await request(testApp.server).get(`/api/v1/${path.replace(/^\/+/, '')}`).expect(200);
      expect(response.headers['content-type']).toBe('image/jpeg');
      expect(response.headers['content-disposition']).toBe('inline');
      expectSecurityHeaders(response);
    });

    it("on the athlete's calendar feed: text/calendar as an attachment", async () => {
      const athlete = await createSignedIn(testApp, UserType.Athlete);
      const { url } = (await api(testApp).get('/athlete/calendar/feed', athlete.token).expect(200)).body as { url: string };
      const response = await request(testApp.server).get(new URL(url).pathname).expect(200);
      expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(response.headers['content-disposition']).toBe('attachment; filename="huddle.ics"');
      expectSecurityHeaders(response);
    });

    it('lets the Swagger UI page run its own files and nothing else', async () => {
      const page = await request(testApp.server).get('/api/docs').expect(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expectSecurityHeaders(
        page,
        "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data:;connect-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'",
      );
      // Every script the page names is a file of this origin: nothing inline needs allowing.
      expect(page.text).not.toMatch(/<script>(?!\s*<\/script>)/);
      // The OpenAPI document itself is JSON like any other answer.
      expectSecurityHeaders(await request(testApp.server).get('/api/docs-json').expect(200));
    });

    it('sends the session cookie without Secure: the public app is http', async () => {
      const signedUp = await signUp(testApp, 1);
      const session = cookiesOf(signedUp.response).find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
      expect(session).toBeDefined();
      expect(session).not.toMatch(/;\s*Secure/i);
    });
  });

  describe('served over https (PUBLIC_APP_URL https)', () => {
    let testApp: TestApp;

    beforeAll(async () => {
      testApp = await createTestApp({ env: { PUBLIC_APP_URL: 'https://app.huddle.test', CORS_ORIGINS: 'https://app.huddle.test' } });
    });

    afterAll(async () => {
      await testApp.close();
    });

    it('adds HSTS for a year to every answer, errors included', async () => {
      for (const response of [await request(testApp.server).get('/api/v1/health').expect(200), await request(testApp.server).get('/api/v1/no-such-route').expect(404)]) {
        expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
        expectSecurityHeaders(response);
      }
    });

    it('marks the session cookies Secure by default', async () => {
      const signedUp = await signUp(testApp, 1);
      const cookies = cookiesOf(signedUp.response);
      expect(cookies.length).toBeGreaterThan(0);
      for (const cookie of cookies.filter((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))) expect(cookie).toMatch(/;\s*Secure/i);
      expect(cookies.some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))).toBe(true);
    });
  });
});
