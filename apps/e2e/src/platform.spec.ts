import type { Page } from 'playwright-core';
import { ARTIFACTS, screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { PORTS, SHELL_URL, startRemote, stopService } from './support/stack';

/**
 * Chromium's warnings about preloads a page did not use: it logs one for each `<link rel=preload>`
 * whose file the page has not asked for a few seconds after its load event.
 */
function unusedPreloads(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (/preload/i.test(message.text())) warnings.push(`${page.url()}: ${message.text()}`);
  });
  return warnings;
}

/** Longer than Chromium waits after a page's load event before it warns of an unused preload. */
const PRELOAD_GRACE_MS = 4_000;

/** Which of our servers a page fetched from, by port. */
function trackServers(page: Page): Set<number> {
  const ports = new Set<number>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    ports.add(Number(url.port || 80));
  });
  return ports;
}

describe('platform: the federated shell', () => {
  const journey = useJourney();

  it('lands a guest opening / on /dashboard, fetching the fan remote and no other', async () => {
    const { page } = journey;
    const ports = trackServers(page);

    await page.goto(`${SHELL_URL}/`);
    await page.waitForURL(`${SHELL_URL}/dashboard`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByRole('searchbox').waitFor();
    await screenshot(page, 'platform-guest-dashboard');

    expect(ports.has(PORTS.fan)).toBe(true);
    expect(ports.has(PORTS.athlete)).toBe(false);
    expect(ports.has(PORTS.business)).toBe(false);
    expect(ports.has(PORTS.admin)).toBe(false);
  });

  // Issue 24: the shell's page preloads what its first screen runs and nothing else (it preloaded
  // react-dom's fallback chunk, which never loads while the shell provides react-dom).
  it("preloads only what the guest's dashboard and a profile, and the fan's dashboard, run", async () => {
    const { page } = journey;
    const warnings = unusedPreloads(page);
    await page.goto(`${SHELL_URL}/dashboard`);
    await page.getByRole('searchbox').waitFor();
    await page.waitForTimeout(PRELOAD_GRACE_MS);
    await page.goto(`${SHELL_URL}/@jordan.miles`);
    await page.getByRole('heading', { name: 'Jordan Miles' }).first().waitFor();
    await page.waitForTimeout(PRELOAD_GRACE_MS);
    await signInDemo(page, 'fan@huddle.test', 'huddle-fan-2026');
    await page.goto(`${SHELL_URL}/dashboard`);
    await page.getByRole('searchbox').waitFor();
    await page.waitForTimeout(PRELOAD_GRACE_MS);
    expect(warnings).toEqual([]);
  });

  // Issue 24: a guest's first screen comes from the shell's server as HTML, and the browser hydrates
  // that markup in place (apps/shell/src/server/first-screen.tsx, tools/first-screen.mjs).
  it("sends a guest's dashboard and a profile as HTML, and hydrates them in place", async () => {
    // The shell's server loads the fan remote's server build in the background when a page first
    // needs it: until then (a few seconds after the stack starts) pages render in the browser.
    const rendered = async () => (await journey.page.request.get(`${SHELL_URL}/`)).text();
    for (let attempt = 0; attempt < 60 && !(await rendered()).includes('"firstScreen"'); attempt += 1) await journey.page.waitForTimeout(500);

    // Without JavaScript: what the server sent.
    const still = await journey.browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const bare = await still.newPage();
    await bare.goto(`${SHELL_URL}/`);
    expect(await bare.title()).toBe('Dashboard · Huddle');
    expect(await bare.locator('.rq-card__name').count()).toBe(20);
    await bare.locator('.rq-card__name', { hasText: 'Jordan Miles' }).waitFor();
    await bare.screenshot({ path: `${ARTIFACTS}/platform-first-screen-without-scripts.png` });
    await bare.goto(`${SHELL_URL}/@jordan.miles`);
    await bare.getByRole('heading', { name: 'Jordan Miles' }).first().waitFor();
    await bare.getByRole('tab', { name: 'Reviews' }).waitFor();
    await still.close();

    // With JavaScript: the server's nodes stay (hydrated, not drawn again), nothing shifts, and the
    // screen answers. The journeys' goto returns once the page is hydrated (support/browser.ts).
    const { page } = journey;
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.addInitScript(() => {
      const marks = window as unknown as { serverNodes: Element[]; shifted: number };
      marks.serverNodes = [];
      marks.shifted = 0;
      document.addEventListener('DOMContentLoaded', () => {
        marks.serverNodes = Array.from(document.querySelectorAll('#root h1, #root .rq-card, #root [role="tab"]'));
      });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) marks.shifted += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const serverNodesKept = () =>
      page.evaluate(() => {
        const { serverNodes } = window as unknown as { serverNodes: Element[] };
        return { count: serverNodes.length, kept: serverNodes.every((node) => document.contains(node)) };
      });
    const shifted = () => page.evaluate(() => (window as unknown as { shifted: number }).shifted);

    await page.goto(`${SHELL_URL}/`);
    expect(page.url()).toBe(`${SHELL_URL}/dashboard`);
    expect(await serverNodesKept()).toEqual({ count: 21, kept: true });
    expect(await shifted()).toBeLessThan(0.05);
    await screenshot(page, 'platform-first-screen-hydrated');
    await page.getByRole('searchbox', { name: 'Search athletes' }).fill('jordan mil');
    await page.waitForURL((url) => url.searchParams.get('filter') === 'jordan mil');
    await page.waitForFunction(() => document.querySelectorAll('.rq-card').length < 20);
    expect(await page.locator('.rq-card__name').allTextContents()).toContain('Jordan Miles');

    await page.goto(`${SHELL_URL}/@jordan.miles`);
    const profile = await serverNodesKept();
    expect(profile.count).toBeGreaterThanOrEqual(4);
    expect(profile.kept).toBe(true);
    expect(await shifted()).toBeLessThan(0.05);
    await page.getByRole('tab', { name: 'Reviews' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'reviews');
    expect(errors).toEqual([]);

    // Dates are the viewer's: a profile's reviews and history opened in a time zone far from the
    // server's hydrate without a mismatch, then read in the viewer's zone.
    const faraway = await journey.browser.newContext({ timezoneId: 'Pacific/Kiritimati' });
    const far = await faraway.newPage();
    const farErrors: string[] = [];
    far.on('console', (message) => {
      if (message.type() === 'error') farErrors.push(message.text());
    });
    for (const tab of ['reviews', 'history']) {
      const html = await (await far.request.get(`${SHELL_URL}/@jordan.miles?tab=${tab}`)).text();
      expect([tab, html.includes('"firstScreen"')]).toEqual([tab, true]);
      await far.goto(`${SHELL_URL}/@jordan.miles?tab=${tab}`);
      await far.getByRole('tabpanel').locator('time').first().waitFor();
    }
    expect(farErrors).toEqual([]);
    await faraway.close();

    // A visitor who chose to sign in is no guest: the server cannot know it, and the page is drawn anew.
    await page.evaluate(() => window.localStorage.setItem('huddle.session', 'signed-out'));
    await page.goto(`${SHELL_URL}/`);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(errors).toEqual([]);

    // A signed-in fan's dashboard is rendered for them: their menu, the same cards, hydrated in place.
    await signInDemo(page, 'fan@huddle.test', 'huddle-fan-2026');
    const personal = await page.request.get(`${SHELL_URL}/dashboard`);
    expect(personal.headers()['cache-control']).toBe('private, no-store');
    const html = await personal.text();
    expect(html).toContain('rq-card__name');
    expect(html).toContain('"firstScreen"');
    // On a slow phone (or a loaded machine) the fan remote's scripts arrive after the notification
    // stream's first answer, the unread count the menu shows: the shell re-renders around a screen
    // still waiting for its remote to hydrate, which must not make React draw that screen anew.
    // The remote's scripts are held until the menu shows the count (its dot), so it always comes first.
    const unread = (await (await page.request.get(`${SHELL_URL}/api/v1/user/notifications/list`)).json()) as { unread_count: number };
    expect(unread.unread_count).toBeGreaterThan(0);
    let countCameFirst = true;
    await page.route(`http://localhost:${PORTS.fan}/**/*.js`, async (route) => {
      await page
        .locator('.hd-menu-dot')
        .waitFor({ state: 'attached', timeout: 15_000 })
        .catch(() => {
          countCameFirst = false;
        });
      await route.continue().catch(() => undefined);
    });
    await page.goto(`${SHELL_URL}/dashboard`);
    const fanDashboard = await serverNodesKept();
    expect({ ...fanDashboard, countCameFirst, errors }).toEqual({ count: 21, kept: true, countCameFirst: true, errors: [] });
    await screenshot(page, 'platform-first-screen-fan');
    // Alive, and theirs: the menu opens on a fan's entries.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Requests' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('sends a signed-out visitor of a member page to /login', async () => {
    const { page } = journey;
    await page.goto(`${SHELL_URL}/dashboard`);
    await page.waitForURL(`${SHELL_URL}/dashboard`);
    // Choosing Login ends the guest session and keeps the page to come back to; a member page
    // then redirects to /login, which brings the visitor back to it after signing in.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === '/dashboard');
    await page.goto(`${SHELL_URL}/requests`);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('Email').waitFor();
    await screenshot(page, 'platform-login');
  });

  // The request screens live once in libs/requests; each role's remote frames the detail with
  // that role's action panel. Signs in the seeded demo accounts (embedded database).
  async function signInDemo(page: Page, email: string, password: string): Promise<void> {
    await page.goto(`${SHELL_URL}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
  }

  it("shows the shared request list and detail in the fan's and the athlete's remotes, each with its own panel", async () => {
    const { page } = journey;
    await signInDemo(page, 'fan@huddle.test', 'huddle-fan-2026');
    // The demo seed's accepted appearance of the demo fan with the demo athlete.
    await page.goto(`${SHELL_URL}/requests?tab=accepted`);
    await page.getByRole('link', { name: /Store opening visit/ }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/request/'));
    const requestPath = new URL(page.url()).pathname;
    await page.getByRole('heading', { name: 'Personal appearance' }).waitFor();
    await page.getByRole('region', { name: 'Actions' }).getByText(/^Awaiting /).waitFor();
    // Only the athlete and an administrator see the fee breakdown.
    expect(await page.getByLabel('Fee breakdown').count()).toBe(0);
    await page.goto(`${SHELL_URL}/request/00000000-0000-4000-8000-000000000000`);
    await page.getByText('We could not find this request').waitFor();

    const athlete = await journey.browser.newContext();
    try {
      const athletePage = await athlete.newPage();
      const ports = trackServers(athletePage);
      await signInDemo(athletePage, 'athlete@huddle.test', 'huddle-athlete-2026');
      await athletePage.goto(`${SHELL_URL}${requestPath}`);
      await athletePage.getByLabel('Fee breakdown').waitFor();
      await athletePage.getByRole('button', { name: 'Back' }).click();
      await athletePage.waitForURL((url) => url.pathname === '/requests');
      await screenshot(athletePage, 'platform-athlete-requests');
      expect(ports.has(PORTS.athlete)).toBe(true);
    } finally {
      await athlete.close();
    }
  });

  it("shows the administrator's request detail in the admin console, Back to the users", async () => {
    const { page } = journey;
    // The administrator reaches a request by its id; the fan's list gives one.
    await signInDemo(page, 'fan@huddle.test', 'huddle-fan-2026');
    await page.goto(`${SHELL_URL}/requests?tab=accepted`);
    await page.getByRole('link', { name: /Store opening visit/ }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/request/'));
    const id = new URL(page.url()).pathname.split('/').pop();
    await page.context().clearCookies();

    await signInDemo(page, 'admin@huddle.test', 'huddle-admin-2026');
    await page.goto(`${SHELL_URL}/manage/request/${id}`);
    await page.getByLabel('Fee breakdown').waitFor();
    await page.getByRole('button', { name: 'Cancel request' }).waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(`${SHELL_URL}/manage/users`);
  });

  it('shows an error view with Retry when the fan remote is down, and recovers once it is back', async () => {
    const fan = journey.stack.services.get('fan');
    if (!fan) throw new Error('fan remote was not started');
    await stopService(fan);

    const { page } = journey;
    await page.goto(`${SHELL_URL}/dashboard`);
    await page.getByText('We could not load this part of Huddle').waitFor();
    const retry = page.getByRole('button', { name: 'Retry' });
    await retry.waitFor();
    // The shell frame stays: the menu button is still there, the page is not blank.
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    await screenshot(page, 'platform-remote-down');

    journey.stack.services.set('fan', await startRemote('fan'));
    await retry.click();
    await page.getByRole('searchbox').waitFor();
    await screenshot(page, 'platform-remote-recovered');
  });
});
