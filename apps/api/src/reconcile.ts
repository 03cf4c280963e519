import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { NestFactory } from '@nestjs/core';
import { Client } from 'pg';
import { AppModule } from './app/app.module';
import { loadAppConfig } from './config/app-config';
import { EMBEDDED_DATABASE_NAME } from './database/database-server';
import { postgresUrl, stopStartedEmbeddedPostgres } from './database/embedded-postgres';
import { PaymentsService, RECONCILE_DAYS, RECONCILE_GRACE_SECONDS } from './modules/payments/payments.service';
import { PayoutsService } from './modules/payouts/payouts.service';

/**
 * `npm run reconcile [days]`: the daily reconciliation on demand, against the configured database
 * and card provider (the embedded ones by default). Prints what it checked and every difference;
 * each difference is also a money incident on the money desk. Exits 1 when anything differs.
 */
async function main(): Promise<void> {
  const days = Number(process.argv[2] ?? RECONCILE_DAYS);
  if (!Number.isInteger(days) || days < 1) throw new Error('Usage: npm run reconcile [days]');
  // No demo seed, and no job worked here: this command reads and records; the API processes work
  // the jobs (a capture or a payout run from here would go through this process's provider). A
  // payment whose refunds disagree with its provider (the same provider as this process's, or it
  // is not compared) has them acted on as their missed events would have been, here.
  const env: NodeJS.ProcessEnv = { ...process.env, SEED_DEMO: 'false', JOBS_WORK: 'false' };
  const defaults = loadAppConfig(env);
  // `npm start` may be running with the embedded PostgreSQL: use that server rather than start a
  // second one on its data. The secret only signs links, which this command never makes; the
  // embedded database's sandbox payments need no opt-in, though its URL is now given.
  const running = postgresUrl(defaults.EMBEDDED_PG_PORT, EMBEDDED_DATABASE_NAME);
  if (!defaults.DATABASE_URL && (await answers(running))) {
    Object.assign(env, { DATABASE_URL: running, AUTH_SECRET: env.AUTH_SECRET ?? randomBytes(32).toString('hex'), PAYMENTS_SANDBOX: env.PAYMENTS_SANDBOX ?? 'true' });
  }
  const config = loadAppConfig(env);
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), { logger: ['fatal', 'error', 'warn'], abortOnError: false });
  try {
    await app.init();
    // The daily run's grace: money that moved in the last minutes may still have its jobs running,
    // and a difference found then would be an incident about work in progress.
    const run = await app.get(PaymentsService).reconcile({ days });
    const transfers = await app.get(PayoutsService).reconcileTransfers({ days });
    process.stdout.write(
      `Reconciled the last ${days} days: ${run.checked} payments and their payout transfers checked (those changed in the last ${RECONCILE_GRACE_SECONDS / 60} minutes are left for the next run), ledger ${run.balanced ? 'balanced' : 'NOT balanced'}.\n`,
    );
    for (const difference of run.differences) process.stdout.write(`  ${difference.subjectId}  ${difference.code}: ${difference.message}\n`);
    for (const difference of transfers) process.stdout.write(`  payout item ${difference.itemId}  ${difference.code}: ${difference.message}\n`);
    for (const violation of run.ledgerViolations) process.stdout.write(`  ledger: ${violation}\n`);
    const total = run.differences.length + transfers.length + run.ledgerViolations.length;
    process.stdout.write(total === 0 ? 'No differences.\n' : 'Each difference is an open money incident on /manage/money.\n');
    process.exitCode = total === 0 ? 0 : 1;
  } finally {
    await app.close();
    await stopStartedEmbeddedPostgres();
  }
}

async function answers(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
