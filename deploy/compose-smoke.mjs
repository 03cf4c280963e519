#!/usr/bin/env node
// npm run images:compose [-- --keep]
//
// Runs deploy/compose.yaml itself with podman-compose (installed from Debian when missing, through
// tools/ensure-apt.sh), with deploy/compose.local.yaml swapping in what this machine cannot pull
// (PostgreSQL and the S3 store), and checks the running set through its published ports, as a
// guest and a fan reach it: the shell's first screen naming the remotes' manifests, each remote,
// each replica's health (its HEALTHCHECK, inside the compose network) and the proxy chain's, a
// fan booking and paying a shoutout with the sandbox card through the shell's /api, the paid
// request read back from each replica, and an uploaded photo landing in the bucket and served from
// it through the media route's redirect. Prints the containers and the images' sizes, then takes
// the set down with its volumes.
//
// Images: reuses those `npm run images` (or images:smoke) built; builds only the missing ones.
// Secrets: AUTH_SECRET, POSTGRES_PASSWORD and S3_SECRET_ACCESS_KEY from the environment, generated
// for the run when unset. Without podman it says so and exits 0 (.ci/run calls it wherever it runs).
// --keep leaves the set running (take it down with podman-compose ... down -v).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTES, buildImages, hasPodman, imageSize, podman, podmanEnv } from '../tools/images.mjs';
import { bookAndPay, get, waitFor } from './smoke.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const PROJECT = 'huddle';
const COMPOSE_FILES = ['-f', 'deploy/compose.yaml', '-f', 'deploy/compose.local.yaml'];
const SHELL = 'http://127.0.0.1:4200';
const ORIGIN = 'http://localhost:4200';
const PUBLISHED = [4200, 4201, 4202, 4203, 4204, 9000];
const IMAGES = ['api', 'shell', ...REMOTES.map((remote) => `remote-${remote}`), 'api-proxy', 'postgres-local', 's3-local'];

function log(message) {
  console.log(`compose: ${message}`);
}

/** podman-compose's environment: the run's secrets, and podman configured as this machine needs. */
function composeEnv() {
  const env = podmanEnv();
  for (const name of ['AUTH_SECRET', 'POSTGRES_PASSWORD', 'S3_SECRET_ACCESS_KEY']) env[name] ||= randomBytes(32).toString('hex');
  // A trial: the fan pays with the sandbox's 4242 card, which production refuses unless asked for.
  env.PAYMENTS_SANDBOX ||= 'true';
  // podman-compose runs plain `podman`: the runtime goes in the configuration instead of --runtime.
  const conf = join(root, 'dist/images/compose-containers.conf');
  mkdirSync(join(root, 'dist/images'), { recursive: true });
  const runtime = process.env.HUDDLE_PODMAN_RUNTIME || 'runc';
  writeFileSync(conf, `${readFileSync(env.CONTAINERS_CONF, 'utf8')}\n[engine]\nruntime = "${runtime}"\n`);
  return { ...env, CONTAINERS_CONF: conf };
}

function compose(env, args, { check = true } = {}) {
  const result = spawnSync('podman-compose', ['-p', PROJECT, ...COMPOSE_FILES, ...args], { cwd: root, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (check && result.status !== 0) throw new Error(`podman-compose ${args.join(' ')} failed (exit ${result.status})\n${result.stdout.slice(-2000)}${result.stderr.slice(-2000)}`);
  return result;
}

const container = (service) => `${PROJECT}_${service}_1`;

function portFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '0.0.0.0', () => server.close(() => resolve(true)));
  });
}

/** A GET from inside a container (the replicas publish no port): status and body. */
function getInside(service, url, headers = {}) {
  const script = `fetch(${JSON.stringify(url)},{headers:${JSON.stringify(headers)}}).then(async r=>console.log(JSON.stringify({status:r.status,text:await r.text()})),e=>{console.error(e.message);process.exit(1)})`;
  const result = podman(['exec', container(service), 'node', '-e', script], { capture: true, check: false });
  if (result.status !== 0) throw new Error(`${service}: GET ${url} failed: ${result.stderr}`);
  return JSON.parse(result.stdout);
}

