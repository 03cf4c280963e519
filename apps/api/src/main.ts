import 'reflect-metadata';
import cluster from 'node:cluster';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app/app.module';
import { superviseWorkers } from './cluster-primary';
import { configureApp } from './app/configure-app';
import { createHttpAdapter } from './app/http-adapter';
import type { HuddleApp } from './app/http-adapter';
import { ConfigurationError, loadAppConfig } from './config/app-config';
import { logLevelsFor } from './config/log-levels';
import { stopStartedEmbeddedPostgres } from './database/embedded-postgres';
import { DemoSeeder } from './modules/demo/demo-seeder.service';
import { stopOnSignalDuringStart } from './shutdown-signals';
import { surviveDatabaseOutages } from './unhandled-rejections';

async function bootstrap(): Promise<void> {
  const config = loadAppConfig();
  if (config.API_WORKERS > 1 && cluster.isPrimary) return superviseWorkers(config);
  const startIsOver = stopOnSignalDuringStart();
  surviveDatabaseOutages();
  // abortOnError false: a failed start must stop the embedded PostgreSQL, not abort the process under it.
  const app = await NestFactory.create<HuddleApp>(AppModule.forRoot(config), createHttpAdapter(config), {
    logger: logLevelsFor(config.LOG_LEVEL),
    abortOnError: false,
    // The card provider's webhook is verified on the exact bytes received (payments/stripe).
    rawBody: true,
  });
  try {
    await configureApp(app);
    // Modules initialise (job handlers register, the queue starts) before the seed uses them:
    // the demo's bookings enqueue captures and voids.
    await app.init();
    if (config.seedsDemo) await app.get(DemoSeeder).seedIfEmpty();
    startIsOver();
    await app.listen(config.PORT, config.HOST);
  } catch (error) {
    // Shut down in order (connection pool, then the embedded server) before reporting.
    await app.close();
    throw error;
  }
  const logger = new Logger('Huddle');
  logger.log(`API listening on http://localhost:${config.PORT}/api/v1 (docs: http://localhost:${config.PORT}/api/docs)`);
}

bootstrap().catch(async (error: unknown) => {
  if (error instanceof ConfigurationError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    new Logger('Huddle').error('The API could not start', error instanceof Error ? error.stack : String(error));
  }
  await stopStartedEmbeddedPostgres();
  process.exit(1);
});
