import { Module } from '@nestjs/common';
import { DatabaseServerModule } from '../../database/database.module';
import { JobRunsPruner } from './job-runs.pruner';
import { JobsService } from './jobs.service';

/**
 * The durable job queue (pg-boss on the API's PostgreSQL). Modules import it and use JobsService:
 * enqueue in their transaction, register handlers and schedules at init. See jobs.service.ts for
 * the rule every handler follows (idempotent).
 */
@Module({
  imports: [DatabaseServerModule],
  providers: [JobsService, JobRunsPruner],
  exports: [JobsService],
})
export class JobsModule {}
