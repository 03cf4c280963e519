import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, HttpStatus, Inject, Post, Query, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';
import { ErrorCode } from '@huddle/domain';
import { Public } from '../../common/access/access.decorators';
import { DomainError } from '../../common/errors/domain-error';
import { JobsService } from '../jobs/jobs.service';
import { PROVIDER_CONNECT_EVENT } from '../payments/payments-events';
import type { ProviderConnectEvent } from '../payments/payments-events';
import { SandboxOnboardingBody, SandboxOnboardingQuery } from './dto/sandbox-onboarding.dto';
import { PAYOUT_PROVIDER } from './payout-provider';
import type { PayoutProvider } from './payout-provider';
import { PayoutsErrors } from './payouts.errors';
import { SANDBOX_ONBOARDING_PATH } from './payouts.paths';
import { renderSandboxOnboardingPage } from './sandbox-onboarding.page';
import { SandboxPayoutProvider } from './sandbox-payout-provider';

// The page needs nothing but its own inline styles, and no one may frame it.
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/**
 * The embedded provider's hosted onboarding (what connect.stripe.com is with Stripe). The link's
 * one-time token is the credential, as with Stripe's account links; like Stripe, the provider then
 * reports the change as an account.updated event.
 */
@ApiExcludeController()
@Controller('payouts/sandbox')
export class SandboxOnboardingController {
  constructor(
    @Inject(PAYOUT_PROVIDER) private readonly provider: PayoutProvider,
    private readonly jobs: JobsService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  @Get('onboarding')
  @Public()
  async page(@Query() query: SandboxOnboardingQuery, @Res() response: FastifyReply): Promise<void> {
    const link = await this.sandbox().link(query.token);
    if (link.kind === 'unknown') throw PayoutsErrors.linkExpired();
    if (link.kind === 'expired') {
      void response.redirect(link.refreshUrl, HttpStatus.FOUND);
      return;
    }
    void response
      .code(HttpStatus.OK)
      .headers({ 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': PAGE_CSP, 'Cache-Control': 'no-store' })
      .send(renderSandboxOnboardingPage({ token: query.token, action: SANDBOX_ONBOARDING_PATH }));
  }

  @Post('onboarding')
  @Public()
  async submit(@Body() body: SandboxOnboardingBody, @Res() response: FastifyReply): Promise<void> {
    const submitted = await this.sandbox().submit(body.token, body.bank_account !== 'no');
    if (!submitted) throw PayoutsErrors.linkExpired();
    await this.dataSource.transaction((manager) =>
      this.jobs.publishIn(manager, PROVIDER_CONNECT_EVENT, {
        eventId: `evt_sbx_${randomUUID()}`,
        type: 'account.updated',
        objectType: 'account',
        objectId: submitted.account.id,
        accountId: submitted.account.id,
      } satisfies ProviderConnectEvent),
    );
    void response.redirect(submitted.returnUrl, HttpStatus.FOUND);
  }

  /** The pages exist only while the sandbox plays the provider. */
  private sandbox(): SandboxPayoutProvider {
    if (!(this.provider instanceof SandboxPayoutProvider)) throw new DomainError(ErrorCode.NotFound);
    return this.provider;
  }
}
