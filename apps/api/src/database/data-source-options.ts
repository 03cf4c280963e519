import type { TypeOrmModuleOptions } from '@nestjs/typeorm';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import { MIGRATIONS } from './migrations';
import { TypeormLogger } from './typeorm-logger';

/**
 * The schema changes only through migrations: they run at start (migrationsRun) and TypeORM never
 * alters tables on its own (synchronize stays off in every environment).
 */
export function dataSourceOptions(url: string): PostgresConnectionOptions {
  return {
    type: 'postgres',
    url,
    migrations: MIGRATIONS,
    migrationsRun: true,
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
