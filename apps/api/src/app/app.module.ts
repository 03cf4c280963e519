import { Module } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { ThrottlerModule } from '@nestjs/throttler';
import { AppConfig } from '../config/app-config';
import { AppConfigModule } from '../config/app-config.module';
import { DatabaseModule } from '../database/database.module';
import { AdminModule } from '../modules/admin/admin.module';
import { AuthModule } from '../modules/auth/auth.module';
import { BookingModule } from '../modules/booking/booking.module';
import { CatalogueModule } from '../modules/catalogue/catalogue.module';
import { DemoModule } from '../modules/demo/demo.module';
import { HealthModule } from '../modules/health/health.module';
import { NotificationsModule } from '../modules/notifications/notifications.module';
import { PaymentsModule } from '../modules/payments/payments.module';

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
        EventEmitterModule.forRoot(),
        // Limits apply where a route opts in with ThrottlerGuard (sign-in, password reset, ...).
        ThrottlerModule.forRoot([{ name: 'default', ttl: 60_000, limit: 10 }]),
        HealthModule,
        AuthModule,
        CatalogueModule,
        BookingModule,
        PaymentsModule,
        NotificationsModule,
        AdminModule,
        DemoModule,
      ],
    };
  }
}
