import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
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

  beforeAll(async () => {
    state.stack = await startStack();
    state.browser = await launchBrowser();
  });

  afterAll(async () => {
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
