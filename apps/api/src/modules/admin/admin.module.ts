import { Module } from '@nestjs/common';
import { AdminAudit } from './admin-audit.service';
import { AdminService } from './admin.service';

@Module({
  providers: [AdminService, AdminAudit],
  exports: [AdminService, AdminAudit],
})
export class AdminModule {}
