import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { JobsModule } from '../jobs/jobs.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { AdminNilController } from './admin-nil.controller';
import { NilController } from './nil.controller';
import { NilDisclosuresService } from './nil-disclosures.service';
import { NilExports } from './nil-exports';

/**
 * NIL disclosure (issue 23): a record of every accepted request, written from booking's
 * request-changed event; the athlete's list, packets and reports, and the administrator's export.
 * Owns `nil_disclosures`; reads requests and accounts only through its read model (nil-deals.query).
 */
@Module({
  imports: [JobsModule, NotificationsModule, AuditModule],
  controllers: [NilController, AdminNilController],
  providers: [NilDisclosuresService, NilExports],
  exports: [NilDisclosuresService],
})
export class NilModule {}
