import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { UserType } from '@huddle/domain';
import { Roles } from '../../common/access/access.decorators';
import { CurrentAccount } from '../../common/access/current-account.decorator';
import type { AuthenticatedAccount } from '../../common/access/authenticated-account';
import { ApiOkEnvelope } from '../../common/http/api-ok-envelope.decorator';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { PayoutAccountPayload, PayoutOnboardingPayload, PayoutSummaryPayload } from './dto/payouts.dto';
import { PayoutAccountsService } from './payout-accounts.service';
import { accountView, summaryView } from './payout-views';
import { PayoutsService } from './payouts.service';

/** An athlete's own payout account and money (settings' Payouts page); only ever the caller's. */
@ApiTags('payouts')
@Controller('payouts')
export class PayoutAccountsController {
  constructor(
    private readonly accounts: PayoutAccountsService,
    private readonly payouts: PayoutsService,
  ) {}

  @Get('account')
  @Roles(UserType.Athlete)
  @ApiOperation({ summary: "The caller's payout account: none, onboarding, ready or restricted, what the provider still asks for, and the line to show ('Payouts ready')." })
  @ApiOkEnvelope(PayoutAccountPayload)
  async account(@CurrentAccount() account: AuthenticatedAccount): Promise<PayoutAccountPayload> {
    return { account: accountView(await this.accounts.view(account.id)) };
  }

  @Post('account')
  @HttpCode(200)
  @Roles(UserType.Athlete)
  @RateLimit('payoutOnboarding')
  @ApiOperation({ summary: "Creates the caller's payout account once (Stripe Connect Express, or the sandbox) and answers a fresh onboarding link back to /settings/payouts." })
  @ApiOkEnvelope(PayoutOnboardingPayload)
  async connect(@CurrentAccount() account: AuthenticatedAccount): Promise<PayoutOnboardingPayload> {
    const connected = await this.accounts.connect(account.id);
    return { account: accountView(connected.account), onboarding_url: connected.onboardingUrl, expires_at: connected.expiresAt };
  }

  @Get('summary')
  @Roles(UserType.Athlete)
  @ApiOperation({ summary: "The caller's money: owed (captured, not finished), payable (past and current due), on its way, paid, and their payouts with the requests each paid." })
  @ApiOkEnvelope(PayoutSummaryPayload)
  async summary(@CurrentAccount() account: AuthenticatedAccount): Promise<PayoutSummaryPayload> {
    return summaryView(await this.payouts.summary(account.id));
  }
}
