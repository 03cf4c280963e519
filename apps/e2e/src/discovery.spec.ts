import type { Page } from 'playwright-core';
import { choosePhoto, createAccount, uniqueEmail } from './support/accounts';
import { screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { SHELL_URL } from './support/stack';

interface Card {
  username: string;
  first_name: string;
  last_name: string;
  school_name: string | null;
  reviews_count: number;
}

const fullName = (card: Card) => `${card.first_name} ${card.last_name}`;

/** What the API answers for a search, read over HTTP the way any client would. */
async function search(page: Page, field: string, filter: string): Promise<Card[]> {
  const res = await page.request.get(`${SHELL_URL}/api/v1/public/athletes/search`, { params: { field, filter } });
  expect(res.ok()).toBe(true);
  return (await res.json()).athletes;
}

/** The names of the cards the dashboard shows, once the grid has settled on the query. */
async function shownNames(page: Page): Promise<string[]> {
  const grid = page.locator('a[href^="/@"]');
  await grid.first().waitFor();
  // Each card is a link named by everything it shows; the athlete's name is its .rq-card__name.
  return grid.evaluateAll((links) => links.map((link) => link.querySelector('.rq-card__name')?.textContent?.trim() ?? ''));
}

/**
 * Waits until the grid shows exactly `names`, in order. The previous query's cards stay on screen
 * until the new answer arrives, and may already include the first expected card, so waiting for
 * one card alone can read the old grid.
 */
async function expectGridToShow(page: Page, names: string[], timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let shown = await shownNames(page);
  while (JSON.stringify(shown) !== JSON.stringify(names) && Date.now() < deadline) {
    await page.waitForTimeout(100);
    shown = await shownNames(page);
  }
  expect(shown).toEqual(names);
}

async function searchFor(page: Page, field: 'Name' | 'Sport' | 'School', text: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Search by' }).selectOption({ label: field });
  await page.getByRole('searchbox', { name: 'Search athletes' }).fill(text);
  // The default field (name) is left out of the URL.
  await page.waitForURL((url) => url.searchParams.get('filter') === text && (url.searchParams.get('field') ?? 'name') === field.toLowerCase());
}

describe('discovery: dashboard search and athlete profiles', () => {
  const journey = useJourney({ permissions: ['clipboard-read', 'clipboard-write'] });
  let page: Page;

  beforeEach(() => {
    page = journey.page;
  });

  it('lets a guest search by name, sport and school and open a profile', async () => {
    await page.goto(`${SHELL_URL}/dashboard`);
    expect((await shownNames(page)).length).toBeGreaterThanOrEqual(20);
    await screenshot(page, 'discovery-dashboard');

    await searchFor(page, 'Name', 'jordan mil');
    const byName = await search(page, 'name', 'jordan mil');
    expect(byName.map(fullName)).toContain('Jordan Miles');
    await expectGridToShow(page, byName.map(fullName));

    await searchFor(page, 'Sport', 'Basketball');
    const bySport = await search(page, 'sport', 'Basketball');
    expect(bySport.length).toBeGreaterThan(0);
    await expectGridToShow(page, bySport.map(fullName));

    const school = bySport[0]!.school_name!;
    await searchFor(page, 'School', school);
    const bySchool = await search(page, 'school', school);
    expect(bySchool.map(fullName)).toContain(fullName(bySport[0]!));
    await expectGridToShow(page, bySchool.map(fullName));
    await screenshot(page, 'discovery-search-school');

    await searchFor(page, 'Name', 'zzzz-no-such-athlete');
    await page.getByText('Athletes not found').waitFor();

    await searchFor(page, 'Name', 'jordan mil');
    await page.getByRole('link', { name: 'Jordan Miles' }).click();
    await page.waitForURL(`${SHELL_URL}/@jordan.miles`);
    await page.getByRole('heading', { name: 'Jordan Miles' }).first().waitFor();
  });

  it('switches tabs, copies the profile URL, and shows reviews and history', async () => {
    const athletes = await (async () => {
      await page.goto(`${SHELL_URL}/dashboard`);
      return search(page, 'name', '');
    })();
    const reviewed = athletes.find((card) => card.reviews_count > 0);
    if (!reviewed) throw new Error('the demo seed has no reviewed athlete on the first page');

    await page.goto(`${SHELL_URL}/@${reviewed.username}`);
    await page.getByRole('heading', { name: fullName(reviewed) }).first().waitFor();
    await page.getByRole('tab', { name: 'Info' }).waitFor();

    await page.getByRole('tab', { name: 'Reviews' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'reviews');
    expect(await page.getByRole('tab', { name: 'Reviews' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('tabpanel').getByText(/\w{3} \d{1,2}, \d{4}/).first().waitFor();
    await screenshot(page, 'discovery-profile-reviews');

    await page.getByRole('tab', { name: 'History' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'history');
    expect(await page.getByRole('tab', { name: 'History' }).getAttribute('aria-selected')).toBe('true');

    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Copied').first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${SHELL_URL}/@${reviewed.username}`);
  });

  it('shows the not-found view for an unknown username', async () => {
    await page.goto(`${SHELL_URL}/@nobody.here.at.all`);
    await page.getByText('Athlete not found').waitFor();
    await page.getByText('We could not find this athlete').waitFor();
    await screenshot(page, 'discovery-not-found');
  });

  it('asks a guest who tries to book to sign in or create an account, and takes them on to the chosen booking form after signing in', async () => {
    await page.goto(`${SHELL_URL}/p/@jordan.miles`);
    await page.getByRole('button', { name: 'Book Video shoutout' }).click();
    const prompt = page.getByRole('dialog', { name: 'Sign in to book' });
    await prompt.waitFor();
    await prompt.getByRole('button', { name: 'Create an account' }).waitFor();
    await screenshot(page, 'discovery-account-prompt');
    await prompt.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/login' && /^\/request-form\/[0-9a-f-]{36}\/shoutout$/.test(url.searchParams.get('next') ?? ''));

    await page.getByLabel('Email').fill('fan@huddle.test');
    await page.getByLabel('Password').fill('huddle-fan-2026');
    await page.getByRole('button', { name: 'Log in' }).click();
    // Signed in now: the shoutout's form, as the guest chose, not the list of services again.
    await page.waitForURL(/\/request-form\/[0-9a-f-]{36}\/shoutout$/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await screenshot(page, 'discovery-back-after-sign-in');
  });

  it('takes a guest who creates an account from the prompt on to the chosen booking form once the profile is set up', async () => {
    await page.goto(`${SHELL_URL}/p/@jordan.miles`);
    await page.getByRole('button', { name: /^Book / }).first().click();
    await page.getByRole('dialog', { name: 'Sign in to book' }).getByRole('button', { name: 'Create an account' }).click();
    await page.waitForURL((url) => url.pathname === '/signup' && (url.searchParams.get('next') ?? '').startsWith('/request-form/'));

    await createAccount(page, 'Fan', uniqueEmail('Fan'));
    await choosePhoto(page, false);
    await page.getByLabel('First name').fill('Robin');
    await page.getByLabel('Last name').fill('Hale');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Survey' }).waitFor();
    await page.getByRole('group', { name: 'Sports' }).getByRole('checkbox', { name: 'Soccer' }).check({ force: true });
    await page.getByRole('button', { name: 'Submit' }).click();

    await page.waitForURL(/\/request-form\/[0-9a-f-]{36}\/[a-z_]+$/);
    await page.getByRole('heading', { level: 1 }).waitFor();
  });

  it("shows 'Create campaign' to a business and not to a fan", async () => {
    const signInAs = async (email: string, password: string) => {
      const res = await page.request.post(`${SHELL_URL}/api/v1/user/sign-ins`, { form: { email, password } });
      expect(res.ok()).toBe(true);
      await page.goto(`${SHELL_URL}/dashboard`);
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      await page.locator('a[href^="/@"]').first().waitFor();
    };

    await signInAs('business@huddle.test', 'huddle-business-2026');
    await page.getByRole('button', { name: 'Create campaign' }).waitFor();
    await screenshot(page, 'discovery-business-dashboard');

    await journey.context.clearCookies();
    await signInAs('fan@huddle.test', 'huddle-fan-2026');
    expect(await page.getByRole('button', { name: 'Create campaign' }).count()).toBe(0);
  });
});
