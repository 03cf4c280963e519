import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { expectAccessible } from './axe';
import { ROOT } from './stack';

/**
 * Debian's Chromium with the flags this closed network needs (tools/chromium-args.json,
 * TOOLCHAIN.md). It also has a fake camera and microphone (a test pattern and a beep) that pages
 * may use without a prompt, so
 * video chats can be joined headless; a journey that needs a device without a camera hides it in
 * its own context (see video-chat.spec.ts). No other journey opens the camera unasked.
 */
export async function launchBrowser(): Promise<Browser> {
  const { args } = JSON.parse(readFileSync(join(ROOT, 'tools/chromium-args.json'), 'utf8')) as { args: string[] };
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // The benchmarks' flags (tools/chromium-args.json), and a fake camera and microphone.
    args: [...args, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  });
  return awaitHydration(failOnContentSecurityPolicyViolations(browser));
}

/**
 * Whether a page the shell's server rendered (a guest's dashboard or profile, issue 24) has been
 * hydrated: React has taken over every element of it. Until then its links work as plain links
 * and nothing else answers: a person on a slow phone waits for the page to come alive, and so do
 * the journeys. A page rendered in the browser is React's from the start.
 */
export function isHydrated(): boolean {
  const rendered = (window as { __HUDDLE_BOOT__?: { firstScreen?: unknown } }).__HUDDLE_BOOT__?.firstScreen;
  const root = document.getElementById('root');
  if (!rendered || !root) return true;
  return Array.from(root.querySelectorAll('*')).every((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$')));
}

/** Every page's goto and reload return once the page is hydrated (see isHydrated). */
function awaitHydration(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    const newPage = context.newPage.bind(context);
    context.newPage = async () => {
      const page = await newPage();
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      const hydrated = () => page.waitForFunction(isHydrated, undefined, { timeout: 30_000 });
      page.goto = async (...args) => {
        const response = await goto(...args);
        await hydrated();
        return response;
      };
      page.reload = async (...args) => {
        const response = await reload(...args);
        await hydrated();
        return response;
      };
      return page;
    };
    return context;
  };
  return browser;
}

/** Pages axe-core is auditing right now (see whileAuditing). */
const auditedPages = new WeakSet<Page>();

/**
 * Runs an accessibility audit of the page: axe-core, injected by the test, adds <style> elements
 * the page's policy refuses; those refusals are the tool's, not the product's, and are not counted.
 */
export async function whileAuditing<T>(page: Page, audit: () => Promise<T>): Promise<T> {
  auditedPages.add(page);
  try {
    const result = await audit();
    // Chromium reports a refusal in a task of its own, after the script that caused it: the page
    // stays marked until the reports of axe's own styles have reached the test.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)))).catch(() => undefined);
    await page.waitForTimeout(100);
    return result;
  } finally {
    auditedPages.delete(page);
  }
}

/**
 * Every journey enforces the Content-Security-Policy the servers send (issue 25): a context that
 * saw a violation (Chromium logs "Refused to ... Content Security Policy directive ...") fails
 * when it is closed (by useJourney after each test, or by the journey that opened it), naming each.
 */
function failOnContentSecurityPolicyViolations(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    const violations: string[] = [];
    context.on('console', (message) => {
      const page = message.page();
      if (page && auditedPages.has(page)) return;
      if (message.text().includes('Content Security Policy')) violations.push(`${message.page()?.url() ?? '?'}: ${message.text()}`);
    });
    const close = context.close.bind(context);
    context.close = async (closeOptions) => {
      await close(closeOptions);
      if (violations.length > 0) throw new Error(`Content Security Policy violations:\n${violations.splice(0).join('\n')}`);
    };
    return context;
  };
  return browser;
}

export const ARTIFACTS = join(ROOT, 'apps/e2e/artifacts');

/** Saves the screen as it is now, and checks it with axe-core: every screen a journey shows is checked. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  // caret 'initial': Playwright's default hides the text caret with a <style> it injects, which the
  // page's policy refuses (a tool's refusal, not the product's).
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true, caret: 'initial' });
  await whileAuditing(page, () => expectAccessible(page, name));
}

/**
 * Every figure in a tile (.hd-figure: the locker room, the statistics, the money desk) is on one
 * line and inside its tile: an amount broken inside the number ("$47,525.0" over "0") or running
 * past its card's edge reads as another amount. Answers how many visible figures were checked, for
 * the caller to expect them all (a screen showing its error instead checks none).
 */
export async function expectFiguresFit(page: Page): Promise<number> {
  const figures = await page.$$eval('.hd-figure', (tiles) =>
    tiles.flatMap((tile) => {
      const amount = tile.querySelector('.hd-figure__amount');
      const box = amount?.getBoundingClientRect();
      if (!amount || !box || box.width === 0 || box.height === 0) return [];
      // 'normal' is not a number: 1.5 times the font's size stands for it (one line is about 1.2 times, two 2.4: still told apart).
      const lineHeight = parseFloat(getComputedStyle(amount).lineHeight) || parseFloat(getComputedStyle(amount).fontSize) * 1.5;
      // Its text wider than its box, or the tile's content wider than the tile: an amount that runs past the card.
      const inside = amount.scrollWidth <= amount.clientWidth + 1 && tile.scrollWidth <= tile.clientWidth + 1;
      return [{ text: amount.textContent, oneLine: box.height < lineHeight * 1.5, inside }];
    }),
  );
  expect(figures.filter((figure) => !figure.oneLine || !figure.inside)).toEqual([]);
  return figures.length;
}
