// The shell's first screen, started by its HTML (issue 14). A phone on a slow network used to fetch
// main.js, then the bootstrap chunk, then /remotes.json, then the remote's manifest, entry and App,
// then the search, then the photos: every step waited for the one before. The shell's server
// knows the remotes and the route, so the HTML it sends carries:
//   - the remotes manifest inline (no /remotes.json round trip);
//   - for a visitor without a session (no session hint cookie), preloads of what the guest's first
//     screen runs: the fan remote's mf-manifest.json, remoteEntry.js and its exposed App (js, css);
//   - for /, /dashboard: the first page of athletes inline (the API's answer, read on loopback and
//     kept a few seconds), and preloads of the first cards' photos at high priority;
//   - for /@{username} and /p/@{username}: the public profile inline and its photo preloaded.
// The client takes inline answers through the API client (once each, GET only; libs/api-client
// takeBootAnswer), so the first screen renders from them without asking again.
//
//   - for a visitor with a session (the hint cookie): their account as GET /user/accounts answers it
//     (asked on loopback with their cookie) and preloads of their role's remote; that page is sent
//     as private and never stored.
// A guest's inline data is public (what any guest sees), sent with Cache-Control: no-cache.

import { createRequire } from 'node:module';

// Stored photos' WebP copies and how the screens size them (libs/domain photo-variants.ts): a card
// or a portrait shows a <picture> whose WebP source has this srcset and sizes, so the preload must
// carry the same, or the browser downloads the photo twice.
const { PHOTO_SIZES, photoSrcSet, photoVariantPaths } = createRequire(import.meta.url)('@huddle/domain');

/** Where the dashboard's first page comes from: the exact URL the dashboard asks for (libs/discovery). */
export const DASHBOARD_FIRST_PAGE = '/api/v1/public/athletes/search?field=name&page=1&page_size=20';
/** The photos the page preloads: the first row of cards on a phone (two columns), where the largest paint is. */
export const EAGER_PHOTOS = 2;
const ANSWER_TTL_MS = 5_000;
const MANIFEST_TTL_MS = 30_000;
const LOOKUP_TIMEOUT_MS = 400;

