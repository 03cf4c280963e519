import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DynamicModule, LoggerService, Type } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { AppModule } from '../../src/app/app.module';
import { configureApp } from '../../src/app/configure-app';
import { createHttpAdapter } from '../../src/app/http-adapter';
import type { HuddleApp } from '../../src/app/http-adapter';
import { loadAppConfig } from '../../src/config/app-config';
import { createTestDatabase } from './test-database';
import type { TestDatabase } from './test-database';
import { refuseSecondConnectionInTransaction } from './one-connection-per-transaction';
import { watchApp, WarningsKeepingLogger } from './slow-test-report';

export interface TestApp {
  app: HuddleApp;
  /** The Node HTTP server for supertest. */
  server: Server;
  dataSource: DataSource;
  database: TestDatabase;
  get<T>(token: Type<T>): T;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Reuse an existing database (and keep it on close) instead of a fresh one per app. */
  database?: TestDatabase;
  /** Extra modules mounted next to the real AppModule (probe routes for pipeline tests). */
  imports?: Array<Type | DynamicModule>;
  /** Defaults to printing errors only (warnings are kept for a slow test's report); tests that provoke errors pass a CapturingLogger. */
  logger?: LoggerService;
  /** Extra environment variables (S3_*, VIDEO_MAX_MB, ...). DATA_DIR defaults to a throwaway directory per app. */
  env?: Record<string, string>;
  /** Providers replaced by test doubles of the same shape (a Clock the test moves forward). */
  overrides?: Array<{ provide: Type; useValue: object }>;
}

/**
 * What every test app runs with unless its test says otherwise: a DATABASE_URL needs a chosen
 * AUTH_SECRET, and the limits of one client address are lifted, since a test file makes all its
 * calls from 127.0.0.1; so are the money limits and the pause after declined cards, since one
 * test account books, pays and tries refused cards many times (rate-limit.spec and
 * money-rate-limit.spec set them low to test them).
 */
export const TEST_DEFAULTS: Record<string, string> = {
  AUTH_SECRET: 'test-secret-of-the-api-test-suite-0123456789',
  // No daily job fires by itself in a test (a reconciliation at 09:00 or the upload cleanup at
  // 03:41 UTC would change what the test reads); jobs.spec turns them on to test the schedules.
  JOBS_SCHEDULES: 'false',
  // A job's failed try is tried again after 1-2 s, not 10-20 s: a test's settle() waits for it.
  // CI once saw a test that takes half a second here exceed Jest's 30 s, its cause unseen;
  // slow-test-report.ts now says what such a test waits on (TEST_WARNINGS_LOG=file keeps every
  // failed try, to look for failures no test asked for).
  JOBS_RETRY_DELAY_SECONDS: '1',
  SIGN_UP_MAX_PER_IP: '10000',
  GEOCODE_MAX_PER_IP: '10000',
  UPLOAD_MAX_PER_ACCOUNT: '10000',
  BOOKING_MAX_PER_ACCOUNT: '10000',
  PAYMENT_ATTEMPTS_MAX_PER_ACCOUNT: '10000',
  PAYMENT_ATTEMPTS_MAX_PER_IP: '10000',
  CARD_SAVE_MAX_PER_ACCOUNT: '10000',
  CARD_SAVE_MAX_PER_IP: '10000',
  CHECKOUT_DECLINES_MAX: '10000',
  // The cost limits (issue 25): the fuzz suite and the authorization matrix call each route many
  // times from one address and one account per role (rate-limit.spec sets them low to test them).
  SEARCH_MAX_PER_IP: '10000',
  STATISTICS_MAX_PER_ACCOUNT: '10000',
  EXPORT_MAX_PER_ACCOUNT: '10000',
  SUPPORT_MESSAGE_MAX_PER_ACCOUNT: '10000',
  ADMIN_OUTREACH_MAX_PER_ACCOUNT: '10000',
  PAYOUT_ONBOARDING_MAX_PER_ACCOUNT: '10000',
};

/**
 * The real AppModule and the real pipeline (configureApp) against a real PostgreSQL database,
 * created fresh for the caller unless one is passed in.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const ownsDatabase = options.database === undefined;
  // Local state (media, upload staging) goes to a directory of this app's own, never the workspace's .data.
  const dataDir = options.env?.DATA_DIR ?? (await mkdtemp(join(tmpdir(), 'huddle-api-data-')));
  const ownsDataDir = options.env?.DATA_DIR === undefined;
  // Jobs are polled for often, so a test waiting on one (JobsService.drain) waits little.
  const config = loadAppConfig({ DATABASE_URL: database.url, LOG_LEVEL: 'error', ...TEST_DEFAULTS, JOBS_POLL_INTERVAL_MS: '500', ...options.env, DATA_DIR: dataDir });
  const logger = options.logger ?? new WarningsKeepingLogger();

  try {
    const builder = Test.createTestingModule({ imports: [AppModule.forRoot(config), ...(options.imports ?? [])] }).setLogger(logger);
    for (const override of options.overrides ?? []) builder.overrideProvider(override.provide).useValue(override.useValue);
    const moduleRef = await builder.compile();
    const app = moduleRef.createNestApplication<HuddleApp>(createHttpAdapter(config), { logger, rawBody: true });
    await configureApp(app);
    refuseSecondConnectionInTransaction(app);
    const inFlight = watchCalls(app);
    await app.init();
    // Fastify binds its routes to the Node server once ready; supertest needs them in place.
    await app.getHttpAdapter().getInstance().ready();
    const unwatch = watchApp({ databaseUrl: database.url, inFlight, warnings: logger instanceof WarningsKeepingLogger ? logger.warnings : [] });
    return {
      app,
      server: app.getHttpServer(),
      dataSource: app.get(DataSource),
      database,
      get: (token) => app.get(token),
      close: async () => {
        unwatch();
        await app.close();
        if (ownsDatabase) await database.drop();
        if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    if (ownsDatabase) await database.drop();
    if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** The app's HTTP calls not answered yet, for a slow test's report (slow-test-report.ts). */
function watchCalls(app: HuddleApp): Map<number, { call: string; startedAt: number }> {
  const inFlight = new Map<number, { call: string; startedAt: number }>();
  let next = 0;
  const calls = new WeakMap<object, number>();
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', (request, _reply, done) => {
    next += 1;
    calls.set(request, next);
    inFlight.set(next, { call: `${request.method} ${request.url}`, startedAt: Date.now() });
    done();
  });
  const forget = (request: object) => {
    const id = calls.get(request);
    if (id !== undefined) inFlight.delete(id);
  };
  fastify.addHook('onResponse', (request, _reply, done) => {
    forget(request);
    done();
  });
  fastify.addHook('onRequestAbort', (request, done) => {
    forget(request);
    done();
  });
  return inFlight;
}
