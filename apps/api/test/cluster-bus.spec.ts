import { ClusterBus } from '../src/database/cluster-bus';
import { LISTINGS_CHANGED_CHANNEL } from '../src/modules/discovery/discovery.service';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let attempt = 0; attempt < 150; attempt += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`Timed out waiting until ${what}`);
}

/** Two API processes on one database, as with API_WORKERS > 1 or several hosts. */
describe('ClusterBus (PostgreSQL LISTEN/NOTIFY between API processes)', () => {
  let first: TestApp;
  let second: TestApp;
  const heard = { first: 0, second: 0 };

  beforeAll(async () => {
    first = await createTestApp();
    second = await createTestApp({ database: first.database });
    first.get(ClusterBus).subscribe(LISTINGS_CHANGED_CHANNEL, () => (heard.first += 1));
    second.get(ClusterBus).subscribe(LISTINGS_CHANGED_CHANNEL, () => (heard.second += 1));
  });

  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('tells the other process, never the one that published', async () => {
    const before = { ...heard };
    await first.get(ClusterBus).publish(LISTINGS_CHANGED_CHANNEL);
    await until(() => heard.second === before.second + 1, 'the second process heard it');
    // Given time to arrive, the publisher's own message would have been heard by now too.
    await second.get(ClusterBus).publish(LISTINGS_CHANGED_CHANNEL);
    await until(() => heard.first === before.first + 1, 'the first process heard the second');
    expect(heard).toEqual({ first: before.first + 1, second: before.second + 1 });
  });

  it('listens again after losing its connection, and tells its subscribers what it may have missed', async () => {
    const listeners = async (): Promise<number[]> =>
      (
        await first.dataSource.query<Array<{ pid: number }>>(
          "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %' AND pid <> pg_backend_pid()",
        )
      ).map((row) => row.pid);
    await until(async () => (await listeners()).length === 2, 'both processes listen');
    const before = { ...heard };

    // Drop both listening connections, as a database restart or a network cut would.
    await first.dataSource.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [await listeners()]);
    await until(() => heard.first > before.first && heard.second > before.second, 'both reconnected and told their subscribers');
    await until(async () => (await listeners()).length === 2, 'both listen again');

    const afterReconnect = { ...heard };
    await first.get(ClusterBus).publish(LISTINGS_CHANGED_CHANNEL);
    await until(() => heard.second === afterReconnect.second + 1, 'a message after the reconnect arrives');
  });
});
