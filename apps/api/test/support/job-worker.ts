/**
 * A separate API-side job worker process for the crash test (jobs.spec.ts): the real JobsModule
 * and database wiring plus the test's probe handlers, against DATABASE_URL. Started with
 * `node -r ./ts-register.js job-worker.ts`; with PROBE_ENQUEUE set it first enqueues one
 * probe.crash job labelled with that value. Prints "ready" once it works jobs.
 */
import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { loadAppConfig } from '../../src/config/app-config';
import { AppConfigModule } from '../../src/config/app-config.module';
import { DatabaseModule } from '../../src/database/database.module';
import { JobsService } from '../../src/modules/jobs/jobs.service';
import { JobsProbeModule, PROBE_JOBS } from './jobs-probe';

async function main(): Promise<void> {
  const config = loadAppConfig();
  @Module({ imports: [AppConfigModule.forRoot(config), DatabaseModule, JobsProbeModule.forRoot({ holdCrash: process.env.PROBE_HOLD === '1' })] })
  class WorkerModule {}

  const app = await NestFactory.createApplicationContext(WorkerModule, { logger: ['error', 'warn'] });
  app.enableShutdownHooks();
  const label = process.env.PROBE_ENQUEUE;
  if (label) await app.get(JobsService).enqueue(PROBE_JOBS.crash, { label });
  process.stdout.write('ready\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
