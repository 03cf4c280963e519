import { Logger } from '@nestjs/common';
import { isDatabaseUnavailable } from './database/database-unavailable';

/**
 * A promise that fails while PostgreSQL is away, with nobody awaiting it, must not end the process:
 * pg-boss 10 marks a job completed or failed without awaiting it (its worker's onFetch), so when
 * the database stops mid-job that rejection is unhandled, and Node's default ends the process
 * (seen in test/postgres-restart.spec.ts; pg-boss issue 365). Such a job stays active and is taken
 * up again when it expires (its handler acts at most once). Every other unhandled rejection is a
 * bug and still ends the process, as Node's default does.
 */
export function surviveDatabaseOutages(): void {
  const logger = new Logger('Database');
  process.on('unhandledRejection', (reason: unknown) => {
    if (!isDatabaseUnavailable(reason)) throw reason;
    logger.warn(`A call nobody awaited failed while PostgreSQL was away: ${reason instanceof Error ? reason.message : String(reason)}`);
  });
}
