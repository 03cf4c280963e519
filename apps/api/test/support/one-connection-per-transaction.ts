import { AsyncLocalStorage } from 'node:async_hooks';
import { appendFileSync } from 'node:fs';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';

/**
 * Code running inside a transaction must read and write through it: a query on the data source
 * there takes a second pooled connection while the first holds its locks, and under load (every
 * pooled connection held by a transaction waiting for the same lock) no connection is ever free
 * again: the pool deadlocks and every call hangs (CI saw 100 racing set-paid calls do this).
 * Installed in every test app, this makes such a query fail at once, with where it was taken.
 */
export function refuseSecondConnectionInTransaction(app: INestApplication): void {
  const host = app.get(TransactionHost);
  const dataSource = app.get(DataSource);
  // Transactions opened on the data source directly (dataSource.transaction), not through Transactions.
  const inTransaction = new AsyncLocalStorage<true>();
  const manager = dataSource.manager as unknown as { transaction: (...args: unknown[]) => Promise<unknown> };
  const transaction = manager.transaction.bind(manager);
  manager.transaction = (...args: unknown[]) => {
    const at = typeof args[0] === 'function' ? 0 : 1;
    const work = args[at] as (...inner: unknown[]) => Promise<unknown>;
    args[at] = (...inner: unknown[]) => inTransaction.run(true, () => work(...inner));
    return transaction(...args);
  };
  const driver = dataSource.driver as unknown as { obtainMasterConnection: (...args: unknown[]) => Promise<unknown> };
  const obtain = driver.obtainMasterConnection.bind(driver);
  driver.obtainMasterConnection = (...args: unknown[]) => {
    if (host.isTransactionActive() || inTransaction.getStore()) {
      const error = new Error('A second database connection was taken inside a transaction: query through the transaction (Transactions.manager or the manager passed in)');
      if (process.env.TX_GUARD_LOG) {
        appendFileSync(process.env.TX_GUARD_LOG, `${error.stack}\n\n`);
        return obtain(...args);
      }
      return Promise.reject(error);
    }
    return obtain(...args);
  };
}
