import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { choosePhoto, currentAccount, HEIC_PHOTO, INTRO_VIDEO, PASSWORD, signIn, signUp, uniqueEmail } from './support/accounts';
import { ARTIFACTS, screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { SHELL_URL, waitForOutboxCode } from './support/stack';

describe('accounts: sign-up, wizard, sign-in, restore, settings, deletion', () => {
  const journey = useJourney();
  let page: Page;

  beforeEach(() => {
    page = journey.page;
  });

  it('signs up a fan, finishes the wizard to a complete profile, logs out and signs back in', async () => {
    const email = uniqueEmail('Fan');
    await signUp(page, 'Fan', email);
    expect(await currentAccount(page)).toMatchObject({ user_type: 1, profile_completed: false });

    // A text file named .jpg is refused with spec §8's message, not opened on a blank cropper.
    const notAnImage = join(mkdtempSync(join(tmpdir(), 'huddle-not-image-')), 'holiday.jpg');
    writeFileSync(notAnImage, 'this is plain text, not a photo\n');
    await page.getByLabel('Profile photo').setInputFiles(notAnImage);
    await page.getByText('Unable to open image: invalid file type or exceeding file size (0)').waitFor();
    expect(await page.getByRole('dialog', { name: 'Crop your photo' }).count()).toBe(0);
    await screenshot(page, 'accounts-fan-not-an-image');

    // An iPhone's HEIC photo: Chromium cannot open it, so the server converts it (spec §5) and the
    // cropper opens the whole picture, not a square cut of it.
    const conversion = page.waitForResponse((response) => response.url().endsWith('/api/v1/user/convert-photo') && response.status() === 200);
    expect(await choosePhoto(page, false, HEIC_PHOTO)).toEqual({ width: 400, height: 300 });
    await conversion;
    await page.getByLabel('First name').fill('Casey');
    await page.getByLabel('Last name').fill('Rivers');
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByRole('heading', { name: 'Survey' }).waitFor();
    // A reload resumes the fan's wizard where it was: same step, names and photo kept.
    await page.reload();
    await page.getByRole('heading', { name: 'Survey' }).waitFor();
    await page.getByRole('button', { name: 'Back' }).first().click();
    await page.getByLabel('First name').waitFor();
    expect(await page.getByLabel('First name').inputValue()).toBe('Casey');
    expect(await page.getByLabel('Last name').inputValue()).toBe('Rivers');
    await page.getByRole('button', { name: 'Change photo' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Survey' }).waitFor();
    await page.getByRole('group', { name: 'Sports' }).getByRole('checkbox', { name: 'Basketball' }).check({ force: true });
    await screenshot(page, 'accounts-fan-survey');
    await page.getByRole('button', { name: 'Submit' }).click();

    await page.waitForURL(`${SHELL_URL}/dashboard`);
    expect(await currentAccount(page)).toMatchObject({ email, user_type: 1, profile_completed: true });

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${SHELL_URL}/login`);
    const afterLogout = await page.request.get(`${SHELL_URL}/api/v1/user/accounts`);
    expect(afterLogout.status()).toBe(401);

    await signIn(page, email);
    await page.waitForURL(`${SHELL_URL}/dashboard`);
    expect(await currentAccount(page)).toMatchObject({ email, profile_completed: true });
  });

  it('signs up an athlete: both crops, survey, an invalid then a valid link, services with a map location, intro video', async () => {
    const email = uniqueEmail('Athlete');
    await signUp(page, 'Athlete', email);

    await choosePhoto(page, true);
    await page.getByLabel('First name').fill('Jordan');
    await page.getByLabel('Last name').fill('Journey');
    await page.getByLabel('Gender').selectOption({ label: 'Female' });
    await page.getByLabel('Description').fill('Point guard who loves running youth camps.');
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByRole('heading', { name: 'Survey' }).waitFor();
    await page.getByRole('checkbox', { name: 'Basketball' }).check({ force: true });
    await page.getByLabel('Search schools').fill('UCLA');
    await page.getByRole('radiogroup', { name: 'School' }).getByRole('radio').first().check({ force: true });
    await screenshot(page, 'accounts-athlete-survey');
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByRole('heading', { name: 'Social links' }).waitFor();
    await page.getByLabel('Instagram', { exact: true }).fill('not a link');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Please enter valid link').waitFor();
    await screenshot(page, 'accounts-athlete-invalid-link');
    await page.getByLabel('Instagram', { exact: true }).fill('instagram.com/jordan.journey');
    await page.getByRole('button', { name: 'Save' }).click();

    await page.getByRole('heading', { name: 'Services' }).waitFor();
    await page.getByRole('switch', { name: /Camp/ }).check({ force: true });
    // A rate typed as 0 is refused with spec §5's message, never raised to the minimum.
    await page.getByRole('textbox', { name: 'Camp rate' }).fill('0');
    await page.getByRole('textbox', { name: 'Camp rate' }).blur();
    await page.getByText('A service with a rate not above zero is invalid').waitFor();
    expect(await page.getByRole('textbox', { name: 'Camp rate' }).inputValue()).toBe('0');
    await screenshot(page, 'accounts-athlete-rate-zero');
    await page.getByRole('textbox', { name: 'Camp rate' }).fill('120');
    await page.getByRole('textbox', { name: 'Camp rate' }).blur();
    await page.getByText('A service with a rate not above zero is invalid').waitFor({ state: 'detached' });
    await page.getByPlaceholder('Search for city or coordinates').fill('San Diego');
    await page.getByRole('list', { name: 'Search results' }).getByRole('button').first().click();
    await page.getByLabel('Location name').fill('San Diego');
    await page.getByRole('button', { name: 'Save location' }).click();
    await page.getByRole('button', { name: 'Delete location San Diego' }).waitFor();
    await screenshot(page, 'accounts-athlete-services-map');
    // Removing a location asks first (spec §8); cancelling keeps it.
    await page.getByLabel('Location name').fill('Somewhere else');
    await page.locator('.mb-map__bar').screenshot({ path: `${ARTIFACTS}/accounts-athlete-save-location-enabled.png`, caret: 'initial' });
    await page.getByRole('button', { name: 'Save location' }).click();
    await page.getByRole('button', { name: 'Delete location Somewhere else' }).click();
    const confirmRemoval = page.getByRole('dialog', { name: 'Remove location?' });
    await confirmRemoval.waitFor();
    await screenshot(page, 'accounts-athlete-remove-location');
    await confirmRemoval.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Delete location Somewhere else' }).click();
    await page.getByRole('dialog', { name: 'Remove location?' }).getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('button', { name: 'Delete location Somewhere else' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByRole('heading', { name: 'Setup Profile' }).waitFor();
    await page.getByLabel('Intro video').setInputFiles(INTRO_VIDEO);
    await page.getByRole('button', { name: 'Change video' }).waitFor({ timeout: 30000 });
    await page.getByRole('button', { name: 'Submit' }).click();

    await page.waitForURL(`${SHELL_URL}/dashboard`);
    const account = await currentAccount(page);
    expect(account).toMatchObject({ email, user_type: 2, profile_completed: true });
    const details = account as unknown as {
      instagram_link: string;
      profile_photo: string;
      dashboard_photo: string;
      intro_video: string;
      athlete_info: { sports: string; school_name: string; athlete_services: { camp_enabled: boolean }; locations: { name: string }[] };
    };
    expect(details.instagram_link).toBe('https://instagram.com/jordan.journey');
    expect(details.profile_photo).toBeTruthy();
    expect(details.dashboard_photo).toBeTruthy();
    expect(details.intro_video).toBeTruthy();
    expect(details.athlete_info.athlete_services.camp_enabled).toBe(true);
    expect(details.athlete_info.locations.map((l) => l.name)).toEqual(['San Diego']);
    expect(details.athlete_info.school_name).toMatch(/UCLA|California, Los Angeles/);

    // Media paths are relative to the API base, as the screens resolve them.
    for (const path of [details.profile_photo, details.dashboard_photo]) {
      const image = await page.request.get(`${SHELL_URL}/api/v1${path}`);
      expect(image.status()).toBe(200);
      expect(image.headers()['content-type']).toMatch(/^image\/(jpeg|png)/);
    }
    await page.goto(`${SHELL_URL}/profile`);
    await page.getByRole('tab', { name: 'Info' }).waitFor();
    await screenshot(page, 'accounts-athlete-profile');
  });

  it('signs up a business, finishes its wizard, then deletes the account after typing AGREE', async () => {
    const email = uniqueEmail('Business');
    await signUp(page, 'Business', email);
    await choosePhoto(page, false);
    await page.getByLabel('First name').fill('Morgan');
    await page.getByLabel('Last name').fill('Shop');
    await page.getByLabel('Company name').fill('Journey Sports Co');
    await page.getByLabel('Company email').fill('hello@journeysports.test');
    await page.getByLabel('Company phone').fill('+13105551234');
    await page.getByLabel('Website').fill('journeysports.test');
    // The business wizard resumes after a reload too (once the photo's upload has finished).
    await page.getByRole('button', { name: 'Change photo' }).waitFor();
    await page.reload();
    await page.getByLabel('Company name').waitFor();
    expect(await page.getByLabel('Company name').inputValue()).toBe('Journey Sports Co');
    expect(await page.getByLabel('First name').inputValue()).toBe('Morgan');
    await page.getByRole('button', { name: 'Change photo' }).waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(`${SHELL_URL}/dashboard`);
    expect(await currentAccount(page)).toMatchObject({ email, user_type: 3, profile_completed: true });

    await page.goto(`${SHELL_URL}/settings/info`);
    // A part saved on its own (PATCH /user/accounts): the request-emails switch, without the form.
    await page.getByRole('switch', { name: 'Email me about my requests' }).click();
    await page.locator('.hd-toasts').getByText('Request emails turned off').waitFor();
    expect(await page.getByRole('switch', { name: 'Email me about my requests' }).isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Delete Profile' }).click();
    await page.getByRole('dialog', { name: 'Delete Profile' }).getByRole('button', { name: 'Yes, continue' }).click();
    const confirm = page.getByRole('button', { name: 'Delete', exact: true });
    await page.getByLabel('Type AGREE to confirm').fill('agree');
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByLabel('Type AGREE to confirm').fill('AGREE');
    await screenshot(page, 'accounts-delete-agree');
    await confirm.click();
    await page.getByRole('dialog', { name: 'Profile deleted' }).getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(`${SHELL_URL}/login`);

    await signIn(page, email, PASSWORD);
    await page.getByText('Incorrect credentials').waitFor();
  });

  it('restores a password with the code from the outbox', async () => {
    const email = 'fan@huddle.test';
    await page.goto(`${SHELL_URL}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(`${SHELL_URL}/restore`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();

    const code = await waitForOutboxCode(journey.stack, email);
    await page.getByLabel('Digit 1 of 6').fill(code);
    await page.getByLabel('New password').fill('a-brand-new-password');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Password restored').waitFor();
    await screenshot(page, 'accounts-password-restored');

    await signIn(page, email, 'huddle-fan-2026');
    await page.getByText('Incorrect credentials').waitFor();
    await signIn(page, email, 'a-brand-new-password');
    await page.waitForURL(`${SHELL_URL}/dashboard`);
  });
});
