import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import type { Worker } from 'node:cluster';
import { Logger } from '@nestjs/common';
import type { AppConfig } from './config/app-config';
import { logLevelsFor } from './config/log-levels';
import { DatabaseServer } from './database/database-server';
import { SHUTDOWN_SIGNALS, stopOnSignalDuringStart } from './shutdown-signals';

// A worker that does not stop within this after SIGTERM is killed.
const WORKER_STOP_TIMEOUT_MS = 15_000;

/**
 * With API_WORKERS > 1 this process only supervises: it starts the embedded PostgreSQL when
 * DATABASE_URL is unset, forks one worker that runs the migrations and the demo seed, and once it
 * listens forks the others (they share PORT through Node's cluster module). Every worker gets the
 * same AUTH_SECRET (a random one per start when unset), or a reset code or sign-in state made by
 * one worker would not verify on another. A worker that dies
 * after starting is replaced; one that dies while starting stops everything, since its
 * replacement would fail the same way. A stop signal stops the workers (each closes its pool),
 * then the embedded PostgreSQL.
 */
export async function superviseWorkers(config: AppConfig): Promise<void> {
  // No Nest application runs here to apply LOG_LEVEL, so the logger takes it directly.
  Logger.overrideLogger(logLevelsFor(config.LOG_LEVEL));
  const logger = new Logger('Cluster');
  const startIsOver = stopOnSignalDuringStart();
  const database = await DatabaseServer.connect(config);
  startIsOver();
  const secret = config.AUTH_SECRET ?? randomBytes(32).toString('hex');
  let stopping = false;
  const stop = async (code: number): Promise<never> => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined && !worker.isDead());
    await Promise.all(
      workers.map(async (worker) => {
        const exited = new Promise((resolve) => worker.once('exit', resolve));
        worker.process.kill('SIGTERM');
        const timer = setTimeout(() => worker.process.kill('SIGKILL'), WORKER_STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(timer);
      }),
    );
    await database.onApplicationShutdown();
    process.exit(code);
  };
  for (const signal of SHUTDOWN_SIGNALS) process.once(signal, () => void stop(0));

  const fork = (seed: boolean): Promise<Worker> =>
    new Promise((resolve, reject) => {
      // Workers see a DATABASE_URL even on the embedded database, so the choices that follow from
      // "embedded or not" are made here and handed down explicitly.
      const worker = cluster.fork({
        DATABASE_URL: database.url,
        AUTH_SECRET: secret,
        SEED_DEMO: String(seed && config.seedsDemo),
        BUSINESS_SIGN_IN_SANDBOX: String(config.BUSINESS_SIGN_IN_SANDBOX ?? config.usesEmbeddedDatabase),
        PAYMENTS_SANDBOX: String(config.PAYMENTS_SANDBOX || config.usesEmbeddedDatabase),
      });
      let listening = false;
      worker.once('listening', () => {
        listening = true;
        resolve(worker);
      });
      worker.once('exit', (code, signal) => {
        if (stopping) return;
        const how = signal ? `on ${signal}` : `with code ${code}`;
        if (!listening) return reject(new Error(`An API worker exited ${how} while starting`));
        logger.warn(`API worker ${worker.process.pid} exited ${how}; starting another`);
        fork(false).catch((error: unknown) => void onFailure(error));
      });
    });
  const onFailure = async (error: unknown): Promise<void> => {
    logger.error(error instanceof Error ? error.message : String(error));
    await stop(1);
  };

  try {
    await fork(true);
    await Promise.all(Array.from({ length: config.API_WORKERS - 1 }, () => fork(false)));
    logger.log(`${config.API_WORKERS} API workers listening on port ${config.PORT}`);
  } catch (error) {
    await onFailure(error);
  }
}
