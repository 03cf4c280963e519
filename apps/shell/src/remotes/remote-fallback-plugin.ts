import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export interface RemoteLoadFailure {
  /** The module id ('fan/App') or the manifest URL that failed. */
  id: string;
  error: unknown;
}

/**
 * Turns a remote that cannot be loaded (server down, manifest or entry missing, a chunk
 * failing) into a fallback module instead of a rejected loadRemote, so the shell renders its
 * error view inside the frame rather than a blank page. Failures in earlier lifecycles
 * (manifest, entry) are left to surface at 'onLoad', where a module is the expected answer.
 */
export function remoteFallbackPlugin(
  fallbackModule: (failure: RemoteLoadFailure) => unknown,
  report: (failure: RemoteLoadFailure) => void,
): ModuleFederationRuntimePlugin {
  return {
    name: 'huddle-remote-fallback',
    errorLoadRemote(args) {
      if (args.lifecycle !== 'onLoad') return undefined;
      const failure = { id: args.id, error: args.error };
      report(failure);
      return fallbackModule(failure);
    },
  };
}
