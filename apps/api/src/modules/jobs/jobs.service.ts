// First: pg-boss's modules must load with its cheaper wait (see pg-boss-delay.ts).
import './pg-boss-delay';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable, Logger } from '@nestjs/common';
import type { OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import PgBoss from 'pg-boss';
import { DataSource } from 'typeorm';
import type { EntityManager, EntitySubscriberInterface, QueryRunner, TransactionCommitEvent, TransactionRollbackEvent } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { ADVISORY_LOCKS, withAdvisoryLock } from '../../database/advisory-lock';
import { DatabaseServer } from '../../database/database-server';
import { isDue, minuteOf, occurrenceId, parseCron } from './schedules';
import type { CronFields } from './schedules';

/**
 * Durable background work on PostgreSQL (pg-boss): email, notifications, timers, calls to the
 * card provider. A job is a row in the `pgboss` schema, so it survives the process that made it
 * and is enqueued in the same transaction as the change that causes it.
 *
 * THE RULE FOR HANDLERS: a handler may run more than once for one job. It is retried after it
 * throws, and a process that dies (or stalls past JOBS_EXPIRE_SECONDS) mid-job leaves the job to
 * be run again by another. So every handler is idempotent:
 * - database effects go through `once(job, manager => ...)`: the effect and a record that this job
 *   made it commit together, and a second run finds the record and does nothing;
 * - a call to another service passes the job id as its idempotency key (Stripe's Idempotency-Key,
 *   an email's Message-ID), so the provider drops the repeat;
 * - whatever is left is written to be harmless twice (insert-if-missing, set-to-value, never add-to).
 */

/** A job a stopping queue fetched: failed at once, so that it is retried rather than run half-way. */
class QueueStopping extends Error {}

/** Postgres schema pg-boss keeps its tables in. */
export const JOBS_SCHEMA = 'pgboss';
// Handlers still running at shutdown get this long to finish; then their jobs are failed (and retried).
const STOP_TIMEOUT_MS = 10_000;
// How far ahead drain() looks: jobs due later than this (timers, far retries) are not waited for.
const DRAIN_HORIZON_SECONDS = 60;

export interface Job<T> {
  id: string;
  /** The queue (job name) it was sent to. */
  name: string;
  data: T;
  /** 0 on the first run, then 1, 2, ... on retries. */
  retryCount: number;
}

export type JobHandler<T> = (job: Job<T>) => Promise<void>;

/** Per-queue overrides of the JOBS_* defaults. */
export interface JobQueueOptions {
  retryLimit?: number;
  retryDelaySeconds?: number;
  expireInSeconds?: number;
  /**
   * Runs when a job's last try throws and the job is dead: what someone must be told (a payment
   * that could not be taken). In one transaction with a record of the job, like `once`, so a
   * repeat does nothing. A last try that pg-boss fails for running past its expiry, or whose
   * process dies, is not seen here (it is still listed dead for the administrator).
   */
  onGiveUp?: (job: Job<unknown>, error: unknown, manager: EntityManager) => Promise<void>;
}

/** A subscriber's queue options, and which events it wants a job for. */
export interface SubscriptionOptions<T> extends JobQueueOptions {
  /**
   * Whether this event concerns the subscriber (default: every one). Events it does not want get
   * no job at all: each job is four statements and a wake-up in the publisher's transaction and
   * in the queue, for a handler that would only return.
   */
  wants?: (data: T) => boolean;
}

export interface EnqueueOptions {
  /** Not before this time: request expiry, auto-completion and other timers. */
  runAt?: Date;
  /**
   * At most one job with this key waiting to start in the queue: a second send while one waits is
   * dropped and answers null, also from a concurrent transaction (it waits for the first to commit
   * or roll back). Once that job has started, a new send with the key is queued: a later job is
   * never lost to one that already ran. Every queue has pg-boss's 'short' policy (a unique index
   * on queue and key over waiting jobs; on its default 'standard' policy pg-boss ignores the key),
   * and a send without a key gets one of its own, so keyless jobs never meet.
   */
  singletonKey?: string;
}

/** A job that failed every try: kept for an administrator to look at. */
export interface DeadJob {
  id: string;
  name: string;
  data: unknown;
  retryCount: number;
  createdAt: Date;
  failedAt: Date | null;
  /** The last error's message. */
  error: string | null;
}

interface Registration {
  handler: JobHandler<unknown>;
  options: JobQueueOptions;
}

interface Schedule {
  cron: string;
  fields: CronFields;
  data: object;
}

// How often a process looks for schedules due this minute: a minute's job starts within this of it.
const SCHEDULE_CHECK_MS = 10_000;

/** pg-boss runs its SQL through this; on a query runner it joins that runner's transaction. */
function onRunner(runner: QueryRunner): PgBoss.Db {
  return {
    executeSql: async (text, values) => {
      const result = await runner.query(text, values, true);
      return { rows: result.records };
    },
  };
}

function messageOf(output: unknown): string | null {
  if (output && typeof output === 'object' && 'message' in output && typeof output.message === 'string') return output.message;
  return output === null || output === undefined ? null : JSON.stringify(output);
}

/**
 * The job queue every module uses. Owners register their handlers (by job name) and schedules in
 * their own onModuleInit; the queue starts working them when the application has bootstrapped,
 * and stops, letting running handlers finish, when it closes.
 */
@Injectable()
export class JobsService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Jobs');
  private readonly boss: PgBoss;
  private readonly handlers = new Map<string, Registration>();
  private readonly subscribers = new Map<string, Array<{ name: string; wants: (data: never) => boolean }>>();
  private readonly schedules = new Map<string, Schedule>();
  private readonly queues = new Map<string, Promise<void>>();
  /** This process's pg-boss worker per queue, woken when a job for it commits. */
  private readonly workers = new Map<string, string>();
  /** Queues that got a job inside a still-open transaction, by that transaction's runner. */
  private readonly pendingWakes = new WeakMap<QueryRunner, Set<string>>();
  private starting: Promise<void> | null = null;
  private working = false;
  private stopped = false;
  /** Handlers of this process running now, and how many ever started: a stop waits for them to settle. */
  private running = 0;
  private started = 0;

  private readonly retryLimit: number;
  /** JOBS_WORK: false in a process that only queues jobs (the reconcile command). */
  private readonly worksJobs: boolean;
  /** JOBS_WORK and JOBS_SCHEDULES: this process fires the schedules when they fall due. */
  private readonly firesSchedules: boolean;
  private scheduleTimer: NodeJS.Timeout | null = null;
  /** The minute each schedule was last fired for by this process (the others' are deduplicated by the job's id). */
  private readonly firedFor = new Map<string, number>();

  constructor(
    config: AppConfig,
    server: DatabaseServer,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {
    this.retryLimit = config.JOBS_RETRY_LIMIT;
    this.worksJobs = config.JOBS_WORK;
    this.boss = new PgBoss({
      connectionString: server.url,
      schema: JOBS_SCHEMA,
      application_name: 'huddle-jobs',
      max: 4,
      retryLimit: config.JOBS_RETRY_LIMIT,
      retryDelay: config.JOBS_RETRY_DELAY_SECONDS,
      retryBackoff: true,
      expireInSeconds: config.JOBS_EXPIRE_SECONDS,
      maintenanceIntervalSeconds: config.JOBS_MAINTENANCE_INTERVAL_SECONDS,
      pollingIntervalSeconds: config.JOBS_POLL_INTERVAL_MS / 1000,
      // A process that only queues jobs takes no part in the queue's upkeep either.
      supervise: config.JOBS_WORK,
      // Schedules are fired by this service (fireDueSchedules), not by pg-boss's timekeeper.
      schedule: false,
    });
    this.firesSchedules = config.JOBS_WORK && config.JOBS_SCHEDULES;
    // Without a listener an 'error' event would throw; pg-boss retries its own polling.
    this.boss.on('error', (error: Error) => this.logger.warn(`Job queue: ${error.message}`));
  }

  /** Runs `handler` for every job sent to `name`. Call it from the owning module's onModuleInit. */
  register<T>(name: string, handler: JobHandler<T>, options: JobQueueOptions = {}): void {
    if (this.working) throw new Error(`Job handler ${name} registered after the queue started`);
    if (this.handlers.has(name)) throw new Error(`Job handler ${name} is registered twice`);
    this.handlers.set(name, { handler: handler as JobHandler<unknown>, options });
  }

  /**
   * Subscribes a handler to an event that several modules react to (account created, ...): each
   * subscriber gets a job of its own, `<event>.<subscriber>`, retried on its own.
   */
  subscribe<T>(event: string, subscriber: string, handler: JobHandler<T>, options: SubscriptionOptions<T> = {}): void {
    const name = `${event}.${subscriber}`;
    const { wants = () => true, ...queueOptions } = options;
    this.register(name, handler, queueOptions);
    this.subscribers.set(event, [...(this.subscribers.get(event) ?? []), { name, wants: wants as (data: never) => boolean }]);
  }

  /** A recurring job: `cron` in UTC, standard five fields. It runs once per occurrence, however many processes run. */
  schedule(name: string, cron: string, data: object = {}): void {
    if (this.working) throw new Error(`Schedule ${name} added after the queue started`);
    if (!this.handlers.has(name)) throw new Error(`Schedule ${name} has no handler: register it first`);
    this.schedules.set(name, { cron, fields: parseCron(cron), data });
  }

  /** The cron (UTC) a recurring job was scheduled with, or null. */
  cronOf(name: string): string | null {
    return this.schedules.get(name)?.cron ?? null;
  }

  /**
   * Enqueues a job inside the caller's transaction (the EntityManager of dataSource.transaction),
   * on the same connection: it exists only if that transaction commits.
   */
  async enqueueIn<T extends object>(manager: EntityManager, name: string, data: T, options: EnqueueOptions = {}): Promise<string | null> {
    const runner = manager.queryRunner;
    if (!runner || !runner.isTransactionActive) throw new Error(`enqueueIn(${name}) needs the EntityManager of an open transaction`);
    const id = await this.send(runner, name, data, options);
    const wakes = this.pendingWakes.get(runner) ?? new Set<string>();
    this.pendingWakes.set(runner, wakes.add(name));
    return id;
  }

  /** Enqueues a job on its own, for callers with no transaction to join. */
  async enqueue<T extends object>(name: string, data: T, options: EnqueueOptions = {}): Promise<string | null> {
    // On the application's pool rather than pg-boss's, which closes first at shutdown.
    const runner = this.dataSource.createQueryRunner();
    try {
      const id = await this.send(runner, name, data, options);
      this.wake(name);
      return id;
    } finally {
      await runner.release();
    }
  }

  /** Enqueues one job per subscriber of `event` that wants it, inside the caller's transaction. */
  async publishIn<T extends object>(manager: EntityManager, event: string, data: T): Promise<void> {
    for (const { name, wants } of this.subscribers.get(event) ?? []) if ((wants as (data: T) => boolean)(data)) await this.enqueueIn(manager, name, data);
  }

  /**
   * Runs `work` and records that job `job.id` did it, in one transaction. When the record is
   * already there (an earlier run committed), nothing runs and the answer is undefined.
   */
  async once<R>(job: Job<unknown>, work: (manager: EntityManager) => Promise<R>): Promise<R | undefined> {
    return this.dataSource.transaction(async (manager) => {
      const claimed: unknown[] = await manager.query('INSERT INTO job_runs (job_id, name) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING job_id', [
        job.id,
        job.name,
      ]);
      if (claimed.length === 0) return undefined;
      return work(manager);
    });
  }

  /**
   * An administrator's retry of a dead job, in the caller's transaction: a failed job gets one
   * more try (pg-boss's own retry: its state back to retry, one more allowed), an archived one is
   * sent again with the same data. Only jobs whose name starts with one of `prefixes`; a job that
   * is not dead (already retried, or never failed) is left alone, so a second click does nothing.
   * Handlers are idempotent (THE RULE FOR HANDLERS), so a retried money job moves money at most once.
   * The record of its give-up is cleared, so if it fails again its onGiveUp runs again (the money
   * queues keep their effects idempotent without `once`, so nothing else is repeated).
   */
  async retryDeadIn(manager: EntityManager, id: string, prefixes: readonly string[]): Promise<{ retried: boolean; name: string | null }> {
    const runner = manager.queryRunner;
    if (!runner || !runner.isTransactionActive) throw new Error('retryDeadIn needs the EntityManager of an open transaction');
    const allowed = (name: string) => prefixes.some((prefix) => name.startsWith(prefix));
    const [updated]: [Array<{ name: string }>, number] = await manager.query(
      `UPDATE ${JOBS_SCHEMA}.job SET state = 'retry', retry_limit = retry_count + 1, start_after = now()
        WHERE id = $1 AND state = 'failed' AND name = ANY($2::text[]) RETURNING name`,
      [id, [...this.handlers.keys()].filter(allowed)],
    );
    if (updated[0]) {
      // Its give-up was recorded once per job (like `once`): a retry that fails again must be seen again.
      await manager.query(`DELETE FROM job_runs WHERE job_id = $1`, [id]);
      const wakes = this.pendingWakes.get(runner) ?? new Set<string>();
      this.pendingWakes.set(runner, wakes.add(updated[0].name));
      return { retried: true, name: updated[0].name };
    }
    const [archived]: [Array<{ name: string; data: object }>, number] = await manager.query(
      `DELETE FROM ${JOBS_SCHEMA}.archive WHERE id = $1 AND state = 'failed' RETURNING name, data`,
      [id],
    );
    const dead = archived[0];
    if (!dead || !allowed(dead.name) || !this.handlers.has(dead.name)) {
      if (dead) throw new Error(`Job ${id} (${dead.name}) is not one that may be retried here`);
      return { retried: false, name: null };
    }
    await this.enqueueIn(manager, dead.name, dead.data);
    return { retried: true, name: dead.name };
  }

  /** Jobs that failed every try, newest first (for the administrator console). */
  async listDead(limit = 100): Promise<DeadJob[]> {
    await this.start();
    const columns = 'id, name, data, retry_count, created_on, completed_on, output';
    const where = `state = 'failed' AND name NOT LIKE '\\_\\_pgboss\\_\\_%'`;
    const rows: Array<{ id: string; name: string; data: unknown; retry_count: number; created_on: Date; completed_on: Date | null; output: unknown }> =
      await this.dataSource.query(
        `SELECT * FROM (SELECT ${columns} FROM ${JOBS_SCHEMA}.job WHERE ${where}
           UNION ALL SELECT ${columns} FROM ${JOBS_SCHEMA}.archive WHERE ${where}) dead
         ORDER BY completed_on DESC NULLS LAST LIMIT $1`,
        [limit],
      );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      data: row.data,
      retryCount: row.retry_count,
      createdAt: row.created_on,
      failedAt: row.completed_on,
      error: messageOf(row.output),
    }));
  }

  /**
   * Waits until no job is running and none is due within a minute (retries included), or throws
   * after `timeoutMs`. For tests and scripts that must see a job's effect: it waits on the real
   * queue, whichever process works it. `ignore` names jobs not to wait for (a schedule that fires
   * every minute would otherwise keep one due).
   */
  /** drain(), not waiting for the schedules (each keeps one job due): the work that was asked for. */
  async drainRequested(timeoutMs = 20_000): Promise<void> {
    await this.drain(timeoutMs, [...this.schedules.keys()]);
  }

  async drain(timeoutMs = 20_000, ignore: readonly string[] = []): Promise<void> {
    await this.start();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [{ pending }]: Array<{ pending: number }> = await this.dataSource.query(
        `SELECT count(*)::int AS pending FROM ${JOBS_SCHEMA}.job
         WHERE name NOT LIKE '\\_\\_pgboss\\_\\_%' AND NOT (name = ANY($2::text[]))
           AND (state = 'active' OR (state IN ('created', 'retry') AND start_after < now() + $1 * interval '1 second'))`,
        [DRAIN_HORIZON_SECONDS, ignore],
      );
      if (pending === 0) return;
      if (Date.now() > deadline) throw new Error(`${pending} job(s) still pending after ${timeoutMs} ms`);
      await sleep(50);
    }
  }

  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.startWorking();
    } catch (error) {
      // A start that fails must not leave pg-boss polling behind it.
      await this.onModuleDestroy();
      throw error;
    }
  }

  private async startWorking(): Promise<void> {
    await this.start();
    this.working = true;
    this.dataSource.subscribers.push(this.commitListener());
    for (const [name, { handler, options }] of this.handlers) {
      // Created here in every process: a job is then queued inside its transaction with nothing else to do first.
      await this.queue(name);
      if (!this.worksJobs) continue;
      const retryLimit = options.retryLimit ?? this.retryLimit;
      const workerId = await this.boss.work(name, { includeMetadata: true }, async ([job]: Array<PgBoss.JobWithMetadata<unknown>>) => {
        const current: Job<unknown> = { id: job.id, name: job.name, data: job.data, retryCount: job.retryCount };
        this.running += 1;
        this.started += 1;
        try {
          // A job fetched as the queue stops is not started: it fails and is retried by a live process.
          if (this.stopped) throw new QueueStopping(`The job queue is stopping; ${name} ${job.id} will run again`);
          await handler(current);
        } catch (error) {
          if (error instanceof QueueStopping) throw error;
          this.logger.warn(`Job ${name} ${job.id} failed (try ${job.retryCount + 1}): ${error instanceof Error ? error.message : String(error)}`);
          if (options.onGiveUp && job.retryCount >= retryLimit) {
            const giveUp = options.onGiveUp;
            await this.once(current, (manager) => giveUp(current, error, manager)).catch((failure: unknown) =>
              this.logger.error(`Giving up job ${name} ${job.id} failed: ${failure instanceof Error ? failure.message : String(failure)}`),
            );
          }
          throw error;
        } finally {
          this.running -= 1;
          // pg-boss's worker takes one job per fetch and then sleeps out the polling interval, so
          // under load a queue would drain one job per interval while its backlog grows. A worker
          // that found a job fetches again at once; one that finds none sleeps as usual.
          this.wake(name);
        }
      });
      this.workers.set(name, workerId);
    }
    if (!this.firesSchedules) return;
    // Schedules pg-boss stored for versions of Huddle that let its timekeeper fire them: gone, so
    // that such a process still running (a rolling deploy) stops firing them beside this one.
    for (const schedule of await this.boss.getSchedules()) await this.boss.unschedule(schedule.name);
    await this.fireDueSchedules();
    if (this.stopped) return;
    this.scheduleTimer = setInterval(() => void this.fireDueSchedules(), SCHEDULE_CHECK_MS);
    this.scheduleTimer.unref();
  }

  /**
   * Sends each schedule's job for the current minute if that minute is an occurrence, once per
   * process (firedFor) and once in all: the job's id is the occurrence's (occurrenceId), and
   * pg-boss drops an insert whose id its queue already holds. A send that failed is tried again at
   * the next check of the same minute. The minute is this process's clock's: hosts whose clocks
   * disagree still send one job per occurrence (its id names the minute, not the moment it was
   * seen); a clock that is off only moves when that job starts. An occurrence is missed only when
   * no process that fires schedules checks during its whole minute, as with pg-boss's timekeeper.
   * A process of a version before 2026-12-01 that starts while this one runs (a rolling deploy, a
   * rollback) stores pg-boss's schedules again, and its timekeeper fires them, with ids of its own,
   * beside this service until it stops: a sweep may then run twice in a minute. Handlers are
   * idempotent (the rule above), so that costs the sweep's work, not a second effect.
   */
  private async fireDueSchedules(): Promise<void> {
    if (this.stopped) return;
    const minute = minuteOf(new Date());
    for (const [name, { fields, data }] of this.schedules) {
      if (this.firedFor.get(name) === minute.getTime() || !isDue(fields, minute)) continue;
      this.firedFor.set(name, minute.getTime());
      try {
        if (await this.boss.send(name, data, { id: occurrenceId(name, minute) })) this.wake(name);
      } catch (error) {
        this.firedFor.delete(name);
        if (!this.stopped) this.logger.warn(`Schedule ${name} not fired for ${minute.toISOString()} yet: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }

  /** Stops fetching, lets running handlers finish (or fails them for a retry after STOP_TIMEOUT_MS), closes pg-boss's pool. */
  async onModuleDestroy(): Promise<void> {
    if (this.scheduleTimer) clearInterval(this.scheduleTimer);
    this.scheduleTimer = null;
    if (this.stopped || !this.starting) return;
    this.stopped = true;
    await this.starting.catch(() => undefined);
    await this.boss.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS });
    // pg-boss removes its stopped workers in a setImmediate it does not await, which sleeps on
    // node:timers, a second at a time, while any worker is still winding down (a handler that ran
    // past the stop's timeout on a busy machine). Let our handlers end and that loop finish now,
    // while the process (or a test's environment) is still whole, rather than after the caller moved on.
    // Done when no handler ran, or started, through a whole wait longer than pg-boss's one-second loop.
    const deadline = Date.now() + STOP_TIMEOUT_MS * 3;
    for (;;) {
      while (this.running > 0 && Date.now() < deadline) await sleep(100);
      const startedBefore = this.started;
      await new Promise((resolve) => setImmediate(resolve));
      await sleep(1_200);
      if ((this.running === 0 && this.started === startedBefore) || Date.now() >= deadline) break;
    }
  }

  /**
   * Workers poll every JOBS_POLL_INTERVAL_MS; a job committed by this process is started at once
   * instead (a reset code's email, a new account's set-up), by waking this process's worker.
   */
  private commitListener(): EntitySubscriberInterface {
    return {
      afterTransactionCommit: (event: TransactionCommitEvent) => {
        // A released savepoint is not the commit yet.
        if (event.queryRunner.isTransactionActive) return;
        for (const name of this.pendingWakes.get(event.queryRunner) ?? []) this.wake(name);
        this.pendingWakes.delete(event.queryRunner);
      },
      afterTransactionRollback: (event: TransactionRollbackEvent) => {
        if (!event.queryRunner.isTransactionActive) this.pendingWakes.delete(event.queryRunner);
      },
    };
  }

  private wake(name: string): void {
    const workerId = this.workers.get(name);
    if (workerId && !this.stopped) this.boss.notifyWorker(workerId);
  }

  /** Installs or upgrades pg-boss's schema (pg-boss does that under an advisory lock of its own) and starts its supervision. */
  private start(): Promise<void> {
    this.starting ??= this.boss.start().then(() => undefined);
    return this.starting;
  }

  private queue(name: string): Promise<void> {
    let created = this.queues.get(name);
    if (!created) {
      const options = this.handlers.get(name)?.options ?? {};
      const settings: PgBoss.Queue = {
        name,
        // What makes singletonKey hold (see EnqueueOptions); updateQueue below moves older queues to it.
        policy: 'short',
        ...(options.retryLimit !== undefined ? { retryLimit: options.retryLimit } : {}),
        ...(options.retryDelaySeconds !== undefined ? { retryDelay: options.retryDelaySeconds } : {}),
        ...(options.expireInSeconds !== undefined ? { expireInSeconds: options.expireInSeconds } : {}),
      };
      created = this.start().then(async () => {
        if (!(await this.boss.getQueue(name))) {
          await withAdvisoryLock(this.dataSource, ADVISORY_LOCKS.jobQueues, () => this.boss.createQueue(name, settings));
        }
        // A queue made by an older version keeps its settings unless told the current ones.
        await this.boss.updateQueue(name, settings);
      });
      created.catch(() => this.queues.delete(name));
      this.queues.set(name, created);
    }
    return created;
  }

  private async send(runner: QueryRunner, name: string, data: object, options: EnqueueOptions): Promise<string | null> {
    if (!this.handlers.has(name)) throw new Error(`No handler is registered for job ${name}`);
    await this.queue(name);
    const id = await this.boss.send(name, data, {
      db: onRunner(runner),
      ...(options.runAt ? { startAfter: options.runAt } : {}),
      singletonKey: options.singletonKey ?? randomUUID(),
    });
    if (id === null && !options.singletonKey) throw new Error(`Job ${name} was not enqueued`);
    return id;
  }
}
