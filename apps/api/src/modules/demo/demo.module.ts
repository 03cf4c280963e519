import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { AthletesModule } from '../athletes/athletes.module';
import { AuthModule } from '../auth/auth.module';
import { BookingModule } from '../booking/booking.module';
import { CatalogueModule } from '../catalogue/catalogue.module';
import { MediaModule } from '../media/media.module';
import { JobsModule } from '../jobs/jobs.module';
import { PaymentsModule } from '../payments/payments.module';
import { PayoutsModule } from '../payouts/payouts.module';
import { DemoMoney } from './demo-money';
import { DemoRequests } from './demo-requests';
import { DemoSeeder } from './demo-seeder.service';

@Module({
  imports: [AccountsModule, AuthModule, AthletesModule, CatalogueModule, MediaModule, BookingModule, PaymentsModule, PayoutsModule, JobsModule],
  providers: [DemoSeeder, DemoRequests, DemoMoney],
  exports: [DemoSeeder],
})
export class DemoModule {}
