import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { DEMO_ACCOUNTS } from '../src/modules/demo/demo-seeder.service';
import { createTestDatabase } from './support/test-database';
import type { TestDatabase } from './support/test-database';
import { freePort } from './support/free-port';

const API_ROOT = join(__dirname, '..');
const START_TIMEOUT_MS = 90_000;

interface Started {
  /** Exit code once the process ended by itself (null while it runs). */
  exitCode: Promise<number | null>;
  output: () => string;
  stop: () => Promise<void>;
}

/** The API's real entrypoint (src/main.ts) in its own process, with only the given variables of ours. */
function startApi(env: Record<string, string>): Started {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(DATABASE_URL|AUTH_SECRET|SEED_DEMO|API_WORKERS|PORT|NODE_ENV|STRIPE_SECRET_KEY|STRIPE_WEBHOOK_SECRET|PAYMENTS_SANDBOX)$/.test(name)),
  );
  const child = spawn(process.execPath, ['-r', join(__dirname, 'support/ts-register.js'), join(API_ROOT, 'src/main.ts')], {
    cwd: API_ROOT,
    env: { ...inherited, LOG_LEVEL: 'log', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exitCode = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    exitCode,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exitCode;
    },
  };
}

async function waitForHealth(port: number, started: Started): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let exited = false;
  void started.exitCode.then(() => (exited = true));
  while (Date.now() < deadline && !exited) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The API did not start:\n${started.output()}`);
}

async function accountEmails(url: string): Promise<string[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ email: string }>('SELECT email FROM accounts')).rows.map((row) => row.email);
  } finally {
    await client.end();
  }
}

/**
 * The entrypoint on a real database (DATABASE_URL, the test PostgreSQL) fails closed: no start
 * without a chosen AUTH_SECRET, no demo accounts, whose passwords the README publishes, unless
 * SEED_DEMO=true asks for them, and, in production, no sandbox payments unless PAYMENTS_SANDBOX=true
 * asks for them.
 */
describe('starting the API on a DATABASE_URL', () => {
  let database: TestDatabase;
  let dataDir: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(join(tmpdir(), 'huddle-fail-closed-'));
  });

  afterAll(async () => {
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses to start without an AUTH_SECRET of 32+ characters, and says why', async () => {
    for (const secret of [undefined, 'too-short-secret']) {
      const started = startApi({ DATABASE_URL: database.url, DATA_DIR: dataDir, PORT: String(await freePort()), ...(secret && { AUTH_SECRET: secret }) });
      expect(await started.exitCode).toBe(1);
      expect(started.output()).toContain('Invalid environment');
      expect(started.output().match(/AUTH_SECRET must be set to a secret of at least 32 characters when DATABASE_URL is set/g)).toHaveLength(1);
    }
  }, START_TIMEOUT_MS);

  it('refuses to start in production without STRIPE_SECRET_KEY, naming the fix, and starts a trial with PAYMENTS_SANDBOX=true', async () => {
    const deployment = { NODE_ENV: 'production', DATABASE_URL: database.url, DATA_DIR: dataDir, AUTH_SECRET: 's'.repeat(32) };
    const refused = startApi({ ...deployment, PORT: String(await freePort()) });
    expect(await refused.exitCode).toBe(1);
    expect(refused.output()).toContain('Invalid environment');
    expect(
      refused.output().match(/^ {2}- STRIPE_SECRET_KEY \(with STRIPE_WEBHOOK_SECRET\) must be set when NODE_ENV=production and DATABASE_URL is set: .+; for a trial deployment set PAYMENTS_SANDBOX=true$/gm),
    ).toHaveLength(1);

    const port = await freePort();
    const trial = startApi({ ...deployment, PORT: String(port), PAYMENTS_SANDBOX: 'true' });
    try {
      await waitForHealth(port, trial);
    } finally {
      await trial.stop();
    }
  }, 2 * START_TIMEOUT_MS);

  it('starts with a 32-character secret and seeds no demo accounts unless SEED_DEMO=true', async () => {
    const port = await freePort();
    const started = startApi({ DATABASE_URL: database.url, DATA_DIR: dataDir, PORT: String(port), AUTH_SECRET: 's'.repeat(32) });
    try {
      await waitForHealth(port, started);
      expect(await accountEmails(database.url)).toEqual([]);
    } finally {
      await started.stop();
    }

    const seedingPort = await freePort();
    const seeding = startApi({ DATABASE_URL: database.url, DATA_DIR: dataDir, PORT: String(seedingPort), AUTH_SECRET: 's'.repeat(32), SEED_DEMO: 'true' });
    try {
      await waitForHealth(seedingPort, seeding);
      expect(await accountEmails(database.url)).toEqual(expect.arrayContaining(DEMO_ACCOUNTS.map((account) => account.email)));
    } finally {
      await seeding.stop();
    }
  }, 3 * START_TIMEOUT_MS);
});
