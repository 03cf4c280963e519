import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { APIRequestContext, Download, Locator, Page } from 'playwright-core';
import { createAthleteByApi, createBusinessByApi } from './support/athletes';
import { expectAccessible } from './support/axe';
import { ARTIFACTS } from './support/browser';
import { useJourney } from './support/journey';
import { finishedShoutout, ok, uniqueName } from './support/requests-by-api';
import type { Stack } from './support/stack';
import { openStatsWithSpend } from './support/business-stats';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/** The export's row, which the modal polls; its file (…/{id}/file) and the start call are other paths. */
const EXPORT_ROW = '**/api/v1/booking/request/counters-business-export/*';

/** The business's name as its report prints it: the profile's name, else the account's. */
async function businessName(business: APIRequestContext): Promise<string> {
  const { account } = await ok<{ account: { first_name: string | null; last_name: string | null; business_info: { name: string | null } | null } }>(
    await business.get('user/accounts'),
    'account',
  );
  return account.business_info?.name?.trim() || [account.first_name, account.last_name].filter(Boolean).join(' ');
}

/**
 * Holds the reads of the export's row (not changing them) until the returned function lets them
 * through, so the progress is seen however fast the job runs.
 */
async function holdExportReads(page: Page): Promise<() => Promise<void>> {
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(EXPORT_ROW, async (route) => {
    await held;
    // A read the page gave up on meanwhile (the modal closed, the page moved on) is no failure here.
    await route.continue().catch(() => undefined);
  });
  return async () => {
    release();
    await page.unroute(EXPORT_ROW);
  };
}

/** Starts the export chosen in the modal and waits for its progress bar and live text. */
async function startExport(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Start export' }).click();
  await dialog.getByRole('status').filter({ hasText: /^Preparing your export… \d+%$/ }).waitFor();
  await expect(dialog.getByRole('progressbar').getAttribute('aria-valuenow')).resolves.toMatch(/^\d+$/);
}

/** What the viewport shows (the modal over the page), not the whole page, where a fixed modal would be lost. */
async function viewShot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), caret: 'initial' });
  await expectAccessible(page, name);
}

/** Starts the export and photographs its progress before the job's answers go through. */
async function startHeld(page: Page, dialog: Locator, shot: string): Promise<void> {
  const release = await holdExportReads(page);
  await startExport(dialog);
  await viewShot(page, shot);
  await release();
}

async function downloaded(download: Download): Promise<Buffer> {
  const path = await download.path();
  return readFileSync(path);
}

/**
 * The PDF's text through pdf-parse, the API tests' library. pdf.js loads its worker with a dynamic
 * import() that Jest's CommonJS runtime cannot run, so it reads the file in a child Node process.
 */
function pdfText(file: Buffer): Promise<string> {
  const script = `import { PDFParse } from 'pdf-parse';
const parser = new PDFParse({ data: new Uint8Array(await new Response(process.stdin).arrayBuffer()) });
process.stdout.write((await parser.getText()).text);
await parser.destroy();`;
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, ['--input-type=module', '-e', script], { cwd: __dirname, maxBuffer: 64 * 1024 * 1024, timeout: 60_000 }, (error, stdout, stderr) =>
      error ? reject(new Error(`pdf-parse failed: ${error.message} ${stderr}`)) : resolve(stdout),
    );
    child.stdin?.end(file);
  });
}

