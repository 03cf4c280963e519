import { randomBytes } from 'node:crypto';
import { request, type Page } from 'playwright-core';
import { MESSAGES } from '@huddle/domain';
import { signIn } from './support/accounts';
import { createAthleteByApi, type ApiAthlete } from './support/athletes';
import { payWithCard } from './support/booking';
import { screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { accept, athletePage, deliverVideo, review, waitForStatus } from './support/request-pages';
import { ok } from './support/requests-by-api';
import { API_URL, SHELL_URL } from './support/stack';

const BUSINESS = { email: 'business@huddle.test', password: 'huddle-business-2026' };
const ADMIN = { email: 'admin@huddle.test', password: 'huddle-admin-2026' };

interface CampaignState {
  status: number;
  request_amount: number;
  refunded_amount: number;
  requests: Array<{ id: string; status: number; refunded: boolean; athlete: { id: string } }>;
}

/** A first name nobody else has, letters only (the picker searches names). */
function uniqueName(prefix: string): string {
  const letters = [...randomBytes(6)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('');
  return `${prefix}${letters}`;
}

/** The campaign as its business's browser session reads it over HTTP. */
async function campaignOf(page: Page, id: string): Promise<CampaignState> {
  const response = await page.request.get(`${SHELL_URL}/api/v1/booking/request/campaign`, { params: { endorsement_campaign: id } });
  if (!response.ok()) throw new Error(`GET /booking/request/campaign answered ${response.status()}`);
  return (await response.json()).campaign;
}

async function waitForCampaign(page: Page, id: string, done: (campaign: CampaignState) => boolean): Promise<CampaignState> {
  const deadline = Date.now() + 30_000;
  let campaign = await campaignOf(page, id);
  while (!done(campaign) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    campaign = await campaignOf(page, id);
  }
  expect(done(campaign)).toBe(true);
  return campaign;
}

/** Picks an athlete in the picker: searched by name, its checkbox ticked. */
async function pick(page: Page, athlete: ApiAthlete): Promise<void> {
  const search = page.getByLabel('Search athletes');
  await search.fill(athlete.firstName);
  const option = page.getByRole('checkbox', { name: new RegExp(`${athlete.firstName} Journey`) });
  await option.waitFor();
  await option.check();
}

describe('journey: an endorsement campaign', () => {
  const journey = useJourney();

  it('a business picks three athletes, sets prices and pays once; one delivers, one declines (refunded); the business approves and reviews', async () => {
    const [ada, ben, cal] = await Promise.all([createAthleteByApi(uniqueName('Ada')), createAthleteByApi(uniqueName('Ben')), createAthleteByApi(uniqueName('Cal'))]);
    const page = journey.page;
    await signIn(page, BUSINESS.email, BUSINESS.password);
    await page.waitForURL(/\/dashboard/);

    // Create campaign: the modal first, then the picker.
    await page.getByRole('button', { name: 'Create campaign' }).click();
    const modal = page.getByRole('dialog', { name: 'Create campaign' });
    await modal.waitFor();
    await screenshot(page, 'campaign-modal');
    await modal.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/request-form\/b\/endorsement_campaign$/);
    await page.getByRole('heading', { name: 'Select athletes' }).waitFor();
    for (const athlete of [ada, ben, cal]) await pick(page, athlete);
    await page.getByText('3 athletes').first().waitFor();
    await screenshot(page, 'campaign-picker');
    await page.getByRole('button', { name: 'Continue' }).click();

    // Prices: the spec's messages, then valid ones.
    await page.getByRole('heading', { name: 'Campaign details' }).waitFor();
    await page.getByLabel(`Price for ${ada.firstName} Journey (USD)`).fill('1');
    await page.getByLabel(`Price for ${ben.firstName} Journey (USD)`).fill('45.5');
    await page.getByLabel(`Price for ${cal.firstName} Journey (USD)`).fill('60');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByText(MESSAGES.amountBetween()).first().waitFor();
    await page.getByText(MESSAGES.required).first().waitFor();
    await screenshot(page, 'campaign-details-errors');
    await page.getByLabel(`Price for ${ada.firstName} Journey (USD)`).fill('30');
    await page.getByLabel('Task').fill('Post a reel wearing our new jersey and tag us. Add #ad.');
    await page.getByLabel('Link (optional)').fill('huddle.test/jersey');
    await page.getByLabel('Campaign name').fill('Jersey launch');
    await page.getByRole('button', { name: 'Continue to payment' }).click();

    // One payment for the total ($135.50) with 4242.
    const checkout = page.getByRole('dialog', { name: 'Checkout' });
    await checkout.getByLabel('Card number').waitFor();
    await checkout.getByText('$135.50').first().waitFor();
    await payWithCard(page, '4242 4242 4242 4242');
    await page.waitForURL(/\/request\/@[0-9a-f-]{36}$/);
    const campaignId = new URL(page.url()).pathname.split('@').pop() ?? '';
    await page.getByRole('button', { name: 'Cancel Campaign' }).waitFor();
    await screenshot(page, 'campaign-pending');
    let campaign = await campaignOf(page, campaignId);
    expect(campaign).toMatchObject({ status: 1, request_amount: 135.5, refunded_amount: 0 });
    const requestOfAthlete = (athlete: ApiAthlete) => campaign.requests.find((entry) => entry.athlete.id === athlete.id)?.id ?? '';

    // Ada accepts (after the disclosure acknowledgement) and delivers; Ben declines.
    const adaSide = await athletePage(journey.browser, ada, requestOfAthlete(ada));
    await adaSide.getByText(/This is a paid endorsement/).waitFor();
    await accept(adaSide, { disclose: true });
    await waitForStatus(ada, requestOfAthlete(ada), 2);
    await deliverVideo(adaSide, 'Endorsement');
    await waitForStatus(ada, requestOfAthlete(ada), 4);
    await screenshot(adaSide, 'campaign-athlete-delivered');

    const benSide = await athletePage(journey.browser, ben, requestOfAthlete(ben));
    await benSide.getByRole('button', { name: 'Decline' }).click();
    await benSide.getByRole('dialog').getByRole('button', { name: 'Decline' }).click();
    await waitForStatus(ben, requestOfAthlete(ben), 3);

    // The business's campaign page: pending review, Ben's share refunded, the sums without it.
    campaign = await waitForCampaign(page, campaignId, (current) => current.refunded_amount === 45.5);
    expect(campaign).toMatchObject({ status: 4, request_amount: 90 });
    await page.reload();
    await page.getByText('Awaiting Completion').waitFor();
    const amounts = page.getByRole('definition').filter({ hasText: '−$45.50' });
    await amounts.first().waitFor();
    await page.getByText('Refunded', { exact: true }).first().waitFor();
    await screenshot(page, 'campaign-delivered-and-refunded');

    // View opens Ada's delivery; the business approves and reviews it.
    await page.getByRole('link', { name: /^View/ }).click();
    await page.waitForURL(new RegExp(`/request/${requestOfAthlete(ada)}$`));
    await page.getByRole('button', { name: 'Approve' }).click();
    await waitForStatus(ada, requestOfAthlete(ada), 5);
    await review(page, 5);
    await screenshot(page, 'campaign-endorsement-reviewed');

    // Back on the campaign: finished, canceled and one pending: accepted (spec §4).
    campaign = await waitForCampaign(page, campaignId, (current) => current.status === 2);
    expect(campaign.requests.map((entry) => entry.status)).toEqual([3, 5, 1]);
    await page.goto(`${SHELL_URL}/request/@${campaignId}`);
    await page.getByText('Awaiting Completion').waitFor();

    // The business's list shows the campaign as one entry.
    await page.goto(`${SHELL_URL}/requests?tab=accepted`);
    await page.getByRole('link', { name: /Jersey launch/ }).waitFor();
    await page.getByText('3 athletes').first().waitFor();
    await screenshot(page, 'campaign-in-requests');
    await adaSide.context().close();
    await benSide.context().close();
  });

  it('an athlete blocked after the draft was made: checkout names them and takes no card', async () => {
    const [dee, eve] = await Promise.all([createAthleteByApi(uniqueName('Dee')), createAthleteByApi(uniqueName('Eve'))]);
    const api = await request.newContext({ baseURL: `${API_URL}/api/v1/` });
    await ok(await api.post('user/sign-ins', { form: BUSINESS }), 'business sign-in');
    const draft = await ok<{ campaign: { id: string } }>(
      await api.post('booking/request/endorsement_campaign/create', {
        form: {
          name: 'Blocked draft',
          endorsement_task: 'Post a reel wearing our new jersey and tag us. Add #ad.',
          athlete_ids: `${dee.id},${eve.id}`,
          proposed_amounts: JSON.stringify([{ athlete_id: dee.id, amount: 20 }, { athlete_id: eve.id, amount: 25 }]),
        },
      }),
      'campaign draft',
    );
    const admin = await request.newContext({ baseURL: `${API_URL}/api/v1/` });
    await ok(await admin.post('user/sign-ins', { form: ADMIN }), 'admin sign-in');
    await ok(await admin.post('admin/user/block', { data: { user_id: eve.id, blocked: true } }), 'block');

    const page = journey.page;
    await signIn(page, BUSINESS.email, BUSINESS.password);
    await page.waitForURL(/\/dashboard/);
    await page.goto(`${SHELL_URL}/request-form/b/endorsement_campaign?pay=${draft.campaign.id}`);
    const checkout = page.getByRole('dialog', { name: 'Checkout' });
    await checkout.getByText('Checkout unavailable').waitFor();
    await checkout.getByText(`${eve.firstName} Journey is no longer on Huddle: create the campaign again without this athlete`).waitFor();
    expect(await checkout.getByLabel('Card number').count()).toBe(0);
    // The same refusal would come again: no Retry is offered.
    expect(await checkout.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await screenshot(page, 'campaign-checkout-athlete-gone');
    await api.dispose();
    await admin.dispose();
  });
});
