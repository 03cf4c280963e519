import { REMOTE_NAMES, type RemoteName } from '@huddle/domain';

/** GET /remotes.json: where each role remote's mf-manifest.json is served (deploy-time data). */
export type RemotesManifest = Record<RemoteName, string>;

export const REMOTES_MANIFEST_URL = '/remotes.json';

/** The module every role remote exposes: one route-level App that owns its sub-routes. */
export const EXPOSED_APP = './App';

export function exposedAppId(remote: RemoteName): string {
  return `${remote}/${EXPOSED_APP.slice(2)}`;
}

export function parseRemotesManifest(json: unknown): RemotesManifest {
  if (typeof json !== 'object' || json === null) throw new Error('remotes.json is not an object');
  const record = json as Record<string, unknown>;
  const manifest = {} as RemotesManifest;
  for (const name of REMOTE_NAMES) {
    const url = record[name];
    if (typeof url !== 'string' || url.length === 0) throw new Error(`remotes.json has no URL for the ${name} remote`);
    manifest[name] = url;
  }
  return manifest;
}

/** The query parameter that makes a retried manifest URL new to every cache on the way. */
export const RETRY_PARAM = 'huddle-retry';

/**
 * The manifest URL for a load attempt. The first attempt uses the URL as deployed; each retry
 * adds a fresh cache-busting parameter so neither the browser nor the federation runtime can
 * answer it from what the failed attempt left behind.
 */
export function remoteEntryUrl(manifestUrl: string, attempt: number, base = 'http://localhost'): string {
  if (attempt === 0) return manifestUrl;
  const url = new URL(manifestUrl, base);
  url.searchParams.set(RETRY_PARAM, String(attempt));
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(manifestUrl) ? url.href : `${url.pathname}${url.search}`;
}
