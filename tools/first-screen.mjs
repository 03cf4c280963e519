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
 * skips it and loads the JPEG from the <img>); otherwise, or with no sizes (a video's poster), the
 * file itself. As its attributes: `photoPreload` writes them as a tag, `photoPreloadHeader` as a
 * Link header.
 */
function photoPreloadOf(photo, sizes) {
  // As the client's mediaUrl: a stored path is served under /api/v1, an absolute URL (a CDN) as it is.
  const ours = !/^https?:/i.test(photo);
  const url = ours ? `/api/v1/${String(photo).replace(/^\/+/, '')}` : String(photo);
  const copies = ours && sizes && /^\/?media\/images\//.test(photo) ? photoVariantPaths(url) : null;
  return copies ? { href: copies.webp, type: 'image/webp', imagesrcset: photoSrcSet(copies), imagesizes: sizes } : { href: url };
}

export function photoPreload(photo, sizes) {
  const { href, type, imagesrcset, imagesizes } = photoPreloadOf(photo, sizes);
  return type
    ? `<link rel="preload" as="image" type="${type}" fetchpriority="high" imagesrcset="${escapeAttribute(imagesrcset)}" imagesizes="${escapeAttribute(imagesizes)}">`
    : `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(href)}">`;
}

/**
 * The same photo's preload as an HTTP Link header's value. A browser acts on the header when it
 * commits the page, before it parses a byte of it: on a phone's slowed CPU the parser reached the
 * tag at the top of the head 250-400 ms after the page had arrived (bench:lcp's trace), and the
 * photo came after the page's first layout, a frame later than its text. Chromium holds back a
 * header preload that carries imagesrcset or imagesizes until the parser has seen the viewport (as
 * late as the tag), so the header names one file: the full-size WebP, which the srcset picks for
 * every card and portrait but two rare screens: at 1x a slot of 160 CSS px or less (a phone under
 * 320 px wide), and above 1x a slot under about 226 device pixels (Chromium keeps the smaller copy
 * up to the geometric mean of the two densities: a phone's card at 1.1-1.25x). Those fetch the
 * small copy as well (5 KB). The tag stays, with its srcset, for a browser (or a proxy) that drops
 * the header; naming the same file, it is fetched once.
 */
export function photoPreloadHeader(photo, sizes) {
  const { href, type } = photoPreloadOf(photo, sizes);
  // Only a URL of URL characters goes in a header as it is (stored paths always are; a CDN's URL
  // that is not gets the tag alone).
  if (!/^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+;=%]+$/.test(href)) return null;
  return [`<${href}>`, 'rel=preload', 'as=image', ...(type ? [`type="${type}"`] : []), 'fetchpriority=high'].join('; ');
}

/** What a request for the shell's page is about: the dashboard, a profile (by username), or anything else. */
export function firstScreenOf(pathname) {
  if (pathname === '/' || pathname === '/dashboard' || pathname === '/index.html') return { kind: 'dashboard' };
  const profile = /^\/(p\/)?@([A-Za-z0-9._]{3,36})\/?$/.exec(pathname);
  // /p/@{username} is the same athlete's services: the same answer, but not the portrait or poster
  // (only a small avatar, loaded lazily).
  if (profile) return { kind: 'profile', username: profile[2], services: profile[1] !== undefined };
  return { kind: 'other' };
}

/** Whether the request carries the session hint the API sets beside its httpOnly session cookie. */
export function mayBeSignedIn(cookieHeader, hintCookie) {
  return (cookieHeader ?? '').split(';').some((part) => part.trim().startsWith(`${hintCookie}=`));
}

