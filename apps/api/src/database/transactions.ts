import { Global, Injectable, Module } from '@nestjs/common';
import { ClsModule, ClsService } from 'nestjs-cls';
import { ClsPluginTransactional, Propagation, TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource, QueryFailedError } from 'typeorm';
import type { EntityManager } from 'typeorm';

const AFTER_COMMIT = Symbol('huddle:after-commit');

type AfterCommit = () => void;

/** PostgreSQL chose this transaction to break a deadlock: nothing of it was kept, so it may run again. */
const DEADLOCK_DETECTED = '40P01';
const DEADLOCK_TRIES = 3;

function isDeadlock(error: unknown): boolean {
  return error instanceof QueryFailedError && (error.driverError as { code?: string }).code === DEADLOCK_DETECTED;
}

/**
 * One database transaction across services and modules (@nestjs-cls/transactional): a service
 * reads and writes through `manager`, which is the transaction's while `run` is in progress, so an
 * orchestrating service (registration, profile update, deletion) makes the writes of several
 * modules commit or roll back together without passing a manager around. `run` inside `run` joins
 * the outer transaction. Work that must only follow a commit (events that clear caches in this and
 * other processes) goes through `afterCommit`.
 */
@Injectable()
export class Transactions {
  constructor(
    private readonly host: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly cls: ClsService,
  ) {}

  /** The entity manager of the transaction in progress, or the data source's own outside any. */
  get manager(): EntityManager {
    return this.host.tx;
  }

  /**
   * Runs `work` in a transaction (joining the one in progress). A transaction PostgreSQL aborts to
   * break a deadlock is run again, whole, a few times (PostgreSQL's advice): the locks two
   * transactions take across modules (a request's row, notification counters, job rows) cannot
   * always be taken in one global order, and the aborted one kept nothing. `work` must therefore
   * only write through the transaction (calls to other systems are jobs), as everywhere here.
   */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.host.isTransactionActive()) return this.host.withTransaction(work);
    for (let attempt = 1; ; attempt += 1) {
      const committed: AfterCommit[] = [];
      try {
        const result = await this.cls.run(async () => {
          this.cls.set(AFTER_COMMIT, committed);
          return this.host.withTransaction(work);
        });
        for (const callback of committed) callback();
        return result;
      } catch (error) {
        if (attempt >= DEADLOCK_TRIES || !isDeadlock(error)) throw error;
        // Apart, so the two do not meet again at once.
        await sleep(Math.floor(Math.random() * 50 * attempt));
      }
    }
  }

  /**
   * Work whose failure the caller catches and goes on from (a retry): inside a transaction it runs
   * in a savepoint, since PostgreSQL refuses every later statement of a transaction after an error.
   */
  savepoint<T>(work: () => Promise<T>): Promise<T> {
    // Outside a transaction it is one of its own, through run: afterCommit's callbacks (events that
    // notify other processes) must wait for its commit, not run inside it.
    if (!this.host.isTransactionActive()) return this.run(work);
    return this.host.withTransaction(Propagation.Nested, work);
  }

  /** Runs the callback once the transaction in progress commits (never if it rolls back), or now outside one. */
  afterCommit(callback: AfterCommit): void {
    const pending = this.host.isTransactionActive() ? this.cls.get<AfterCommit[] | undefined>(AFTER_COMMIT) : undefined;
    if (pending) pending.push(callback);
    else callback();
  }
}

@Global()
@Module({
  imports: [
    ClsModule.forRoot({
      plugins: [new ClsPluginTransactional({ adapter: new TransactionalAdapterTypeOrm({ dataSourceToken: DataSource }) })],
    }),
  ],
  providers: [Transactions],
  exports: [Transactions],
})
export class TransactionsModule {}
