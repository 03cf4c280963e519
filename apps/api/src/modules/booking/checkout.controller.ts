import { Body, Controller, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { UserType } from '@huddle/domain';
import { Roles } from '../../common/access/access.decorators';
import { CurrentAccount } from '../../common/access/current-account.decorator';
import type { AuthenticatedAccount } from '../../common/access/authenticated-account';
import { ApiOkEnvelope } from '../../common/http/api-ok-envelope.decorator';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { CheckoutOpen } from '../payments/checkout-open.decorator';
import { BookingErrors } from './booking.errors';
import { BookingRequestsService } from './booking-requests.service';
import { CampaignsService } from './campaigns.service';
import { PaymentSheetPayload, SetPaidPayload } from './dto/request.dto';
import { PaymentSheetQuery, SetPaidBody } from './dto/request-inputs.dto';
import { RequestCoreService } from './request-core.service';

/** Exactly one of a request's id and a campaign's. */
function oneTarget(requestId: string | undefined, campaignId: string | undefined): { kind: 'request' | 'campaign'; id: string } {
  if (requestId && !campaignId) return { kind: 'request', id: requestId };
  if (campaignId && !requestId) return { kind: 'campaign', id: campaignId };
  throw BookingErrors.invalid({ request_id: 'Send a request_id or an endorsement_campaign_id' });
}

/**
 * Checkout of a request (spec §7, the card-provider group): booking owns it because it is about a
 * request; the money itself is the payments module's, reached through PaymentsService.
 */
@ApiTags('payments')
@Controller('payments')
export class CheckoutController {
  constructor(
    private readonly requests: BookingRequestsService,
    private readonly core: RequestCoreService,
    private readonly campaigns: CampaignsService,
  ) {}

  @Post('payment-sheet')
  @HttpCode(200)
  @Roles(UserType.Fan, UserType.Business)
  @CheckoutOpen()
  @RateLimit('payment')
  @ApiOperation({
    summary:
      "The payment sheet of the requester's unpaid request (?request_id: the card is held until the athlete accepts) or of a business's unpaid campaign (?endorsement_campaign_id: one payment for the total, captured at once): the payment intent's client secret, the same one on every repeat.",
  })
  @ApiOkEnvelope(PaymentSheetPayload)
  paymentSheet(@CurrentAccount() account: AuthenticatedAccount, @Query() query: PaymentSheetQuery): Promise<PaymentSheetPayload> {
    const target = oneTarget(query.request_id, query.endorsement_campaign_id);
    return target.kind === 'campaign' ? this.campaigns.paymentSheet(target.id, account) : this.requests.paymentSheet(target.id, account);
  }

  @Post('set-paid')
  @HttpCode(200)
  @Roles(UserType.Fan, UserType.Business)
  @RateLimit('payment')
  @ApiConsumes('application/json', 'application/x-www-form-urlencoded')
  @ApiBody({ type: SetPaidBody })
  @ApiOperation({
    summary:
      'After the card form: the request (request_id) becomes paid once the provider confirms the hold, or the campaign (endorsement_campaign_id) once it confirms the charge; re-read, never taken from the browser. Idempotent. Answers { request } or { campaign }.',
    description: '1402 when the card is not held (or charged) yet.',
  })
  @ApiOkEnvelope(SetPaidPayload)
  async setPaid(@CurrentAccount() account: AuthenticatedAccount, @Body() body: SetPaidBody): Promise<SetPaidPayload> {
    const target = oneTarget(body.request_id, body.endorsement_campaign_id);
    if (target.kind === 'campaign') {
      await this.campaigns.markPaid(target.id, account);
      return { campaign: await this.campaigns.view(target.id, account) };
    }
    const request = await this.core.markPaid(target.id, account);
    return { request: await this.requests.viewOf(request, account) };
  }
}
