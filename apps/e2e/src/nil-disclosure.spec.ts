import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { request, type Page } from 'playwright-core';
import { nilDay, nilReportBy } from '@huddle/domain/nil';
import { signIn } from './support/accounts';
import { expectAccessible } from './support/axe';
import { createAthleteByApi } from './support/athletes';
import { ARTIFACTS, screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { bookAndPayByApi } from './support/paid-requests';
import { ok, uniqueName } from './support/requests-by-api';
import { API_URL, SHELL_URL } from './support/stack';

const BUSINESS = { email: 'business@huddle.test', password: 'huddle-business-2026' };
const ADMIN = { email: 'admin@huddle.test', password: 'huddle-admin-2026' };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

interface Disclosure {
  id: string;
  request_id: string;
  flagged: boolean;
  report_by: string | null;
  agreed_at: string;
  payor: { name: string; company: { name: string } | null };
  packet_filename: string;
}

/** 'Dec 4' from '2026-12-04', as the locker room writes a day. */
function shortDay(iso: string): string {
  return new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** The element that has focus is inside the open dialog. */
function focusInDialog(page: Page): Promise<boolean> {
  return page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
}

// Two parties book and pay, an athlete and an administrator each use the browser: more than the default 120 s on a busy 2-core machine.
jest.setTimeout(600_000);

describe('journey: NIL disclosure (issue 23)', () => {
  const journey = useJourney({ viewport: PHONE, acceptDownloads: true });

  it('a $650 endorsement is flagged in the locker room; the athlete downloads its packet and marks it reported; the administrator exports it', async () => {
    const athlete = await createAthleteByApi(uniqueName('Nil'));
    const business = await request.newContext({ baseURL: `${API_URL}/api/v1/` });
    await ok(await business.post('user/sign-ins', { form: BUSINESS }), 'business sign-in');
    // A small shoutout first (under $600 on its own), then a $650 endorsement that takes the payor's total past $600.
    const small = await bookAndPayByApi(business, {
      athlete_id: athlete.id,
      name: 'NIL shoutout',
      is_social_media: false,
      social_media_platform: '',
      type: 'shoutout',
      request_amount: 10,
      shoutout: { names_in_shoutout: 'Team', recipients_emails: 'team@journeys.test', special_message_info: 'Welcome aboard!' },
    });
    const big = await bookAndPayByApi(business, {
      athlete_id: athlete.id,
      name: 'NIL endorsement',
      is_social_media: false,
      social_media_platform: '',
      type: 'endorsement',
      request_amount: 650,
      endorsement: { task: 'Post a reel about our new store', link: 'example.com/store' },
    });
    await ok(await athlete.api.put(`booking/request/accept?request_id=${small}`), 'accept the shoutout');
    await ok(await athlete.api.put(`booking/request/accept?request_id=${big}&disclosure_acknowledged=true`), 'accept the endorsement');

    // The records are written with the acceptances; read them the way the screen does.
    let deals: Disclosure[] = [];
    for (let attempt = 0; attempt < 60 && deals.length < 2; attempt += 1) {
      deals = (await ok<{ disclosures: Disclosure[] }>(await athlete.api.get('athlete/nil-disclosures'), 'disclosures')).disclosures;
      if (deals.length < 2) await new Promise((r) => setTimeout(r, 500));
    }
    const flagged = deals.find((d) => d.request_id === big)!;
    const other = deals.find((d) => d.request_id === small)!;
    expect(flagged.flagged).toBe(true);
    expect(other.flagged).toBe(false);
    expect(flagged.report_by).toBe(nilReportBy(new Date(flagged.agreed_at)));
    const payor = flagged.payor.company?.name ?? flagged.payor.name;

    const context = await journey.browser.newContext({ storageState: await athlete.api.storageState(), viewport: PHONE, acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(`${SHELL_URL}/locker-room`);
    await page.getByRole('heading', { name: 'Locker Room', level: 1 }).waitFor();
    const section = page.locator('.nil-section');
    await section.getByRole('heading', { name: 'NIL disclosures' }).waitFor();
    const card = section.getByRole('list', { name: 'Deals to report' }).getByRole('listitem').filter({ hasText: payor });
    await card.waitFor();
    await card.getByText('$650.00').waitFor();
    await card.getByText('Endorsement', { exact: true }).waitFor();
    await card.getByText(new RegExp(`^Report by .+ · \\d business days? left$|^Due today$`)).waitFor();
    await card.getByText('To report').waitFor();
    await section.getByRole('list', { name: 'Other deals' }).getByText('Under $600 from this payor so far').waitFor();
    await section.getByText(/\$600.*5 business days/).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'nil-locker-room-390');
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(PHONE.width);

    // The packet: the PDF through the API with the session, saved under its name.
    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: /Download packet/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(flagged.packet_filename);
    expect(readFileSync((await file.path())!).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // Mark reported: the dialog holds focus, Escape closes it and focus returns to the button.
    const markButton = card.getByRole('button', { name: /Mark reported/ });
    // The dialog offers New York's today, as it was when it opened (a run across that midnight sees either day).
    const openedOn = nilDay(new Date());
    await markButton.click();
    const dialog = page.getByRole('dialog', { name: 'Mark reported' });
    await dialog.waitFor();
    const dayField = dialog.getByLabel('Reported to NIL Go on');
    const offered = await dayField.inputValue();
    expect([openedOn, nilDay(new Date())]).toContain(offered);
    await expect(dayField.getAttribute('min')).resolves.toBe(nilDay(new Date(flagged.agreed_at)));
    await expect(dayField.getAttribute('max')).resolves.toBe(offered);
    await expect(focusInDialog(page)).resolves.toBe(true);
    for (let tab = 0; tab < 8; tab += 1) {
      await page.keyboard.press(tab % 3 === 2 ? 'Shift+Tab' : 'Tab');
      await expect(focusInDialog(page)).resolves.toBe(true);
    }
    // The dialog as a person sees it over the page: the viewport, not the whole page behind it.
    await page.screenshot({ path: join(ARTIFACTS, 'nil-mark-reported-390.png'), caret: 'initial' });
    await expectAccessible(page, 'nil-mark-reported-390');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect(markButton.evaluate((button) => button === document.activeElement)).resolves.toBe(true);

    await markButton.click();
    await dialog.waitFor();
    // The day saved is the one the dialog offers now.
    const reportedOn = await dayField.inputValue();
    await dialog.getByLabel('NIL Go status (optional)').selectOption('cleared');
    const saved = page.waitForResponse((response) => response.url().includes(`/athlete/nil-disclosures/${flagged.id}/reported`) && response.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await dialog.waitFor({ state: 'detached' });
    await card.getByText(`Reported ${shortDay(reportedOn)} · Cleared`).waitFor();
    await expect(card.getByText('To report').count()).resolves.toBe(0);
    await page.getByRole('status').filter({ hasText: 'Marked as reported' }).getByRole('button', { name: 'Dismiss' }).click();

    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'nil-locker-room-reported-390');
    await page.setViewportSize(DESKTOP);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'nil-locker-room-1280');
    await context.close();
    await business.dispose();

    // The administrator's CSV of flagged deals has this one, reported and cleared.
    const admin = journey.page;
    await admin.setViewportSize(DESKTOP);
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.waitForURL(/\/manage\/users/);
    await admin.goto(`${SHELL_URL}/manage/stats`);
    await admin.getByRole('heading', { name: 'Statistics', level: 1 }).waitFor();
    await admin.locator('.adm-tile', { hasText: 'Owed to athletes' }).first().waitFor();
    await screenshot(admin, 'nil-admin-stats-1280');
    const csvDownload = admin.waitForEvent('download');
    await admin.getByRole('button', { name: 'Export flagged NIL deals (CSV)' }).click();
    const csvFile = await csvDownload;
    expect(csvFile.suggestedFilename()).toMatch(/^huddle-nil-flagged-\d{4}-\d{2}-\d{2}\.csv$/);
    const records = parse(readFileSync((await csvFile.path())!, 'utf8').replace(/^\uFEFF/, ''), { columns: true }) as Array<Record<string, string>>;
    const row = records.find((record) => Object.values(record).some((value) => value.includes(athlete.email)));
    expect(row).toBeDefined();
    const cells = Object.values(row!);
    expect(cells).toEqual(expect.arrayContaining([payor, flagged.report_by, reportedOn]));
    expect(cells.some((value) => /^650(\.00)?$/.test(value))).toBe(true);
    expect(cells.some((value) => /cleared/i.test(value))).toBe(true);
    await admin.setViewportSize(PHONE);
    await admin.evaluate(() => window.scrollTo(0, 0));
    await screenshot(admin, 'nil-admin-stats-390');
    await expect(admin.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(PHONE.width);
  });
});
