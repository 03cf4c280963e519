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
import { dehydrate, type QueryClient } from '@tanstack/react-query';
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

/** Runs a remote's server build (CommonJS) with the shell's shared modules; it exports the remote's App. */
export function evaluateRemoteApp(code: string, filename: string): RemoteAppModule {
  const module: { exports: Partial<RemoteAppModule> } = { exports: {} };
  const require = (id: string) => {
    if (Object.prototype.hasOwnProperty.call(SHARED_MODULES, id)) return SHARED_MODULES[id];
    // Node's own modules, which libraries of later screens (video chat, payments) import when built for Node.
    const builtin = process.getBuiltinModule(id);
    if (builtin) return builtin;
    throw new Error(`${filename} requires ${id}, which the shell does not share`);
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
  checked: number;
  etag: string | null;
  hash: string;
  app: Promise<RemoteAppModule>;
}

/**
 * The deployed remote's App: its server build is asked for at most once per REMOTE_TTL_MS (a
 * conditional request: unchanged, it is not sent again) and run again only when its code changed
 * (a new deployment of the remote).
 */
function createRemoteApps(remotes: Readonly<Record<string, string>>) {
  const loaded = new Map<RemoteName, LoadedRemote>();
  const load = async (remote: RemoteName, before: LoadedRemote | undefined): Promise<RemoteAppModule> => {
    const manifest = remotes[remote];
    if (!manifest) throw new Error(`No URL is configured for the ${remote} remote`);
    const url = remoteServerUrl(manifest);
    const response = await fetch(url, {
      signal: AbortSignal.timeout(REMOTE_TIMEOUT_MS),
      headers: before?.etag ? { 'if-none-match': before.etag } : {},
    });
    if (before && response.status === 304) {
      loaded.set(remote, { ...before, checked: Date.now() });
      return before.app;
    }
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    const code = await response.text();
    const hash = createHash('sha256').update(code).digest('hex');
    const app = before?.hash === hash ? before.app : evaluateRemoteApp(code, url);
    loaded.set(remote, { checked: Date.now(), etag: response.headers.get('etag'), hash, app: Promise.resolve(app) });
    return app;
  };
  return (remote: RemoteName): Promise<RemoteAppModule> => {
    const entry = loaded.get(remote);
    if (entry && Date.now() - entry.checked < REMOTE_TTL_MS) return entry.app;
    // Concurrent pages share one request. A failure is kept for REMOTE_RETRY_MS (a remote that is
    // down, or one this server cannot reach): pages go on rendering in the browser meanwhile.
    const app = load(remote, entry);
    loaded.set(remote, { checked: Date.now(), etag: entry?.etag ?? null, hash: entry?.hash ?? '', app });
    app.catch(() => loaded.set(remote, { checked: Date.now() - REMOTE_TTL_MS + REMOTE_RETRY_MS, etag: null, hash: '', app }));
    return app;
  };
}

/** The markup of a tree once everything in it has loaded (lazy screens, the remote). */
function renderToHtml(tree: React.ReactNode): Promise<string> {
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
  });
}

/** The queries a render asked for that nobody fetched yet (the server runs no effects). */
function unfetched(queryClient: QueryClient) {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle');
}

export interface FirstScreenRequest {
  pathname: string;
  /** The query with its '?', or ''. */
  search: string;
  /** A signed-in visitor: their account as GET /user/accounts answered it, and their cookie for the screens' requests. */
  account?: ShellAccount;
  cookie?: string;
}

export interface FirstScreenRenderer {
  /** The visitor's first screen at this path and query, or null when it is not one the server renders. */
  render(request: FirstScreenRequest): Promise<(RenderedFirstScreen & { html: string; title: string }) | null>;
}

/** The visitor a render is for: the screens' requests to the API carry their cookie (see createFirstScreenRenderer). */
const visitor = new AsyncLocalStorage<{ cookie: string }>();

/**
 * The process's fetch, with a signed-in visitor's cookie on the requests a render makes to the API
 * (the browser would send it: the API is on the page's origin). Requests outside a render, or to
 * anywhere else, go as they are.
 */
function sendVisitorCookie(apiOrigin: string): void {
  const plain = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const cookie = visitor.getStore()?.cookie;
    if (!cookie) return plain(input, init);
    const request = new Request(input, init);
    if (new URL(request.url).origin !== apiOrigin) return plain(request);
    const headers = new Headers(request.headers);
    headers.set('cookie', cookie);
    return plain(new Request(request, { headers }));
  };
}

/**
 * @param apiUrl  the API's origin on loopback: the screens' requests ('/api/v1/...', relative as in
 *                the browser) resolve against it.
 * @param remotes the deploy-time remotes manifest ({ fan: '.../mf-manifest.json', ... }).
 */
export function createFirstScreenRenderer({ apiUrl, remotes }: { apiUrl: string; remotes: Readonly<Record<string, string>> }): FirstScreenRenderer {
  // Node's fetch (undici) resolves a relative URL against its global origin, as a browser does
  // against the page: the API client's '/api/v1/...' requests then reach the API. Nothing else in
  // the shell's server fetches a relative URL.
  (globalThis as Record<symbol, unknown>)[Symbol.for('undici.globalOrigin.1')] = new URL(apiUrl);
  sendVisitorCookie(new URL(apiUrl).origin);
  const remoteApp = createRemoteApps(remotes);

  const render = async ({ pathname, search, account }: FirstScreenRequest) => {
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

    const queryClient = createQueryClient();
    const tree = (
      <ShellRoot
        queryClient={queryClient}
        sessionStart={sessionStart}
        ssrPath={path}
        ssrSearch={search.replace(/^\?/, '')}
        remoteLoader={() => Promise.resolve(app)}
      />
    );
    let html = await renderToHtml(tree);
    for (let pass = 1; pass < MAX_PASSES; pass += 1) {
      const queries = unfetched(queryClient);
      if (queries.length === 0) break;
      await Promise.all(queries.map((query) => query.fetch().catch(() => undefined)));
      html = await renderToHtml(tree);
    }
    // The browser hydrates with exactly these answers: a query that failed or still waits would
    // render differently there, so the page renders in the browser as before.
    const all = queryClient.getQueryCache().getAll();
    if (all.some((query) => query.state.status !== 'success')) return null;
    return { html, path, title: documentTitle(screen.route, role), queries: dehydrate(queryClient), ...(account ? { account } : {}) };
  };

  return {
    render: (request) => (request.account && request.cookie ? visitor.run({ cookie: request.cookie }, () => render(request)) : render(request)),
  };
}