/** JSON as a script's text: nothing in it may end the script or start a comment, whatever the data holds. */
export function inlineJson(value) {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function escapeAttribute(value) {
  return String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The preload of a photo the first screen shows: for a photo the API stores, its WebP copies as
 * the <picture> rendered with `sizes` will pick one (type="image/webp": a browser without WebP
 * skips it and loads the JPEG from the <img>); otherwise, or with no sizes (a video's poster), the file itself.
 */
export function photoPreload(photo, sizes) {
  // As the client's mediaUrl: a stored path is served under /api/v1, an absolute URL (a CDN) as it is.
  const ours = !/^https?:/i.test(photo);
  const url = ours ? `/api/v1/${String(photo).replace(/^\/+/, '')}` : String(photo);
  const copies = ours && sizes && /^\/?media\/images\//.test(photo) ? photoVariantPaths(url) : null;
  return copies
    ? `<link rel="preload" as="image" type="image/webp" fetchpriority="high" imagesrcset="${escapeAttribute(photoSrcSet(copies))}" imagesizes="${escapeAttribute(sizes)}">`
    : `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(url)}">`;
}

/** What a request for the shell's page is about: the dashboard, a profile (by username), or anything else. */
export function firstScreenOf(pathname) {
  if (pathname === '/' || pathname === '/dashboard' || pathname === '/index.html') return { kind: 'dashboard' };
  const profile = /^\/(?:p\/)?@([A-Za-z0-9._]{3,36})\/?$/.exec(pathname);
  if (profile) return { kind: 'profile', username: profile[1] };
  return { kind: 'other' };
}

/** Whether the request carries the session hint the API sets beside its httpOnly session cookie. */
export function mayBeSignedIn(cookieHeader, hintCookie) {
  return (cookieHeader ?? '').split(';').some((part) => part.trim().startsWith(`${hintCookie}=`));
}

/** A value read at most once per `ttlMs` (concurrent readers share one lookup); null when it fails. */
function cached(ttlMs, load) {
  const entries = new Map();
  return async (key) => {
    const now = Date.now();
    const entry = entries.get(key);
    if (entry && entry.expires > now) return entry.value;
    const value = load(key).catch(() => null);
    entries.set(key, { value, expires: now + ttlMs });
    if (entries.size > 500) entries.delete(entries.keys().next().value);
    return value;
  };
}

async function getJson(url, timeoutMs, headers = {}) {
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json', ...headers } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/** The files a remote's exposed App needs at once, from its mf-manifest.json. */
export function remoteFiles(manifestUrl, manifest) {
  const base = new URL('.', manifestUrl).href;
  const app = (manifest.exposes ?? []).find((expose) => expose.name === 'App' || expose.path === './App');
  const entryName = manifest.metaData?.remoteEntry?.name ?? 'remoteEntry.js';
  const entryPath = manifest.metaData?.remoteEntry?.path ?? '';
  return {
    manifest: manifestUrl,
    entry: new URL(`${entryPath ? `${entryPath.replace(/\/+$/, '')}/` : ''}${entryName}`, base).href,
    js: (app?.assets?.js?.sync ?? []).map((file) => new URL(file, base).href),
    css: (app?.assets?.css?.sync ?? []).map((file) => new URL(file, base).href),
    /** A lazily loaded screen's files, by its chunk name ('athlete-profile'). */
    screen: (name) =>
      [...(app?.assets?.js?.async ?? []), ...(app?.assets?.css?.async ?? [])].filter((file) => file.startsWith(`${name}.`)).map((file) => new URL(file, base).href),
  };
}

/** The lazily loaded screen of a first screen, by its webpack chunk name (libs/discovery's index). */
const SCREEN_CHUNKS = { profile: 'athlete-profile' };

/**
 * The shell page's renderer: `render(request)` answers the HTML for a page request.
 * `template` is the built index.html; `remotes` the deploy-time manifest ({ fan: url, ... });
 * `apiUrl` where the API answers on loopback (null: nothing is looked up); `hintCookie` the
 * session hint's name.
 */
/**
 * The shell's own files its page runs before anything shows: the bootstrap chunk group (react-dom
 * and the App) and the shared singletons the shell provides (build-stats.json and mf-manifest.json
 * of its build). main.js asks for them only once it has run; preloaded, they come beside it.
 * build-stats.json names exactly the files each provided singleton loads; mf-manifest.json (a
 * build without that list) also names fallback chunks that never load, and a preload of those
 * makes Chromium warn that it went unused.
 */
export function shellFiles(buildStats, federationManifest) {
  const files = new Set(buildStats?.chunkGroups?.bootstrap ?? []);
  const provided = buildStats?.shared
    ? Object.values(buildStats.shared)
    : (federationManifest?.shared ?? []).map((shared) => [...(shared.assets?.js?.sync ?? []), ...(shared.assets?.css?.sync ?? [])]);
  for (const file of provided.flat()) files.add(file);
  const all = [...files].map((file) => `/${file}`);
  return { js: all.filter((file) => file.endsWith('.js')), css: all.filter((file) => file.endsWith('.css')) };
}

/** The account a signed-in visitor's page carries (GET /user/accounts as the shell asks it). */
export const ACCOUNT_PATH = '/api/v1/user/accounts';

export function createFirstScreen({ template, remotes, apiUrl, hintCookie, shell = { js: [], css: [] }, remoteForRole = () => null }) {
  const shellPreloads = [
    ...shell.css.map((file) => `<link rel="preload" as="style" href="${escapeAttribute(file)}">`),
    ...shell.js.map((file) => `<link rel="preload" as="script" href="${escapeAttribute(file)}">`),
  ];
  const manifestOf = cached(MANIFEST_TTL_MS, (url) => getJson(url, 2_000).then((manifest) => remoteFiles(url, manifest)));
  const answerOf = cached(ANSWER_TTL_MS, (path) => getJson(`${apiUrl}${path}`, LOOKUP_TIMEOUT_MS));

  const preloadRemote = (head, files) => {
    head.push(`<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeAttribute(files.manifest)}">`);
    head.push(`<link rel="preload" as="script" href="${escapeAttribute(files.entry)}">`);
    for (const file of files.js) head.push(`<link rel="preload" as="script" href="${escapeAttribute(file)}">`);
    for (const file of files.css) head.push(`<link rel="preload" as="style" href="${escapeAttribute(file)}">`);
  };

  /**
   * A visitor with a session: the API says who it is (their cookie, on loopback); the page carries
   * that answer. Answers their remote, or null (no session after all, or no remote for the role).
   */
  const signedInRemote = async (cookie, boot) => {
    if (!apiUrl) return null;
    const answer = await getJson(`${apiUrl}${ACCOUNT_PATH}`, LOOKUP_TIMEOUT_MS, { cookie }).catch(() => null);
    const role = answer?.account?.user_type;
    if (typeof role !== 'number') return null;
    boot.answers[ACCOUNT_PATH] = answer;
    return { remote: remoteForRole(role) };
  };

  /** The dashboard's first page or a profile, inline (public: the same for everyone), and its photos preloaded. */
  const publicFirstScreen = async (screen, boot, head) => {
    if (!apiUrl || screen.kind === 'other') return;
    const path = screen.kind === 'dashboard' ? DASHBOARD_FIRST_PAGE : `/api/v1/public/athletes?username=${encodeURIComponent(screen.username)}`;
    const answer = await answerOf(path);
    if (!answer) return;
    boot.answers[path] = answer;
    // A profile with an intro video shows the photo as the video's poster: the JPEG, no srcset.
    const photos =
      screen.kind === 'dashboard'
        ? (answer.athletes ?? []).slice(0, EAGER_PHOTOS).map((athlete) => [athlete.dashboard_photo || athlete.profile_photo, PHOTO_SIZES.card])
        : [[answer.athlete?.dashboard_photo || answer.athlete?.profile_photo, answer.athlete?.intro_video ? null : PHOTO_SIZES.portrait]];
    for (const [photo, sizes] of photos) if (photo) head.push(photoPreload(photo, sizes));
  };

  return async function render({ pathname, cookie }) {
    const screen = firstScreenOf(pathname);
    const boot = { remotes, answers: {} };
    const head = [...shellPreloads];
    const signedIn = mayBeSignedIn(cookie, hintCookie) ? await signedInRemote(cookie, boot) : null;
    // A guest (no session) runs the fan remote, and sees the first screen only on /, /dashboard and profiles.
    const remote = signedIn ? signedIn.remote : !mayBeSignedIn(cookie, hintCookie) && screen.kind !== 'other' ? 'fan' : null;
    const files = remote && remotes[remote] ? await manifestOf(remotes[remote]) : null;
    if (files) {
      preloadRemote(head, files);
      // A preload that failed (the remote was down) would answer a retry in this page with its
      // failure: the shell then retries by loading the page again.
      boot.preloaded = [remote];
      for (const file of SCREEN_CHUNKS[screen.kind] ? files.screen(SCREEN_CHUNKS[screen.kind]) : []) {
        head.push(`<link rel="preload" as="${file.endsWith('.css') ? 'style' : 'script'}" href="${escapeAttribute(file)}">`);
      }
    }
    // The administrator's console has no dashboard or profile pages.
    if (remote && remote !== 'admin') await publicFirstScreen(screen, boot, head);
    const tags = [`<script>window.__HUDDLE_BOOT__=${inlineJson(boot)}</script>`, ...head].join('\n    ');
    const html = template.includes('</head>')
      ? template.replace('</head>', `${tags}\n  </head>`)
      : template.includes('<body')
        ? template.replace('<body', `${tags}\n<body`)
        : `${tags}\n${template}`;
    return { html, personal: signedIn !== null };
  };
}
