import { Module } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { RateLimitModule } from '../common/rate-limit/rate-limit.module';
import { ClockModule } from '../common/time/clock.module';
import { AppConfig } from '../config/app-config';
import { AppConfigModule } from '../config/app-config.module';
import { DatabaseModule } from '../database/database.module';
import { TransactionsModule } from '../database/transactions';
import { AccountsModule } from '../modules/accounts/accounts.module';
import { AdminModule } from '../modules/admin/admin.module';
import { AthletesModule } from '../modules/athletes/athletes.module';
import { AuthModule } from '../modules/auth/auth.module';
import { BookingModule } from '../modules/booking/booking.module';
import { CatalogueModule } from '../modules/catalogue/catalogue.module';
import { DemoModule } from '../modules/demo/demo.module';
import { DiscoveryModule } from '../modules/discovery/discovery.module';
import { HealthModule } from '../modules/health/health.module';
import { MapsModule } from '../modules/maps/maps.module';
import { MediaModule } from '../modules/media/media.module';
import { NilModule } from '../modules/nil/nil.module';
import { NotificationsModule } from '../modules/notifications/notifications.module';
import { PaymentsModule } from '../modules/payments/payments.module';
import { PayoutsModule } from '../modules/payouts/payouts.module';
import { PushesModule } from '../modules/pushes/pushes.module';

/**
 * The whole API. The configuration is passed in rather than read here, so the entrypoints read
 * the environment once and tests build the same module against their own database.
 */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        AppConfigModule.forRoot(config),
        DatabaseModule,
        TransactionsModule,
        ClockModule,
        EventEmitterModule.forRoot(),
        RateLimitModule,
        HealthModule,
        AuthModule,
        AccountsModule,
        AthletesModule,
        CatalogueModule,
        MediaModule,
        MapsModule,
        BookingModule,
        DiscoveryModule,
        PaymentsModule,
        PayoutsModule,
        NotificationsModule,
        PushesModule,
        NilModule,
        AdminModule,
        DemoModule,
      ],
    };
  }
}
