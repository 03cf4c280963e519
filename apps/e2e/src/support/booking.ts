import type { Page } from 'playwright-core';
import type { AthleteServiceType } from '@huddle/domain';
import { SHELL_URL } from './stack';

/** 'YYYY-MM-DD' and 'HH:mm' of a moment, as the form's date and time inputs take them (this machine's zone, as the browser's). */
export function dateAndTime(at: Date): { date: string; time: string } {
  const pad = (value: number) => String(value).padStart(2, '0');
  return { date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`, time: `${pad(at.getHours())}:${pad(at.getMinutes())}` };
}

/** A start `minutes` whole minutes after the next full minute: the time input has no seconds. */
export function startInMinutes(minutes: number): Date {
  const at = new Date();
  at.setSeconds(0, 0);
  at.setMinutes(at.getMinutes() + 1 + minutes);
  return at;
}

async function fillWhen(page: Page, start: Date): Promise<void> {
  const { date, time } = dateAndTime(start);
  await page.getByLabel('Date').fill(date);
  await page.getByLabel('Start time').fill(time);
}

async function fillPlace(page: Page): Promise<void> {
  await page.getByLabel('Search for city or coordinates').fill('Los Angeles');
  await page.getByRole('button', { name: /Los Angeles/ }).first().click();
  await page.getByText(/Los Angeles/).filter({ hasNotText: 'Search' }).first().waitFor();
}

/** Fills the booking form of `type` the way a requester would (spec §5's fields). */
export async function fillBookingForm(page: Page, type: AthleteServiceType, options: { start?: Date; offer?: string } = {}): Promise<void> {
  const start = options.start ?? startInMinutes(3 * 24 * 60);
  switch (type) {
    case 'shoutout':
      await page.getByRole('textbox', { name: 'Name 1' }).fill('Sam');
      await page.getByRole('button', { name: 'Add name' }).click();
      await page.getByRole('textbox', { name: 'Name 2' }).fill('Alex');
      await page.getByRole('textbox', { name: 'Email 1' }).fill('sam@journeys.test');
      await page.getByLabel('Special message').fill('Happy birthday, Sam!');
      break;
    case 'endorsement':
      await page.getByLabel('Task').fill('Post a reel about our new store');
      await page.getByLabel('Link (optional)').fill('example.com/store');
      await page.getByLabel('Your offer (USD)').fill(options.offer ?? '250');
      break;
    case 'video_chat':
      await fillWhen(page, start);
      await page.getByLabel('Event description').fill('Say hi to the team');
      break;
    case 'personal_appearance':
      await fillWhen(page, start);
      await fillPlace(page);
      await page.getByLabel('Event description').fill('Store opening');
      break;
    case 'speaking_engagement':
      await fillWhen(page, start);
      await fillPlace(page);
      await page.getByLabel('Topics').fill('Grit and teamwork');
      await page.getByLabel('Special message').fill('Welcome, class of 2027');
      await page.getByLabel('Special conditions').fill('Microphone provided');
      break;
    case 'training_session':
      await fillWhen(page, start);
      await page.getByRole('button', { name: 'Increase Hours' }).click();
      await fillPlace(page);
      await page.getByLabel('Description').fill('Shooting drills');
      await page.getByLabel('Special conditions').fill('Bring a ball');
      break;
    case 'camp':
      await fillWhen(page, start);
      await fillPlace(page);
      await page.getByLabel('Event description').fill('Youth skills camp');
      await page.getByLabel('Special conditions').fill('Indoor gym');
      break;
  }
  await page.getByLabel('Request name').fill(`Journey ${type}`);
  await page.getByRole('button', { name: 'Instagram' }).click();
}

/** Opens the booking form of `type` for an athlete and waits for it. */
export async function openBookingForm(page: Page, athleteId: string, type: AthleteServiceType): Promise<void> {
  await page.goto(`${SHELL_URL}/request-form/${athleteId}/${type}`);
  await page.getByRole('button', { name: 'Submit' }).waitFor();
}

/** Submits the filled form and waits for the Checkout modal's card form. */
export async function submitBooking(page: Page) {
  await page.getByRole('button', { name: 'Submit' }).click();
  const checkout = page.getByRole('dialog', { name: 'Checkout' });
  await checkout.getByLabel('Card number').waitFor();
  return checkout;
}

/** Types a card into the sandbox's form and presses Pay. */
export async function payWithCard(page: Page, number: string): Promise<void> {
  const checkout = page.getByRole('dialog', { name: 'Checkout' });
  await checkout.getByLabel('Card number').fill(number);
  await checkout.getByLabel('Expiry').fill('1234');
  await checkout.getByLabel('CVC').fill('123');
  await checkout.getByRole('button', { name: /^Pay / }).click();
}

/** Books and pays with 4242: returns the request's id from the detail page it lands on. */
export async function bookAndPay(page: Page, athleteId: string, type: AthleteServiceType, options: { start?: Date; offer?: string } = {}): Promise<string> {
  await openBookingForm(page, athleteId, type);
  await fillBookingForm(page, type, options);
  await submitBooking(page);
  await payWithCard(page, '4242 4242 4242 4242');
  await page.waitForURL(/\/request\/[0-9a-f-]{36}$/);
  const id = new URL(page.url()).pathname.split('/').pop() ?? '';
  if (id.length !== 36) throw new Error(`checkout ended on ${page.url()}, not a request`);
  return id;
}
