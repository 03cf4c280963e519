import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { PaymentsModule } from '../payments/payments.module';
import { AuditModule } from '../audit/audit.module';
import { AccountsModule } from '../accounts/accounts.module';
import { AthletesModule } from '../athletes/athletes.module';
import { AuthModule } from '../auth/auth.module';
import { BookingModule } from '../booking/booking.module';
import { MediaModule } from '../media/media.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { PayoutsModule } from '../payouts/payouts.module';
import { AdminAuditController } from './admin-audit.controller';
import { AdminCountersController } from './admin-counters.controller';
import { AdminCountersService } from './admin-counters.service';
import { AdminRequestViewsController } from './admin-requests.controller';
import { AdminRequestsService } from './admin-requests.service';
import { AdminService } from './admin.service';
import { AdminUsersController } from './admin-users.controller';
import { AdminUsersService } from './admin-users.service';
import { MoneyDeskController } from './money-desk.controller';
import { MoneyDeskService } from './money-desk.service';

/**
 * The administrator's console API. It imports the modules it reads and changes through; nothing
 * imports it (the audit trail it writes is AuditModule's, which every module may import).
 */
@Module({
  imports: [JobsModule, PaymentsModule, AuditModule, AccountsModule, AthletesModule, AuthModule, BookingModule, MediaModule, NotificationsModule, PayoutsModule],
  controllers: [MoneyDeskController, AdminUsersController, AdminAuditController, AdminRequestViewsController, AdminCountersController],
  providers: [AdminService, MoneyDeskService, AdminUsersService, AdminRequestsService, AdminCountersService],
  exports: [AdminService],
})
export class AdminModule {}
