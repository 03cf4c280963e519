import { init, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { bootRemotes } from '@huddle/api-client';
import type { RemoteName } from '@huddle/domain';
import type { ComponentType } from 'react';
import type { RemoteAppProps } from '@huddle/ui';
import { remoteFallbackPlugin } from './remote-fallback-plugin';
import { exposedAppId, parseRemotesManifest, remoteEntryUrl, REMOTES_MANIFEST_URL, type RemotesManifest } from './remote-registry';
import { RemoteUnavailable } from './RemoteUnavailable';

export interface RemoteAppModule {
  default: ComponentType<RemoteAppProps>;
}

let manifestRequest: Promise<RemotesManifest> | null = null;

/**
 * The remotes manifest: the one the shell's server put in the page (no round trip), or GET
 * /remotes.json, once per page: bootstrap starts it beside the session request. A failed request
 * is forgotten, so Retry asks again.
 */
export function fetchRemotesManifest(): Promise<RemotesManifest> {
  const inline = manifestRequest ? undefined : bootRemotes();
  if (inline) {
    try {
      manifestRequest = Promise.resolve(parseRemotesManifest(inline));
    } catch {
      // A malformed inline manifest: ask the server as before.
    }
  }
  if (!manifestRequest) {
    manifestRequest = fetch(REMOTES_MANIFEST_URL, { cache: 'no-store' })
      .then((response) => {
        if (!response.ok) throw new Error(`${REMOTES_MANIFEST_URL} answered ${response.status}`);
        return response.json();
      })
      .then(parseRemotesManifest);
    manifestRequest.catch(() => {
      manifestRequest = null;
    });
  }
  return manifestRequest;
}

let initialised = false;

/**
 * Joins the federation instance the build created for the shell (its shared singletons come
 * from the build's `shared` list) and adds the fallback plugin. Remotes are registered later,
 * one at a time, so only the remote of the current role is ever fetched.
 */
function ensureFederation(): void {
  if (initialised) return;
  initialised = true;
  init({
    name: 'shell',
    remotes: [],
    plugins: [
      remoteFallbackPlugin(
        () => ({ default: RemoteUnavailable }),
        ({ id, error }) => console.error(`Huddle could not load ${id}`, error),
      ),
    ],
  });
}

/**
 * Loads a role remote's App. Attempt 0 registers the remote as deployed; a retry registers it
 * again with `force` (dropping the failed module, its entry script and cached manifest) under a
 * cache-busting URL, so the network load really happens again.
 */
export async function loadRemoteApp(remote: RemoteName, attempt: number): Promise<RemoteAppModule> {
  const manifest = await fetchRemotesManifest();
  ensureFederation();
  registerRemotes([{ name: remote, entry: remoteEntryUrl(manifest[remote], attempt, window.location.origin) }], {
    force: attempt > 0,
  });
  const module = await loadRemote<RemoteAppModule>(exposedAppId(remote));
  if (!module || typeof module.default !== 'function') throw new Error(`${exposedAppId(remote)} has no default export`);
  return module;
}
