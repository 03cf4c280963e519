import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import { PORTS, SHELL_URL, type Stack, startRemote, startStack, stopService } from './support/stack';

/** Which of our servers a page fetched from, by port. */
function trackServers(page: Page): Set<number> {
  const ports = new Set<number>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    ports.add(Number(url.port || 80));
  });
  return ports;
}

describe('platform: the federated shell', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('lands a guest opening / on /dashboard, fetching the fan remote and no other', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const ports = trackServers(page);

    await page.goto(`${SHELL_URL}/`);
    await page.waitForURL(`${SHELL_URL}/dashboard`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByRole('searchbox').waitFor();
    await screenshot(page, 'platform-guest-dashboard');

    expect(ports.has(PORTS.fan)).toBe(true);
    expect(ports.has(PORTS.athlete)).toBe(false);
    expect(ports.has(PORTS.business)).toBe(false);
    expect(ports.has(PORTS.admin)).toBe(false);
    await context.close();
  });

  it('sends a signed-out visitor of a member page to /login', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${SHELL_URL}/dashboard`);
    await page.waitForURL(`${SHELL_URL}/dashboard`);
    // Choosing Login ends the guest session; a member page then redirects to /login.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Login' }).click();
    await page.waitForURL(`${SHELL_URL}/login`);
    await page.goto(`${SHELL_URL}/requests`);
    await page.waitForURL(`${SHELL_URL}/login`);
    await page.getByLabel('Email').waitFor();
    await screenshot(page, 'platform-login');
    await context.close();
  });

  it('shows an error view with Retry when the fan remote is down, and recovers once it is back', async () => {
    const fan = stack.services.get('fan');
    if (!fan) throw new Error('fan remote was not started');
    await stopService(fan);

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${SHELL_URL}/dashboard`);
    await page.getByText('We could not load this part of Huddle').waitFor();
    const retry = page.getByRole('button', { name: 'Retry' });
    await retry.waitFor();
    // The shell frame stays: the menu button is still there, the page is not blank.
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    await screenshot(page, 'platform-remote-down');

    stack.services.set('fan', await startRemote('fan'));
    await retry.click();
    await page.getByRole('searchbox').waitFor();
    await screenshot(page, 'platform-remote-recovered');
    await context.close();
  });
});
