import { randomBytes } from 'node:crypto';
import { request, type APIRequestContext } from 'playwright-core';
import { DEFAULT_RATES } from '@huddle/domain';
import { createAthleteByApi, type ApiAthlete } from './support/athletes';
import { screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { API_URL, SHELL_URL } from './support/stack';

const BUSINESS = { email: 'business@huddle.test', password: 'huddle-business-2026' };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

function uniqueName(prefix: string): string {
  return `${prefix}${[...randomBytes(6)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('')}`;
}

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  if (!response.ok()) throw new Error(`${what}: HTTP ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A shoutout booked and paid with the sandbox's 4242 card by the demo business: a paid, pending request. */
async function paidShoutout(business: APIRequestContext, athlete: ApiAthlete): Promise<string> {
  const booked = await ok<{ request: { id: string } }>(
    await business.post('booking/request', {
      data: {
        athlete_id: athlete.id,
        name: 'Stats shoutout',
        is_social_media: false,
        social_media_platform: '',
        type: 'shoutout',
        request_amount: DEFAULT_RATES.shoutout,
        shoutout: { names_in_shoutout: 'Team', recipients_emails: 'team@journeys.test', special_message_info: 'Welcome aboard!' },
      },
    }),
    'booking',
  );
  const id = booked.request.id;
  const sheet = await ok<{ payment_intent: { client_secret: string } }>(await business.post(`payments/payment-sheet?request_id=${id}`), 'payment sheet');
  await ok(
    await business.post('payments/sandbox/confirm', { data: { client_secret: sheet.payment_intent.client_secret, card_number: '4242424242424242', exp_month: 12, exp_year: 2099, cvc: '123' } }),
    'card',
  );
  await ok(await business.post('payments/set-paid', { data: { request_id: id } }), 'set-paid');
  return id;
}

describe('journey: the business statistics', () => {
  const journey = useJourney({ viewport: PHONE });

  it("a business's request is accepted and /stats shows it, at phone and desktop size", async () => {
    const name = uniqueName('Stats');
    const athlete = await createAthleteByApi(name);
    const business = await request.newContext({ baseURL: `${API_URL}/api/v1/` });
    await ok(await business.post('user/sign-ins', { form: BUSINESS }), 'business sign-in');
    const id = await paidShoutout(business, athlete);
    await ok(await athlete.api.put(`booking/request/accept?request_id=${id}`), 'accept');

    const context = await journey.browser.newContext({ storageState: await business.storageState(), viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${SHELL_URL}/stats`);
    await page.getByRole('heading', { name: 'Statistics', level: 1 }).waitFor();

    // The capture on acceptance is a job: the athlete's row shows the $10.00 once it ran.
    const row = page.getByRole('row', { name: new RegExp(name) });
    await row
      .filter({ hasText: '$10.00' })
      .waitFor({ timeout: 30_000 })
      .catch(async () => {
        await page.reload();
        await row.filter({ hasText: '$10.00' }).waitFor({ timeout: 30_000 });
      });
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

    await page.setViewportSize(DESKTOP);
    await page.locator('.bs-chart .recharts-bar-rectangle').first().waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'business-stats-1280');
    await context.close();
    await business.dispose();
  });
});
