import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApiProcess } from './api-process';
import type { ApiProcess } from './api-process';
import { FakeStripeServer } from './fake-stripe-server';
import { freePort } from './free-port';
import { createTestDatabase } from './test-database';
import type { TestDatabase } from './test-database';

const CRASH_WEBHOOK_SECRET = 'whsec_huddle_test_secret';

/**
 * What a kill -9 test stands on: a local Stripe, a database and a data directory of its own, and
 * the API processes it started on them (src/main.ts, each on a free port), all stopped by close().
 */
export interface CrashHarness {
  fake: FakeStripeServer;
  database: TestDatabase;
  dataDir: string;
  /** The API's Stripe settings, pointed at the local Stripe. */
  stripeEnv: Record<string, string>;
  startApi: () => Promise<ApiProcess>;
  close: () => Promise<void>;
}

export async function createCrashHarness(name: string): Promise<CrashHarness> {
  const fake = new FakeStripeServer();
  const stripeUrl = await fake.start();
  const database = await createTestDatabase();
  const dataDir = await mkdtemp(join(tmpdir(), `huddle-${name}-`));
  const stripeEnv = { STRIPE_SECRET_KEY: 'sk_test_huddle', STRIPE_WEBHOOK_SECRET: CRASH_WEBHOOK_SECRET, STRIPE_PUBLISHABLE_KEY: 'pk_test_huddle', STRIPE_API_URL: stripeUrl };
  const processes: ApiProcess[] = [];
  return {
    fake,
    database,
    dataDir,
    stripeEnv,
    startApi: async () => {
      const started = await startApiProcess(database.url, dataDir, stripeEnv, await freePort());
      processes.push(started);
      return started;
    },
    close: async () => {
      for (const running of processes) await running.kill();
      await fake.stop();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
