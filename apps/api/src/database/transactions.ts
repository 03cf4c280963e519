import { Global, Injectable, Module } from '@nestjs/common';
import { ClsModule, ClsService } from 'nestjs-cls';
import { ClsPluginTransactional, Propagation, TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';

const AFTER_COMMIT = Symbol('huddle:after-commit');

type AfterCommit = () => void;

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

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.host.isTransactionActive()) return this.host.withTransaction(work);
    const committed: AfterCommit[] = [];
    const result = await this.cls.run(async () => {
      this.cls.set(AFTER_COMMIT, committed);
      return this.host.withTransaction(work);
    });
    for (const callback of committed) callback();
    return result;
  }

  /**
   * Work whose failure the caller catches and goes on from (a retry): inside a transaction it runs
   * in a savepoint, since PostgreSQL refuses every later statement of a transaction after an error.
   */
  savepoint<T>(work: () => Promise<T>): Promise<T> {
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
