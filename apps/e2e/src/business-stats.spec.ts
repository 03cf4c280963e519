import { createAthleteByApi, createBusinessByApi } from './support/athletes';
import { expectFiguresFit, screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { ok, paidShoutout, uniqueName } from './support/requests-by-api';
import { openStatsWithSpend } from './support/business-stats';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

describe('journey: the business statistics', () => {
  const journey = useJourney({ viewport: PHONE });

  it("a business's request is accepted and /stats shows it, at phone and desktop size", async () => {
    const name = uniqueName('Stats');
    const athlete = await createAthleteByApi(name);
    // A business of its own: the demo business's history names other athletes first.
    const business = (await createBusinessByApi(`${name} Sports Co`)).api;
    const id = await paidShoutout(business, athlete, 'Stats shoutout');
    await ok(await athlete.api.put(`booking/request/accept?request_id=${id}`), 'accept');

    const context = await journey.browser.newContext({ storageState: await business.storageState(), viewport: PHONE });
    const page = await context.newPage();
    const row = await openStatsWithSpend(page, name);
    await expect(row.getByRole('cell').allInnerTexts()).resolves.toEqual(['1', '$10.00']);
    for (const label of ['Total spent', 'Accepted', 'Rejected', 'Requests']) await page.locator('.bs-figure dt', { hasText: label }).first().waitFor();
    await expect(page.locator('.bs-figure--main .bs-figure__amount').innerText()).resolves.toMatch(/^\$[\d,]+\.\d\d$/);
    // The charts' lazy chunk arrived: the spending bars are drawn.
    await page.locator('.bs-chart .recharts-bar-rectangle').first().waitFor();
    await page.getByRole('button', { name: 'Months' }).click();
    await expect(page.getByRole('button', { name: 'Months' }).getAttribute('aria-pressed')).resolves.toBe('true');
    await page.getByRole('button', { name: 'Weeks' }).click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'business-stats-390');
    await expect(expectFiguresFit(page)).resolves.toBe(4);

    await page.setViewportSize(DESKTOP);
    await page.locator('.bs-chart .recharts-bar-rectangle').first().waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'business-stats-1280');
    await expect(expectFiguresFit(page)).resolves.toBe(4);
    await context.close();
    await business.dispose();
  });
});
