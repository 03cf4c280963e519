import type { Browser, Page } from 'playwright-core';
import { ENDORSEMENT_DISCLOSURE } from '@huddle/domain';
import { INTRO_VIDEO } from './accounts';
import type { ApiAthlete } from './athletes';
import { SHELL_URL } from './stack';

export interface RequestState {
  status: number;
  paid: boolean;
  history: { action: string; label: string }[];
  review: { rate: number } | null;
  video_chat_completed?: boolean;
}

/** The request as its athlete's API session reads it (status, history), over HTTP. */
export async function requestOf(athlete: ApiAthlete, id: string): Promise<RequestState> {
  const response = await athlete.api.get('booking/request', { params: { id } });
  if (!response.ok()) throw new Error(`GET /booking/request answered ${response.status()}`);
  return (await response.json()).request;
}

export async function waitForStatus(athlete: ApiAthlete, id: string, status: number): Promise<RequestState> {
  const deadline = Date.now() + 20_000;
  let request = await requestOf(athlete, id);
  while (request.status !== status && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    request = await requestOf(athlete, id);
  }
  expect(request.status).toBe(status);
  return request;
}

/**
 * The athlete's side in a browser context of its own, on the request. It carries the session the
 * athlete signed up with (the API's httpOnly cookie), so the journeys stay inside the sign-in rate limit.
 */
export async function athletePage(browser: Browser, athlete: ApiAthlete, id: string): Promise<Page> {
  const context = await browser.newContext({ storageState: await athlete.api.storageState() });
  const page = await context.newPage();
  await page.goto(`${SHELL_URL}/request/${id}`);
  await page.getByRole('region', { name: 'Actions' }).waitFor();
  return page;
}

/** Accept; an endorsement first needs the paid-partnership disclosure acknowledged (FTC). */
export async function accept(page: Page, options: { disclose?: boolean } = {}): Promise<void> {
  if (options.disclose) await page.getByRole('checkbox', { name: ENDORSEMENT_DISCLOSURE.acknowledge }).check();
  await page.getByRole('button', { name: 'Accept', exact: true }).click();
}

/**
 * The athlete sends the delivery: a chosen file (the fixture), or `camera`: recorded for about two
 * seconds with Chromium's fake camera (browser.ts), as MediaRecorder writes it.
 */
export async function deliverVideo(page: Page, type: 'Shoutout' | 'Endorsement', how: 'file' | 'camera' = 'file'): Promise<void> {
  await page.getByRole('button', { name: `Record Your ${type}` }).click();
  const modal = page.getByRole('dialog', { name: `Record Your ${type}` });
  if (how === 'camera') {
    await modal.getByRole('button', { name: 'Record with camera' }).click();
    await modal.getByRole('button', { name: 'Start recording' }).click();
    await page.waitForTimeout(2_000);
    await modal.getByRole('button', { name: 'Stop recording' }).click();
    await modal.getByLabel('Preview').waitFor();
  } else {
    await modal.getByLabel(/choose a video/i).setInputFiles(INTRO_VIDEO);
    await modal.locator('video').waitFor();
  }
  await modal.getByRole('button', { name: 'Send' }).click();
  await modal.waitFor({ state: 'detached', timeout: 60_000 });
}

export async function review(page: Page, stars: number): Promise<void> {
  await page.getByRole('button', { name: 'Review' }).click();
  const dialog = page.getByRole('dialog');
  const submit = dialog.getByRole('button', { name: 'Submit' });
  // Spec §5: Submit needs a star rating.
  expect(await submit.isDisabled()).toBe(true);
  await dialog.getByRole('radio', { name: new RegExp(`^${stars} star`) }).click();
  await submit.click();
  await dialog.waitFor({ state: 'detached' });
}
