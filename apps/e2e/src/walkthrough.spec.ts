import type { ConsoleMessage, Locator, Page, Request } from 'playwright-core';
import { signIn } from './support/accounts';
import { createAthleteByApi } from './support/athletes';
import { openBookingForm } from './support/booking';
import { screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { SHELL_URL } from './support/stack';

const FAN = { email: 'fan@huddle.test', password: 'huddle-fan-2026' };
const ADMIN = { email: 'admin@huddle.test', password: 'huddle-admin-2026' };
const SIZES = [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
] as const;

/** The name (aria-label or label) of the element that has the focus. */
async function focusedLabel(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLInputElement | null;
    if (!active) return null;
    return active.labels?.[0]?.textContent?.trim() ?? active.getAttribute('aria-label');
  });
}

/** A new athlete (made through the API), signed in on the dashboard. */
async function signInNewAthlete(page: Page, firstName: string): Promise<void> {
  const athlete = await createAthleteByApi(firstName);
  await signIn(page, athlete.email);
  await page.waitForURL(/\/dashboard/);
}

/** The element's box in the viewport (it must be shown). */
async function boxOf(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('the element is not shown');
  return box;
}

type Box = Awaited<ReturnType<typeof boxOf>>;

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The names of a choice grid's cells whose text does not fit (cut with an ellipsis). */
async function cutNames(page: Page): Promise<string[]> {
  return page.locator('.mb-grid__name').evaluateAll((names) =>
    names.filter((name) => name.scrollWidth > name.clientWidth + 1 || name.scrollHeight > name.clientHeight + 1).map((name) => name.textContent ?? ''),
  );
}

/** Chunks only a business's (or the administrator's) screens load; the fan remote neither builds nor fetches them. */
const BUSINESS_ONLY = /\/(campaign-form|create-campaign|campaign-detail)\.[0-9a-f]+\.js$/;

/**
 * Opens `path` as a new page load and waits past the few seconds after load within which Chromium
 * wants a preloaded file used; answers its warnings about preloads and the scripts it fetched.
 */
async function loadAndWatch(page: Page, path: string): Promise<{ warnings: string[]; scripts: string[] }> {
  const warnings: string[] = [];
  const scripts: string[] = [];
  const onConsole = (message: ConsoleMessage) => {
    if (/preload/i.test(message.text())) warnings.push(message.text());
  };
  const onRequest = (request: Request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  };
  page.on('console', onConsole);
  page.on('request', onRequest);
  await page.goto(`${SHELL_URL}${path}`, { waitUntil: 'load' });
  await page.getByRole('main').waitFor();
  await page.waitForTimeout(6_000);
  page.off('console', onConsole);
  page.off('request', onRequest);
  return { warnings, scripts };
}

