// A guest's first screen rendered on the shell's server (issue 24), from the React components the
// browser runs: this file is built for Node into dist/server/first-screen.cjs (tools/webpack
// create-config.js, createServerConfig) and tools/first-screen.mjs puts its markup in the page.
//
//   - The shell's own tree (ShellRoot: the frame, the session as a first-visit guest, the router at
//     the requested path) is the browser's, compiled into this file.
//   - The role remote's App comes from the remote's own server build (its dist/server/app.cjs,
//     served beside its remoteEntry.js), fetched from where the remote is deployed and run here
//     with this file's copies of the modules the browser builds share as singletons (React, the
//     router, the query cache, @huddle/ui and @huddle/domain), as the federation runtime hands a
//     remote the shell's copies in the browser. So the markup is always the deployed remote's.
//   - The screens ask for their data as in the browser (the query cache, the API client): a first
//     pass collects the queries, they are fetched from the API on loopback, and a second pass
//     renders with their answers. The cache is then dehydrated into the page, and the browser
//     hydrates with the same answers: no second request, no mismatch.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import vm from 'node:vm';
import * as React from 'react';
import * as ReactDOM from 'react-dom';
import * as jsxRuntime from 'react/jsx-runtime';
import { renderToPipeableStream } from 'react-dom/server';
import * as wouter from 'wouter';
import * as reactQuery from '@tanstack/react-query';
import { dehydrate, skipToken, type QueryClient } from '@tanstack/react-query';
import * as domain from '@huddle/domain';
import { GUEST, type RemoteName } from '@huddle/domain';
import type { ShellAccount } from '@huddle/ui';
import * as ui from '@huddle/ui';
import type { RenderedFirstScreen } from '@huddle/api-client';
import type { RemoteAppModule } from '../remotes/federation';
import { documentTitle } from '../routing/route-titles';
import { shellScreenFor } from '../routing/shell-screen';
import { initialSession, sessionRole } from '../session/session-state';
import { signedInStart, type PageStart } from '../session/useSession';
import { createQueryClient, ShellRoot } from '../ShellRoot';

/**
 * What a remote's server build may require: the singletons (SERVER_SHARED_MODULES of
 * tools/webpack/create-config.js, which leaves exactly these out of it).
 */
const SHARED_MODULES: Readonly<Record<string, unknown>> = {
  react: React,
  'react-dom': ReactDOM,
  'react/jsx-runtime': jsxRuntime,
  wouter,
  '@tanstack/react-query': reactQuery,
  '@huddle/domain': domain,
  '@huddle/ui': ui,
};

/** Redirects of the route table followed on the server, as the browser would follow them ('/' to /dashboard). */
const MAX_REDIRECTS = 3;
/** Render passes: one to learn the queries, one with their answers, one more for queries that depend on those. */
const MAX_PASSES = 3;
const REMOTE_TTL_MS = 30_000;
/**
 * The routes whose screens are first screens: what a visitor lands on from a link. Anything else
 * (a redirect to the setup wizard, a page of the signed-in) renders in the browser as before.
 */
const FIRST_SCREEN_ROUTES: ReadonlySet<string> = new Set(['/dashboard', '/@:id', '/p/@:id']);
/** A remote that could not be loaded is asked again after this long (it may have been starting). */
const REMOTE_RETRY_MS = 3_000;
/** Pages do not wait for this (tools/first-screen.mjs gives a render 1.5 s): it is how long a load may take in the background. */
const REMOTE_TIMEOUT_MS = 15_000;

/**
 * Runs a remote's server build (CommonJS) with the shell's shared modules; it exports the remote's
 * App. The shell's server runs code of the remotes it is configured with (HUDDLE_REMOTE_*_URL) in
 * its own context, globals included, as the browser runs it in the page: a remote is trusted as
 * much as the shell. Its require gives the shared modules and no Node module (file, network,
 * process): a first screen needs none, and libraries of later screens that would (video chat) are
 * only required if such a screen renders here.
 */
