import { Inject, Injectable, Module } from '@nestjs/common';
import type { DynamicModule, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { JobsModule } from '../../src/modules/jobs/jobs.module';
import { JobsService } from '../../src/modules/jobs/jobs.service';

/** Jobs the probe handles; each leaves a row in probe_job_effects when it runs (see createProbeTables). */
export const PROBE_JOBS = {
  /** Records its label once (JobsService.once). */
  record: 'probe.record',
  /** Records each try, then throws: ends dead. */
  failing: 'probe.failing',
  /** A schedule every minute; records each run. */
  tick: 'probe.tick',
  /** Records that it started, then records its label once; with PROBE_HOLD=1 it never finishes that transaction. */
  crash: 'probe.crash',
} as const;

export interface ProbeOptions {
  /** Register the every-minute schedule of probe.tick. */
  tick?: boolean;
  /** probe.crash stops mid-way (inside its transaction) and waits forever: the process is to be killed. */
  holdCrash?: boolean;
}

/** Tables the probe handlers write to: the effects a test counts. */
export async function createProbeTables(query: (sql: string) => Promise<unknown>): Promise<void> {
  await query(`CREATE TABLE IF NOT EXISTS probe_job_effects (
    id bigserial PRIMARY KEY,
    job_id uuid NOT NULL,
    kind text NOT NULL,
    label text,
    at timestamptz NOT NULL DEFAULT clock_timestamp()
  )`);
}

const PROBE_OPTIONS = 'PROBE_OPTIONS';

@Injectable()
class JobsProbe implements OnModuleInit {
  constructor(
    private readonly jobs: JobsService,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(PROBE_OPTIONS) private readonly options: ProbeOptions,
  ) {}

  onModuleInit(): void {
    const options = this.options;
    const effect = (jobId: string, kind: string, label: string | null = null) =>
      this.dataSource.query('INSERT INTO probe_job_effects (job_id, kind, label) VALUES ($1, $2, $3)', [jobId, kind, label]);

    this.jobs.register<{ label: string }>(PROBE_JOBS.record, async (job) => {
      await this.jobs.once(job, (manager) => manager.query('INSERT INTO probe_job_effects (job_id, kind, label) VALUES ($1, $2, $3)', [job.id, 'record', job.data.label]));
    });
    this.jobs.register(PROBE_JOBS.failing, async (job) => {
      await effect(job.id, 'try', String(job.retryCount));
      throw new Error(`probe failure on try ${job.retryCount + 1}`);
    });
    this.jobs.register(PROBE_JOBS.tick, async (job) => {
      await effect(job.id, 'tick');
    });
    if (options.tick) this.jobs.schedule(PROBE_JOBS.tick, '* * * * *');
    this.jobs.register<{ label: string }>(PROBE_JOBS.crash, async (job) => {
      await effect(job.id, 'start', String(process.pid));
      await this.jobs.once(job, async (manager) => {
        await manager.query('INSERT INTO probe_job_effects (job_id, kind, label) VALUES ($1, $2, $3)', [job.id, 'done', job.data.label]);
        // Mid-way: the effect is written but not committed when the process is killed.
        if (options.holdCrash) await new Promise(() => undefined);
      });
    });
  }
}

/** Test-only job handlers, mounted next to the real application (createTestApp's `imports`). */
@Module({})
export class JobsProbeModule {
  static forRoot(options: ProbeOptions = {}): DynamicModule {
    return {
      module: JobsProbeModule,
      imports: [JobsModule],
      providers: [{ provide: PROBE_OPTIONS, useValue: options }, JobsProbe],
    };
  }
}
