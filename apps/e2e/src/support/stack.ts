import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { RemoteName } from '@huddle/domain';

export const ROOT = resolve(__dirname, '../../../..');

// E2E_PORT_OFFSET moves every port at once, so two checkouts on one machine can run journeys side by side.
const OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0) || 0;

/** Ports of their own, so journeys never collide with a developer's `npm start`. */
export const PORTS = {
  api: 3100 + OFFSET,
  shell: 4300 + OFFSET,
  fan: 4301 + OFFSET,
  athlete: 4302 + OFFSET,
  business: 4303 + OFFSET,
  admin: 4304 + OFFSET,
} as const;
export const SHELL_URL = `http://localhost:${PORTS.shell}`;
export const API_URL = `http://localhost:${PORTS.api}`;

const REMOTE_PROJECTS: Record<RemoteName, string> = {
  fan: 'fan-mfe',
  athlete: 'athlete-mfe',
  business: 'business-mfe',
  admin: 'admin-mfe',
};

export interface Service {
  name: string;
  process: ChildProcess;
  output: string[];
}

function launch(name: string, args: string[], env: Record<string, string> = {}): Service {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { name, process: child, output };
}

export async function waitForUrl(url: string, timeoutMs = 60000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer in ${timeoutMs} ms (${last})`);
}

export async function stopService(service: Service): Promise<void> {
  const child = service.process;
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolveExit) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolveExit();
    });
    child.kill('SIGTERM');
  });
}

export async function startRemote(name: RemoteName): Promise<Service> {
  const port = PORTS[name];
  const service = launch(name, ['tools/serve-static.mjs', '--dir', `apps/${REMOTE_PROJECTS[name]}/dist`, '--port', String(port)]);
  await waitForUrl(`http://localhost:${port}/mf-manifest.json`);
  return service;
}

export interface Stack {
  services: Map<string, Service>;
  dataDir: string;
  stop(): Promise<void>;
}

/** The whole product from production builds: API (fresh embedded database), shell and all remotes. */
export async function startStack(): Promise<Stack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'huddle-e2e-'));
  // mkdtemp makes the folder private to root; the embedded PostgreSQL runs as its own user and
  // must be able to enter it to create its data directory.
  chmodSync(dataDir, 0o755);
  const services = new Map<string, Service>();
  const api = launch('api', ['apps/api/dist/main.js'], {
    PORT: String(PORTS.api),
    // Named like npm start's `.data`, so the journeys see what a developer's product sees.
    DATA_DIR: join(dataDir, '.data'),
    EMBEDDED_PG_PORT: String(PORTS.api + 2000),
    PUBLIC_APP_URL: SHELL_URL,
    // As deployed on a multi-core machine: a supervisor and two workers sharing the port, so every
    // journey also proves the cluster (start, shared database, mail log lines, orderly stop).
    API_WORKERS: '2',
    // A journey signs the same demo people in many times a minute from one address (the console's
    // file signs its administrator in six times): the production limits (5 an email, 10 an address
    // in 60 s) answered the sixth with 1429 and left it on /login until its retry. The limits
    // themselves are the API specs' to prove (rate-limit.spec).
    SIGN_IN_MAX_PER_EMAIL: '100',
    SIGN_IN_MAX_PER_IP: '500',
  });
  services.set('api', api);
  const remoteUrls: Record<string, string> = {};
  for (const name of Object.keys(REMOTE_PROJECTS) as RemoteName[]) {
    remoteUrls[`HUDDLE_REMOTE_${name.toUpperCase()}_URL`] = `http://localhost:${PORTS[name]}/mf-manifest.json`;
  }
  const shell = launch(
    'shell',
    ['tools/serve-static.mjs', '--dir', 'apps/shell/dist', '--port', String(PORTS.shell), '--spa', '--manifest', '--proxy-api', API_URL],
    remoteUrls,
  );
  services.set('shell', shell);
  const stack: Stack = {
    services,
    dataDir,
    async stop() {
      await Promise.all([...services.values()].map(stopService));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    for (const name of Object.keys(REMOTE_PROJECTS) as RemoteName[]) services.set(name, await startRemote(name));
    await waitForUrl(`${SHELL_URL}/remotes.json`);
    // The API answers once its database is migrated and seeded: over 200 s when two cores are shared with other builds and journeys.
    await waitForUrl(`${API_URL}/api/v1/health`, 420000);
  } catch (error) {
    const logs = [...services.values()].map((s) => `--- ${s.name}\n${s.output.join('').slice(-3000)}`).join('\n');
    await stack.stop();
    throw new Error(`${(error as Error).message}\n${logs}`);
  }
  return stack;
}

/**
 * The newest reset code the embedded mail outbox printed for this address. The embedded mail
 * default logs one `[Outbox] to=... subject="..." text="..."` line per message, so a journey can
 * read the code the way a developer would, without a back door into the API.
 */
export async function waitForOutboxCode(stack: Stack, email: string, timeoutMs = 15000): Promise<string> {
  const api = stack.services.get('api');
  if (!api) throw new Error('the API is not running');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const lines = api.output.join('').split('\n').filter((line) => line.includes('[Outbox]') && line.includes(`to=${email}`));
    // Only the message text: the log prefix carries a process id that may have six digits too.
    const code = lines.at(-1)?.match(/text=.*?\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no reset code for ${email} reached the outbox`);
}