export function evaluateRemoteApp(code: string, filename: string): RemoteAppModule {
  const module: { exports: Partial<RemoteAppModule> } = { exports: {} };
  const require = (id: string) => {
    if (Object.prototype.hasOwnProperty.call(SHARED_MODULES, id)) return SHARED_MODULES[id];
    throw new Error(`${filename} requires ${id}, which the shell's server does not give a remote`);
  };
  const wrapper = vm.runInThisContext(`(function (exports, require, module) {${code}\n})`, { filename });
  wrapper(module.exports, require, module);
  if (typeof module.exports.default !== 'function') throw new Error(`${filename} exports no App`);
  return module.exports as RemoteAppModule;
}

/** The URL of a remote's server build: dist/server/app.cjs beside its mf-manifest.json. */
export function remoteServerUrl(manifestUrl: string): string {
  return new URL('server/app.cjs', manifestUrl).href;
}

interface LoadedRemote {
  /** When the deployed file was last asked for (successfully or not). */
  checked: number;
  etag: string | null;
  hash: string;
  /** The App of the last file that loaded; null while none has. */
  app: RemoteAppModule | null;
  /** The request under way, if any. */
  checking: Promise<RemoteAppModule> | null;
}

/**
 * The deployed remotes' Apps (`remoteApp(name)`). A remote's server build is asked for when a page
 * first needs it (pages wait for that first load), then again at most once per REMOTE_TTL_MS, in the
 * background while pages go on rendering with the copy in hand: a conditional request (unchanged,
 * it is not sent again), run again only when its code changed (a new deployment of the remote). A
 * check that fails keeps the copy in hand; without one, the remote is asked again after
 * REMOTE_RETRY_MS and pages render in the browser meanwhile.
 */
export function createRemoteApps(remotes: Readonly<Record<string, string>>, now: () => number = Date.now) {
  const loaded = new Map<RemoteName, LoadedRemote>();
  const check = (remote: RemoteName, entry: LoadedRemote): Promise<RemoteAppModule> => {
    const manifest = remotes[remote];
    const url = manifest ? remoteServerUrl(manifest) : null;
    entry.checking = (async () => {
      if (!url) throw new Error(`No URL is configured for the ${remote} remote`);
      const response = await fetch(url, { signal: AbortSignal.timeout(REMOTE_TIMEOUT_MS), headers: entry.etag && entry.app ? { 'if-none-match': entry.etag } : {} });
      if (response.status === 304 && entry.app) return entry.app;
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      const code = await response.text();
      const hash = createHash('sha256').update(code).digest('hex');
      const app = entry.app && entry.hash === hash ? entry.app : evaluateRemoteApp(code, url);
      Object.assign(entry, { etag: response.headers.get('etag'), hash, app });
      return app;
    })().finally(() => {
      entry.checked = now();
      entry.checking = null;
    });
    return entry.checking;
  };
  return (remote: RemoteName): Promise<RemoteAppModule> => {
    let entry = loaded.get(remote);
    if (!entry) {
      entry = { checked: 0, etag: null, hash: '', app: null, checking: null };
      loaded.set(remote, entry);
    }
    const age = now() - entry.checked;
    if (entry.app) {
      if (age >= REMOTE_TTL_MS && !entry.checking) check(remote, entry).catch(() => undefined);
      return Promise.resolve(entry.app);
    }
    if (entry.checking) return entry.checking;
    if (entry.checked !== 0 && age < REMOTE_RETRY_MS) return Promise.reject(new Error(`The ${remote} remote's server build could not be loaded a moment ago`));
    return check(remote, entry);
  };
}

