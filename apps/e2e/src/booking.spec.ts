import type { Page } from 'playwright-core';
import type { AthleteServiceType } from '@huddle/domain';
import { signIn } from './support/accounts';
import { createAthleteByApi, type ApiAthlete } from './support/athletes';
import { bookAndPay, fillBookingForm, openBookingForm, payWithCard, startInMinutes, submitBooking } from './support/booking';
import { screenshot } from './support/browser';
import { accept, athletePage, deliverVideo, requestOf, review, waitForStatus } from './support/request-pages';
import { useJourney } from './support/journey';
import { SHELL_URL } from './support/stack';

const FAN = { email: 'fan@huddle.test', password: 'huddle-fan-2026' };
const BUSINESS = { email: 'business@huddle.test', password: 'huddle-business-2026' };

/** The athlete's public profile shows the review at once (Reviews tab). */
async function expectReviewOnProfile(page: Page, athlete: ApiAthlete, stars: number): Promise<void> {
  await page.goto(`${SHELL_URL}/@${athlete.id}`);
  await page.getByRole('tab', { name: /Reviews/ }).click();
  await page.getByText(`${stars}.0`).first().waitFor();
}

describe('booking: the seven services, from the form to the review', () => {
  const journey = useJourney();

  it("shoutout: a declined card shows the provider's message and the fan retries; the athlete records, the fan accepts the video and reviews", async () => {
    const athlete = await createAthleteByApi('Shay');
    const page = journey.page;
    await signIn(page, FAN.email, FAN.password);
    await page.waitForURL(/\/dashboard/);

    await openBookingForm(page, athlete.id, 'shoutout');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('This field is required').first().waitFor();
    await screenshot(page, 'booking-shoutout-required');
    await fillBookingForm(page, 'shoutout');
    await screenshot(page, 'booking-shoutout-form');
    await submitBooking(page);
    await payWithCard(page, '4000 0000 0000 0002');
    const checkout = page.getByRole('dialog', { name: 'Checkout' });
    await checkout.getByText('Your card was declined.').waitFor();
    await screenshot(page, 'booking-card-declined');
    // The form is back for another try.
    expect(await checkout.getByRole('button', { name: /^Pay / }).isEnabled()).toBe(true);
    await payWithCard(page, '4242 4242 4242 4242');
    await page.waitForURL(/\/request\/[0-9a-f-]{36}$/);
    const id = new URL(page.url()).pathname.split('/').pop() ?? '';
    expect((await requestOf(athlete, id)).paid).toBe(true);

    const athleteSide = await athletePage(journey.browser, athlete, id);
    await accept(athleteSide);
    await waitForStatus(athlete, id, 2);
    // Recorded with the camera, as an athlete on a phone or laptop would (an mp4 the server takes).
    await deliverVideo(athleteSide, 'Shoutout', 'camera');
    await waitForStatus(athlete, id, 4);
    await screenshot(athleteSide, 'booking-shoutout-delivered-athlete');

    await page.reload();
    // Spec §4: the requester approves a shoutout with 'Accept'.
    await page.getByRole('button', { name: 'Accept', exact: true }).click();
    await waitForStatus(athlete, id, 5);
    await review(page, 5);
    expect((await requestOf(athlete, id)).review?.rate).toBe(5);
    await page.getByRole('link', { name: 'Download video' }).waitFor();
    // The request page's player loads its video through the checked route and its signed URL.
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
    await screenshot(page, 'booking-shoutout-reviewed');

    // The recipients' watch link: the athlete's name and the watermarked video, for anyone who has it.
    const asRequester = await (await page.request.get(`${SHELL_URL}/api/v1/booking/request`, { params: { id } })).json();
    const watchUrl: string = asRequester.request.share_url;
    expect(watchUrl).toMatch(/\/watch\/[A-Za-z0-9_-]{43}$/);
    const visitor = await (await journey.browser.newContext()).newPage();
    await visitor.goto(watchUrl);
    await visitor.getByText(`A shoutout from`).waitFor();
    await visitor.getByText(`${athlete.firstName} Journey`).waitFor();
    await visitor.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
    await screenshot(visitor, 'booking-shoutout-watch-page');
    await page.getByRole('button', { name: 'Stop sharing' }).click();
    await page.getByText('The watch link no longer works').waitFor();
    await visitor.reload();
    await visitor.getByText('This video is no longer available').waitFor();
    await visitor.context().close();

    await expectReviewOnProfile(page, athlete, 5);
    await athleteSide.context().close();
  });

  it('endorsement: a business offers a price, the athlete uploads the video, the business approves and reviews', async () => {
    const athlete = await createAthleteByApi('Eli');
    const page = journey.page;
    await signIn(page, BUSINESS.email, BUSINESS.password);
    await page.waitForURL(/\/dashboard/);
    const id = await bookAndPay(page, athlete.id, 'endorsement', { offer: '180' });
    await screenshot(page, 'booking-endorsement-pending-requester');

    const athleteSide = await athletePage(journey.browser, athlete, id);
    await accept(athleteSide, { disclose: true });
    await waitForStatus(athlete, id, 2);
    await deliverVideo(athleteSide, 'Endorsement');
    await waitForStatus(athlete, id, 4);

    await page.reload();
    await page.getByRole('button', { name: 'Approve' }).click();
    await waitForStatus(athlete, id, 5);
    await review(page, 4);
    await screenshot(page, 'booking-endorsement-reviewed');
    await expectReviewOnProfile(page, athlete, 4);
    await athleteSide.context().close();
  });

  it('video chat: the athlete declines, confirms, and the card hold is released', async () => {
    const athlete = await createAthleteByApi('Vic');
    const page = journey.page;
    await signIn(page, FAN.email, FAN.password);
    await page.waitForURL(/\/dashboard/);
    const id = await bookAndPay(page, athlete.id, 'video_chat');

    const athleteSide = await athletePage(journey.browser, athlete, id);
    await athleteSide.getByRole('button', { name: 'Decline' }).click();
    await athleteSide.getByRole('dialog').getByRole('button', { name: 'Decline' }).click();
    await athleteSide.waitForURL(/\/requests/);
    const declined = await waitForStatus(athlete, id, 3);
    expect(declined.history.map((entry) => entry.action)).toContain('decline');

    await page.reload();
    await page.getByText(/Canceled|Declined/).first().waitFor();
    await screenshot(page, 'booking-video-chat-declined');
    await athleteSide.context().close();
  });

  it('events: an appearance, a speaking engagement, a training session and a camp are booked, accepted, held, approved and reviewed', async () => {
    const types: AthleteServiceType[] = ['personal_appearance', 'speaking_engagement', 'training_session', 'camp'];
    // Each with an athlete of its own: the events start together, a few minutes from now, so the
    // requester can approve them once they have started (and one athlete could hold only one).
    const athletes = await Promise.all(types.map((type, index) => createAthleteByApi(`Ev${index}${type.slice(0, 3)}`)));
    const start = startInMinutes(3);
    const page = journey.page;
    await signIn(page, BUSINESS.email, BUSINESS.password);
    await page.waitForURL(/\/dashboard/);

    const ids: string[] = [];
    for (const [index, type] of types.entries()) {
      ids.push(await bookAndPay(page, (athletes[index] as ApiAthlete).id, type, { start }));
    }
    await screenshot(page, 'booking-camp-pending-requester');

    for (const [index, id] of ids.entries()) {
      const athlete = athletes[index] as ApiAthlete;
      const athleteSide = await athletePage(journey.browser, athlete, id);
      await accept(athleteSide);
      await waitForStatus(athlete, id, 2);
      if (index === 0) await screenshot(athleteSide, 'booking-appearance-accepted-athlete');
      await athleteSide.context().close();
    }

    await page.goto(`${SHELL_URL}/request/${ids[3]}`);
    await page.getByText(/Awaiting Ev3/).waitFor();
    await screenshot(page, 'booking-camp-awaiting');

    // Approval opens once the event has started.
    const wait = start.getTime() - Date.now() + 2_000;
    if (wait > 0) await page.waitForTimeout(wait);
    for (const [index, id] of ids.entries()) {
      await page.goto(`${SHELL_URL}/request/${id}`);
      await page.getByRole('button', { name: 'Approve' }).click();
      await waitForStatus(athletes[index] as ApiAthlete, id, 5);
      await review(page, 5 - (index % 2));
    }
    await screenshot(page, 'booking-camp-reviewed');
    await expectReviewOnProfile(page, athletes[3] as ApiAthlete, 4);
  }, 480_000);
});
