import type { Locator, Page } from 'playwright-core';
import { SHELL_URL } from './stack';

/**
 * Opens the business's /stats and waits until `athleteName`'s row shows `amount` spent: the capture
 * on acceptance is a job, so the first answer may come before it ran (then the page is read again).
 * Answers the athlete's row.
 */
export async function openStatsWithSpend(page: Page, athleteName: string, amount = '$10.00'): Promise<Locator> {
  await page.goto(`${SHELL_URL}/stats`);
  await page.getByRole('heading', { name: 'Statistics', level: 1 }).waitFor();
  const row = page.getByRole('row', { name: new RegExp(athleteName) });
  await row
    .filter({ hasText: amount })
    .waitFor({ timeout: 30_000 })
    .catch(async () => {
      await page.reload();
      await row.filter({ hasText: amount }).waitFor({ timeout: 30_000 });
    });
  return row;
}