/** The markup of a tree once everything in it has loaded (lazy screens, the remote); abandoned when `signal` aborts. */
function renderToHtml(tree: React.ReactNode, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
    });
    sink.on('finish', () => resolve(Buffer.concat(chunks).toString('utf8')));
    let failure: unknown = null;
    const stream = renderToPipeableStream(tree, {
      // Everything inline, in order: no boundary written out of place and revealed later by a script.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        // A component that threw rendered its error view (or a Suspense fallback): not a first screen to send.
        if (failure) reject(failure);
        else stream.pipe(sink);
      },
      onShellError: reject,
      onError(error) {
        failure ??= error;
      },
    });
    const abandon = () => {
      stream.abort(signal.reason);
      reject(signal.reason);
    };
    if (signal.aborted) abandon();
    else signal.addEventListener('abort', abandon, { once: true });
  });
}

type CachedQuery = ReturnType<ReturnType<QueryClient['getQueryCache']>['getAll']>[number];

/**
 * Whether a query is switched off by its screen (skipToken, `enabled: false`): it stays unfetched
 * in the browser too. (Query#isDisabled also counts a query nobody observes and nobody fetched yet,
 * which is every query of a server render.)
 */
function isSwitchedOff(query: CachedQuery): boolean {
  const { enabled, queryFn } = query.options as { enabled?: boolean | ((query: CachedQuery) => boolean); queryFn?: unknown };
  return queryFn === skipToken || enabled === false || (typeof enabled === 'function' && enabled(query) === false);
}

/** The queries a render asked for that nobody fetched yet (the server runs no effects); switched-off ones stay as they are, in the browser too. */
function unfetched(queryClient: QueryClient) {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle' && !isSwitchedOff(query));
}

export interface FirstScreenRequest {
  pathname: string;
  /** The query with its '?', or ''. */
  search: string;
  /** A signed-in visitor: their account as GET /user/accounts answered it, and their cookie for the screens' requests. */
  account?: ShellAccount;
  cookie?: string;
  /** The visitor's address as this server's proxy forwards it (X-Forwarded-For), so the API counts their requests as theirs. */
  forwardedFor?: string;
}

export interface FirstScreenRenderer {
  /** How long a render may take (RENDER_DEADLINE_MS): the page waits no longer for it. */
  readonly deadlineMs: number;
  /** The visitor's first screen at this path and query, or null when it is not one the server renders. */
  render(request: FirstScreenRequest): Promise<(RenderedFirstScreen & { html: string; title: string }) | null>;
}

/** How long a render may take: the page does not wait longer (tools/first-screen.mjs), and the render is then abandoned, its requests too. */
export const RENDER_DEADLINE_MS = 1_500;
/** Renders under way at once: beyond them a page is rendered in the browser (many distinct URLs at once must not take the server's CPU). */
const MAX_RENDERS = 4;

export interface Visitor {
  cookie?: string;
  forwardedFor?: string;
  signal: AbortSignal;
}

/** The visitor a render is for (see visitorFetch). */
const visitor = new AsyncLocalStorage<Visitor>();

/** Runs `work` (a render) for this visitor: the API requests it makes go as theirs (visitorFetch). */
export function asVisitor<T>(context: Visitor, work: () => T): T {
  return visitor.run(context, work);
}

/**
 * The process's fetch, for the requests a render makes to the API as the browser would make them
 * to the page's origin: a signed-in visitor's cookie, the visitor's address, and given up with the
 * render. Requests outside a render, or to anywhere else, go as they are.
 */
export function visitorFetch(plain: typeof fetch, apiOrigin: string): typeof fetch {
  return (input, init) => {
    const current = visitor.getStore();
    if (!current) return plain(input, init);
    const request = new Request(input, init);
    if (new URL(request.url).origin !== apiOrigin) return plain(request);
    const headers = new Headers(request.headers);
    if (current.cookie) headers.set('cookie', current.cookie);
    if (current.forwardedFor) headers.set('x-forwarded-for', current.forwardedFor);
    return plain(new Request(request, { headers, signal: AbortSignal.any([request.signal, current.signal]) }));
  };
}