/** GET a URL on the store's published port with the Host the presigned URL was signed for. */
function getFromStore(url) {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: 9000, path: `${target.pathname}${target.search}`, headers: { Host: target.host } }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, type: response.headers['content-type'], body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function waitHealthy(started) {
  for (const service of ['api-1', 'api-2']) {
    await waitFor(`${service}'s HEALTHCHECK`, async () => podman(['healthcheck', 'run', container(service)], { capture: true, check: false }).status === 0, null, 240_000);
    log(`${service} healthy after ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  await waitFor('the shell', async () => (await get(`${SHELL}/`)).status === 200, null, 60_000);
  await waitFor('shell -> nginx -> API', async () => (await get(`${SHELL}/api/v1/health`)).status === 200, null, 60_000);
  log(`the whole set answers (shell, proxy chain, both replicas) ${((Date.now() - started) / 1000).toFixed(0)} s after up`);
}

async function checkFirstScreenAndRemotes() {
  const page = await get(`${SHELL}/`);
  const manifests = REMOTES.map((remote, index) => `http://localhost:${4201 + index}/mf-manifest.json`);
  for (const url of manifests) if (!page.text.includes(url)) throw new Error(`shell: GET / does not name ${url}`);
  log(`shell: GET / -> ${page.status} (${page.text.length} bytes, the guest's first screen naming the four remotes' manifests)`);
  for (const [index, remote] of REMOTES.entries()) {
    const manifest = JSON.parse((await get(`http://127.0.0.1:${4201 + index}/mf-manifest.json`)).text);
    const entry = manifest.metaData?.remoteEntry?.name ?? 'remoteEntry.js';
    const answer = await get(`http://127.0.0.1:${4201 + index}/${entry}`);
    if (answer.status !== 200) throw new Error(`${remote} remote: GET /${entry} -> ${answer.status}`);
    log(`${remote} remote: GET /mf-manifest.json -> 200 (${manifest.name}), GET /${entry} -> 200 (${answer.text.length} bytes)`);
  }
}

async function checkBookingAndMedia() {
  const { id, fan, photoPath } = await bookAndPay(`${SHELL}/api/v1/`, ORIGIN);
  const cookie = [...fan.cookies].map(([key, value]) => `${key}=${value}`).join('; ');
  for (const service of ['api-1', 'api-2']) {
    const answer = getInside(service, `http://127.0.0.1:3000/api/v1/booking/request?id=${id}`, { Cookie: cookie, Origin: ORIGIN, Accept: 'application/json' });
    const paid = answer.status === 200 && JSON.parse(answer.text).request;
    if (!paid || paid.id !== id || paid.paid !== true) throw new Error(`${service}: the paid request reads ${answer.status} ${answer.text.slice(0, 200)}`);
  }
  log(`the fan's session reads paid request ${id} from each replica directly (api-1, api-2): ok`);

  const key = photoPath.replace(/^.*\/media\//, '');
  const stored = podman(['exec', container('minio'), 'find', '/data', '-type', 'f', '-path', `*${key}*`], { capture: true }).stdout.trim();
  if (!stored) throw new Error(`the photo ${key} is not in the bucket`);
  log(`the uploaded photo is in the bucket: ${stored.split('\n')[0]}`);
  // Profiles keep media paths relative to /api/v1 (/media/images/<id>.jpg).
  const media = await fetch(`${SHELL}/api/v1/media/${key}`, { redirect: 'manual', signal: AbortSignal.timeout(10_000) });
  const location = media.headers.get('location');
  if (media.status !== 302 || !location) throw new Error(`GET /api/v1/media/${key} through the shell -> ${media.status}, expected a redirect to the bucket`);
  const served = await getFromStore(location);
  if (served.status !== 200 || !served.type?.startsWith('image/') || served.body.length === 0) throw new Error(`the bucket answers ${served.status} ${served.type} for ${location}`);
  log(`GET /api/v1/media/${key} through the shell -> 302 to ${new URL(location).origin}${new URL(location).pathname} (presigned), which serves ${served.type}, ${served.body.length} bytes`);
}

/** Every long-running service's health check once (compose.yaml's for postgres and minio, the images' for the others). */
function checkHealthchecks() {
  const services = ['postgres', 'minio', ...REMOTES.map((remote) => `remote-${remote}`), 'api-1', 'api-2', 'api-proxy', 'shell'];
  for (const service of services) {
    const check = podman(['healthcheck', 'run', container(service)], { capture: true, check: false });
    if (check.status !== 0) throw new Error(`the health check of ${service} fails: ${check.stdout}${check.stderr}`);
  }
  log(`health checks pass: ${services.join(', ')}`);
}

function report() {
  const containers = podman(['ps', '-a', '--filter', `label=io.podman.compose.project=${PROJECT}`, '--format', '{{.Names}}\t{{.Image}}\t{{.Status}}'], { capture: true }).stdout.trim();
  log(`containers:\n  ${containers.split('\n').join('\n  ')}`);
  log('images (uncompressed, base included):');
  for (const image of IMAGES) console.log(`  localhost/huddle-${image}:latest`.padEnd(46) + `${(imageSize(`localhost/huddle-${image}:latest`) / 1e6).toFixed(1).padStart(7)} MB`);
}

async function main() {
  if (!hasPodman()) {
    console.log('podman not installed: compose run skipped');
    return;
  }
  const installed = spawnSync('bash', [join(root, 'tools/ensure-apt.sh'), 'podman-compose', 'podman-compose'], { stdio: 'inherit' });
  if (installed.status !== 0) throw new Error('podman-compose is missing and could not be installed (apt-get install podman-compose)');
  const missing = IMAGES.filter((image) => podman(['image', 'exists', `localhost/huddle-${image}:latest`], { capture: true, check: false }).status !== 0);
  if (missing.length > 0) {
    log(`building the missing images: ${missing.join(', ')}`);
    buildImages({ publicBases: false, buildJs: missing.some((image) => !image.endsWith('-local')), only: missing });
  }
  const busy = [];
  for (const port of PUBLISHED) if (!(await portFree(port))) busy.push(port);
  if (busy.length > 0) throw new Error(`compose.yaml publishes ports ${busy.join(', ')}, which are in use here`);

  const env = composeEnv();
  const started = Date.now();
  compose(env, ['up', '-d']);
  log(`podman-compose up -d returned after ${((Date.now() - started) / 1000).toFixed(0)} s`);
  try {
    await waitHealthy(started);
    await checkFirstScreenAndRemotes();
    await checkBookingAndMedia();
    checkHealthchecks();
    report();
    log(`passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } catch (error) {
    for (const service of ['postgres', 'minio', 'minio-bucket', 'api-1', 'api-2', 'api-proxy', 'shell']) {
      const logs = podman(['logs', '--tail', '15', container(service)], { capture: true, check: false });
      console.error(`--- ${service}\n${logs.stdout}${logs.stderr}`);
    }
    throw error;
  } finally {
    if (!process.argv.includes('--keep')) {
      compose(env, ['down', '-v'], { check: false });
      log('podman-compose down -v: containers and volumes removed');
    }
  }
}

main().catch((error) => {
  console.error(`compose: FAILED: ${error.message}`);
  process.exit(1);
});
