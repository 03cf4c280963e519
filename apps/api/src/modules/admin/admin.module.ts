import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { PaymentsModule } from '../payments/payments.module';
import { AuditModule } from '../audit/audit.module';
import { AdminService } from './admin.service';
import { MoneyDeskController } from './money-desk.controller';
import { MoneyDeskService } from './money-desk.service';

/**
 * The administrator's console API. It imports the modules it reads and changes through; nothing
 * imports it (the audit trail it writes is AuditModule's, which every module may import).
 */
@Module({
  imports: [JobsModule, PaymentsModule, AuditModule],
  controllers: [MoneyDeskController],
  providers: [AdminService, MoneyDeskService],
  exports: [AdminService],
})
export class AdminModule {}
