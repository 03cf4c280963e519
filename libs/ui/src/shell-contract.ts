import type { LiveEvent } from '@huddle/domain';

/**
 * The version of the contract between the shell and the role remotes (ShellContextValue). The
 * shell sets it on the value it hands a remote; a remote checks it against the version it was
 * built for. Changes are additive, so a remote built for N runs in a shell of N or later; bump it
 * with every change to the contract.
 *
 * This file is imported as '@huddle/ui/shell-contract', never through the shared @huddle/ui
 * singleton: each app compiles in its own copy, so a remote compares the shell's number with its
 * own rather than with the shell's copy of the constant. History: 1 had no version field; 2 adds
 * `version` and `events`; 3 adds the `signal` live event (a video chat's signalling), which a
 * listener that only knows notifications and counts must ignore.
 */
export const SHELL_CONTRACT_VERSION = 3;

/** Whether a shell that sets `version` (missing on shells of version 1) serves a remote built for `required`. */
export function shellMeetsContract(version: number | undefined, required: number): boolean {
  return typeof version === 'number' && version >= required;
}

export type LiveEventListener = (event: LiveEvent) => void;

/** The live events a remote can follow; the shell feeds them from its one notification stream. */
export interface ShellEvents {
  /** Calls `listener` with every live event from now on, until the returned function is called. */
  subscribe: (listener: LiveEventListener) => () => void;
}

/** The shell's side of ShellEvents: whoever holds the stream publishes, remotes subscribe. */
export interface LiveEventHub extends ShellEvents {
  publish: (event: LiveEvent) => void;
}

/**
 * A fan-out of live events to any number of listeners. A listener that throws is logged and does
 * not keep the event from the others. Delivery walks the listeners subscribed when the event came:
 * one added meanwhile waits for the next event, one removed meanwhile gets nothing more.
 */
export function createLiveEventHub(): LiveEventHub {
  const listeners = new Set<LiveEventListener>();
  return {
    subscribe(listener) {
      // Each subscription is its own entry, so subscribing one function twice needs two unsubscribes.
      const entry: LiveEventListener = (event) => listener(event);
      listeners.add(entry);
      return () => {
        listeners.delete(entry);
      };
    },
    publish(event) {
      for (const listener of [...listeners]) {
        if (!listeners.has(listener)) continue;
        try {
          listener(event);
        } catch (error) {
          console.error('A live event listener failed', error);
        }
      }
    },
  };
}
