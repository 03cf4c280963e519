import { Module } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config/app-config';
import { DatabaseServer } from './database-server';
import { DataSource } from 'typeorm';
import { migrateUnderLock, typeOrmModuleOptions } from './data-source-options';

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
