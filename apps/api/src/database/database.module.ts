import { Module } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config/app-config';
import { DatabaseServer } from './database-server';
import { typeOrmModuleOptions } from './data-source-options';

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
    }),
  ],
})
export class DatabaseModule {}
