import { Module } from '@nestjs/common';
import { AdminAudit } from './admin-audit.service';

/**
 * The administrators' audit trail (`admin_audit`): every module whose changes an administrator
 * makes (booking's cancels and approvals, payouts, the money desk, the sandbox's provider events)
 * writes its row through AdminAudit in the change's own transaction. It depends on nothing, so any
 * module can import it without a cycle (the admin console imports the modules it works through).
 */
@Module({
  providers: [AdminAudit],
  exports: [AdminAudit],
})
export class AuditModule {}
