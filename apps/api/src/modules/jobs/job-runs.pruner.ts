import { Injectable } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { JobsService } from './jobs.service';

export const PRUNE_JOB_RUNS = 'jobs.prune-runs';
// pg-boss forgets a finished job within days (archive, then deletion), so no retry can come back
// for a record this old.
const KEEP_DAYS = 30;

/** Once a day, forgets the idempotency records (job_runs) of jobs too old to be run again. */
@Injectable()
export class JobRunsPruner implements OnModuleInit {
  constructor(
    private readonly jobs: JobsService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  onModuleInit(): void {
    // Deleting what is already old is harmless to repeat: no once() needed.
    this.jobs.register(PRUNE_JOB_RUNS, async () => {
      await this.dataSource.query(`DELETE FROM job_runs WHERE ran_at < now() - $1 * interval '1 day'`, [KEEP_DAYS]);
    });
    this.jobs.schedule(PRUNE_JOB_RUNS, '17 4 * * *');
  }
}
