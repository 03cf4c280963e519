#!/usr/bin/env node
// npm run images [-- --public-bases] [--no-build] [--only api,shell,remote-fan,...]
//
// Builds Huddle's deployable images with podman and prints each one's size:
//   huddle-api          the API (deploy/api.Containerfile)
//   huddle-shell        the shell's server (deploy/shell.Containerfile)
//   huddle-remote-<r>   each role remote, r = fan|athlete|business|admin (deploy/remote.Containerfile)
//   huddle-api-proxy    nginx in front of the API replicas (deploy/api-proxy.Containerfile)
//   huddle-postgres-local  PostgreSQL from Debian, for the smoke tests only (local bases only)
//   huddle-s3-local     s3rver in place of MinIO, for the compose run only (local bases only)
//
// The JavaScript is built once here (Nx, cached) and the images copy the built files: no image
// compiles anything. The build context is staged in dist/images/context: the lockfile and every
// workspace's package.json (the API image installs its production dependencies from them), the
// built apps, and the static server with its few dependencies.
//
// Bases: by default a local Debian bookworm base (mmdebstrap + podman import, cached) and a Node 20
// base made from it with this machine's own node and npm, so no image registry is needed.
// --public-bases builds FROM node:20-bookworm-slim and debian:bookworm-slim instead (pulled).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const deployDir = join(root, 'deploy');
const workDir = join(root, 'dist/images');
const contextDir = join(workDir, 'context');

export const REMOTES = ['fan', 'athlete', 'business', 'admin'];
export const DEBIAN_MIN = 'localhost/debian-bookworm-min';
export const NODE_BASE = `localhost/huddle-node20:${process.versions.node}`;

/** podman with the runtime and configuration this kind of machine needs (deploy/containers.conf). */
export function podmanEnv() {
  return { ...process.env, CONTAINERS_CONF: process.env.CONTAINERS_CONF || join(deployDir, 'containers.conf') };
}

export function podman(args, options = {}) {
  const result = spawnSync('podman', ['--runtime', process.env.HUDDLE_PODMAN_RUNTIME || 'runc', ...args], {
    env: podmanEnv(),
    stdio: options.capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    encoding: 'utf8',
  });
  if (result.error) throw result.error;
  if (options.check !== false && result.status !== 0) throw new Error(`podman ${args.join(' ')} failed (exit ${result.status})\n${result.stderr || ''}`);
  return result;
}

export function hasPodman() {
  return spawnSync('podman', ['--version'], { stdio: 'ignore' }).status === 0;
}