/** What the walk through every screen found (issue 24), each screen at phone and desktop size. */
describe('walkthrough: what the walk through every screen found', () => {
  const journey = useJourney();

  it("shoutout form: after a refused Submit the focus is on the first invalid field, and each row's message goes once the row is right", async () => {
    const athlete = await createAthleteByApi('Walk');
    const page = journey.page;
    await signIn(page, FAN.email, FAN.password);
    await page.waitForURL(/\/dashboard/);
    for (const [size, viewport] of SIZES) {
      await page.setViewportSize(viewport);
      await openBookingForm(page, athlete.id, 'shoutout');
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByText('This field is required').first().waitFor();
      // The first invalid field in page order: the first name row, not the special message below it.
      await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true');
      expect(await focusedLabel(page)).toBe('Name 1');
      const name = page.getByRole('textbox', { name: 'Name 1' });
      const email = page.getByRole('textbox', { name: 'Email 1' });
      expect(await name.getAttribute('aria-invalid')).toBe('true');
      await name.fill('Ann');
      await email.fill('not an email');
      expect(await name.getAttribute('aria-invalid')).toBeNull();
      // The email row still shows its message until it is right, now with today's wording.
      expect(await email.getAttribute('aria-invalid')).toBe('true');
      await screenshot(page, `walkthrough-shoutout-rows-${size}`);
      await email.fill('ann@example.com');
      expect(await email.getAttribute('aria-invalid')).toBeNull();
      expect(await page.locator('.bk-rows [aria-invalid="true"]').count()).toBe(0);
    }
  });

  it("survey: a school goes by the name the profile and the dashboard use", async () => {
    const page = journey.page;
    await signInNewAthlete(page, 'School');
    for (const [size, viewport] of SIZES) {
      await page.setViewportSize(viewport);
      await page.goto(`${SHELL_URL}/settings/survey`);
      await page.getByLabel('Search schools').fill('Towson');
      const school = page.getByRole('radiogroup', { name: 'School' }).getByRole('radio', { name: /Towson/ });
      await school.first().waitFor();
      expect(await page.getByRole('radiogroup', { name: 'School' }).innerText()).toContain('Towson University');
      // Every sport's and school's name reads whole: the grid gives fewer, wider cells in a narrow column.
      expect([size, await cutNames(page)]).toEqual([size, []]);
      await screenshot(page, `walkthrough-survey-school-${size}`);
    }
  });

  it('services: the rate steppers line up, and the success toast keeps off the page’s buttons', async () => {
    const page = journey.page;
    await signInNewAthlete(page, 'Rates');
    for (const [size, viewport] of SIZES) {
      await page.setViewportSize(viewport);
      await page.goto(`${SHELL_URL}/settings/services`);
      const steppers = page.locator('.mb-services__item .hd-stepper');
      await steppers.first().waitFor();
      const boxes = await Promise.all((await steppers.all()).map(boxOf));
      expect(boxes.length).toBeGreaterThan(3);
      // One column: every stepper starts (and, being alike, ends) at the same x.
      for (const box of boxes) expect(Math.round(box.x)).toBe(Math.round(boxes[0]!.x));
      await page.getByRole('button', { name: 'Save services' }).click();
      const toast = page.locator('.hd-toast').filter({ hasText: 'Services saved' });
      await toast.waitFor();
      // Where the toast rests, not where its entrance animation has it on a busy machine.
      await toast.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
      const toastBox = await boxOf(toast);
      // The page's primary action (just used, so in view) stays uncovered; on a phone the toast
      // lies over the app bar, so whatever the page scrolled under it is content, not the bar.
      expect([size, overlaps(toastBox, await boxOf(page.getByRole('button', { name: 'Save services' })))]).toEqual([size, false]);
      if (size === 'phone') expect(toastBox.y).toBeLessThan(20);
      await screenshot(page, `walkthrough-services-${size}`);
      await toast.getByRole('button', { name: 'Dismiss' }).click();
    }
  });

  it('the fan remote: a guest and a signed-in fan load pages with no preload left unused and no business-only chunk', async () => {
    const page = journey.page;
    const guest = await loadAndWatch(page, '/dashboard');
    expect(guest.warnings).toEqual([]);
    expect(guest.scripts.filter((url) => BUSINESS_ONLY.test(url))).toEqual([]);
    await signIn(page, FAN.email, FAN.password);
    await page.waitForURL(/\/dashboard/);
    for (const path of ['/dashboard', '/requests']) {
      const fan = await loadAndWatch(page, path);
      expect([path, fan.warnings]).toEqual([path, []]);
      expect(fan.scripts.filter((url) => BUSINESS_ONLY.test(url))).toEqual([]);
    }
  });

  it("the administrator's logout dialog speaks of the console", async () => {
    const page = journey.page;
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/manage\/users/);
    for (const [size, viewport] of SIZES) {
      await page.setViewportSize(viewport);
      await page.getByRole('button', { name: 'Logout' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('You will need to sign in again to manage users, requests and payouts.').waitFor();
      expect(await dialog.innerText()).not.toMatch(/book/i);
      await screenshot(page, `walkthrough-admin-logout-${size}`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    }
  });
});
