#!/usr/bin/env node
// npm run images:smoke [-- --no-images] [--keep]
//
// Runs the deployable images together with podman, as deploy/compose.yaml does, and checks what a
// guest and a fan get: PostgreSQL (Debian's, on the local base: postgres:16 cannot be pulled
// here), two API replicas started at the same moment on one database (migrations run once, under
// their advisory lock), nginx in front of them, the four remotes and the shell proxying /api to
// nginx. Every container uses the host's network (this machine's podman has no other) on free
// ports. Checks: the shell's first screen, each remote's manifest and remoteEntry.js, the health
// of each replica and through the proxy, and a booking through the shell's /api: an athlete made
// by API (photo and intro video uploads: sharp and the video inspector inside the image; a HEIC
// photo converted for the cropper: libheif on the decoder's thread inside the image), a fan
// who books a shoutout and pays with the embedded sandbox's 4242 card, the request read back
// from the other replica. Then everything is stopped and removed.
//
// Without podman it says so and exits 0 (.ci/run calls it wherever it runs).
// --no-images uses the images already built instead of running `npm run images` first.
import { randomBytes } from 'node:crypto';
import { chownSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { REMOTES, buildImages, hasPodman, imageSize, podman } from '../tools/images.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(join(root, 'apps/api/package.json'));
const { Client } = require('pg');
const { DEFAULT_RATES } = require('@huddle/domain');

const RUN = `huddle-smoke-${process.pid}`;
const PG_PASSWORD = randomBytes(12).toString('hex');
const started = [];

function log(message) {
  console.log(`smoke: ${message}`);
}

async function freePorts(count) {
  const servers = await Promise.all(
    Array.from({ length: count }, () => new Promise((resolve, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve(server));
    })),
  );
  const ports = servers.map((server) => server.address().port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

function runContainer(name, image, env, volumes = []) {
  const fullName = `${RUN}-${name}`;
  const args = ['run', '-d', '--name', fullName, '--network', 'host'];
  for (const [key, value] of Object.entries(env)) args.push('--env', `${key}=${value}`);
  for (const volume of volumes) args.push('--volume', volume);
  podman([...args, image], { capture: true });
  started.push(fullName);
  return fullName;
}

function containerLogs(name) {
  const result = podman(['logs', '--tail', '40', name], { capture: true, check: false });
  return `${result.stdout}${result.stderr}`;
}

function isRunning(name) {
  return podman(['container', 'inspect', '--format', '{{.State.Running}}', name], { capture: true, check: false }).stdout.trim() === 'true';
}

export async function waitFor(what, probe, container, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  let lastError = null;
  while (Date.now() < deadline) {
    try {
      const result = await probe();
      if (result) return result;
    } catch (error) {
      lastError = error;
    }
    if (container && !isRunning(container)) throw new Error(`${what}: container ${container} stopped\n${containerLogs(container)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${what}: not ready within ${timeoutMs / 1000} s (${lastError?.message ?? 'no answer'})${container ? `\n${containerLogs(container)}` : ''}`);
}

export async function get(url) {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

/** A browser-like API client: a cookie jar and the shell's Origin, through the shell's /api proxy. */
export function apiClient(base, origin, cookies = new Map()) {
  const call = async function call(method, path, body) {
    const headers = { Origin: origin, Accept: 'application/json' };
    if (cookies.size > 0) headers.Cookie = [...cookies].map(([key, value]) => `${key}=${value}`).join('; ');
    let payload;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(`${base}${path}`, { method, headers, body: payload, signal: AbortSignal.timeout(60_000) });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const index = pair.indexOf('=');
      cookies.set(pair.slice(0, index), pair.slice(index + 1));
    }
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : null;
  };
  call.cookies = cookies;
  return call;
}

function fixture(name, type) {
  return new Blob([readFileSync(join(root, 'apps/api/test/fixtures', name))], { type });
}

async function uploadPhoto(client) {
  const form = new FormData();
  form.append('photo', fixture('photo.jpg', 'image/jpeg'), 'photo.jpg');
  return client('POST', 'user/upload-photo', form);
}

export async function bookAndPay(apiBase, origin) {
  const suffix = randomBytes(4).toString('hex');
  const phone = () => `(555) ${String(200 + (randomBytes(1)[0] % 700)).padStart(3, '0')}-${String(randomBytes(2).readUInt16BE() % 10000).padStart(4, '0')}`;
  const athlete = apiClient(apiBase, origin);
  const signedUp = await athlete('POST', 'user/email-verifications', { user_type: 2, email: `smoke-athlete-${suffix}@smoke.test`, password: 'smoke-password-1', phone: phone(), eula_accepted: true });
  const photo = await uploadPhoto(athlete);
  const videoForm = new FormData();
  videoForm.append('video', fixture('intro-5s.mp4', 'video/mp4'), 'intro.mp4');
  const video = await athlete('POST', 'user/upload-intro', videoForm);
  const reference = await athlete('GET', 'public/meta/reference-data');
  const services = {};
  for (const [type, rate] of Object.entries(DEFAULT_RATES)) Object.assign(services, { [`${type}_enabled`]: true, [`${type}_rate`]: rate });
  await athlete('POST', 'user/finish-registration', {
    athlete_personal_info: { gender: 1, first_name: 'Smoke', last_name: 'Test', description: 'Made by deploy/smoke.mjs.', intro_video: video.path, profile_photo: photo.path, dashboard_photo: photo.path },
    athlete_info: { school_id: reference.available_schools[0], sports: [reference.sports[0].id], athlete_services: services },
  });
  log(`athlete ${signedUp.account.id} signed up with a photo (${photo.path}) and an intro video`);
  // A phone's HEIC photo, converted for the cropper: heic-decode runs on a worker thread the image's
  // non-root user starts from the installed packages.
  const heicForm = new FormData();
  heicForm.append('photo', fixture('photo.heic', 'application/octet-stream'), 'IMG_0001.HEIC');
  const converted = (await athlete('POST', 'user/convert-photo', heicForm)).photo;
  if (converted?.content_type !== 'image/jpeg' || converted.width !== 400 || converted.height !== 300) throw new Error(`convert-photo answered ${JSON.stringify(converted).slice(0, 200)}`);
  log(`a HEIC photo converted to JPEG for the cropper (${converted.width}x${converted.height})`);

  const fan = apiClient(apiBase, origin);
  await fan('POST', 'user/email-verifications', { user_type: 1, email: `smoke-fan-${suffix}@smoke.test`, password: 'smoke-password-1', phone: phone(), eula_accepted: true });
  const fanPhoto = await uploadPhoto(fan);
  await fan('POST', 'user/fan/finish-registration', {
    first_name: 'Casey',
    last_name: 'Smoke',
    profile_photo: fanPhoto.path,
    conferences: [reference.conferences[0].id],
    sports: [reference.sports[0].id],
    teams: [reference.teams[0].id],
  });
  log('fan signed up and finished registration');
  const booked = await fan('POST', 'booking/request', {
    athlete_id: signedUp.account.id,
    name: `Smoke shoutout ${suffix}`,
    is_social_media: false,
    social_media_platform: '',
    type: 'shoutout',
    request_amount: DEFAULT_RATES.shoutout,
    shoutout: { names_in_shoutout: 'Team', recipients_emails: 'team@smoke.test', special_message_info: 'Deployed!' },
  });
  const id = booked.request.id;
  const sheet = await fan('POST', `payments/payment-sheet?request_id=${id}`);
  const card = await fan('POST', 'payments/sandbox/confirm', { client_secret: sheet.payment_intent.client_secret, card_number: '4242424242424242', exp_month: 12, exp_year: 2099, cvc: '123' });
  const paid = await fan('POST', 'payments/set-paid', { request_id: id });
  if (paid.request.status !== 1 || paid.request.paid !== true) throw new Error(`set-paid answered ${JSON.stringify(paid.request).slice(0, 300)}`);
  log(`fan booked shoutout ${id} and paid with the sandbox card (${card.status ?? 'confirmed'}): status ${paid.request.status}, paid ${paid.request.paid}`);
  return { id, fan, photoPath: photo.path };
}

async function smoke() {
  const [pgPort, api1, api2, proxyPort, shellPort, ...remotePorts] = await freePorts(5 + REMOTES.length);
  const shellOrigin = `http://localhost:${shellPort}`;
  const remoteUrls = Object.fromEntries(REMOTES.map((remote, index) => [`HUDDLE_REMOTE_${remote.toUpperCase()}_URL`, `http://localhost:${remotePorts[index]}/mf-manifest.json`]));
  const databaseUrl = `postgres://postgres:${PG_PASSWORD}@127.0.0.1:${pgPort}/postgres`;

  const pg = runContainer('postgres', 'localhost/huddle-postgres-local:latest', { PGPORT: pgPort, POSTGRES_PASSWORD: PG_PASSWORD });
  await waitFor('PostgreSQL', async () => {
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    await client.end();
    return true;
  }, pg, 60_000);
  log(`PostgreSQL (Debian's, in a container) on ${pgPort}`);

  // Both replicas share the media directory, as they would share the bucket (S3 is not run here).
  const dataDir = mkdtempSync(join(tmpdir(), 'huddle-smoke-'));
  chownSync(dataDir, 1000, 1000);
  const apiEnv = {
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_APP_URL: shellOrigin,
    CORS_ORIGINS: shellOrigin,
    TRUST_PROXY: 'loopback',
    // The image is NODE_ENV=production on a real database: the sandbox's 4242 card must be asked for.
    PAYMENTS_SANDBOX: 'true',
  };
  const apis = [api1, api2].map((port, index) => runContainer(`api-${index + 1}`, 'localhost/huddle-api:latest', { ...apiEnv, PORT: port }, [`${dataDir}:/var/lib/huddle`]));
  const proxy = runContainer('api-proxy', 'localhost/huddle-api-proxy:latest', { PORT: proxyPort, API_UPSTREAMS: `127.0.0.1:${api1} 127.0.0.1:${api2}` });
  const remotes = REMOTES.map((remote, index) => runContainer(`remote-${remote}`, `localhost/huddle-remote-${remote}:latest`, { PORT: remotePorts[index] }));
  const shell = runContainer('shell', 'localhost/huddle-shell:latest', { PORT: shellPort, API_URL: `http://127.0.0.1:${proxyPort}`, ...remoteUrls });

  try {
    for (const [index, port] of [api1, api2].entries()) {
      const health = await waitFor(`API replica ${index + 1}`, async () => {
        const answer = await get(`http://127.0.0.1:${port}/api/v1/health`);
        return answer.status === 200 ? answer.text : null;
      }, apis[index]);
      log(`API replica ${index + 1} on ${port}: GET /api/v1/health -> 200 ${health.slice(0, 120)}`);
    }
    await waitFor('API proxy', async () => (await get(`http://127.0.0.1:${proxyPort}/api/v1/health`)).status === 200, proxy, 30_000);
    log(`nginx on ${proxyPort} in front of both: GET /api/v1/health -> 200`);

    for (const [index, remote] of REMOTES.entries()) {
      const base = `http://127.0.0.1:${remotePorts[index]}`;
      const manifest = await waitFor(`${remote} remote`, async () => {
        const answer = await get(`${base}/mf-manifest.json`);
        return answer.status === 200 ? JSON.parse(answer.text) : null;
      }, remotes[index], 30_000);
      const entry = manifest.metaData?.remoteEntry?.name ?? 'remoteEntry.js';
      const entryAnswer = await get(`${base}/${entry}`);
      if (entryAnswer.status !== 200) throw new Error(`${remote} remote: GET /${entry} -> ${entryAnswer.status}`);
      log(`${remote} remote on ${remotePorts[index]}: GET /mf-manifest.json -> 200 (${manifest.name}), GET /${entry} -> 200 (${entryAnswer.text.length} bytes)`);
    }

    const page = await waitFor('shell', async () => {
      const answer = await get(`http://127.0.0.1:${shellPort}/`);
      return answer.status === 200 ? answer : null;
    }, shell, 30_000);
    if (!page.text.includes('<div id="root"') && !page.text.includes('id="root"')) throw new Error(`shell: GET / has no root element:\n${page.text.slice(0, 500)}`);
    for (const url of Object.values(remoteUrls)) if (!page.text.includes(url)) throw new Error(`shell: GET / does not name ${url} for the browser`);
    log(`shell on ${shellPort}: GET / -> 200 (${page.text.length} bytes, the guest's first screen naming the four remotes' manifests)`);
    const remotesJson = await get(`http://127.0.0.1:${shellPort}/remotes.json`);
    log(`shell: GET /remotes.json -> ${remotesJson.status}`);
    const guestSearch = await get(`http://127.0.0.1:${shellPort}/api/v1/health`);
    if (guestSearch.status !== 200) throw new Error(`shell: GET /api/v1/health through the proxy chain -> ${guestSearch.status}`);
    log('shell: GET /api/v1/health (shell -> nginx -> API) -> 200');

    const { id, fan } = await bookAndPay(`http://127.0.0.1:${shellPort}/api/v1/`, shellOrigin);
    // The same session read straight from each replica: one database, one AUTH_SECRET.
    for (const [index, port] of [api1, api2].entries()) {
      const direct = apiClient(`http://127.0.0.1:${port}/api/v1/`, shellOrigin, fan.cookies);
      const request = await direct('GET', `booking/request?id=${id}`);
      if (request.request.id !== id || request.request.paid !== true) throw new Error(`replica ${index + 1}: the paid request reads ${JSON.stringify(request).slice(0, 200)}`);
    }
    log('the fan\'s session reads the paid request from each replica directly: ok');

    for (const name of [apis[0], shell, remotes[0], proxy]) {
      // As the HEALTHCHECK's own retries: one slow start of node on a loaded machine is no failure.
      let check;
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        check = podman(['healthcheck', 'run', name], { capture: true, check: false });
        if (check.status === 0) break;
      }
      if (check.status !== 0) throw new Error(`HEALTHCHECK of ${name} failed 3 times: ${check.stdout}${check.stderr}`);
    }
    log('each image\'s HEALTHCHECK passes (podman healthcheck run: api, shell, a remote, the proxy)');
  } finally {
    if (!process.argv.includes('--keep')) {
      for (const name of started.reverse()) podman(['rm', '-f', '-t', '5', name], { capture: true, check: false });
      rmSync(dataDir, { recursive: true, force: true });
      log(`stopped and removed ${started.length} containers`);
    }
  }
}

// Settings of a checkout only (npm start, the browser tests), which no image reads.
const CHECKOUT_ONLY = new Set(['HUDDLE_SKIP_BUILD', 'CHROMIUM_PATH']);

/** Every variable of the README's configuration table has its entry in deploy/compose.yaml. */
function checkComposeCoversConfiguration() {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1));
  const names = section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split('|')[1].matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1]));
  const compose = readFileSync(join(root, 'deploy/compose.yaml'), 'utf8');
  const missing = names.filter((name) => !CHECKOUT_ONLY.has(name) && !new RegExp(`\\b${name}\\b`).test(compose));
  if (names.length < 50) throw new Error(`README's configuration table: only ${names.length} variables found; has its heading changed?`);
  if (missing.length > 0) throw new Error(`deploy/compose.yaml lacks README configuration variables: ${missing.join(', ')} (add each with its default)`);
  log(`deploy/compose.yaml names all ${names.length - CHECKOUT_ONLY.size} deployable settings of the README's configuration table`);
}

async function main() {
  checkComposeCoversConfiguration();
  const { values } = parseArgs({ options: { 'no-images': { type: 'boolean', default: false }, keep: { type: 'boolean', default: false } } });
  if (!hasPodman()) {
    console.log('podman not installed: images smoke test skipped');
    return;
  }
  if (!values['no-images']) buildImages({ publicBases: false, buildJs: true });
  const images = ['api', 'shell', ...REMOTES.map((remote) => `remote-${remote}`), 'api-proxy', 'postgres-local'];
  for (const image of images) log(`localhost/huddle-${image}:latest ${(imageSize(`localhost/huddle-${image}:latest`) / 1e6).toFixed(1)} MB`);
  const start = Date.now();
  await smoke();
  log(`passed in ${((Date.now() - start) / 1000).toFixed(0)} s`);
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`smoke: FAILED: ${error.message}`);
    for (const name of started) podman(['rm', '-f', '-t', '2', name], { capture: true, check: false });
    process.exit(1);
  });
}