function imageExists(name) {
  return podman(['image', 'exists', name], { check: false, capture: true }).status === 0;
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status})`);
}

function buildJavaScript() {
  const projects = ['@huddle/api', '@huddle/shell', ...REMOTES.map((remote) => `@huddle/${remote}-mfe`)];
  run('npx', ['nx', 'run-many', '-t', 'build', `--projects=${projects.join(',')}`, '--outputStyle=static']);
}

function copy(from, to) {
  mkdirSync(dirname(to), { recursive: true });
  cpSync(from, to, { recursive: true, dereference: true });
}

function workspaceDirs() {
  const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return workspaces.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    return readdirSync(join(root, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join(root, parent, entry.name, 'package.json')))
      .map((entry) => `${parent}/${entry.name}`);
  });
}

/** The directory of an installed package as Node would find it from `fromDir`. */
function packageDir(name, fromDir) {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    if (dirname(dir) === dir) throw new Error(`${name} is not installed (needed from ${fromDir}); run npm install`);
  }
}

/**
 * Copies tools/serve-static.mjs and the local files it imports into `target`; returns the
 * packages they import (import ... from, require(...), createRequire(...)(...)), node: ones aside.
 */
function staticServerSources(target) {
  const packages = new Set();
  const files = ['serve-static.mjs'];
  for (let index = 0; index < files.length; index += 1) {
    const source = readFileSync(join(root, 'tools', files[index]), 'utf8');
    copy(join(root, 'tools', files[index]), join(target, files[index]));
    for (const [, specifier] of source.matchAll(/(?:\bfrom\s+|\brequire\(\s*|\)\(\s*)['"]([^'"]+)['"]/g)) {
      if (specifier.startsWith('./')) {
        if (!files.includes(specifier.slice(2))) files.push(specifier.slice(2));
      } else if (!specifier.startsWith('node:')) {
        packages.add(specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/'));
      }
    }
  }
  return [...packages];
}

/**
 * The static server and the production dependencies it loads (sirv, helmet, http-proxy,
 * @huddle/domain and theirs), flat in one node_modules. All are plain JavaScript, so the build machine's copies do.
 */
function stageStaticServer(target) {
  const seen = new Map();
  const queue = staticServerSources(target).map((name) => [name, root]);
  while (queue.length > 0) {
    const [name, from] = queue.shift();
    const dir = packageDir(name, from);
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    if (seen.has(name)) {
      if (seen.get(name) !== manifest.version) throw new Error(`static server: two versions of ${name} (${seen.get(name)}, ${manifest.version})`);
      continue;
    }
    seen.set(name, manifest.version);
    const destination = join(target, 'node_modules', name);
    if (name === '@huddle/domain') {
      copy(join(dir, 'package.json'), join(destination, 'package.json'));
      copy(join(dir, 'dist'), join(destination, 'dist'));
    } else {
      copy(dir, destination);
    }
    for (const dependency of Object.keys(manifest.dependencies ?? {})) queue.push([dependency, dir]);
  }
  return [...seen].map(([name, version]) => `${name}@${version}`);
}

function stageContext(usesLocalBase) {
  rmSync(contextDir, { recursive: true, force: true });
  mkdirSync(contextDir, { recursive: true });
  // manifests/: what npm ci needs to install @huddle/api's production dependencies.
  copy(join(root, 'package.json'), join(contextDir, 'manifests/package.json'));
  copy(join(root, 'package-lock.json'), join(contextDir, 'manifests/package-lock.json'));
  for (const dir of workspaceDirs()) copy(join(root, dir, 'package.json'), join(contextDir, 'manifests', dir, 'package.json'));
  // api/: the built API and the built domain library it requires.
  copy(join(root, 'apps/api/dist'), join(contextDir, 'api/apps/api/dist'));
  copy(join(root, 'libs/domain/dist'), join(contextDir, 'api/libs/domain/dist'));
  for (const app of ['shell', ...REMOTES.map((remote) => `${remote}-mfe`)]) copy(join(root, 'apps', app, 'dist'), join(contextDir, 'apps', app, 'dist'));
  const serverPackages = stageStaticServer(join(contextDir, 'static-server'));
  copy(join(deployDir, 'api-proxy'), join(contextDir, 'api-proxy'));
  copy(join(deployDir, 'postgres-local'), join(contextDir, 'postgres-local'));
  copy(join(deployDir, 's3-local'), join(contextDir, 's3-local'));
  if (usesLocalBase) {
    // The build machine's own Node 20 and npm, for the local Node base (deploy/node-base.Containerfile).
    copy(realpathSync(process.execPath), join(contextDir, 'node/node'));
    const prefix = join(dirname(realpathSync(process.execPath)), '..');
    copy(join(prefix, 'lib/node_modules/npm'), join(contextDir, 'node/npm'));
    copy(join(prefix, 'include/node'), join(contextDir, 'node/include'));
  }
  writeFileSync(join(contextDir, 'README.txt'), 'Build context staged by tools/images.mjs (npm run images); rebuilt on every run.\n');
  console.log(`images: context staged in ${relative(root, contextDir)} (static server with ${serverPackages.join(', ')})`);
}

function ensureDebianBase() {
  if (imageExists(DEBIAN_MIN)) return;
  const tarball = join(workDir, 'bookworm-minbase.tar');
  // A directory there is what an earlier version left (mmdebstrap wrote one), and a `.partial` one an
  // interrupted build: neither can be imported, so both go and the tarball is made again.
  if (existsSync(tarball) && !statSync(tarball).isFile()) rmSync(tarball, { recursive: true, force: true });
  if (!existsSync(tarball)) {
    console.log('images: building a Debian bookworm base with mmdebstrap (a few minutes, once)...');
    mkdirSync(workDir, { recursive: true });
    rmSync(`${tarball}.partial`, { recursive: true, force: true });
    // --format: mmdebstrap picks the format from the target's name, and `.partial` would make it a directory.
    run('mmdebstrap', ['--variant=minbase', '--format=tar', 'bookworm', `${tarball}.partial`]);
    run('mv', [`${tarball}.partial`, tarball]);
  }
  podman(['import', tarball, DEBIAN_MIN]);
}

/** Extra certificate authorities npm needs here (NODE_EXTRA_CA_CERTS), or an empty file. */
function buildCertificates() {
  const extra = process.env.NODE_EXTRA_CA_CERTS;
  if (extra && existsSync(extra)) return extra;
  const none = join(workDir, 'no-extra-ca.pem');
  writeFileSync(none, '');
  return none;
}

function build({ file, tag, args = {} }) {
  const buildArgs = Object.entries(args).flatMap(([key, value]) => ['--build-arg', `${key}=${value}`]);
  console.log(`\nimages: building ${tag} from deploy/${file}`);
  // docker format keeps HEALTHCHECK (the OCI format has no field for it); host network: npm ci.
  const secret = ['--secret', `id=build_ca,src=${buildCertificates()}`];
  podman(['build', '--format', 'docker', '--network', 'host', '--layers', ...secret, ...buildArgs, '-f', join(deployDir, file), '-t', tag, contextDir]);
}

export function imageSize(tag) {
  return Number(podman(['image', 'inspect', '--format', '{{.Size}}', tag], { capture: true }).stdout.trim());
}

export const IMAGES = [
  { file: 'api.Containerfile', tag: 'localhost/huddle-api:latest', base: 'node' },
  { file: 'shell.Containerfile', tag: 'localhost/huddle-shell:latest', base: 'node' },
  ...REMOTES.map((remote) => ({ file: 'remote.Containerfile', tag: `localhost/huddle-remote-${remote}:latest`, base: 'node', args: { REMOTE: remote } })),
  { file: 'api-proxy.Containerfile', tag: 'localhost/huddle-api-proxy:latest', base: 'debian' },
  { file: 'postgres-local.Containerfile', tag: 'localhost/huddle-postgres-local:latest', base: 'debian', localOnly: true },
  { file: 's3-local.Containerfile', tag: 'localhost/huddle-s3-local:latest', base: 'node', localOnly: true },
];

/** Builds every image (and, with local bases, the bases when missing); prints their sizes. */
export function buildImages({ publicBases, buildJs, only }) {
  const local = !publicBases;
  if (buildJs) buildJavaScript();
  stageContext(local);
  if (local) {
    ensureDebianBase();
    // Built every time: its layers are cached, so this is instant when nothing changed.
    build({ file: 'node-base.Containerfile', tag: NODE_BASE, args: { DEBIAN_BASE: DEBIAN_MIN } });
  }
  const bases = local ? { node: NODE_BASE, debian: DEBIAN_MIN } : {};
  const built = IMAGES.filter((image) => (local || !image.localOnly) && (!only || only.some((name) => image.tag.includes(`/huddle-${name}:`))));
  for (const image of built) build({ ...image, args: { ...image.args, ...(bases[image.base] ? { BASE: bases[image.base] } : {}) } });
  console.log('\nimage sizes (uncompressed, base included):');
  for (const image of built) console.log(`  ${image.tag.padEnd(42)} ${(imageSize(image.tag) / 1e6).toFixed(1).padStart(7)} MB`);
  if (local) console.log(`  ${`(base ${NODE_BASE})`.padEnd(42)} ${(imageSize(NODE_BASE) / 1e6).toFixed(1).padStart(7)} MB`);
}

function main() {
  const { values } = parseArgs({ options: { 'public-bases': { type: 'boolean', default: false }, 'no-build': { type: 'boolean', default: false }, only: { type: 'string' } } });
  if (!hasPodman()) {
    console.error('images: podman is not installed (apt-get install podman runc; see deploy/README.md)');
    process.exit(1);
  }
  buildImages({ publicBases: values['public-bases'], buildJs: !values['no-build'], only: values.only?.split(',') });
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (error) {
    console.error(`images: ${error.message}`);
    process.exit(1);
  }
}
