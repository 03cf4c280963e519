import { Module } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config/app-config';
import { DatabaseServer } from './database-server';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { migrateUnderLock, typeOrmModuleOptions } from './data-source-options';
import { noteConnectionLost } from './database-unavailable';

/**
 * TypeORM gives a connection back to the pool with the error it reported (pg-pool then discards
 * it): noted, so that the query runner it released is taken for the outage it is (isDatabaseUnavailable).
 */
function watchLostConnections(dataSource: DataSource): void {
  const pool = (dataSource.driver as PostgresDriver).master as { on(event: 'release', listener: (error: Error | undefined) => void): void } | undefined;
  pool?.on('release', (error) => {
    if (error) noteConnectionLost();
  });
}

@Module({
  providers: [
    {
      provide: DatabaseServer,
      inject: [AppConfig, ModuleRef],
      useFactory: (config: AppConfig, moduleRef: ModuleRef) => DatabaseServer.connect(config, moduleRef),
    },
  ],
  exports: [DatabaseServer],
})
export class DatabaseServerModule {}

@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      imports: [DatabaseServerModule],
      inject: [DatabaseServer],
      useFactory: (server: DatabaseServer) => typeOrmModuleOptions(server.url),
      dataSourceFactory: async (options) => {
        if (!options) throw new Error('No data source options');
        const dataSource = await new DataSource(options).initialize();
        watchLostConnections(dataSource);
        try {
          await migrateUnderLock(dataSource);
        } catch (error) {
          await dataSource.destroy();
          throw error;
        }
        return dataSource;
      },
    }),
  ],
})
export class DatabaseModule {}
