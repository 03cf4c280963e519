import type { TypeOrmModuleOptions } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import { ADVISORY_LOCKS, withAdvisoryLock } from './advisory-lock';
import { MIGRATIONS } from './migrations';
import { TypeormLogger } from './typeorm-logger';

/**
 * The schema changes only through migrations: they run at start, under an advisory lock so that
 * processes starting together apply each one once (see migrateUnderLock), and TypeORM never
 * alters tables on its own (synchronize stays off in every environment).
 */
export function dataSourceOptions(url: string): PostgresConnectionOptions {
  return {
    type: 'postgres',
    url,
    migrations: MIGRATIONS,
    // Run by migrateUnderLock instead: TypeORM's own run at initialisation takes no lock.
    migrationsRun: false,
    migrationsTableName: 'migrations',
    synchronize: false,
    // uuid defaults come from PostgreSQL's built-in gen_random_uuid(); no extension is installed.
    uuidExtension: 'pgcrypto',
    installExtensions: false,
    logger: new TypeormLogger(['error', 'warn', 'migration', 'schema']),
  };
}

export function typeOrmModuleOptions(url: string): TypeOrmModuleOptions {
  return { ...dataSourceOptions(url), autoLoadEntities: true, retryAttempts: 3, retryDelay: 2000 };
}

/**
 * Applies the pending migrations while holding the migrations advisory lock. A process that waited
 * for the lock finds them applied by the one before it, and applies nothing.
 */
export async function migrateUnderLock(dataSource: DataSource): Promise<void> {
  await withAdvisoryLock(dataSource, ADVISORY_LOCKS.migrations, async () => {
    await dataSource.runMigrations({ transaction: 'all' });
  });
}
