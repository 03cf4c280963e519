import { Body, Controller, Get, Headers, Post, Put, Query } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ErrorCode, LIMITS, toCents, UserType } from '@huddle/domain';
import { PAYOUT_MESSAGES } from '@huddle/domain/payouts';
import { Roles } from '../../common/access/access.decorators';
import { CurrentAccount } from '../../common/access/current-account.decorator';
import type { AuthenticatedAccount } from '../../common/access/authenticated-account';
import { DomainError } from '../../common/errors/domain-error';
import { ApiOkEnvelope } from '../../common/http/api-ok-envelope.decorator';
import { PageQuery } from '../page.query';
import { PayoutListPayload, PayoutSendInput, PayoutSentPayload, PayoutStatusInput, PayoutStatusPayload, SentPayoutListPayload, SentPayoutsQuery } from './dto/payouts.dto';
import { candidateView, sentPayoutView } from './payout-views';
import { PayoutsService } from './payouts.service';

const PAGE_SIZE = LIMITS.pageSize.payouts;
const KEY = /^[A-Za-z0-9:_-]{8,100}$/;

/** The administrator's payout screens (spec §7: /admin/payments/*): candidates, sending, sent payouts, a request's payout status. */
@ApiTags('admin')
@Controller('admin/payments')
export class AdminPayoutsController {
  constructor(private readonly payouts: PayoutsService) {}

  @Get('payout-list')
  @Roles(UserType.Admin)
  @ApiOperation({ summary: 'Athletes with anything payable, most past due first, 20 a page; each says whether their payout account can take a transfer and why not.' })
  @ApiOkEnvelope(PayoutListPayload)
  async list(@Query() query: PageQuery): Promise<PayoutListPayload> {
    const page = query.page ?? 1;
    const { candidates, total } = await this.payouts.candidates(page, PAGE_SIZE);
    return { athletes_for_payout: candidates.map(candidateView), total, page, page_size: PAGE_SIZE };
  }

  @Post('payout-send')
  @Roles(UserType.Admin)
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: "The confirmation's key: a repeat answers the payout it made. Without one, the same lines sent again by the same administrator within 10 minutes answer the payout they made (a retried call pays nothing twice)." })
  @ApiOperation({
    summary:
      "Pays athletes (dollars): each amount is checked again against what is payable now, under the athlete's lock; one transfer per athlete follows. 'Payout sent' on success.",
  })
  @ApiOkEnvelope(PayoutSentPayload, 201)
  async send(
    @CurrentAccount() account: AuthenticatedAccount,
    @Body() body: PayoutSendInput,
    @Headers('idempotency-key') keyHeader: string | undefined,
  ): Promise<PayoutSentPayload> {
    const key = body.idempotency_key ?? keyHeader ?? null;
    if (key !== null && !KEY.test(key)) throw new DomainError(ErrorCode.ValidationFailed, 'The confirmation key is not valid', { idempotency_key: 'The confirmation key is not valid' });
    const payout = await this.payouts.send({
      adminId: account.id,
      idempotencyKey: key,
      lines: body.payout_items.map((item) => ({
        athleteId: item.athlete_id,
        amountCents: toCents(item.amount),
        email: item.email?.trim() || null,
        phone: item.phone?.trim() || null,
      })),
    });
    return { payout: sentPayoutView(payout), message: PAYOUT_MESSAGES.sent };
  }

  @Get('payout-sent-list')
  @Roles(UserType.Admin)
  @ApiOperation({ summary: 'Sent payouts with their items, 20 a page, newest first unless order=asc.' })
  @ApiOkEnvelope(SentPayoutListPayload)
  async sent(@Query() query: SentPayoutsQuery): Promise<SentPayoutListPayload> {
    const page = query.page ?? 1;
    const { payouts, total } = await this.payouts.sentList(page, PAGE_SIZE, query.order ?? 'desc');
    return { payouts: payouts.map(sentPayoutView), total, page, page_size: PAGE_SIZE };
  }

  @Put('payout-status')
  @Roles(UserType.Admin)
  @ApiOperation({ summary: "Marks a finished, paid request's payout paid (spec §4); anything else is refused. 'Status has been changed' on success; 'Nothing to mark: ...' when it is already paid or all of it on its way." })
  @ApiOkEnvelope(PayoutStatusPayload)
  async status(@CurrentAccount() account: AuthenticatedAccount, @Body() body: PayoutStatusInput): Promise<PayoutStatusPayload> {
    const { status, marked } = await this.payouts.markPaid(account.id, body.id);
    return { request_id: body.id, payout_status: status, message: marked ? PAYOUT_MESSAGES.statusChanged : PAYOUT_MESSAGES.nothingToMark };
  }
}
