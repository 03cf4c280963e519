import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { expectAccessible } from './axe';
import { ROOT } from './stack';

/**
 * Debian's Chromium with the flags this closed network needs (see TOOLCHAIN.md). It also has a
 * fake camera and microphone (a test pattern and a beep) that pages may use without a prompt, so
 * video chats can be joined headless; a journey that needs a device without a camera hides it in
 * its own context (see video-chat.spec.ts). No other journey opens the camera unasked.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  });
}

export const ARTIFACTS = join(ROOT, 'apps/e2e/artifacts');

/** Saves the screen as it is now, and checks it with axe-core: every screen a journey shows is checked. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
  await expectAccessible(page, name);
}
