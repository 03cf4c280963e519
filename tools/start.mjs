#!/usr/bin/env node
// `npm start`: builds whatever is stale (Nx cache makes a warm start quick), then runs the whole
// product from production builds: the API (with its embedded PostgreSQL unless DATABASE_URL is
// set), the shell on 4200 and each remote from its own build and its own server on 4201-4204.
// Ctrl-C (or SIGTERM) stops every process, the database included, and waits for them to exit.
//
// `npm start -- --instances 2` (issue 25, scale-out) runs that many API hosts instead, each a
// process of its own on its own port (PORT+1, PORT+2, ...) on the one database, with the
// round-robin proxy (tools/api-proxy.mjs) on PORT, so the shell and the remotes work unchanged.
// The first host starts the embedded PostgreSQL (unless DATABASE_URL is set), runs the migrations
// and the demo seed; the others start once it answers, on its database, with the same AUTH_SECRET
// (a random one per start when unset) and the embedded database's defaults.
import { randomBytes } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const apiPort = Number(env.PORT ?? 3000);
const apiUrl = env.API_URL ?? `http://localhost:${apiPort}`;
const shellPort = Number(env.SHELL_PORT ?? 4200);
const instances = Number(parseArgs({ options: { instances: { type: 'string', default: '1' } }, strict: false }).values.instances);
if (!Number.isInteger(instances) || instances < 1) {
  process.stderr.write('--instances must be a whole number of API hosts, 1 or more\n');
  process.exit(2);
}

const remotes = [
  { name: 'fan', project: 'fan-mfe', port: 4201 },
  { name: 'athlete', project: 'athlete-mfe', port: 4202 },
  { name: 'business', project: 'business-mfe', port: 4203 },
  { name: 'admin', project: 'admin-mfe', port: 4204 },
];

const colours = { api: 36, 'api-2': 96, 'api-3': 94, proxy: 37, shell: 35, fan: 32, athlete: 33, business: 34, admin: 31 };
const children = new Map();
let stopping = false;

function log(name, line) {
  const tag = `\x1b[${colours[name] ?? 37}m[${name}]\x1b[0m`;
  process.stdout.write(`${tag} ${line}\n`);
}

function prefixLines(name, stream) {
  let buffer = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    buffer += chunk;
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) log(name, line);
  });
}

