import { act, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { ShellContextValue } from './shell-context';
import { createLiveEventHub, SHELL_CONTRACT_VERSION } from './shell-contract';

/**
 * A shell for rendering a remote's screen in a test (no browser): the current contract, a guest
 * role, nothing signed in, every callback a no-op; `overrides` set what the test is about.
 * Imported as '@huddle/ui/testing' by specs only, never by an app.
 */
export function testShell(overrides: Partial<ShellContextValue> = {}): ShellContextValue {
  return {
    version: SHELL_CONTRACT_VERSION,
    role: 1,
    account: null,
    navigate: () => undefined,
    apiBase: '/api/v1',
    logout: () => undefined,
    setUnread: () => undefined,
    setAccount: () => undefined,
    refreshAccount: async () => undefined,
    endSession: () => undefined,
    events: createLiveEventHub(),
    ...overrides,
  };
}

/**
 * A React root in a new element of document.body, for specs run in jsdom: `render` renders inside
 * act(), `close` unmounts and removes the element. Make one in beforeEach, close it in afterEach.
 */
export function domRoot(): { host: HTMLDivElement; render: (element: ReactElement) => void; close: () => void } {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const host = document.createElement('div');
  document.body.appendChild(host);
  const root: Root = createRoot(host);
  return {
    host,
    render: (element) => act(() => root.render(element)),
    close: () => {
      act(() => root.unmount());
      host.remove();
    },
  };
}
