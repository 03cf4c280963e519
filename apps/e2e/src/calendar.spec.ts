import { request, type Page } from 'playwright-core';
import { signIn } from './support/accounts';
import { createAthleteByApi } from './support/athletes';
import { bookAndPay } from './support/booking';
import { screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { SHELL_URL } from './support/stack';

const FAN = { email: 'fan@huddle.test', password: 'huddle-fan-2026' };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** Tomorrow at 15:00 in this machine's zone (the browser's). */
function tomorrowAfternoon(): Date {
  const at = new Date();
  at.setDate(at.getDate() + 1);
  at.setHours(15, 0, 0, 0);
  return at;
}

/**
 * The month view opens on today's month: on the last day of a month, tomorrow is the next one's (not
 * even in the grid when that day is a Sunday), so the journey moves on a month, whose 1st (tomorrow)
 * then anchors the week view too. Answers whether it moved.
 */
async function showMonthOf(page: Page, day: Date): Promise<boolean> {
  if (day.getMonth() === new Date().getMonth()) return false;
  await page.getByRole('button', { name: 'Next month' }).click();
  return true;
}

/** The week view of the anchor: today's week, whose Sunday's tomorrow is in the next one. */
async function showWeekOf(page: Page, movedMonth: boolean): Promise<void> {
  await page.getByRole('button', { name: 'Week' }).click();
  if (!movedMonth && new Date().getDay() === 0) await page.getByRole('button', { name: 'Next week' }).click();
}

describe('journey: the athlete calendar', () => {
  const journey = useJourney({ viewport: DESKTOP });

  it('a fan books an appearance, the athlete accepts it, it shows in the month and the week and in the iCal feed, whose link can be regenerated', async () => {
    const athlete = await createAthleteByApi(`Cal${Date.now().toString(36)}`);

    // The demo fan books and pays a personal appearance for tomorrow afternoon in the browser.
    const fanPage = journey.page;
    await signIn(fanPage, FAN.email, FAN.password);
    await fanPage.waitForURL(/\/dashboard/);
    const start = tomorrowAfternoon();
    const id = await bookAndPay(fanPage, athlete.id, 'personal_appearance', { start });

    // The athlete accepts it (their API session; the requests screens have their own journeys).
    const accepted = await athlete.api.put(`booking/request/accept?request_id=${id}&disclosure_acknowledged=true`);
    if (!accepted.ok()) throw new Error(`accept: HTTP ${accepted.status()} ${await accepted.text()}`);

    // Desktop: the month view with the event on its day, then the week.
    const context = await journey.browser.newContext({ storageState: await athlete.api.storageState(), viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${SHELL_URL}/calendar`);
    await page.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor();
    const moved = await showMonthOf(page, start);
    const chip = page.locator(`.cal-month a[href="/request/${id}"]`);
    await chip.waitFor();
    const time = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(start);
    expect(await chip.innerText()).toContain(time);
    expect(await chip.innerText()).toContain('Personal appearance');
    const feedInput = page.getByRole('textbox', { name: 'Calendar link' });
    await feedInput.waitFor();
    await screenshot(page, 'calendar-month-1280');

    await showWeekOf(page, moved);
    const weekChip = page.locator(`.cal-week a[href="/request/${id}"]`);
    await weekChip.waitFor();
    expect(await weekChip.innerText()).toContain('Los Angeles');
    await screenshot(page, 'calendar-week-1280');

    // Each event opens its request.
    await weekChip.click();
    await page.waitForURL(new RegExp(`/request/${id}$`));

    // The feed: the shown link serves the event; Regenerate (confirmed) kills it and shows a new one.
    await page.goto(`${SHELL_URL}/calendar`);
    await feedInput.waitFor();
    const oldUrl = await feedInput.inputValue();
    const outside = await request.newContext();
    const feed = await outside.get(oldUrl);
    expect(feed.status()).toBe(200);
    expect(await feed.text()).toContain(`${id}@huddle`);
    await page.getByRole('button', { name: 'Regenerate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Regenerate the calendar link?' });
    await dialog.getByRole('button', { name: 'Regenerate' }).click();
    await page.getByText('New calendar link made').waitFor();
    const newUrl = await feedInput.inputValue();
    expect(newUrl).not.toBe(oldUrl);
    expect((await outside.get(oldUrl)).status()).toBe(404);
    expect((await outside.get(newUrl)).status()).toBe(200);

    // Phone: the month with a dot on the day and the events listed under it, then the week stacked.
    await page.setViewportSize(PHONE);
    await page.goto(`${SHELL_URL}/calendar`);
    const movedOnPhone = await showMonthOf(page, start);
    await page.locator(`.cal-agenda a[href="/request/${id}"]`).waitFor();
    await screenshot(page, 'calendar-month-390');
    await showWeekOf(page, movedOnPhone);
    await page.locator(`.cal-week a[href="/request/${id}"]`).waitFor();
    await screenshot(page, 'calendar-week-390');

    await outside.dispose();
    await context.close();
  });
});
