import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { adminCounters } from '@huddle/domain';
import type { AdminCounters } from '@huddle/domain';
import { counterRows } from './admin-counters.query';

/** The statistics tab's numbers: the read model's grouped counts, shaped by libs/domain's rule. */
@Injectable()
export class AdminCountersService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async counters(): Promise<AdminCounters> {
    return adminCounters(await counterRows(this.dataSource.manager));
  }
}
