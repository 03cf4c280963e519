import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { axeTally } from './axe';
import { launchBrowser } from './browser';
import { type Stack, startStack } from './stack';

export interface Journey {
  readonly stack: Stack;
  readonly browser: Browser;
  /** A fresh browser context per test, so no session or storage leaks between journeys. */
  readonly context: BrowserContext;
  readonly page: Page;
}

function ready<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is not ready: use it inside a test`);
  return value;
}

/**
 * Registers the hooks every journey file needs: one stack and one Chromium per file, a new
 * context and page per test, everything stopped afterwards.
 */
export function useJourney(contextOptions: BrowserContextOptions = {}): Journey {
  const state: { stack?: Stack; browser?: Browser; context?: BrowserContext; page?: Page } = {};

  // The stack waits up to 420 s for the API (its database migrated and seeded) on a loaded machine.
  beforeAll(async () => {
    state.stack = await startStack();
    state.browser = await launchBrowser();
  }, 480_000);

  afterAll(async () => {
    console.log(`axe: ${expect.getState().testPath?.split('/').pop()}: ${axeTally.screens} screens checked, 0 serious or critical allowed`);
    await state.browser?.close();
    await state.stack?.stop();
  });

  beforeEach(async () => {
    state.context = await ready(state.browser, 'the browser').newContext(contextOptions);
    state.page = await state.context.newPage();
  });

  afterEach(async () => {
    await state.context?.close();
  });

  return {
    get stack() {
      return ready(state.stack, 'the stack');
    },
    get browser() {
      return ready(state.browser, 'the browser');
    },
    get context() {
      return ready(state.context, 'the context');
    },
    get page() {
      return ready(state.page, 'the page');
    },
  };
}
