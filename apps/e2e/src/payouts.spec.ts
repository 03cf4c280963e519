import { readFileSync } from 'node:fs';
import { request, type APIRequestContext, type Page } from 'playwright-core';
import { INTRO_VIDEO, signIn } from './support/accounts';
import { createAthleteByApi } from './support/athletes';
import { expectFiguresFit, screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { API_URL, SHELL_URL, type Stack } from './support/stack';
import { ok, paidShoutout, uniqueName } from './support/requests-by-api';

const ADMIN = { email: 'admin@huddle.test', password: 'huddle-admin-2026' };
const FAN = { email: 'fan@huddle.test', password: 'huddle-fan-2026' };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** The demo fan's own API session (the booking journeys cover the forms; here the money matters). */
async function fanApi(): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: `${API_URL}/api/v1/` });
  await ok(await api.post('user/sign-ins', { form: FAN }), 'fan sign-in');
  return api;
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
      // The text is a JSON string; the logger may add colour codes and a timing after it.
      const text = line?.match(/text=("(?:[^"\\]|\\.)*")/)?.[1];
      return text ? (JSON.parse(text) as string) : '';
    },
    (text) => text !== '',
  );
}

/** Pages through /manage/payouts until the athlete's row is there. */
async function openPayoutRow(page: Page, athleteName: string): Promise<void> {
  for (let pageNumber = 1; pageNumber <= 10; pageNumber += 1) {
    await page.goto(`${SHELL_URL}/manage/payouts?page=${pageNumber}`);
    await page.getByRole('heading', { name: 'Payouts', level: 1 }).waitFor();
    // Loaded: the list (with its choose-all box) or the empty text.
    await page.getByRole('checkbox', { name: 'Choose every athlete who can be paid' }).or(page.getByText('No athlete has anything payable')).first().waitFor();
    if ((await page.getByRole('checkbox', { name: `Pay ${athleteName}` }).count()) > 0) return;
  }
  throw new Error(`${athleteName} is not among the payout candidates`);
}

describe('journey: money out to athletes, money true for buyers', () => {
  const journey = useJourney({ viewport: DESKTOP });

  it('an athlete connects a payout account; a finished request is payable; the administrator pays it; the athlete sees it arrive live', async () => {
    const athlete = await createAthleteByApi(uniqueName('Pay'));
    const athleteName = `${athlete.firstName} Journey`;

    // The athlete, on a phone, connects a payout account through the sandbox's onboarding page.
    const athleteContext = await journey.browser.newContext({ storageState: await athlete.api.storageState(), viewport: PHONE });
    const athletePage = await athleteContext.newPage();
    await athletePage.goto(`${SHELL_URL}/settings/payouts`);
    await athletePage.getByRole('button', { name: 'Connect payout account' }).click();
    await athletePage.getByRole('button', { name: 'Submit with a test bank account' }).waitFor();
    await screenshot(athletePage, 'payouts-sandbox-onboarding-phone');
    await athletePage.getByRole('button', { name: 'Submit with a test bank account' }).click();
    await athletePage.waitForURL(/\/settings\/payouts/);
    await athletePage.getByText('Payouts ready').waitFor();
    await athletePage.getByText('No payouts yet').waitFor();
    await screenshot(athletePage, 'payouts-athlete-ready-phone');

    // A shoutout booked, paid, delivered and approved: finished and paid, its share payable.
    const fan = await fanApi();
    const id = await paidShoutout(fan, athlete, 'Payout journey shoutout');
    await ok(await athlete.api.put(`booking/request/accept?request_id=${id}`), 'accept');
    await ok(
      await athlete.api.post('athlete/shoutouts', { multipart: { request_id: id, video: { name: 'v.mp4', mimeType: 'video/mp4', buffer: readFileSync(INTRO_VIDEO) } } }),
      'delivery',
    );
    await ok(await fan.put('booking/request/approve', { data: { request_id: id } }), 'approve');
    const charged = await waitFor(
      'the capture',
      async () => (await ok<{ request: { status: number; money: Array<{ kind: string }> } }>(await athlete.api.get('booking/request', { params: { id } }), 'request')).request,
      (seen) => seen.status === 5 && seen.money.some((line) => line.kind === 'charged'),
    );
    expect(charged.status).toBe(5);

    // The administrator, on a desktop, pays it from /manage/payouts and finds it in /manage/sent-payouts.
    const admin = journey.page;
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.waitForURL(/\/manage\//);
    await openPayoutRow(admin, athleteName);
    await admin.getByRole('checkbox', { name: `Pay ${athleteName}` }).check();
    await expect(admin.getByRole('textbox', { name: `Amount to pay ${athleteName}` }).inputValue()).resolves.toBe('8.00');
    await screenshot(admin, 'payouts-admin-chosen-desktop');
    await admin.getByRole('button', { name: 'Pay', exact: true }).click();
    const confirm = admin.getByRole('dialog', { name: 'Send payout' });
    await confirm.getByText('Pay $8.00 to 1 athlete?').waitFor();
    await confirm.getByRole('button', { name: 'Pay', exact: true }).click();
    await admin.getByText('Payout sent').first().waitFor();
    await admin.goto(`${SHELL_URL}/manage/sent-payouts`);
    await admin.getByText(athleteName).first().waitFor();
    await screenshot(admin, 'payouts-admin-sent-desktop');
    await admin.goto(`${SHELL_URL}/manage/money`);
    await admin.getByRole('heading', { name: /Money/, level: 1 }).waitFor();
    await admin.getByText('Card holds').first().waitFor();
    await screenshot(admin, 'payouts-admin-money-desk-desktop');

    // The athlete's open page shows the payout arrive, without a reload, and the notification is there.
    await athletePage.getByRole('list', { name: 'Requests this payout paid' }).getByRole('link', { name: 'Payout journey shoutout' }).waitFor({ timeout: 30_000 });
    await screenshot(athletePage, 'payouts-athlete-paid-phone');
    // Owed, payable, on its way, paid, held: each amount on one line inside its tile on the phone.
    await expect(expectFiguresFit(athletePage)).resolves.toBe(5);
    await athletePage.goto(`${SHELL_URL}/notifications`);
    await athletePage.getByText('Payout sent').first().waitFor();
    await athleteContext.close();
    await fan.dispose();
  });

  it('a requester sees the released hold on a declined request, with the receipt by email', async () => {
    const athlete = await createAthleteByApi(uniqueName('Hold'));
    const fan = await fanApi();
    const id = await paidShoutout(fan, athlete, 'Declined journey shoutout');
    await ok(await athlete.api.put(`booking/request/decline?request_id=${id}`), 'decline');

    const context = await journey.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await signIn(page, FAN.email, FAN.password);
    await page.waitForURL(/\/dashboard/);
    await page.goto(`${SHELL_URL}/request/${id}`);
    await page.getByText('Card hold of $10.00 placed').waitFor();
    await page.getByText('Card hold of $10.00 released').waitFor({ timeout: 30_000 });
    await screenshot(page, 'payouts-requester-released-phone');

    const receipt = await outboxEmail(journey.stack, FAN.email, 'Huddle: Card hold released');
    expect(receipt).toMatch(/Your card hold of \$10\.00 was released on .+ \(video shoutout with .+, your Visa ending in 4242\)\./);
    await context.close();
    await fan.dispose();
  });
});