/** The export email the embedded outbox printed for `email`: its log line (the text and the attachments' names, types and sizes). */
async function exportEmail(stack: Stack, email: string, filename: RegExp): Promise<string> {
  const api = stack.services.get('api');
  if (!api) throw new Error('the API is not running');
  const deadline = Date.now() + 30_000;
  for (;;) {
    const line = api.output
      .join('')
      .split('\n')
      .find((candidate) => candidate.includes('[Outbox]') && candidate.includes(`to=${email}`) && candidate.includes('attachments=') && filename.test(candidate));
    if (line) return line;
    if (Date.now() > deadline) throw new Error(`no export email with ${filename.source} reached ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** The figure as /stats prints it: $1,234.50. */
function dollars(value: string): string {
  return `$${Number(value).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

describe('journey: the business exports its statistics', () => {
  const journey = useJourney({ viewport: PHONE });

  it('a business with a finished request exports a PDF and a CSV (downloaded), then by email, at phone and desktop size', async () => {
    const athleteName = uniqueName('Export');
    const athlete = await createAthleteByApi(athleteName);
    // A business of its own: the demo business's history names other athletes first on /stats.
    const own = await createBusinessByApi(`${athleteName} Sports Co`);
    const business = own.api;
    const requestName = uniqueName('Export shoutout ');
    await finishedShoutout(business, athlete, requestName);
    const name = await businessName(business);

    const context = await journey.browser.newContext({ storageState: await business.storageState(), viewport: PHONE, acceptDownloads: true });
    const page = await context.newPage();
    await openStatsWithSpend(page, athleteName);
    const totalSpent = await page.locator('.bs-figure--main .bs-figure__amount').innerText();

    // At 390 px nothing scrolls sideways: the by-type rows stack, every figure whole.
    const byType = page.locator('.hd-panel', { has: page.getByRole('heading', { name: 'By type', level: 2 }) });
    const widths = await byType.locator('.bs-table-wrap').evaluate((wrap) => ({ page: document.documentElement.scrollWidth, wrap: wrap.clientWidth, table: wrap.scrollWidth }));
    expect(widths.page).toBeLessThanOrEqual(PHONE.width);
    expect(widths.table).toBeLessThanOrEqual(widths.wrap);
    // From the whole page, so the sticky app bar stays at its top instead of over the panel.
    await page.evaluate(() => window.scrollTo(0, 0));
    const box = await byType.boundingBox();
    if (!box) throw new Error('the By type panel is not on the page');
    await page.screenshot({ path: join(ARTIFACTS, 'business-export-by-type-390.png'), fullPage: true, clip: box, caret: 'initial' });
    await expectAccessible(page, 'business-export-by-type-390');

    // The modal keeps focus inside, closes on Escape and gives focus back to Export.
    const exportButton = page.getByRole('button', { name: 'Export', exact: true });
    await exportButton.click();
    const dialog = page.getByRole('dialog', { name: 'Export statistics' });
    await dialog.waitFor();
    for (let press = 0; press < 8; press += 1) {
      await page.keyboard.press(press % 3 === 2 ? 'Shift+Tab' : 'Tab');
      await expect(dialog.evaluate((element) => element.contains(document.activeElement))).resolves.toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect(exportButton.evaluate((element) => element === document.activeElement)).resolves.toBe(true);

    // PDF, downloaded, on a phone.
    await exportButton.click();
    await dialog.getByRole('radio', { name: /^PDF/ }).check();
    await dialog.getByRole('radio', { name: 'Download' }).check();
    await expect(dialog.getByRole('radio', { name: `Email to ${own.email}` }).isChecked()).resolves.toBe(false);
    await viewShot(page, 'business-export-modal-390');
    const pdfDownload = page.waitForEvent('download', { timeout: 60_000 });
    await startHeld(page, dialog, 'business-export-progress-390');
    const pdf = await pdfDownload;
    expect(pdf.suggestedFilename()).toMatch(/^huddle-statistics-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.pdf$/);
    await dialog.getByText(`Saved ${pdf.suggestedFilename()}`).waitFor();
    await viewShot(page, 'business-export-done-390');
    const pdfFile = await downloaded(pdf);
    expect(pdfFile.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(pdfFile);
    expect(text).toContain(name);
    expect(text).toContain(totalSpent);

    // CSV, downloaded, on a desktop: its total spent is the page's.
    await page.setViewportSize(DESKTOP);
    await dialog.getByRole('button', { name: 'New export' }).click();
    await dialog.getByRole('radio', { name: /^CSV/ }).check();
    await viewShot(page, 'business-export-modal-1280');
    const csvDownload = page.waitForEvent('download', { timeout: 60_000 });
    await startHeld(page, dialog, 'business-export-progress-1280');
    const csv = await csvDownload;
    expect(csv.suggestedFilename()).toMatch(/^huddle-statistics-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.csv$/);
    await dialog.getByText(`Saved ${csv.suggestedFilename()}`).waitFor();
    const lines = parse((await downloaded(csv)).toString('utf8'), { relax_column_count: true, skip_empty_lines: true, bom: true }) as string[][];
    expect(lines.find((line) => line[0] === 'Business')?.[1]).toBe(name);
    const spent = lines.find((line) => line[0] === 'Total spent')?.[1];
    expect(spent && dollars(spent)).toBe(totalSpent);
    // The finished request is among the requests, with its athlete and its $10.00.
    const listed = lines.find((line) => line[1] === requestName);
    expect(listed?.slice(2)).toEqual([expect.stringContaining(athleteName), 'Video shoutout', 'Finished', '10.00', '10.00']);

    // By email: 'Sent to' only once the API says so, and the email reached the outbox with its file.
    await dialog.getByRole('button', { name: 'New export' }).click();
    await dialog.getByRole('radio', { name: `Email to ${own.email}` }).check();
    await dialog.getByRole('button', { name: 'Start export' }).click();
    await dialog.getByText(`Sent to ${own.email}`).waitFor({ timeout: 60_000 });
    await viewShot(page, 'business-export-sent-1280');
    // The CSV chosen before, under the same name (but its day: a run across midnight UTC makes the
    // second file the next day's), attached to the email to the account's own address.
    const sameName = csv
      .suggestedFilename()
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\d{4}-\d{2}-\d{2}/, '\\d{4}-\\d{2}-\\d{2}');
    const email = await exportEmail(journey.stack, own.email, new RegExp(sameName));
    expect(email).toMatch(new RegExp(`attachments=.*${sameName} \\(text/csv[^,]*, [1-9]\\d* bytes\\)`));

    // Closed while it runs, the export goes on: a note on the page, then a toast and the file.
    await dialog.getByRole('button', { name: 'New export' }).click();
    await dialog.getByRole('radio', { name: 'Download' }).check();
    const release = await holdExportReads(page);
    await startExport(dialog);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: /^Export in progress… \d+%/ }).waitFor();
    await viewShot(page, 'business-export-note-1280');
    // Opened again from the note's Show while it runs, Escape closes it again and the focus is back on Show.
    const show = page.getByRole('button', { name: 'Show', exact: true });
    await show.click();
    await dialog.getByRole('status').filter({ hasText: /^Preparing your export… \d+%$/ }).waitFor();
    expect(await show.count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect(show.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    const lateDownload = page.waitForEvent('download', { timeout: 60_000 });
    await release();
    const late = await lateDownload;
    await page.getByText(`Your statistics export is ready: ${late.suggestedFilename()}`).waitFor();
    expect((await downloaded(late)).toString('utf8')).toContain(requestName);
    await context.close();
    await business.dispose();
  });
});
