import { Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { Clock } from '../../common/time/clock';
import { AuditModule } from '../audit/audit.module';
import { JobsModule } from '../jobs/jobs.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { CARD_PROVIDER } from './card-provider';
import type { CardProvider } from './card-provider';
import { DeclinedPayments } from './declined-payments';
import { MoneyIncidents } from './money-incidents.service';
import { PaymentMethodsController } from './payment-methods.controller';
import { PaymentsService } from './payments.service';
import { SandboxCardProvider } from './sandbox-card-provider';
import { SandboxController } from './sandbox.controller';
import { SandboxProviderEventsController } from './sandbox-provider-events.controller';
import { StripeCardProvider } from './stripe-card-provider';
import { StripeWebhookController } from './stripe-webhook.controller';

/**
 * Card payments: Stripe when STRIPE_SECRET_KEY is set (its webhook secret is then required), the
 * embedded sandbox otherwise. Exports PaymentsService (booking calls it, payments never calls
 * booking), MoneyIncidents (what went wrong with money, for payouts and the admin desk) and
 * DeclinedPayments (card testing pauses an account's checkout).
 */
@Module({
  imports: [JobsModule, NotificationsModule, AuditModule],
  controllers: [SandboxController, SandboxProviderEventsController, PaymentMethodsController, StripeWebhookController],
  providers: [
    PaymentsService,
    MoneyIncidents,
    DeclinedPayments,
    {
      provide: CARD_PROVIDER,
      inject: [AppConfig, getDataSourceToken(), Clock],
      useFactory: (config: AppConfig, dataSource: DataSource, clock: Clock): CardProvider => {
        if (!config.STRIPE_SECRET_KEY) return new SandboxCardProvider(dataSource, clock);
        if (!config.STRIPE_WEBHOOK_SECRET) throw new Error('STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY: webhooks cannot be verified without it');
        return new StripeCardProvider({
          secretKey: config.STRIPE_SECRET_KEY,
          publishableKey: config.STRIPE_PUBLISHABLE_KEY,
          webhookSecret: config.STRIPE_WEBHOOK_SECRET,
          connectWebhookSecret: config.STRIPE_CONNECT_WEBHOOK_SECRET,
          apiUrl: config.STRIPE_API_URL,
        }).useDatabase(dataSource);
      },
    },
  ],
  exports: [PaymentsService, MoneyIncidents, DeclinedPayments],
})
export class PaymentsModule {}
