import { randomBytes } from 'node:crypto';
import { request, type APIRequestContext, type Browser, type Page } from 'playwright-core';
import { MESSAGES } from '@huddle/domain';
import { ADMIN_MESSAGES } from '@huddle/domain/admin';
import { signIn, uniqueEmail } from './support/accounts';
import { createAthleteByApi, signUpByApi } from './support/athletes';
import { expectFiguresFit, screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { API_URL, SHELL_URL, type Stack } from './support/stack';
import { paidShoutout } from './support/requests-by-api';

const ADMIN = { email: 'admin@huddle.test', password: 'huddle-admin-2026' };
const FAN = { email: 'fan@huddle.test', password: 'huddle-fan-2026' };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const VIEWPORTS = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;
const TABS = [
  ['Users', '/manage/users', 'Users'],
  ['Statistics', '/manage/stats', 'Statistics'],
  ['Pushes', '/manage/pushes', 'Pushes'],
  ['Payouts', '/manage/payouts', 'Payouts'],
  ['Sent payouts', '/manage/sent-payouts', 'Sent payouts'],
  ['Money', '/manage/money', 'Money'],
] as const;

function uniqueName(prefix: string): string {
  return `${prefix}${[...randomBytes(6)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('')}`;
}

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  if (!response.ok()) throw new Error(`${what}: HTTP ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

async function waitFor<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** The newest outbox email to `email` with this subject, as the embedded mail default prints it. */
async function outboxEmail(stack: Stack, email: string, subject: string): Promise<string> {
  const api = stack.services.get('api');
  if (!api) throw new Error('the API is not running');
  return waitFor(
    `an email "${subject}" to ${email}`,
    async () => {
      const line = api.output
        .join('')
        .split('\n')
        .filter((candidate) => candidate.includes('[Outbox]') && candidate.includes(`to=${email}`) && candidate.includes(`subject=${JSON.stringify(subject)}`))
        .at(-1);
      const text = line?.match(/text=("(?:[^"\\]|\\.)*")/)?.[1];
      return text ? (JSON.parse(text) as string) : '';
    },
    (text) => text !== '',
  );
}

/** An API session of its own for the demo fan (the money matters here, the booking forms have their journeys). */
async function fanApi(): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: `${API_URL}/api/v1/` });
  await ok(await api.post('user/sign-ins', { form: FAN }), 'fan sign-in');
  return api;
}

/** A new, complete fan made through the public API (sign-up, photo, finish-registration); their browser context is signed in. */
async function newFan(browser: Browser): Promise<{ email: string; id: string; page: Page; close: () => Promise<void> }> {
  const email = uniqueEmail('Fan');
  const { id, api, photoPath } = await signUpByApi(1, email);
  const reference = await ok<{ conferences: { id: number }[]; sports: { id: number }[]; teams: { id: number }[] }>(await api.get('public/meta/reference-data'), 'reference data');
  await ok(
    await api.post('user/fan/finish-registration', {
      data: { first_name: 'Blocky', last_name: 'Fan', profile_photo: photoPath, conferences: [reference.conferences[0]!.id], sports: [reference.sports[0]!.id], teams: [reference.teams[0]!.id] },
    }),
    'fan finish-registration',
  );
  const context = await browser.newContext({ storageState: await api.storageState(), viewport: PHONE });
  await api.dispose();
  const page = await context.newPage();
  return { email, id, page, close: () => context.close() };
}

async function signInAdmin(page: Page): Promise<void> {
  await signIn(page, ADMIN.email, ADMIN.password);
  // The landing is the users list: its URL, then its heading.
  await page.waitForURL(/\/manage\/users/, { waitUntil: 'commit' });
  await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
}

function toast(page: Page, text: string) {
  return page.locator('.hd-toasts').getByText(text).first();
}

describe('journey: the administrator’s console (issue 22)', () => {
  const journey = useJourney({ viewport: DESKTOP });

  it('every tab is reachable at 390 and 1280 px and nothing overlaps; the users filters survive a reload', async () => {
    const page = journey.page;
    await signInAdmin(page);
    for (const [device, viewport] of VIEWPORTS) {
      await page.setViewportSize(viewport);
      for (const [label, path, heading] of TABS) {
        await page.goto(`${SHELL_URL}${path}`);
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
        // Loaded: no skeleton left (each screen's content, empty text or error replaced it).
        await page.locator('.hd-skeleton-list').first().waitFor({ state: 'detached', timeout: 30_000 });
        const nav = page.getByRole('navigation', { name: 'Admin sections' });
        const logout = await page.getByRole('button', { name: 'Logout' }).boundingBox();
        for (const [tab] of TABS) {
          const link = nav.getByRole('link', { name: tab, exact: true });
          expect(await link.isVisible()).toBe(true);
          const box = await link.boundingBox();
          expect(box).not.toBeNull();
          // Inside the screen, and clear of Logout.
          expect(box!.x).toBeGreaterThanOrEqual(0);
          expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
          const apart = !logout || box!.x + box!.width <= logout.x || logout.x + logout.width <= box!.x || box!.y + box!.height <= logout.y || logout.y + logout.height <= box!.y;
          expect(apart).toBe(true);
        }
        // The statistics' tiles and the money desk's eight balances: each on one line, inside its tile.
        if (label === 'Money' || label === 'Statistics') await page.locator('.hd-figure__amount').first().waitFor();
        const figures = await expectFiguresFit(page);
        if (label === 'Money') expect(figures).toBe(8);
        if (label === 'Statistics') expect(figures).toBeGreaterThanOrEqual(7);
        await screenshot(page, `admin-${label.toLowerCase().replace(/ /g, '-')}-${device}`);
      }
      // A tab is a link that works on a phone too.
      await page.goto(`${SHELL_URL}/manage/users`);
      await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Pushes', exact: true }).click();
      await page.waitForURL(/\/manage\/pushes/);
    }

    // Filters: role, completeness and a search, kept in the URL; a reload shows the same list.
    await page.setViewportSize(DESKTOP);
    await page.goto(`${SHELL_URL}/manage/users`);
    await page.getByLabel('Role').selectOption('1');
    await page.getByLabel('Profile').selectOption('1');
    await page.getByRole('searchbox', { name: 'Search users' }).fill('fan@huddle.test');
    await page.waitForURL(/request=fan%40huddle\.test/);
    expect(new URL(page.url()).searchParams.get('userType')).toBe('1');
    expect(new URL(page.url()).searchParams.get('completeness')).toBe('1');
    await page.getByRole('link', { name: /Riley|fan@huddle\.test/ }).first().waitFor();
    await page.reload();
    await expect(page.getByLabel('Role').inputValue()).resolves.toBe('1');
    await expect(page.getByLabel('Profile').inputValue()).resolves.toBe('1');
    await expect(page.getByRole('searchbox', { name: 'Search users' }).inputValue()).resolves.toBe('fan@huddle.test');
    await page.getByRole('cell', { name: 'fan@huddle.test' }).first().waitFor();
    expect(await page.getByRole('cell', { name: 'athlete@huddle.test' }).count()).toBe(0);
    await screenshot(page, 'admin-users-filtered-desktop');

    // The demo business's page lists its campaign's requests; 'Its campaign' opens the console's campaign page.
    await page.getByRole('searchbox', { name: 'Search users' }).fill('business@huddle.test');
    await page.getByLabel('Role').selectOption('3');
    await page.getByRole('link', { name: 'Morgan Lee' }).click();
    await page.waitForURL(/\/manage\/user\//);
    await page.getByRole('link', { name: 'Its campaign' }).first().click();
    await page.waitForURL(/\/manage\/request\/@/);
    for (const [device, viewport] of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.getByRole('heading', { name: 'Endorsement campaign', level: 1 }).waitFor();
      await page.getByRole('heading', { name: 'Athletes' }).waitFor();
      await screenshot(page, `admin-campaign-${device}`);
    }
    const athleteLink = page.locator('.cmp-entry__name').first();
    await expect(athleteLink.getAttribute('href')).resolves.toMatch(/^\/manage\/user\//);
    await page.getByRole('link', { name: /request$/ }).first().click();
    await page.getByRole('heading', { name: /request$/, level: 1 }).waitFor();
  });

  it('adds a user, who sets a password from the emailed link and signs in', async () => {
    const page = journey.page;
    await signInAdmin(page);
    const email = uniqueEmail('Fan');
    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add user' });
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await dialog.getByText(MESSAGES.emailRequired).waitFor();
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Role').selectOption('1');
    await screenshot(page, 'admin-add-user-desktop');
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await toast(page, ADMIN_MESSAGES.userCreated).waitFor();

    const text = await outboxEmail(journey.stack, email, 'Your Huddle account is ready');
    const link = text.match(/https?:\/\/\S+\/set-password\?token=[\w.~%-]+/)?.[0];
    expect(link).toBeDefined();
    const context = await journey.browser.newContext({ viewport: PHONE });
    try {
      const person = await context.newPage();
      await person.goto(link!);
      await person.getByRole('heading', { name: 'Choose your password' }).waitFor();
      await person.getByLabel('New password').fill('short');
      await person.getByLabel('Confirm password').fill('short');
      await person.getByRole('button', { name: 'Set password' }).click();
      await person.getByText(MESSAGES.passwordTooShort).waitFor();
      await screenshot(person, 'admin-set-password-phone');
      await person.getByLabel('New password').fill('journey-new-password-1');
      await person.getByLabel('Confirm password').fill('journey-new-password-1');
      await person.getByRole('button', { name: 'Set password' }).click();
      await person.getByRole('heading', { name: 'Password set' }).waitFor();
      await person.getByText('Now you can login with your new password').waitFor();
      await screenshot(person, 'admin-set-password-done-phone');
      // The link works once.
      await person.goto(link!);
      await person.getByRole('button', { name: 'Set password' }).waitFor();
      await person.getByLabel('New password').fill('journey-other-password-1');
      await person.getByLabel('Confirm password').fill('journey-other-password-1');
      await person.getByRole('button', { name: 'Set password' }).click();
      await person.getByText(ADMIN_MESSAGES.setPasswordLinkInvalid).waitFor();
      await screenshot(person, 'admin-set-password-used-phone');
      // The new password signs in: an incomplete fan goes on to set up the profile.
      await signIn(person, email, 'journey-new-password-1');
      await person.waitForURL(/\/signup/);
    } finally {
      await context.close();
    }
  });

  it('edits an athlete: the leave-without-saving prompt, then the toasts', async () => {
    const athlete = await createAthleteByApi(uniqueName('Edit'));
    const page = journey.page;
    await signInAdmin(page);
    for (const [device, viewport] of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.goto(`${SHELL_URL}/manage/user/${athlete.id}`);
      await page.getByRole('heading', { name: `${athlete.firstName} Journey` }).waitFor();
      await page.getByText('Made by a browser journey.').first().waitFor();
      await screenshot(page, `admin-user-${device}`);
    }
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByLabel('Description').fill('Edited by the administrator.');
    await page.getByLabel('Phone').fill('555');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(MESSAGES.phoneIncorrect).waitFor();
    await page.getByLabel('Phone').fill('(310) 555-0142');
    // Leaving through a frame tab asks first; Stay keeps the edits.
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Statistics' }).click();
    const prompt = page.getByRole('dialog', { name: 'Unsaved changes' });
    await prompt.waitFor();
    await screenshot(page, 'admin-user-leave-prompt-desktop');
    await prompt.getByRole('button', { name: 'Stay' }).click();
    expect(new URL(page.url()).pathname).toBe(`/manage/user/${athlete.id}`);
    await page.getByRole('tab', { name: 'Social links' }).click();
    await page.getByLabel('Instagram').fill('instagram.com/journey');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'admin-user-edit-phone');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'admin-user-edit-desktop');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, ADMIN_MESSAGES.userUpdating).waitFor();
    await toast(page, ADMIN_MESSAGES.userUpdated).waitFor();
    await page.getByText('Edited by the administrator.', { exact: true }).waitFor();
    const seen = await ok<{ account: { description: string; phone: string; instagram_link: string } }>(await athlete.api.get('user/accounts'), 'athlete account');
    expect(seen.account).toMatchObject({ description: 'Edited by the administrator.', phone: '+13105550142', instagram_link: 'https://instagram.com/journey' });
    // The audit trail shows the edit.
    await page.getByRole('region', { name: 'Audit trail' }).or(page.locator('.hd-panel', { hasText: 'Audit trail' })).first().getByText(/description/).first().waitFor();
  });

  it("blocks a fan whose open tab is signed out live, then unblocks them", async () => {
    const fan = await newFan(journey.browser);
    try {
      // The fan's tab is open on /notifications and holds the live stream.
      const streamOpened = fan.page.waitForRequest((candidate) => candidate.url().includes('/user/notifications/stream'));
      await fan.page.goto(`${SHELL_URL}/notifications`);
      await streamOpened;

      const page = journey.page;
      await signInAdmin(page);
      await page.goto(`${SHELL_URL}/manage/user/${fan.id}`);
      await page.getByRole('button', { name: 'Block', exact: true }).click();
      await toast(page, ADMIN_MESSAGES.userLocked).waitFor();
      await page.locator('.adm-user-head').getByText('Blocked').waitFor();
      await screenshot(page, 'admin-user-blocked-desktop');

      // The fan's open tab is signed out without a reload, and cannot sign in again.
      await fan.page.waitForURL(/\/login/, { timeout: 30_000 });
      await signIn(fan.page, fan.email);
      await fan.page.getByText(MESSAGES.accountBlocked).waitFor();
      await screenshot(fan.page, 'admin-blocked-fan-login-phone');

      await page.getByRole('button', { name: 'Unblock', exact: true }).click();
      await toast(page, ADMIN_MESSAGES.userUnlocked).waitFor();
      await signIn(fan.page, fan.email);
      await fan.page.waitForURL(/\/dashboard/);
    } finally {
      await fan.close();
    }
  });

  it('composes a push that a signed-in fan receives live, sent once', async () => {
    const fanContext = await journey.browser.newContext({ viewport: PHONE });
    try {
      const fanPage = await fanContext.newPage();
      await signIn(fanPage, FAN.email, FAN.password);
      await fanPage.waitForURL(/\/dashboard/);
      const streamOpened = fanPage.waitForRequest((candidate) => candidate.url().includes('/user/notifications/stream'));
      await fanPage.goto(`${SHELL_URL}/notifications`);
      await streamOpened;

      const subject = `Journey news ${uniqueName('')}`;
      const page = journey.page;
      await signInAdmin(page);
      for (const [device, viewport] of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await page.goto(`${SHELL_URL}/manage/pushes`);
        await page.getByRole('heading', { name: 'Pushes', level: 1 }).waitFor();
        await page.getByRole('button', { name: 'New push' }).click();
        const wizard = page.getByRole('dialog');
        await wizard.getByRole('button', { name: 'Next' }).click();
        expect(await wizard.getByText(MESSAGES.required).count()).toBe(3);
        await screenshot(page, `admin-push-step1-${device}`);
        await wizard.getByRole('button', { name: 'Cancel' }).click();
      }
      await page.setViewportSize(DESKTOP);
      await page.getByRole('button', { name: 'New push' }).click();
      const wizard = page.getByRole('dialog');
      await wizard.getByLabel('Name').fill('Journey push');
      await wizard.getByLabel('Subject').fill(subject);
      await wizard.getByLabel('Message').fill('A message from the administrators.');
      await wizard.getByRole('button', { name: 'Next' }).click();
      await wizard.getByRole('button', { name: 'Next' }).click();
      await wizard.getByText(MESSAGES.pushDestinationRequired).waitFor();
      await wizard.getByLabel('Chosen users').check();
      await wizard.getByRole('searchbox', { name: 'Find users' }).fill(FAN.email);
      await wizard.getByRole('checkbox', { name: new RegExp(FAN.email.replace('.', '\\.')) }).check();
      await screenshot(page, 'admin-push-step2-desktop');
      await wizard.getByRole('button', { name: 'Next' }).click();
      await wizard.getByText(subject).waitFor();
      // Back returns to the destination with the choice kept, then on again.
      await wizard.getByRole('button', { name: 'Back' }).click();
      await wizard.getByRole('button', { name: /Remove / }).first().waitFor();
      await wizard.getByRole('button', { name: 'Next' }).click();
      await screenshot(page, 'admin-push-step3-desktop');
      await wizard.getByRole('button', { name: 'Send' }).dblclick();
      await toast(page, ADMIN_MESSAGES.pushesSent).waitFor();
      await page.getByText(/Sent to 1/).first().waitFor({ timeout: 30_000 });
      await screenshot(page, 'admin-pushes-sent-desktop');

      // The fan's open page shows it without a reload, once.
      await fanPage.getByText(subject).first().waitFor({ timeout: 30_000 });
      await screenshot(fanPage, 'admin-push-received-phone');
      await fanPage.waitForTimeout(2000);
      await fanPage.reload();
      await fanPage.getByText(subject).first().waitFor();
      expect(await fanPage.getByText(subject).count()).toBe(1);
    } finally {
      await fanContext.close();
    }
  });

  it('cancels a request with a full refund after a confirmation', async () => {
    const athlete = await createAthleteByApi(uniqueName('Cancel'));
    const fan = await fanApi();
    const id = await paidShoutout(fan, athlete, 'Console cancel shoutout');
    const page = journey.page;
    await signInAdmin(page);
    for (const [device, viewport] of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.goto(`${SHELL_URL}/manage/request/${id}`);
      await page.getByRole('heading', { name: 'Video shoutout request', level: 1 }).waitFor();
      await page.getByText('Card hold of $10.00 placed').waitFor({ timeout: 30_000 });
      await screenshot(page, `admin-request-${device}`);
    }
    // Both parties link to their console page.
    await expect(page.getByRole('link', { name: `${athlete.firstName} Journey` }).first().getAttribute('href')).resolves.toBe(`/manage/user/${athlete.id}`);
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: 'Cancel request' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel request' });
    await confirm.getByRole('button', { name: 'Cancel request' }).click();
    await toast(page, ADMIN_MESSAGES.statusChanged).waitFor();
    await page.locator('.req-summary').getByText('Canceled').waitFor();
    // The provider confirms the release after the cancel: the page shows it once read again.
    await waitFor(
      'the released hold on the page',
      async () => {
        await page.reload();
        await page.getByText('Card hold of $10.00 placed').waitFor();
        return page.getByText('Card hold of $10.00 released').count();
      },
      (count) => count > 0,
      60_000,
    );
    await screenshot(page, 'admin-request-canceled-desktop');
    const seen = await ok<{ request: { status: number } }>(await fan.get('booking/request', { params: { id } }), 'request');
    expect(seen.request.status).toBe(3);
    await fan.dispose();
  });
});
