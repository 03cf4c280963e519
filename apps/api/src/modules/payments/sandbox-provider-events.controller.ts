import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { UserType } from '@huddle/domain';
import { Roles } from '../../common/access/access.decorators';
import { CurrentAccount } from '../../common/access/current-account.decorator';
import type { AuthenticatedAccount } from '../../common/access/authenticated-account';
import { ApiOkEnvelope } from '../../common/http/api-ok-envelope.decorator';
import { AdminAudit } from '../audit/admin-audit.service';
import { SandboxProviderEventInput, SandboxProviderEventPayload } from './dto/payments.dto';
import { PaymentsService } from './payments.service';

/**
 * The embedded sandbox's stand-in for the provider's dashboard (issue 21: the sandbox can play
 * each provider event): an administrator plays a hold canceled at the provider, a refund made
 * there, a dispute opened, won or lost, or (on a payout item, payouts' sandbox playing its part)
 * its transfers reversed or the athlete's bank refusing a payout, and Huddle handles it exactly as it would Stripe's
 * webhook. Answers 1404 with Stripe. Audited like every administrator action.
 */
@ApiTags('payments')
@Controller('payments/sandbox/provider-events')
export class SandboxProviderEventsController {
  constructor(
    private readonly payments: PaymentsService,
    private readonly audit: AdminAudit,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  @Post()
  @HttpCode(200)
  @Roles(UserType.Admin)
  @ApiOperation({
    summary: "Sandbox only: play a provider event on a request's payment (hold canceled, refund outside Huddle, dispute opened, won or lost) or on a payout item (transfer reversed, payout failed).",
  })
  @ApiOkEnvelope(SandboxProviderEventPayload)
  async play(@CurrentAccount() account: AuthenticatedAccount, @Body() body: SandboxProviderEventInput): Promise<SandboxProviderEventPayload> {
    const type = await this.payments.playSandboxEvent(body.subject_id, body.event);
    await this.dataSource.transaction((manager) =>
      this.audit.recordIn(manager, {
        adminId: account.id,
        action: 'payments.sandbox-event',
        subjectType: body.event === 'transfer_reversed' || body.event === 'payout_failed' ? 'payout_item' : 'payment',
        subjectId: body.subject_id,
        before: null,
        after: { event: body.event, type },
      }),
    );
    return { type };
  }
}
