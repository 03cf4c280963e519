import { Module } from '@nestjs/common';
import { ClusterBusModule } from '../../database/cluster-bus';
import { AuthModule } from '../auth/auth.module';
import { JobsModule } from '../jobs/jobs.module';
import { MailModule } from '../mail/mail.module';
import { BroadcastNotifications } from './broadcast-notifications.service';
import { NotificationStreams } from './notification-streams';
import { NotificationsController } from './notifications.controller';
import { NotificationsService } from './notifications.service';

/** In-app notifications, their emails and their live stream (issue 11). */
@Module({
  imports: [ClusterBusModule, MailModule, AuthModule, JobsModule],
  controllers: [NotificationsController],
  providers: [NotificationsService, NotificationStreams, BroadcastNotifications],
  exports: [NotificationsService, BroadcastNotifications],
})
export class NotificationsModule {}