/** A value read at most once per `ttlMs` (concurrent readers share one lookup, made with the first one's further arguments); null when it fails. */
function cached(ttlMs, load) {
  const entries = new Map();
  return async (key, ...rest) => {
    const now = Date.now();
    const entry = entries.get(key);
    if (entry && entry.expires > now) return entry.value;
    const value = load(key, ...rest).catch(() => null);
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

async function getText(url, timeoutMs) {
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
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

/** Where the built page shows its placeholder: a first screen rendered on the server takes its place. */
const ROOT_PLACEHOLDER = /<div id="root">[\s\S]*?<\/div>\s*<\/div>/;
/** The built page has a body to end: a rendered page's data goes last in it. */
const BODY_END = '</body>';
const TITLE = /<title>[^<]*<\/title>/;
/** A rendered page starts its scripts at its load event, or this long after its markup and data have all arrived, whatever still loads (a photo that hangs). */
const START_SCRIPTS_BY_MS = 3_000;
/** A query string longer than this is no guest's first screen worth rendering (nor caching). */
const MAX_RENDERED_SEARCH = 200;

function escapeText(value) {
  return String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A failure said once a minute at most: the same one hits every page while it lasts. */
const REPORT_EVERY_MS = 60_000;
const lastReported = new Map();
function report(message) {
  const key = message.replace(/\(.*? and others\)/, '');
  if (Date.now() - (lastReported.get(key) ?? -Infinity) < REPORT_EVERY_MS) return;
  lastReported.set(key, Date.now());
  if (lastReported.size > 100) lastReported.delete(lastReported.keys().next().value);
  console.error(message);
}

function withTimeout(promise, ms) {
  let timer;
  return Promise.race([promise, new Promise((resolve) => (timer = setTimeout(resolve, ms, null)))]).finally(() => clearTimeout(timer));
}

/**
 * The remotes built with a server build of their App (tools/webpack/create-config.js, `ssr`): the
 * fan remote, which guests and fans run. A signed-in visitor of another role gets the page rendered
 * in the browser, without asking the renderer for a build that does not exist.
 */
const RENDERED_REMOTES = ['fan'];

/** The built page's script tag (html-webpack-plugin's, deferred): a rendered page starts it later. */
const MAIN_SCRIPT = /<script defer(?:="defer")? src="([^"]+)"><\/script>/;

/** A page rendered in the browser: every file it will run, preloaded at once beside the page's own script. */
function preloadsOf({ css, js, manifest }) {
  return [
    ...css.map((file) => `<link rel="preload" as="style" href="${escapeAttribute(file)}">`),
    ...js.map((file) => `<link rel="preload" as="script" href="${escapeAttribute(file)}">`),
    ...(manifest ? [`<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeAttribute(manifest)}">`] : []),
  ];
}

/**
 * A page whose first screen is rendered: its stylesheets inline (`styles`: their text by URL, from
 * the shell's files and the remote's; one not at hand is linked instead), which it needs to paint,
 * and a script that asks for the scripts (and preloads the rest) once the page has loaded, the
 * first photos included. On a phone's network the 160 KB of scripts took the photos' and
 * stylesheets' bandwidth (and the browser's six connections) when asked for beside them, and the
 * screen painted only when they had run; it needs them only to hydrate. The page's own script tag
 * is taken out of the template (MAIN_SCRIPT) and started here, after the preloads.
 *
 * An inline stylesheet carries its file's name in data-href, as webpack's CSS loader
 * (mini-css-extract-plugin) looks for it: the scripts then take it as loaded, not ask for it again.
 */
function renderedPageHead({ css, js, manifest }, main, styles) {
  const preloads = [...js.map((file) => ['script', file]), ...(manifest ? [['fetch', manifest]] : [])];
  const start = `(function(){var started=false;function start(){if(started)return;started=true;var d=document;${JSON.stringify(preloads)}.forEach(function(p){var l=d.createElement('link');l.rel='preload';l.as=p[0];l.href=p[1];if(p[0]==='fetch')l.crossOrigin='anonymous';d.head.appendChild(l)});var s=d.createElement('script');s.src=${JSON.stringify(main)};d.head.appendChild(s)}addEventListener('load',start);document.addEventListener('DOMContentLoaded',function(){setTimeout(start,${START_SCRIPTS_BY_MS})})})()`;
  const stylesheet = (file) => {
    const text = styles.get(file);
    // A page-relative file is named as the shell's build names it (no leading slash), a remote's by its URL.
    return typeof text === 'string' && !text.includes('</')
      ? `<style data-href="${escapeAttribute(file.replace(/^\//, ''))}">${text}</style>`
      : `<link rel="stylesheet" href="${escapeAttribute(file)}">`;
  };
  // Before the stylesheets: a script after a stylesheet still loading would hold the parser until it arrives.
  return [`<script>${start.replace(/</g, '\\u003c')}</script>`, ...css.map(stylesheet)];
}

/**
 * The address this server reaches a remote's file at: `url` is the browser's (under a remote's
 * `remotes` URL), and the same path under the remote's `serverRemotes` URL is this server's. In
 * containers the two differ: the browser asks localhost:4201, the shell's container asks
 * remote-fan:4201. A URL under no remote is returned as it is.
 */
export function serverAddressOf(remotes, serverRemotes) {
  const bases = Object.entries(remotes)
    .filter(([name, url]) => url && serverRemotes?.[name] && serverRemotes[name] !== url)
    .map(([name, url]) => [new URL('.', url).href, new URL('.', serverRemotes[name]).href])
    // The longest first: a remote whose folder sits inside another's is matched by its own.
    .sort(([a], [b]) => b.length - a.length);
  return (url) => {
    for (const [browser, server] of bases) if (url.startsWith(browser)) return server + url.slice(browser.length);
    return url;
  };
}

/**
 * `renderer`: the shell's server build (apps/shell/src/server/first-screen.tsx), or null. With one,
 * a guest's `/`, `/dashboard` and profile pages carry their first screen as HTML: the cards and
 * photos paint before any script runs, and the page hydrates with the answers it was rendered from.
 * `remotes` are the remotes' manifest URLs as the browser reaches them, which the page names;
 * `serverRemotes` (by default the same) as this server reaches them, which it fetches.
 */
export function createFirstScreen({ template, remotes, serverRemotes = remotes, apiUrl, hintCookie, shell = { js: [], css: [] }, remoteForRole = () => null, renderer = null, readShellFile = () => null }) {
  const serverAddress = serverAddressOf(remotes, serverRemotes);
  // A stylesheet's text: the shell's own from its build (readShellFile), a remote's from its URL.
  const stylesheetOf = cached(MANIFEST_TTL_MS, async (file) => (file.startsWith('/') ? readShellFile(file) : getText(serverAddress(file), 2_000)));
  // Fetched from where this server reaches it; its files named as the browser reaches them.
  const manifestOf = cached(MANIFEST_TTL_MS, (url) => getJson(serverAddress(url), 2_000).then((manifest) => remoteFiles(url, manifest)));
  const answerOf = cached(ANSWER_TTL_MS, (path) => getJson(`${apiUrl}${path}`, LOOKUP_TIMEOUT_MS));
  const TEMPLATE_RENDERABLE = ROOT_PLACEHOLDER.test(template) && MAIN_SCRIPT.test(template) && template.includes(BODY_END);
  // A renderer must say how long it may take: an older server build that does not is not used.
  if (renderer && !(Number(renderer.deadlineMs) > 0)) {
    report('first-screen: the shell\'s server build names no render deadline (an older build?); pages render in the browser');
    renderer = null;
  }
  const renderDeadlineMs = renderer?.deadlineMs;
  const renderFor = (request) =>
    // The renderer abandons a render at its deadline; the page waits no longer than that either.
    withTimeout(renderer.render(request), renderDeadlineMs).catch((error) => {
      report(`first-screen: a first screen was not rendered (${request.pathname}${request.search} and others), it renders in the browser: ${error?.message ?? error}`);
      return null;
    });
  // A guest's page is the same for every guest: rendered at most once per ANSWER_TTL_MS a URL.
  const renderedOf = cached(ANSWER_TTL_MS, (url, forwardedFor) => {
    const [pathname, search = ''] = url.split('?');
    return renderFor({ pathname, search: search ? `?${search}` : '', forwardedFor });
  });

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
    return { remote: remoteForRole(role), account: answer.account };
  };

  /** The dashboard's first page or a profile, inline (public: the same for everyone), and its photos preloaded. */
  const publicFirstScreen = async (screen, boot, head, links) => {
    if (!apiUrl || screen.kind === 'other') return;
    const path = screen.kind === 'dashboard' ? DASHBOARD_FIRST_PAGE : `/api/v1/public/athletes?username=${encodeURIComponent(screen.username)}`;
    const answer = await answerOf(path);
    if (!answer) return;
    boot.answers[path] = answer;
    // A profile with an intro video shows the photo as the video's poster: the JPEG, no srcset.
    // The services page shows neither (a small avatar of the profile photo at most): the portrait's
    // preload there would only take the phone's bandwidth from the page's scripts (and the browser
    // warns of a preload never used).
    const photos =
      screen.kind === 'dashboard'
        ? (answer.athletes ?? []).slice(0, EAGER_PHOTOS).map((athlete) => [athlete.dashboard_photo || athlete.profile_photo, PHOTO_SIZES.card])
        : screen.services
          ? []
          : [[answer.athlete?.dashboard_photo || answer.athlete?.profile_photo, answer.athlete?.intro_video ? null : PHOTO_SIZES.portrait]];
    for (const [photo, sizes] of photos) {
      if (!photo) continue;
      head.push(photoPreload(photo, sizes));
      const link = photoPreloadHeader(photo, sizes);
      if (link) links.push(link);
    }
  };

  /**
   * `forwardedFor`: the visitor's address as the API proxy forwards it (X-Forwarded-For), for the
   * requests the render makes to the API.
   */
  return async function render({ pathname, search = '', cookie, forwardedFor }) {
    const screen = firstScreenOf(pathname);
    const boot = { remotes, answers: {} };
    const signedIn = mayBeSignedIn(cookie, hintCookie) ? await signedInRemote(cookie, boot) : null;
    // A guest (no session) runs the fan remote, and sees the first screen only on /, /dashboard and profiles.
    const guest = !mayBeSignedIn(cookie, hintCookie) && screen.kind !== 'other';
    const remote = signedIn ? signedIn.remote : guest ? 'fan' : null;
    const renderable = renderer && screen.kind !== 'other' && search.length <= MAX_RENDERED_SEARCH && TEMPLATE_RENDERABLE;
    const [files, rendered] = await Promise.all([
      remote && remotes[remote] ? manifestOf(remotes[remote]) : null,
      !renderable
        ? null
        : guest
          ? renderedOf(`${pathname}${search}`, forwardedFor)
          : // A signed-in visitor's page is theirs alone: rendered for each visit, with their cookie.
            signedIn && RENDERED_REMOTES.includes(signedIn.remote)
            ? renderFor({ pathname, search, account: signedIn.account, cookie, forwardedFor })
            : null,
    ]);
    // What the page runs: the shell's files, then its remote's entry, App and the screen's chunk.
    const assets = { css: [...shell.css], js: [...shell.js], manifest: null };
    if (files) {
      assets.manifest = files.manifest;
      assets.js.push(files.entry, ...files.js);
      assets.css.push(...files.css);
      const chunk = SCREEN_CHUNKS[screen.kind] ? files.screen(SCREEN_CHUNKS[screen.kind]) : [];
      assets.js.push(...chunk.filter((file) => !file.endsWith('.css')));
      assets.css.push(...chunk.filter((file) => file.endsWith('.css')));
      // A preload that failed (the remote was down) would answer a retry in this page with its
      // failure: the shell then retries by loading the page again.
      boot.preloaded = [remote];
    }
    const styles = rendered ? new Map(await Promise.all(assets.css.map(async (file) => [file, await stylesheetOf(file)]))) : null;
    const head = rendered ? renderedPageHead(assets, MAIN_SCRIPT.exec(template)[1], styles) : preloadsOf(assets);
    // The administrator's console has no dashboard or profile pages.
    // A rendered page asks for its first photos before anything else (the stylesheets inline in its
    // head come after them); its <img> tags name the right ones for any query, the preloads only
    // the first page's.
    const photos = [];
    const links = [];
    if (remote && remote !== 'admin' && !(rendered && search !== '')) await publicFirstScreen(screen, boot, photos, links);
    if (rendered) head.unshift(...photos);
    else head.push(...photos);
    let page = template;
    if (rendered) {
      // The rendered screen's answers travel in its dehydrated query cache, not as answers to take.
      boot.answers = {};
      boot.firstScreen = { path: rendered.path, queries: rendered.queries, ...(rendered.account ? { account: rendered.account } : {}) };
      page = page
        .replace(ROOT_PLACEHOLDER, () => `<div id="root">${rendered.html}</div>`)
        .replace(TITLE, () => `<title>${escapeText(rendered.title)}</title>`)
        .replace(MAIN_SCRIPT, '');
    }
    const bootScript = `<script>window.__HUDDLE_BOOT__=${inlineJson(boot)}</script>`;
    // A rendered page's data is for its scripts, which start at its load event: after the markup,
    // so that the browser parses and paints the screen first.
    const tags = (rendered ? head : [bootScript, ...head]).join('\n    ');
    if (rendered) page = page.replace(BODY_END, () => `${bootScript}\n</body>`);
    // Replaced by functions: a `$` in the data must not be read as a replacement pattern.
    const html = page.includes('</head>')
      ? page.replace('</head>', () => `${tags}\n  </head>`)
      : page.includes('<body')
        ? page.replace('<body', () => `${tags}\n<body`)
        : `${tags}\n${page}`;
    // `links`: the photos' preloads again, for the page's Link header (photoPreloadHeader).
    return { html, personal: signedIn !== null, rendered: Boolean(rendered), links };
  };
}
