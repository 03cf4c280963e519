import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { TEST_DEFAULTS } from './test-app';

const API_ROOT = join(__dirname, '../..');

export interface ApiProcess {
  child: ChildProcess;
  url: string;
  port: number;
  output: () => string;
  /** kill -9, answered once the process is gone. */
  kill: () => Promise<void>;
}

/**
 * The real API entrypoint (src/main.ts) as a process of its own on `databaseUrl`, answered once its
 * health check does: what a crash test kills with SIGKILL and starts again. Jobs held by a killed
 * process are taken up again after 3 s.
 */
export async function startApiProcess(databaseUrl: string, dataDir: string, env: Record<string, string>, port: number): Promise<ApiProcess> {
  const child = spawn(process.execPath, ['-r', join(__dirname, 'ts-register.js'), join(API_ROOT, 'src/main.ts')], {
    cwd: API_ROOT,
    env: {
      ...process.env,
      ...TEST_DEFAULTS,
      // A whole API process as deployed: its schedules fire (two-hosts.spec waits for the minute's sweep).
      JOBS_SCHEDULES: 'true',
      ...env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      JOBS_POLL_INTERVAL_MS: '500',
      // A job held by a killed process is taken up again after this.
      JOBS_EXPIRE_SECONDS: '3',
      JOBS_MAINTENANCE_INTERVAL_SECONDS: '1',
      JOBS_RETRY_DELAY_SECONDS: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const kill = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };
  const url = `http://127.0.0.1:${port}`;
  // A busy 2-core machine compiles the sources for a while before the API listens (35 s at a load of 37).
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The API exited at start: ${output}`);
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) return { child, url, port, output: () => output, kill };
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await kill();
      throw new Error(`The API did not start: ${output}`);
    }
    await sleep(250);
  }
}

/** One statement on the database the processes share, on a connection of its own. */
export async function queryDatabase<T>(databaseUrl: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}
