import { Module } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ACCOUNT_CLOSED } from '../accounts/account-events';
import type { AccountClosedEvent } from '../accounts/account-events';
import { AccountsModule } from '../accounts/accounts.module';
import { AuditModule } from '../audit/audit.module';
import { AuthModule } from '../auth/auth.module';
import { AthletesModule } from '../athletes/athletes.module';
import { JobsModule } from '../jobs/jobs.module';
import { JobsService } from '../jobs/jobs.service';
import { MailModule } from '../mail/mail.module';
import { MediaModule } from '../media/media.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { PaymentsModule } from '../payments/payments.module';
import { PayoutsModule } from '../payouts/payouts.module';
import { PAYMENT_AUTHORISED, PAYMENT_HOLD_LOST, PAYMENT_HOLD_RELEASED } from '../payments/payments-events';
import type { PaymentAuthorisedEvent, PaymentHoldLostEvent, PaymentHoldReleasedEvent } from '../payments/payments-events';
import { REQUEST_STATUS_LABELS, RequestStatus } from '@huddle/domain';
import { DomainError } from '../../common/errors/domain-error';
import { Transactions } from '../../database/transactions';
import { MoneyIncidents } from '../payments/money-incidents.service';
import { AdminRequestsController } from './admin-requests.controller';
import { AthleteCalendarController, CalendarFeedController } from './athlete-calendar.controller';
import { BookingController } from './booking.controller';
import { BookingRequestsService } from './booking-requests.service';
import { BookingService } from './booking.service';
import { BusinessExportsController } from './business-exports.controller';
import { BusinessExportsService } from './business-exports.service';
import { CalendarFeeds } from './calendar-feeds';
import { CampaignsController } from './campaigns.controller';
import { CampaignsService } from './campaigns.service';
import { CheckoutController } from './checkout.controller';
import { DeliveryController } from './delivery.controller';
import { BusinessExportEntity } from './entities/business-export.entity';
import { RequestEntity } from './entities/request.entity';
import { ReviewEntity } from './entities/review.entity';
import { RequestCoreService } from './request-core.service';
import { SYSTEM_ACTOR } from './request-party';
import { requestsClosingWith } from './request-rows';
import { RequestTimers } from './request-timers';
import { RequestVideos } from './request-videos.service';
import { ShareLinks } from './share-links';
import { VideoChatsController } from './video-chats.controller';
import { VideoChatsService } from './video-chats.service';
import { WatchController } from './watch.controller';
import { VideoModule } from '../video/video.module';

/**
 * Requests, campaigns and reviews; it owns the requests, reviews and request_history tables.
 * Money goes through PaymentsService (payments never calls booking: it announces authorisations
 * as PAYMENT_AUTHORISED and holds that were gone before capture as PAYMENT_HOLD_LOST, handled here).
 */
@Module({
  imports: [TypeOrmModule.forFeature([RequestEntity, ReviewEntity, BusinessExportEntity]), JobsModule, PaymentsModule, PayoutsModule, AccountsModule, AthletesModule, MailModule, MediaModule, NotificationsModule, VideoModule, AuditModule, AuthModule],
  controllers: [BookingController, CampaignsController, CheckoutController, DeliveryController, AdminRequestsController, WatchController, VideoChatsController, AthleteCalendarController, CalendarFeedController, BusinessExportsController],
  providers: [BookingService, BookingRequestsService, CampaignsService, RequestCoreService, RequestTimers, RequestVideos, ShareLinks, VideoChatsService, CalendarFeeds, BusinessExportsService],
  exports: [BookingService, BookingRequestsService, CampaignsService, RequestCoreService, RequestVideos, VideoChatsService],
})
export class BookingModule implements OnModuleInit {
  constructor(
    private readonly jobs: JobsService,
    private readonly core: RequestCoreService,
    private readonly campaigns: CampaignsService,
    private readonly transactions: Transactions,
    private readonly incidents: MoneyIncidents,
  ) {}

  onModuleInit(): void {
    // The provider saw the card held (a webhook, or the sandbox's event): paid, as set-paid would.
    this.jobs.subscribe<PaymentAuthorisedEvent>(PAYMENT_AUTHORISED, 'booking', async (job) => {
      try {
        if (job.data.kind === 'campaign') await this.campaigns.markPaid(job.data.requestId, SYSTEM_ACTOR);
        else await this.core.markPaid(job.data.requestId, SYSTEM_ACTOR);
      } catch (error) {
        // A draft deleted or canceled meanwhile: its hold is released by the void it enqueued.
        if (error instanceof DomainError) return;
        throw error;
      }
    });
    // An account was deleted: its paid requests still waiting for an answer end now rather than
    // at their expiry, and its athlete's accepted ones nobody can perform any more. Its athlete's
    // are canceled by the system (athlete_gone: the hold released, a captured payment or a
    // campaign's share refunded; one already started is left to its timers); its requester's
    // pending ones as the requester's own cancel (a business's campaign shares too, each refunded:
    // nobody is left to approve them, even in a campaign an athlete already accepted). One
    // answered or ended meanwhile is left as it is.
    this.jobs.subscribe<AccountClosedEvent>(ACCOUNT_CLOSED, 'booking', async (job) => {
      const { accountId, userType } = job.data;
      // What had started is judged at the deletion, however late this job runs (a backlog, a retry).
      const judgedAt = job.data.closedAt ? new Date(job.data.closedAt) : undefined;
      for (const request of await requestsClosingWith(this.transactions.manager, accountId)) {
        try {
          if (request.athlete_id === accountId) await this.core.apply(request.id, 'athlete_gone', SYSTEM_ACTOR, { note: 'The athlete deleted their account', judgedAt });
          else await this.core.apply(request.id, 'cancel', { id: accountId, role: userType }, { note: 'The requester deleted their account' });
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
        }
      }
    });
    // The provider released the hold Huddle voided (declined, canceled, expired): no longer authorised.
    this.jobs.subscribe<PaymentHoldReleasedEvent>(PAYMENT_HOLD_RELEASED, 'booking', (job) => this.core.holdReleased(job.data.requestId));
    // The card hold was gone before it could be charged: the request is canceled by the system,
    // both parties told (the athlete not to deliver). One that ended meanwhile is left as it is.
    this.jobs.subscribe<PaymentHoldLostEvent>(PAYMENT_HOLD_LOST, 'booking', async (job) => {
      try {
        await this.core.apply(job.data.requestId, 'hold_lapse', SYSTEM_ACTOR, { note: job.data.reason });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        // Canceled meanwhile is fine; one that went on (finished after its capture gave up) keeps
        // its status, but nothing was collected for it: an administrator must settle it.
        const status = await this.core.statusOf(job.data.requestId);
        if (status === null || status === RequestStatus.Canceled) return;
        await this.transactions.run(() =>
          this.incidents.recordIn(this.transactions.manager, {
            kind: 'hold_lost',
            subjectType: 'request',
            subjectId: job.data.requestId,
            message: `The card hold is gone but the request could not be canceled (${REQUEST_STATUS_LABELS[status].toLowerCase()}): nothing was collected for it`,
            dedupKey: `hold_lost_kept:${job.data.requestId}`,
          }),
        );
      }
    });
  }
}
