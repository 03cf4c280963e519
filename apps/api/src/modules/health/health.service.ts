import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { HealthPayload } from './dto/health.payload';
import { HealthErrors } from './health.errors';

@Injectable()
export class HealthService {
  private readonly logger = new Logger(HealthService.name);

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async check(): Promise<HealthPayload> {
    try {
      await this.dataSource.query('SELECT 1');
      return { db: 'ok' };
    } catch (error) {
      this.logger.error(`Database health check failed: ${error instanceof Error ? error.message : String(error)}`);
      throw HealthErrors.databaseUnavailable();
    }
  }
}
