import type { Page } from 'playwright-core';
import { choosePhoto, signIn, signUp, uniqueEmail } from './support/accounts';
import { screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { SHELL_URL } from './support/stack';

const ATHLETE = { email: 'athlete@huddle.test', password: 'huddle-athlete-2026', firstName: 'Jordan', lastName: 'Miles' };
const FAN = { email: 'fan@huddle.test', password: 'huddle-fan-2026' };
const SHARED = '/@jordan.miles';

/** The part of TanStack Query's client the shell exposes under its devtools name that a journey reads. */
interface ExposedQueryClient {
  getQueryCache(): { getAll(): { queryKey: unknown; state: { data: unknown } }[] };
}

/** Everything the page's query cache holds (keys and data), as one string to search. */
async function queryCacheText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const client = (window as unknown as { __TANSTACK_QUERY_CLIENT__?: ExposedQueryClient }).__TANSTACK_QUERY_CLIENT__;
    if (!client) throw new Error('the shell exposes no query client');
    return JSON.stringify(client.getQueryCache().getAll().map((query) => ({ key: query.queryKey, data: query.state.data })));
  });
}

/**
 * Moves to a path inside the running app, as a link would: no page load, so whatever the query
 * cache holds from before is what the screens may show.
 */
async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => url.pathname === path);
}

async function openMenuEntry(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole(name === 'Logout' ? 'button' : 'link', { name }).click();
}

async function logout(page: Page): Promise<void> {
  await openMenuEntry(page, 'Logout');
  await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
}

describe('session: who is signed in decides what the tab shows', () => {
  const journey = useJourney();
  let page: Page;

  beforeEach(() => {
    page = journey.page;
  });

  it('shows an athlete who signs in after a fan in the same tab nothing of the fan', async () => {
    // A fan with names found nowhere else, so any trace of them is theirs.
    const email = uniqueEmail('Fan');
    const fan = { first: 'Quillon', last: 'Vantabright' };
    await signUp(page, 'Fan', email);
    await choosePhoto(page, false);
    await page.getByLabel('First name').fill(fan.first);
    await page.getByLabel('Last name').fill(fan.last);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('group', { name: 'Sports' }).getByRole('checkbox', { name: 'Basketball' }).check({ force: true });
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(`${SHELL_URL}/dashboard`);

    // The fan looks at their own profile and settings: the cache now holds them. Everything from
    // here on happens inside the one page load, as in a shared browser tab.
    await openMenuEntry(page, 'Profile');
    await page.getByText(`${fan.first} ${fan.last}`).first().waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.waitForURL(`${SHELL_URL}/settings/info`);
    await page.getByLabel('First name').waitFor();
    expect(await page.getByLabel('First name').inputValue()).toBe(fan.first);
    expect(await queryCacheText(page)).toContain(fan.last);

    await logout(page);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await queryCacheText(page)).not.toContain(fan.last);
    expect(await queryCacheText(page)).not.toContain(email);

    // The athlete signs in in the same tab and opens the pages that showed the fan.
    await page.getByLabel('Email').fill(ATHLETE.email);
    await page.getByLabel('Password').fill(ATHLETE.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${SHELL_URL}/dashboard`);
    await openMenuEntry(page, 'Profile');
    await page.waitForURL(`${SHELL_URL}/profile`);
    await page.getByRole('heading', { name: `${ATHLETE.firstName} ${ATHLETE.lastName}` }).first().waitFor();
    await goInApp(page, '/settings/info');
    await page.getByLabel('First name').waitFor();
    // The first value the form shows is the athlete's own: nothing cached for the fan prefilled it.
    expect(await page.getByLabel('First name').inputValue()).toBe(ATHLETE.firstName);
    expect(await page.getByLabel('Last name').inputValue()).toBe(ATHLETE.lastName);
    await screenshot(page, 'session-athlete-settings-after-fan');
    for (const path of ['/settings/info', '/profile', '/dashboard']) {
      await goInApp(page, path);
      await page.getByRole('button', { name: 'Open menu' }).waitFor();
      await page.waitForLoadState('networkidle');
      const text = await page.locator('body').innerText();
      expect(text).not.toContain(fan.first);
      expect(text).not.toContain(fan.last);
      expect(text).not.toContain(email);
    }
    const cache = await queryCacheText(page);
    expect(cache).not.toContain(fan.last);
    expect(cache).not.toContain(email);
    expect(cache).toContain(ATHLETE.email);
  });

  it('opens a shared profile link for a visitor who logged out, and brings them back to it after signing in', async () => {
    await signIn(page, FAN.email, FAN.password);
    await page.waitForURL(`${SHELL_URL}/dashboard`);
    await page.goto(`${SHELL_URL}${SHARED}`);
    await page.getByRole('heading', { name: 'Jordan Miles' }).first().waitFor();

    // Logging out on the profile leads to /login with the profile as the way back.
    await logout(page);
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === SHARED);

    // Signed out now, the shared link still opens: as a guest would see it.
    await page.goto(`${SHELL_URL}${SHARED}`);
    await page.getByRole('heading', { name: 'Jordan Miles' }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe(SHARED);
    await screenshot(page, 'session-shared-link-signed-out');

    // The guest menu's Login carries the profile, and signing in comes back to it.
    await openMenuEntry(page, 'Login');
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === SHARED);
    await page.getByLabel('Email').fill(FAN.email);
    await page.getByLabel('Password').fill(FAN.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${SHELL_URL}${SHARED}`);
    await page.getByRole('heading', { name: 'Jordan Miles' }).first().waitFor();
  });

  it('opens a shared link for a visitor who chose Login from the guest menu, and comes back to it after signing in', async () => {
    await page.goto(`${SHELL_URL}/dashboard`);
    await page.locator('a[href^="/@"]').first().waitFor();
    await openMenuEntry(page, 'Login');
    await page.waitForURL((url) => url.pathname === '/login');

    await page.goto(`${SHELL_URL}${SHARED}`);
    await page.getByRole('heading', { name: 'Jordan Miles' }).first().waitFor();
    await openMenuEntry(page, 'Login');
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === SHARED);
    await page.getByLabel('Email').fill(FAN.email);
    await page.getByLabel('Password').fill(FAN.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${SHELL_URL}${SHARED}`);
  });

  it('lets a guest reach /login and /signup from the address bar, with no account lookup on a guest’s load', async () => {
    const lookups: string[] = [];
    const failures: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/v1/user/accounts') lookups.push(request.url());
    });
    page.on('console', (message) => {
      if (message.type() === 'error') failures.push(message.text());
    });

    await page.goto(`${SHELL_URL}/dashboard`);
    await page.locator('a[href^="/@"]').first().waitFor();
    await page.reload();
    await page.locator('a[href^="/@"]').first().waitFor();
    expect(lookups).toEqual([]);
    expect(failures.filter((text) => text.includes('401'))).toEqual([]);

    await page.goto(`${SHELL_URL}/login`);
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.goto(`${SHELL_URL}/signup`);
    await page.getByRole('heading', { name: 'Join Huddle' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/signup');
    await screenshot(page, 'session-guest-signup');
    // Still a guest: the dashboard opens without signing in.
    await page.goto(`${SHELL_URL}/dashboard`);
    await page.locator('a[href^="/@"]').first().waitFor();
    expect(lookups).toEqual([]);
  });
});
