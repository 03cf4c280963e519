import { readFileSync } from 'node:fs';
import { request } from 'playwright-core';
import { INTRO_VIDEO } from './support/accounts';
import { createAthleteByApi } from './support/athletes';
import { expectFiguresFit, screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { API_URL, SHELL_URL } from './support/stack';
import { ok, paidShoutout, uniqueName } from './support/requests-by-api';

const FAN = { email: 'fan@huddle.test', password: 'huddle-fan-2026' };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

describe('journey: the locker room', () => {
  const journey = useJourney({ viewport: PHONE });

  it("a new athlete's locker room is empty; a shoutout finishes and it shows the earnings, at phone and desktop size", async () => {
    const athlete = await createAthleteByApi(uniqueName('Locker'));
    const context = await journey.browser.newContext({ storageState: await athlete.api.storageState(), viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${SHELL_URL}/locker-room`);
    await page.getByRole('heading', { name: 'Locker Room', level: 1 }).waitFor();
    await page.getByText('Nothing here yet').waitFor();
    await screenshot(page, 'locker-room-empty-390');

    // The demo fan books two shoutouts; the athlete delivers one and the fan approves it: finished, $8.00 of $10.00 earned.
    const fan = await request.newContext({ baseURL: `${API_URL}/api/v1/` });
    await ok(await fan.post('user/sign-ins', { form: FAN }), 'fan sign-in');
    const id = await paidShoutout(fan, athlete, 'Locker room shoutout');
    await paidShoutout(fan, athlete, 'Still pending shoutout');
    const acceptedAt = new Date();
    await ok(await athlete.api.put(`booking/request/accept?request_id=${id}`), 'accept');
    await ok(
      await athlete.api.post('athlete/shoutouts', { multipart: { request_id: id, video: { name: 'v.mp4', mimeType: 'video/mp4', buffer: readFileSync(INTRO_VIDEO) } } }),
      'delivery',
    );
    await ok(await fan.put('booking/request/approve', { data: { request_id: id } }), 'approve');

    // The open screen reads again on the request's notifications. The earnings count the share
    // from its capture (a job after the acceptance); it is payable only once the request is
    // finished (the approval), so a read between the two shows $8.00 earned and $0.00 payable:
    // wait for both figures.
    const earnings = page.locator('.lr-figure--main .lr-figure__amount');
    const payable = page.locator('.lr-figure', { has: page.getByText('Payable', { exact: true }) }).locator('.lr-figure__amount');
    const settled = async () => {
      await earnings.filter({ hasText: '$8.00' }).waitFor({ timeout: 30_000 });
      await payable.filter({ hasText: '$8.00' }).waitFor({ timeout: 30_000 });
    };
    await settled().catch(async () => {
      await page.reload();
      await settled();
    });
    const figures = await page.locator('.lr-figure').allInnerTexts();
    // The share counts in the week (from Monday) and the month of its capture, in the browser's
    // zone (this machine's): a run across midnight into a Monday or a 1st sees it in the last one.
    const readAt = new Date();
    const monday = (at: Date) => new Date(at.getFullYear(), at.getMonth(), at.getDate() - ((at.getDay() + 6) % 7)).getTime();
    const thisWeek = monday(acceptedAt) === monday(readAt) ? '$8.00' : '$0.00';
    const thisMonth = acceptedAt.getMonth() === readAt.getMonth() ? '$8.00' : '$0.00';
    expect(figures.map((text) => text.split('\n').slice(0, 2).join(' '))).toEqual([
      'Total $8.00',
      `This week ${thisWeek}`,
      `This month ${thisMonth}`,
      'Payable $8.00',
      'On its way $0.00',
      'Paid out $0.00',
    ]);
    const shoutouts = page.getByRole('row', { name: /Video shoutout/ });
    await expect(shoutouts.getByRole('cell').allInnerTexts()).resolves.toEqual(['2', '1']);
    // The chart's lazy chunk arrived: its bars are drawn.
    await page.locator('.lr-chart .recharts-bar-rectangle').first().waitFor();
    await page.getByRole('button', { name: 'Months' }).click();
    await expect(page.getByRole('button', { name: 'Months' }).getAttribute('aria-pressed')).resolves.toBe('true');
    await page.getByRole('button', { name: 'Weeks' }).click();
    // Full-page shots from the top, so the sticky app bar sits where a person sees it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'locker-room-390');
    await expect(expectFiguresFit(page)).resolves.toBe(6);

    await page.setViewportSize(DESKTOP);
    await page.locator('.lr-chart .recharts-bar-rectangle').first().waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'locker-room-1280');
    await expect(expectFiguresFit(page)).resolves.toBe(6);

    await page.getByRole('link', { name: 'Open Payouts' }).click();
    await page.waitForURL(/\/settings\/payouts/);
    await page.goto(`${SHELL_URL}/locker-room`);
    await page.getByRole('button', { name: 'Open Request Feed' }).click();
    await page.waitForURL(/\/requests/);
    await context.close();
    await fan.dispose();
  });
});
