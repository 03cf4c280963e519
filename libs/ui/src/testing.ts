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
