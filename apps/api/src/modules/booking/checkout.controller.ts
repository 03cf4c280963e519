import { Body, Controller, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { UserType } from '@huddle/domain';
import { Roles } from '../../common/access/access.decorators';
import { CurrentAccount } from '../../common/access/current-account.decorator';
import type { AuthenticatedAccount } from '../../common/access/authenticated-account';
import { ApiOkEnvelope } from '../../common/http/api-ok-envelope.decorator';
import { BookingRequestsService } from './booking-requests.service';
import { PaymentSheetPayload, RequestPayload } from './dto/request.dto';
import { RequestBody, RequestIdQuery } from './dto/request-inputs.dto';
import { RequestCoreService } from './request-core.service';

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
  ) {}

  @Post('payment-sheet')
  @HttpCode(200)
  @Roles(UserType.Fan, UserType.Business)
  @ApiOperation({ summary: "The payment sheet of the requester's unpaid request: the payment intent's client secret (the same one on every repeat)." })
  @ApiOkEnvelope(PaymentSheetPayload)
  paymentSheet(@CurrentAccount() account: AuthenticatedAccount, @Query() query: RequestIdQuery): Promise<PaymentSheetPayload> {
    return this.requests.paymentSheet(query.request_id, account);
  }

  @Post('set-paid')
  @HttpCode(200)
  @Roles(UserType.Fan, UserType.Business)
  @ApiConsumes('application/json', 'application/x-www-form-urlencoded')
  @ApiBody({ type: RequestBody })
  @ApiOperation({
    summary: 'After the card form: the request becomes paid once the provider confirms the hold (re-read, never taken from the browser). Idempotent.',
    description: '1402 when the card is not held yet.',
  })
  @ApiOkEnvelope(RequestPayload)
  async setPaid(@CurrentAccount() account: AuthenticatedAccount, @Body() body: RequestBody): Promise<RequestPayload> {
    const request = await this.core.markPaid(body.request_id, account);
    return { request: await this.requests.viewOf(request, account) };
  }
}
