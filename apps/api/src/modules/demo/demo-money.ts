import { Injectable, Logger } from '@nestjs/common';
import { DEFAULT_RATES, UserType } from '@huddle/domain';
import { splitAmount } from '@huddle/domain/request-actions';
import { DomainError } from '../../common/errors/domain-error';
import { AppConfig } from '../../config/app-config';
import { BookingRequestsService } from '../booking/booking-requests.service';
import { RequestCoreService } from '../booking/request-core.service';
import { JobsService } from '../jobs/jobs.service';
import { PaymentsService } from '../payments/payments.service';
import { PayoutAccountsService } from '../payouts/payout-accounts.service';
import { PayoutsService } from '../payouts/payouts.service';

const DAY = 86400;
const PLACE = { address: 'Los Angeles, California, United States', latitude: 34.0522, longitude: -118.2437 };

/**
 * The money screens' first content (issue 21): the demo athlete's sandbox payout account, ready;
 * one payout already sent to them (the share of a finished shoutout), the rest of their finished
 * work payable; and one open money incident: a card hold canceled at the provider (its dashboard)
 * before the athlete answered, so that request is canceled by the system and nothing charged. Everything goes
 * through the services the routes use, so the ledger holds it and balances.
 */
@Injectable()
export class DemoMoney {
  private readonly logger = new Logger('DemoSeeder');

  constructor(
    private readonly accounts: PayoutAccountsService,
    private readonly payouts: PayoutsService,
    private readonly jobs: JobsService,
    private readonly requests: BookingRequestsService,
    private readonly core: RequestCoreService,
    private readonly payments: PaymentsService,
    private readonly config: AppConfig,
  ) {}

  async seed(ids: { athlete: string; athleteEmail: string; fan: string; admin: string }, now: number): Promise<void> {
    await this.accounts.onboardInSandbox(ids.athlete);
    // The demo requests' captures are jobs: their shares are payable once they are recorded. A
    // busy start (several processes on one database) may not get there in time: the demo then
    // starts without its sent payout rather than not at all.
    const settled = await this.settle();
    const share = splitAmount(Math.round(DEFAULT_RATES.shoutout * 100), this.config.PLATFORM_FEE_PERCENT).athleteCents;
    try {
      await this.payouts.send({ adminId: ids.admin, lines: [{ athleteId: ids.athlete, amountCents: share, email: ids.athleteEmail, phone: null }], idempotencyKey: 'demo-seed-payout' });
    } catch (error) {
      if (settled || !(error instanceof DomainError)) throw error;
      this.logger.warn(`The demo's sent payout was left out: ${error.message}`);
    }

    const fan = { id: ids.fan, role: UserType.Fan };
    const lost = await this.requests.create(ids.fan, {
      athlete_id: ids.athlete,
      name: 'Team photo day',
      is_social_media: false,
      social_media_platform: '',
      type: 'personal_appearance',
      request_amount: DEFAULT_RATES.personal_appearance,
      personal_appearance: { start_time: now + 8 * DAY + 15 * 3600, location: PLACE, event_description: 'Photos with our youth league before the season opener.' },
    });
    await this.requests.paymentSheet(lost.id, fan);
    await this.payments.payWithSandboxTestCard(lost.id, ids.fan);
    await this.core.markPaid(lost.id, fan);
    // Its provider event is handled as a job, like Stripe's webhook would be.
    await this.payments.cancelHoldInSandboxDashboard(lost.id);
  }

  /** Whether the queued work was done within the wait. */
  private async settle(): Promise<boolean> {
    try {
      await this.jobs.drainRequested(30_000);
      return true;
    } catch {
      return false;
    }
  }
}
