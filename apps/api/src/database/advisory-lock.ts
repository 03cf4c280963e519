import type { DataSource } from 'typeorm';

/**
 * Names of the session-level advisory locks the API takes. Several API processes starting together
 * on one database (API_WORKERS > 1, or several hosts) take turns through them: the first runs the
 * migrations (or the seed), the others wait, then find nothing left to do.
 */
export const ADVISORY_LOCKS = {
  migrations: 'huddle:migrations',
  demoSeed: 'huddle:demo-seed',
  // pg-boss makes a partition of its job table per queue; two processes doing so at once deadlock.
  jobQueues: 'huddle:job-queues',
} as const;

export type AdvisoryLockName = (typeof ADVISORY_LOCKS)[keyof typeof ADVISORY_LOCKS];

/**
 * Runs `work` while this process holds the named PostgreSQL advisory lock, waiting for it if
 * another process holds it. The lock belongs to one dedicated connection, held for the whole of
 * `work` (which may use other connections), and dies with that connection if the process does.
 */
export async function withAdvisoryLock<T>(dataSource: DataSource, name: AdvisoryLockName, work: () => Promise<T>): Promise<T> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    // hashtextextended turns the readable name into the 64-bit key advisory locks take.
    await runner.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [name]);
    try {
      return await work();
    } finally {
      await runner.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [name]);
    }
  } finally {
    await runner.release();
  }
}
