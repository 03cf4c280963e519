import { Logger } from '@nestjs/common';
import type { OnApplicationShutdown } from '@nestjs/common';
import type { ModuleRef } from '@nestjs/core';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { startEmbeddedPostgres } from './embedded-postgres';
import type { EmbeddedPostgresHandle } from './embedded-postgres';

export const EMBEDDED_DATABASE_NAME = 'huddle';

/**
 * The PostgreSQL the API talks to: the server named by DATABASE_URL, or an embedded one started
 * here and stopped on application shutdown.
 */
export class DatabaseServer implements OnApplicationShutdown {
  private static readonly logger = new Logger('Database');

  private constructor(
    readonly url: string,
    private readonly embedded: EmbeddedPostgresHandle | null,
    private readonly moduleRef: ModuleRef | null,
  ) {}

  static async connect(config: AppConfig, moduleRef: ModuleRef | null = null): Promise<DatabaseServer> {
    if (config.DATABASE_URL !== undefined) return new DatabaseServer(config.DATABASE_URL, null, moduleRef);

    const databaseDir = join(config.DATA_DIR, 'postgres');
    const logger = DatabaseServer.logger;
    logger.log(`Starting embedded PostgreSQL on 127.0.0.1:${config.EMBEDDED_PG_PORT} (data in ${databaseDir})`);
    const embedded = await startEmbeddedPostgres({
      databaseDir,
      port: config.EMBEDDED_PG_PORT,
      persistent: true,
      database: EMBEDDED_DATABASE_NAME,
      onLog: (message) => logger.verbose(message),
      onError: (message) => logger.error(message),
    });
    return new DatabaseServer(embedded.url, embedded, moduleRef);
  }

  get isEmbedded(): boolean {
    return this.embedded !== null;
  }

  /**
   * Nest shuts global modules down last, TypeORM's among them, so its pool would still be open
   * when the server stops under it. The pool is closed here first (Nest has drained HTTP by now);
   * TypeORM's own hook then finds it closed.
   */
  async onApplicationShutdown(): Promise<void> {
    if (!this.embedded) return;
    const dataSource = this.moduleRef?.get(DataSource, { strict: false });
    if (dataSource?.isInitialized) await dataSource.destroy();
    await this.embedded.stop();
    DatabaseServer.logger.log('Embedded PostgreSQL stopped');
  }
}
