import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { JOBS_SCHEMA, JobsService } from '../src/modules/jobs/jobs.service';
import { createProbeTables, JobsProbeModule, PROBE_JOBS } from './support/jobs-probe';
import { createTestApp } from './support/test-app';
import { TEST_DEFAULTS } from './support/test-app';
import type { TestApp } from './support/test-app';
import { createTestDatabase } from './support/test-database';
import type { TestDatabase } from './support/test-database';

interface Effect {
  job_id: string;
  kind: string;
  label: string | null;
  at: Date;
}

async function effects(testApp: TestApp, kind: string): Promise<Effect[]> {
  return testApp.dataSource.query('SELECT job_id, kind, label, at FROM probe_job_effects WHERE kind = $1 ORDER BY at, id', [kind]);
}

/** Polls `read` until `done` holds for its answer, or fails after `timeoutMs`. */
async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}; last: ${JSON.stringify(value)}`);
    await sleep(100);
  }
}

describe('durable jobs', () => {
  describe('in one API process', () => {
    let testApp: TestApp;
    let jobs: JobsService;

    beforeAll(async () => {
      testApp = await createTestApp({
        imports: [JobsProbeModule.forRoot()],
        env: { JOBS_RETRY_LIMIT: '2', JOBS_RETRY_DELAY_SECONDS: '1' },
      });
      await createProbeTables((sql) => testApp.dataSource.query(sql));
      jobs = testApp.get(JobsService);
    });

    afterAll(async () => {
      await testApp.close();
    });

    it('runs a job enqueued in a transaction that commits, never one whose transaction rolls back', async () => {
      await expect(
        testApp.dataSource.transaction(async (manager) => {
          await jobs.enqueueIn(manager, PROBE_JOBS.record, { label: 'rolled back' });
          throw new Error('the change fails after the job was enqueued');
        }),
      ).rejects.toThrow('the change fails');
      const committedId = await testApp.dataSource.transaction((manager) => jobs.enqueueIn(manager, PROBE_JOBS.record, { label: 'committed' }));

      await jobs.drain();
      const recorded = await effects(testApp, 'record');
      expect(recorded.map((row) => row.label)).toEqual(['committed']);
      expect(recorded[0].job_id).toBe(committedId);
      const queued: Array<{ count: number }> = await testApp.dataSource.query(`SELECT count(*)::int AS count FROM ${JOBS_SCHEMA}.job WHERE name = $1`, [PROBE_JOBS.record]);
      expect(queued[0].count).toBe(1);
    });

    it('refuses to enqueue in a manager with no open transaction, and a job nobody handles', async () => {
      await expect(jobs.enqueueIn(testApp.dataSource.manager, PROBE_JOBS.record, { label: 'x' })).rejects.toThrow(/open transaction/);
      await expect(jobs.enqueue('probe.nobody', {})).rejects.toThrow(/No handler/);
    });

    it('once(): a second run of the same job does not repeat its effect', async () => {
      const id = await jobs.enqueue(PROBE_JOBS.record, { label: 'twice' });
      await jobs.drain();
      // Run the handler's body again for the same job, as a retry after a lost completion would.
      const again = await jobs.once({ id: id ?? '', name: PROBE_JOBS.record, data: {}, retryCount: 1 }, async () => 'ran');
      expect(again).toBeUndefined();
      expect((await effects(testApp, 'record')).filter((row) => row.label === 'twice')).toHaveLength(1);
    });

    it('retries a failing job with growing waits, then keeps it dead, listed for an administrator', async () => {
      const id = await jobs.enqueue(PROBE_JOBS.failing, {});
      await jobs.drain(30_000);

      const tries = await effects(testApp, 'try');
      expect(tries.map((row) => row.label)).toEqual(['0', '1', '2']);
      const [first, second, third] = tries.map((row) => row.at.getTime());
      // JOBS_RETRY_DELAY_SECONDS=1 with exponential backoff: 1-2 s before the first retry, 2-4 s before the second.
      expect(second - first).toBeGreaterThanOrEqual(1_000);
      expect(third - second).toBeGreaterThanOrEqual(2_000);

      const dead = await jobs.listDead();
      expect(dead).toEqual([
        expect.objectContaining({ id, name: PROBE_JOBS.failing, retryCount: 2, error: 'probe failure on try 3' }),
      ]);
      expect(dead[0].failedAt).toBeInstanceOf(Date);
    }, 60_000);

    it('singletonKey: a second send while one waits is dropped, from concurrent transactions too; a later one runs', async () => {
      const first = await jobs.enqueue(PROBE_JOBS.record, { label: 'keyed' }, { singletonKey: 'probe:1', runAt: new Date(Date.now() + 1_000) });
      expect(first).not.toBeNull();
      expect(await jobs.enqueue(PROBE_JOBS.record, { label: 'keyed' }, { singletonKey: 'probe:1' })).toBeNull();

      // Two transactions that overlap: the second's insert waits for the first to commit, then finds its job.
      // The job waits a few seconds before it may run, so that on a slow machine it is still waiting
      // (not already taken by a worker, when its key is free again) whenever the second insert comes.
      const runAt = new Date(Date.now() + 3_000);
      const inTransaction = (pause: number) =>
        testApp.dataSource.transaction(async (manager) => {
          await sleep(pause);
          const id = await jobs.enqueueIn(manager, PROBE_JOBS.record, { label: 'concurrent' }, { singletonKey: 'probe:2', runAt });
          await sleep(500);
          return id;
        });
      const ids = await Promise.all([inTransaction(0), inTransaction(100)]);
      expect(ids.filter((id) => id !== null)).toHaveLength(1);
      // Keyless jobs never meet: both run.
      await jobs.enqueue(PROBE_JOBS.record, { label: 'keyless' });
      await jobs.enqueue(PROBE_JOBS.record, { label: 'keyless' });
      await jobs.drain();
      const labels = (await effects(testApp, 'record')).map((row) => row.label);
      expect(labels.filter((label) => label === 'keyed')).toHaveLength(1);
      expect(labels.filter((label) => label === 'concurrent')).toHaveLength(1);
      expect(labels.filter((label) => label === 'keyless')).toHaveLength(2);

      // The keyed job ran: a later send with its key is a new job, not lost to the one before.
      expect(await jobs.enqueue(PROBE_JOBS.record, { label: 'keyed again' }, { singletonKey: 'probe:1' })).not.toBeNull();
      await jobs.drain();
      expect((await effects(testApp, 'record')).filter((row) => row.label === 'keyed again')).toHaveLength(1);
    });

    it('runs a job set for a later time only once that time has come', async () => {
      const runAt = new Date(Date.now() + 2_500);
      await jobs.enqueue(PROBE_JOBS.record, { label: 'later' }, { runAt });
      await sleep(1_000);
      expect((await effects(testApp, 'record')).filter((row) => row.label === 'later')).toEqual([]);
      await jobs.drain();
      const [later] = (await effects(testApp, 'record')).filter((row) => row.label === 'later');
      expect(later.at.getTime()).toBeGreaterThanOrEqual(runAt.getTime() - 50);
    });
  });

  describe('with a long polling interval', () => {
    let testApp: TestApp;
    let jobs: JobsService;

    beforeAll(async () => {
      // Far longer than the drain below may take: only fetching again at once can empty the queue.
      testApp = await createTestApp({ imports: [JobsProbeModule.forRoot()], env: { JOBS_POLL_INTERVAL_MS: '60000' } });
      await createProbeTables((sql) => testApp.dataSource.query(sql));
      jobs = testApp.get(JobsService);
    });

    afterAll(async () => {
      await testApp.close();
    });

    it('works off a backlog job after job, not one job per polling interval', async () => {
      await testApp.dataSource.transaction(async (manager) => {
        for (let index = 0; index < 25; index += 1) await jobs.enqueueIn(manager, PROBE_JOBS.record, { label: `backlog ${index}` });
      });
      await jobs.drain(30_000);
      expect(await effects(testApp, 'record')).toHaveLength(25);
    });
  });

  describe('across API processes on one database', () => {
    let database: TestDatabase;

    beforeAll(async () => {
      database = await createTestDatabase();
      const client = new Client({ connectionString: database.url });
      await client.connect();
      await createProbeTables((sql) => client.query(sql));
      await client.end();
    });

    afterAll(async () => {
      await database.drop();
    });

    it('a process with JOBS_WORK=false queues jobs and works none; a working process runs them', async () => {
      const queuing = await createTestApp({ database, imports: [JobsProbeModule.forRoot()], env: { JOBS_WORK: 'false', JOBS_POLL_INTERVAL_MS: '500' } });
      try {
        await queuing.dataSource.transaction((manager) => queuing.get(JobsService).enqueueIn(manager, PROBE_JOBS.record, { label: 'queued only' }));
        // Several of its polling intervals: nothing fetched the job.
        await sleep(2_000);
        expect(await effects(queuing, 'record')).toEqual([]);
        const working = await createTestApp({ database, imports: [JobsProbeModule.forRoot()], env: { JOBS_POLL_INTERVAL_MS: '500' } });
        try {
          const [done] = await waitFor(() => effects(working, 'record'), (rows) => rows.length > 0, 20_000, 'the working process to run the job');
          expect(done.label).toBe('queued only');
        } finally {
          await working.close();
        }
      } finally {
        await queuing.close();
      }
    }, 60_000);

    it('fires a schedule once per occurrence however many processes run it', async () => {
      // Stay inside one minute, so exactly one occurrence ("* * * * *") falls in the window: start
      // at its beginning and stop looking before its end.
      const second = new Date().getUTCSeconds();
      if (second > 5) await sleep((61 - second) * 1000);
      const apps = await Promise.all([0, 1].map(() => createTestApp({ database, env: { JOBS_SCHEDULES: 'true' }, imports: [JobsProbeModule.forRoot({ tick: true })] })));
      try {
        // Each process checks the schedules when it starts and then every 10 s (JobsService).
        await waitFor(() => effects(apps[0], 'tick'), (rows) => rows.length > 0, 25_000, 'the first tick');
        // More rounds of both processes until second 55 of the same minute.
        await sleep(Math.max(0, 55 - new Date().getUTCSeconds()) * 1000);
        await apps[0].get(JobsService).drain();
        expect(await effects(apps[1], 'tick')).toHaveLength(1);
      } finally {
        await Promise.all(apps.map((app) => app.close()));
      }
    }, 150_000);

    it('a job whose worker process is killed mid-way completes exactly once in the next worker', async () => {
      const env = {
        ...process.env,
        // What a test app runs with (a DATABASE_URL needs an AUTH_SECRET), so the worker starts as the API would.
        ...TEST_DEFAULTS,
        DATABASE_URL: database.url,
        LOG_LEVEL: 'error',
        JOBS_POLL_INTERVAL_MS: '500',
        // Short on purpose: a job held by a dead process is picked up again after this.
        JOBS_EXPIRE_SECONDS: '3',
        JOBS_MAINTENANCE_INTERVAL_SECONDS: '1',
        JOBS_RETRY_DELAY_SECONDS: '1',
      };
      const start = (extra: Record<string, string>): ChildProcess =>
        spawn(process.execPath, ['-r', join(__dirname, 'support/ts-register.js'), join(__dirname, 'support/job-worker.ts')], {
          env: { ...env, ...extra },
          stdio: ['ignore', 'pipe', 'inherit'],
        });
      const observer = new Client({ connectionString: database.url });
      await observer.connect();
      const rows = async (kind: string): Promise<Array<{ job_id: string; label: string }>> =>
        (await observer.query('SELECT job_id, label FROM probe_job_effects WHERE kind = $1 ORDER BY id', [kind])).rows;
      const workers: ChildProcess[] = [];
      try {
        const first = start({ PROBE_HOLD: '1', PROBE_ENQUEUE: 'crash test' });
        workers.push(first);
        const [started] = await waitFor(() => rows('start'), (found) => found.length === 1, 30_000, 'the first worker to start the job');
        expect(started.label).toBe(String(first.pid));
        const exited = new Promise((resolve) => first.once('exit', resolve));
        first.kill('SIGKILL');
        await exited;
        expect(await rows('done')).toEqual([]);

        const second = start({});
        workers.push(second);
        const done = await waitFor(() => rows('done'), (found) => found.length > 0, 40_000, 'the job to complete in the second worker');
        // Several more maintenance and polling rounds: nothing runs it again.
        await sleep(3_000);
        expect(await rows('done')).toEqual(done);
        expect(done).toEqual([{ job_id: started.job_id, label: 'crash test' }]);
        const starts = await rows('start');
        expect(starts.map((row) => row.label)).toEqual([String(first.pid), String(second.pid)]);
        const state = await observer.query(`SELECT state, retry_count FROM ${JOBS_SCHEMA}.job WHERE id = $1`, [started.job_id]);
        expect(state.rows).toEqual([{ state: 'completed', retry_count: 1 }]);
      } finally {
        for (const worker of workers) if (worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
        await observer.end();
      }
    }, 90_000);
  });
});
