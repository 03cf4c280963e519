import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { signIn } from './support/accounts';
import { expectFiguresFit, screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { SHELL_URL } from './support/stack';

const ADMIN = { email: 'admin@huddle.test', password: 'huddle-admin-2026' };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function chartsDrawn(page: Page): Promise<void> {
  // The charts' lazy chunk arrived: the users' ring and the requests' bars are drawn.
  await page.locator('.adm-chart .recharts-pie-sector').first().waitFor();
  await page.locator('.adm-chart .recharts-bar-rectangle').first().waitFor();
}

describe('journey: the administrator’s statistics (issue 23)', () => {
  const journey = useJourney({ viewport: DESKTOP, acceptDownloads: true });

  it('/manage/stats draws its charts at 390 and 1280 px, changes period, and exports a table as CSV', async () => {
    const page = journey.page;
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/manage\/users/);
    await page.goto(`${SHELL_URL}/manage/stats`);
    await page.getByRole('heading', { name: 'Statistics', level: 1 }).waitFor();
    await chartsDrawn(page);
    for (const label of ['Captured', 'Fees', 'Refunded', 'Paid out', 'Owed to athletes']) await page.locator('.adm-tile', { hasText: label }).first().waitFor();
    await screenshot(page, 'admin-stats-desktop');
    await page.setViewportSize(PHONE);
    await chartsDrawn(page);
    await screenshot(page, 'admin-stats-phone');
    // The demo's five-figure dollars on one line in a phone's half-width tile (they once broke as "$47,525.0" over "0").
    await expect(expectFiguresFit(page)).resolves.toBeGreaterThanOrEqual(7);
    // Nothing wider than the phone.
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(PHONE.width);
    await page.setViewportSize(DESKTOP);

    const last30 = page.getByRole('button', { name: 'Last 30 days' });
    const answer = page.waitForResponse((response) => response.url().includes('/admin/counters?period=30d') && response.ok());
    await last30.click();
    await answer;
    await expect(last30.getAttribute('aria-pressed')).resolves.toBe('true');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV of Users by type' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('huddle-users-by-type-30d.csv');
    const csv = readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('Users by type,Count');
    expect(lines.map((line) => line.split(',')[0])).toEqual(['Users by type', 'Fan', 'Athlete', 'Business', 'Administrator', 'All users']);
    const counts = lines.slice(1).map((line) => Number(line.split(',')[1]));
    expect(counts[4]).toBe(counts.slice(0, 4).reduce((sum, value) => sum + value, 0));
    expect(counts[3]).toBeGreaterThanOrEqual(1);
  });
});
