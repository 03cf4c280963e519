import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { JobsModule } from '../jobs/jobs.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { AdminPushesController } from './admin-pushes.controller';
import { CustomPushesService } from './custom-pushes.service';

/**
 * Custom pushes (issue 22): owns `custom_pushes`, an administrator's messages to roles or chosen
 * users and their sending progress. A module of its own rather than part of notifications, which
 * owns delivery (the writer, the counters, the stream) and stays free of the console's drafts,
 * wizard rules and audit; nor of admin, which owns no product data. Notifications reach the
 * recipients through NotificationsModule's BroadcastNotifications.
 */
@Module({
  imports: [JobsModule, NotificationsModule, AuditModule],
  controllers: [AdminPushesController],
  providers: [CustomPushesService],
  exports: [CustomPushesService],
})
export class PushesModule {}