function run(name, command, args, options = {}) {
  // Each child leads its own process group so a terminal's Ctrl-C reaches only this script,
  // which then stops the children in order (the API last closes the database).
  const child = spawn(command, args, { cwd: root, env: { ...env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  children.set(name, child);
  prefixLines(name, child.stdout);
  prefixLines(name, child.stderr);
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (!stopping) {
      log(name, `exited (${signal ?? code}); stopping everything`);
      void stop(1);
    }
  });
  return child;
}

async function waitFor(url, what, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (stopping) return;
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${what} did not answer at ${url} within ${timeoutMs / 1000}s`);
}

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  process.stdout.write('\nStopping Huddle...\n');
  const api = children.get('api');
  for (const [name, child] of children) if (name !== 'api') killGroup(child, 'SIGTERM');
  // The other API hosts close their pools before the first one stops the embedded database.
  const othersGone = Date.now() + 15_000;
  while ([...children.keys()].some((name) => name.startsWith('api-')) && Date.now() < othersGone) await new Promise((r) => setTimeout(r, 100));
  if (api) killGroup(api, 'SIGTERM');
  const deadline = Date.now() + 20_000;
  while (children.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  for (const child of children.values()) killGroup(child, 'SIGKILL');
  process.exit(code);
}

process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

function build() {
  if (env.HUDDLE_SKIP_BUILD === '1') return;
  process.stdout.write('Building what is stale (Nx cache)...\n');
  const projects = ['@huddle/api', '@huddle/shell', ...remotes.map((r) => `@huddle/${r.project}`)].join(',');
  const result = spawnSync('npx', ['nx', 'run-many', '-t', 'build', `--projects=${projects}`, '--outputStyle=static'], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  if (result.status !== 0) {
    process.stderr.write('Build failed; nothing was started.\n');
    process.exit(result.status ?? 1);
  }
}

function demoAccounts() {
  const file = join(root, 'apps/api/src/database/seed/demo-accounts.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return [];
  }
}

async function main() {
  build();
  const serve = join(root, 'tools/serve-static.mjs');

  const hosts = instances > 1 ? await startHosts() : [];
  if (instances === 1) run('api', process.execPath, ['apps/api/dist/main.js'], { env: { PORT: String(apiPort) } });
  for (const remote of remotes) {
    run(remote.name, process.execPath, [serve, '--dir', `apps/${remote.project}/dist`, '--port', String(remote.port)]);
  }
  run('shell', process.execPath, [serve, '--dir', 'apps/shell/dist', '--port', String(shellPort), '--spa', '--manifest', '--proxy-api', apiUrl]);

  await waitFor(`${apiUrl}/api/v1/health`, 'The API');
  await Promise.all([
    waitFor(`http://localhost:${shellPort}/remotes.json`, 'The shell'),
    ...remotes.map((r) => waitFor(`http://localhost:${r.port}/mf-manifest.json`, `The ${r.name} remote`)),
  ]);
  if (stopping) return;

  const lines = [
    '',
    '  Huddle is running',
    `  Open          http://localhost:${shellPort}`,
    `  API           ${apiUrl}/api/v1   (docs: ${apiUrl}/api/docs)`,
    ...(hosts.length > 0 ? [`  API hosts     ${hosts.join(', ')} (round robin behind :${apiPort}; /proxy-health)`] : []),
    `  Remotes       ${remotes.map((r) => `${r.name} :${r.port}`).join(', ')}`,
    '',
    '  Demo sign-in (email / password):',
    ...demoAccounts().map((a) => `    ${a.role.padEnd(13)} ${a.email.padEnd(28)} ${a.password}`),
    '',
    '  Ctrl-C stops everything, the database included.',
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

/**
 * `--instances N`: the first host (with the embedded database when DATABASE_URL is unset), then
 * the others on its database once it answers, then the proxy on PORT. Answers the hosts' URLs.
 */
async function startHosts() {
  const ports = Array.from({ length: instances }, (_, index) => apiPort + 1 + index);
  const shared = { AUTH_SECRET: env.AUTH_SECRET ?? randomBytes(32).toString('hex') };
  const embedded = env.DATABASE_URL === undefined;
  run('api', process.execPath, ['apps/api/dist/main.js'], { env: { ...shared, PORT: String(ports[0]) } });
  await waitFor(`http://localhost:${ports[0]}/api/v1/health`, 'The first API host', 300_000);
  const others = {
    ...shared,
    // The first host migrated and seeded; the others take its database and its defaults.
    DATABASE_URL: env.DATABASE_URL ?? `postgres://huddle:huddle@127.0.0.1:${env.EMBEDDED_PG_PORT ?? 5433}/huddle`,
    SEED_DEMO: 'false',
    ...(embedded && { BUSINESS_SIGN_IN_SANDBOX: env.BUSINESS_SIGN_IN_SANDBOX ?? 'true', PAYMENTS_SANDBOX: env.PAYMENTS_SANDBOX ?? 'true' }),
  };
  for (const [index, port] of ports.slice(1).entries()) {
    run(`api-${index + 2}`, process.execPath, ['apps/api/dist/main.js'], { env: { ...others, PORT: String(port) } });
  }
  const hosts = ports.map((port) => `http://127.0.0.1:${port}`);
  await Promise.all(hosts.slice(1).map((url, index) => waitFor(`${url}/api/v1/health`, `API host ${index + 2}`, 300_000)));
  run('proxy', process.execPath, ['tools/api-proxy.mjs', '--port', String(apiPort), ...hosts.flatMap((url) => ['--upstream', url])]);
  return hosts;
}

main().catch((error) => {
  process.stderr.write(`${error.message}\n`);
  void stop(1);
});
