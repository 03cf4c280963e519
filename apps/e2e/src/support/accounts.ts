import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT, SHELL_URL } from './stack';

export const FIXTURES = join(ROOT, 'apps/api/test/fixtures');
export const PHOTO = join(FIXTURES, 'photo.jpg');
/** An iPhone's HEIC photo, 400x300: Chromium cannot open it, so the server converts it for the cropper. */
export const HEIC_PHOTO = join(FIXTURES, 'photo.heic');
export const INTRO_VIDEO = join(FIXTURES, 'intro-5s.mp4');
export const PASSWORD = 'journey-password-1';

export type Role = 'Fan' | 'Athlete' | 'Business';

export function uniqueEmail(role: Role): string {
  return `${role.toLowerCase()}-${randomUUID().slice(0, 8)}@journeys.test`;
}

/** A US number that differs per run, so phone uniqueness rules never collide across journeys. */
export function uniquePhone(): string {
  return `+1310${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
}

/** /signup as a signed-out visitor: role, credentials, EULA through its modal, Create account. */
export async function signUp(page: Page, role: Role, email: string): Promise<void> {
  await page.goto(`${SHELL_URL}/login`);
  await page.getByRole('link', { name: /create an account/i }).click();
  await page.waitForURL(/\/signup/);
  await createAccount(page, role, email);
}

/** On /signup's role choice: the role, credentials, EULA through its modal, Create account, up to the wizard. */
export async function createAccount(page: Page, role: Role, email: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(role) }).first().click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Phone number').fill(uniquePhone());
  await page.getByRole('button', { name: 'End User License Agreement' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click();
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: 'Setup profile' }).waitFor();
}

/**
 * The photo step's picker and crop: athletes crop the 8:11 dashboard photo first, then the square.
 * Answers the size of the picture the cropper opened.
 */
export async function choosePhoto(page: Page, athlete: boolean, photo = PHOTO): Promise<{ width: number; height: number }> {
  await page.getByLabel('Profile photo').setInputFiles(photo);
  const crop = page.getByRole('dialog', { name: 'Crop your photo' });
  await crop.waitFor();
  const picture = crop.locator('img').first();
  await picture.waitFor();
  const opened = await picture.evaluate(async (image: HTMLImageElement) => {
    await image.decode();
    return { width: image.naturalWidth, height: image.naturalHeight };
  });
  // The cropper's stylesheet is on the page: its frame and crop area are laid over the picture, and
  // the whole picture fits the frame (without it, production builds showed the photo at full size
  // with no crop frame: react-easy-crop says it has no side effects, and its stylesheet was dropped).
  // The crop area is drawn once the picture has loaded and the cropper re-rendered.
  await crop.locator('.reactEasyCrop_CropArea').waitFor();
  const layout = await crop.evaluate((dialog) => {
    const frame = dialog.querySelector('.reactEasyCrop_Container');
    const image = dialog.querySelector('.reactEasyCrop_Image');
    const area = dialog.querySelector('.reactEasyCrop_CropArea');
    if (!frame || !image || !area) return 'the cropper is missing a part';
    const [frameBox, imageBox, areaBox] = [frame, image, area].map((element) => element.getBoundingClientRect());
    return {
      laidOver: getComputedStyle(frame).position === 'absolute' && getComputedStyle(area).position === 'absolute',
      fits: imageBox.width <= frameBox.width + 1 && imageBox.height <= frameBox.height + 1,
      areaInside: areaBox.width > 0 && areaBox.left >= frameBox.left - 1 && areaBox.right <= frameBox.right + 1,
    };
  });
  if (typeof layout === 'string' || !layout.laidOver || !layout.fits || !layout.areaInside) throw new Error(`The cropper is not laid out: ${JSON.stringify(layout)}`);
  if (athlete) {
    await crop.getByText('Dashboard photo').waitFor();
    await crop.getByRole('button', { name: 'Next' }).last().click();
  }
  await crop.getByText('Your profile photo').waitFor();
  await crop.getByRole('button', { name: 'Finish' }).click();
  await crop.waitFor({ state: 'detached' });
  return opened;
}

export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto(`${SHELL_URL}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** The signed-in account as the API sees it, through the page's own session cookie. */
export async function currentAccount(page: Page): Promise<{ user_type: number; profile_completed: boolean; email: string }> {
  const res = await page.request.get(`${SHELL_URL}/api/v1/user/accounts`);
  if (!res.ok()) throw new Error(`GET /user/accounts answered ${res.status()}`);
  return (await res.json()).account;
}