/**
 * @param apiUrl  the API's origin on loopback: the screens' requests ('/api/v1/...', relative as in
 *                the browser) resolve against it.
 * @param remotes the deploy-time remotes manifest ({ fan: '.../mf-manifest.json', ... }), as this
 *   server reaches them (HUDDLE_REMOTE_*_SERVER_URL, else the browser's HUDDLE_REMOTE_*_URL).
 */
export function createFirstScreenRenderer({ apiUrl, remotes }: { apiUrl: string; remotes: Readonly<Record<string, string>> }): FirstScreenRenderer {
  // Node's fetch (undici) resolves a relative URL against its global origin, as a browser does
  // against the page: the API client's '/api/v1/...' requests then reach the API. Nothing else in
  // the shell's server fetches a relative URL.
  (globalThis as Record<symbol, unknown>)[Symbol.for('undici.globalOrigin.1')] = new URL(apiUrl);
  globalThis.fetch = visitorFetch(globalThis.fetch, new URL(apiUrl).origin);
  const remoteApp = createRemoteApps(remotes);
  let rendering = 0;

  const render = async ({ pathname, search, account }: FirstScreenRequest, signal: AbortSignal) => {
    // A guest starts as a first visit does; a signed-in visitor as the browser starts once it
    // knows the account (the page carries it: bootstrap.tsx starts the same way).
    const sessionStart: PageStart = account ? signedInStart(account) : { visit: 'first-visit', state: initialSession('first-visit', false, pathname) };
    const role = sessionRole(sessionStart.state) ?? GUEST;
    let path = pathname;
    let screen = shellScreenFor(path, role, search);
    for (let hop = 0; hop < MAX_REDIRECTS && screen.kind === 'redirect'; hop += 1) {
      const target = new URL(screen.to, 'http://first-screen.invalid');
      // A redirect that adds a query (a sign-in's ?next=) is not a first screen.
      if (target.search !== '') return null;
      path = target.pathname;
      screen = shellScreenFor(path, role, search);
    }
    if (screen.kind !== 'remote' || !FIRST_SCREEN_ROUTES.has(screen.route)) return null;
    const app = await remoteApp(screen.remote);

    // On the server a failed request is not asked again: the page renders in the browser instead.
    const queryClient = createQueryClient({ retry: false });
    const tree = (
      <ShellRoot
        queryClient={queryClient}
        sessionStart={sessionStart}
        ssrPath={path}
        ssrSearch={search.replace(/^\?/, '')}
        remoteLoader={() => Promise.resolve(app)}
      />
    );
    let html = await renderToHtml(tree, signal);
    for (let pass = 1; pass < MAX_PASSES; pass += 1) {
      const queries = unfetched(queryClient);
      if (queries.length === 0) break;
      await Promise.all(queries.map((query) => query.fetch().catch(() => undefined)));
      signal.throwIfAborted();
      html = await renderToHtml(tree, signal);
    }
    // The browser hydrates with exactly these answers: a query that failed or still waits would
    // render differently there, so the page renders in the browser as before.
    const all = queryClient.getQueryCache().getAll();
    if (all.some((query) => query.state.status === 'error' || (query.state.status === 'pending' && !isSwitchedOff(query)))) return null;
    return { html, path, title: documentTitle(screen.route, role), queries: dehydrate(queryClient), ...(account ? { account } : {}) };
  };

  return {
    deadlineMs: RENDER_DEADLINE_MS,
    async render(request) {
      if (rendering >= MAX_RENDERS) return null;
      rendering += 1;
      const signal = AbortSignal.timeout(RENDER_DEADLINE_MS);
      const context: Visitor = { signal, forwardedFor: request.forwardedFor, ...(request.account && request.cookie ? { cookie: request.cookie } : {}) };
      try {
        return await asVisitor(context, () => render(request, signal));
      } finally {
        rendering -= 1;
      }
    },
  };
}
