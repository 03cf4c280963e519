import type { EntityManager } from 'typeorm';

/** What a pg client (or pool) takes: a named statement is parsed and planned per connection once. */
interface NamedQueryClient {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

/**
 * Runs a hot read model's statement as a named prepared statement on the manager's connection (its
 * transaction's when it has one, else one from the pool for the call): PostgreSQL parses it once
 * per connection and, once a generic plan proves as good, stops planning it per call. The locker
 * room's and the counters' statements took longer to plan than to run (bench:stats' EXPLAIN: 1-2
 * ms of planning beside 1-3 ms of execution). `name` names `text` alone: one name, one text.
 */
export async function preparedQuery<Row>(manager: EntityManager, name: string, text: string, values: unknown[]): Promise<Row[]> {
  const runner = manager.queryRunner ?? manager.connection.createQueryRunner();
  const client = (await runner.connect()) as NamedQueryClient;
  try {
    return (await client.query({ name, text, values })).rows as Row[];
  } finally {
    if (!manager.queryRunner) await runner.release();
  }
}
