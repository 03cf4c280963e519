import { Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { Clock } from '../../common/time/clock';
import { AuditModule } from '../audit/audit.module';
import { JobsModule } from '../jobs/jobs.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { PaymentsModule } from '../payments/payments.module';
import { AdminPayoutsController } from './admin-payouts.controller';
import { PayoutAccountsController } from './payout-accounts.controller';
import { PayoutAccountsService } from './payout-accounts.service';
import { PAYOUT_PROVIDER } from './payout-provider';
import type { PayoutProvider } from './payout-provider';
import { PayoutsService } from './payouts.service';
import { SANDBOX_ONBOARDING_PATH } from './payouts.paths';
import { SandboxOnboardingController } from './sandbox-onboarding.controller';
import { SandboxPayoutProvider } from './sandbox-payout-provider';
import { StripePayoutProvider } from './stripe-payout-provider';

/**
 * Money out to athletes (issue 21): payout accounts, the administrator's payouts and their
 * transfers. Stripe Connect when STRIPE_SECRET_KEY is set (as card payments), the embedded sandbox
 * otherwise. It builds on payments (the ledger, money incidents, Connect events); payments never
 * imports it.
 */
@Module({
  imports: [JobsModule, NotificationsModule, PaymentsModule, AuditModule],
  controllers: [AdminPayoutsController, PayoutAccountsController, SandboxOnboardingController],
  providers: [
    PayoutsService,
    PayoutAccountsService,
    {
      provide: PAYOUT_PROVIDER,
      inject: [AppConfig, getDataSourceToken(), Clock],
      useFactory: (config: AppConfig, dataSource: DataSource, clock: Clock): PayoutProvider =>
        config.STRIPE_SECRET_KEY
          ? new StripePayoutProvider({ secretKey: config.STRIPE_SECRET_KEY, apiUrl: config.STRIPE_API_URL })
          : new SandboxPayoutProvider(dataSource, clock, SANDBOX_ONBOARDING_PATH),
    },
  ],
  exports: [PayoutsService, PayoutAccountsService],
})
export class PayoutsModule {}
