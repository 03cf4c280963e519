import type { Page } from 'playwright-core';
import { createAthleteByApi } from './support/athletes';
import { screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { requestOf } from './support/request-pages';
import { uniqueName } from './support/requests-by-api';
import { SHELL_URL } from './support/stack';

const FAN = { email: 'fan@huddle.test', password: 'huddle-fan-2026' };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

interface Focused {
  /** What assistive technology would call it, near enough: aria-label, its label, else its text. */
  name: string;
  tag: string;
  /** It matches :focus-visible and draws an outline or a ring (box-shadow) there. */
  ringed: boolean;
}

/** The focused element as a person sees it; never focuses or clicks anything itself. */
function focusedElement(page: Page): Promise<Focused | null> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== 'none' && style.boxShadow !== '';
    const labelled = (element as HTMLInputElement).labels?.[0]?.textContent ?? '';
    const name = element.getAttribute('aria-label') ?? (labelled || element.textContent || '');
    // A <video controls> is ringed by the browser on its own controls (its shadow tree), where the
    // page's :focus-visible style does not reach: accepted as visible for media with controls.
    const nativeControls = element instanceof HTMLMediaElement && element.controls && element.matches(':focus-within');
    return { name: name.replace(/\s+/g, ' ').trim(), tag: element.tagName.toLowerCase(), ringed: nativeControls || (element.matches(':focus-visible') && (outline || ring)) };
  });
}

/**
 * Presses Tab (or Shift+Tab) until the focused element's name matches, checking on every stop
 * that focus is where a sighted keyboard user can see it. Fails after `max` presses.
 */
async function tabTo(page: Page, name: RegExp, options: { backwards?: boolean; max?: number } = {}): Promise<Focused> {
  const seen: string[] = [];
  for (let press = 0; press < (options.max ?? 80); press += 1) {
    await page.keyboard.press(options.backwards ? 'Shift+Tab' : 'Tab');
    const focused = await focusedElement(page);
    if (!focused) continue;
    seen.push(focused.name);
    if (!focused.ringed) throw new Error(`focus on '${focused.name}' (${focused.tag}) has no visible focus style`);
    if (name.test(focused.name)) return focused;
  }
  throw new Error(`Tab never reached ${name}; it went through: ${seen.join(' | ')}`);
}

/** Tabs to a field and types into it, as a person would. */
async function typeInto(page: Page, field: RegExp, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

describe('keyboard only: a fan books a video shoutout and pays without touching the mouse', () => {
  const journey = useJourney({ viewport: PHONE });

  it('signs in, finds the athlete, fills the form, pays with the sandbox card; focus is visible all the way', async () => {
    // A name of its own: a retry of this journey (or another run on the same database) adds another athlete.
    const firstName = uniqueName('Keyboard');
    const athlete = await createAthleteByApi(firstName);
    const page = journey.page;

    // Typing the address is the keyboard too; everything after it is Tab, Enter, Space and typing.
    await page.goto(`${SHELL_URL}/login`);
    // Waiting for a screen to be drawn is looking, not touching.
    await page.getByLabel('Email').waitFor();
    await typeInto(page, /^Email/, FAN.email);
    await typeInto(page, /^Password/, FAN.password);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/dashboard/);
    await page.getByLabel('Search athletes').waitFor();

    // The search follows the box 400 ms after typing stops, so on a slow machine a search for part
    // of the name may come first (and show the athlete) before the whole name's search dims the
    // list: wait for the whole name's answer.
    const searched = page.waitForResponse((response) => response.url().includes('/public/athletes/search') && new URL(response.url()).searchParams.get('filter') === firstName);
    await typeInto(page, /^Search athletes/, firstName);
    await searched;
    await page.getByRole('link', { name: new RegExp(`${firstName} Journey`) }).waitFor();
    // The new athlete may head the previous results too, shown dimmed while the search is under way.
    await page.locator('.rq-grid[aria-busy="true"]').waitFor({ state: 'detached' });
    await screenshot(page, 'keyboard-dashboard-390');
    await tabTo(page, new RegExp(`^${firstName} Journey`));
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/@`));
    await page.getByRole('button', { name: 'Services', exact: true }).waitFor();
    await tabTo(page, /^Services$/);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Book Video shoutout' }).waitFor();

    await tabTo(page, /^Book Video shoutout$/);
    await screenshot(page, 'keyboard-profile-390');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/request-form\//);
    await page.getByRole('button', { name: 'Submit' }).waitFor();

    await typeInto(page, /^Name 1/, 'Sam');
    await typeInto(page, /^Email 1/, 'sam@journeys.test');
    await typeInto(page, /^Special message/, 'Happy birthday, Sam!');
    await typeInto(page, /^Request name/, 'Keyboard shoutout');
    await tabTo(page, /^Instagram$/);
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Instagram', pressed: true }).waitFor();
    await tabTo(page, /^Submit$/);
    await screenshot(page, 'keyboard-form-390');
    await page.keyboard.press('Enter');

    // The Checkout modal takes focus; the sandbox's own card form is plain labelled fields.
    const checkout = page.getByRole('dialog', { name: 'Checkout' });
    await checkout.getByLabel('Card number').waitFor();
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    await typeInto(page, /^Card number/, '4242424242424242');
    await typeInto(page, /^Expiry/, '1234');
    await typeInto(page, /^CVC/, '123');
    await tabTo(page, /^Pay /);
    await screenshot(page, 'keyboard-checkout-390');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'keyboard-checkout-1280');
    await page.keyboard.press('Enter');

    await page.waitForURL(/\/request\/[0-9a-f-]{36}$/);
    const id = new URL(page.url()).pathname.split('/').pop() ?? '';
    expect((await requestOf(athlete, id)).paid).toBe(true);
    await page.getByText('Keyboard shoutout').first().waitFor();
    await screenshot(page, 'keyboard-paid-1280');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'keyboard-paid-390');
  }, 240_000);
});
