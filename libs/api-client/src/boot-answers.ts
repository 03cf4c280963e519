/**
 * What the shell's server put in the page for its first screen (tools/first-screen.mjs): the
 * remotes manifest and the answers of the first screen's public GET requests, by path and query.
 */
export interface BootData {
  remotes?: Record<string, string>;
  answers?: Record<string, unknown>;
  /** The remotes whose files the page preloaded. */
  preloaded?: string[];
  /** A guest's first screen the server rendered into the page, to hydrate. */
  firstScreen?: RenderedFirstScreen;
}

/**
 * What the shell's server rendered (apps/shell/src/server/first-screen.tsx): the path the markup
 * shows (a guest's '/' shows /dashboard) and the query cache it was rendered from, dehydrated.
 */
export interface RenderedFirstScreen {
  path: string;
  queries: unknown;
  /** The signed-in visitor it was rendered for, as GET /user/accounts answered (a guest's has none). */
  account?: { id: string; user_type: number; profile_completed: boolean; email: string };
}

declare global {
  interface Window {
    __HUDDLE_BOOT__?: BootData;
  }
}

function bootData(): BootData | undefined {
  return typeof window === 'undefined' ? undefined : window.__HUDDLE_BOOT__;
}

/**
 * The answer the page carries for this GET URL (same path and query, same origin), once: a later
 * request asks the API. Anything else (another method, another origin) gets undefined.
 */
export function takeBootAnswer(method: string, url: string): unknown {
  const answers = bootData()?.answers;
  if (!answers || method.toUpperCase() !== 'GET') return undefined;
  let key: string;
  try {
    const parsed = new URL(url, window.location.href);
    if (parsed.origin !== window.location.origin) return undefined;
    key = `${parsed.pathname}${parsed.search}`;
  } catch {
    return undefined;
  }
  if (!Object.prototype.hasOwnProperty.call(answers, key)) return undefined;
  const answer = answers[key];
  delete answers[key];
  return answer;
}

/** The first screen the server rendered into the page, if it did. */
export function bootFirstScreen(): RenderedFirstScreen | undefined {
  const screen = bootData()?.firstScreen;
  return screen && typeof screen.path === 'string' ? screen : undefined;
}

/** The remotes manifest the page carries, if the shell's server put it there. */
export function bootRemotes(): Record<string, string> | undefined {
  return bootData()?.remotes;
}

/** Whether the page preloaded this remote's files (a failed preload would answer an in-page retry with its failure). */
export function bootPreloaded(remote: string): boolean {
  return bootData()?.preloaded?.includes(remote) ?? false;
}
