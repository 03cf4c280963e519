import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { LIMITS, UserType } from '@huddle/domain';
import { Roles } from '../../common/access/access.decorators';
import { CurrentAccount } from '../../common/access/current-account.decorator';
import type { AuthenticatedAccount } from '../../common/access/authenticated-account';
import { ApiOkEnvelope } from '../../common/http/api-ok-envelope.decorator';
import { AdminRequestsService } from './admin-requests.service';
import { AdminRequestListPayload, AdminRequestLookupPayload, AdminRequestLookupQuery, AdminRequestsFilterQuery } from './dto/admin-requests.dto';

/**
 * The administrator's reads of requests (/manage/user/{id}'s requests, /manage/request/{id}).
 * Cancel and approve (PUT /admin/requests/cancel|approve) stay with booking's request core.
 */
@ApiTags('admin')
@Controller('admin/requests')
export class AdminRequestViewsController {
  constructor(private readonly requests: AdminRequestsService) {}

  @Get('filter')
  @Roles(UserType.Admin)
  @ApiOperation({ summary: "A user's paid requests (as athlete or requester), newest first, each with its payout status; filters by type and payout status." })
  @ApiOkEnvelope(AdminRequestListPayload)
  async filter(@Query() query: AdminRequestsFilterQuery): Promise<AdminRequestListPayload> {
    return this.requests.filter({
      userId: query.user_id,
      page: query.page ?? 1,
      pageSize: query.page_size ?? LIMITS.pageSize.default,
      requestType: query.request_type ?? null,
      payoutStatus: query.payout_status ?? null,
    });
  }

  @Get('by-id')
  @Roles(UserType.Admin)
  @ApiOperation({ summary: "A request as the administrator sees it (both parties, history, flag, payment with payout status, money), or a campaign for '@{id}'; 1404 'Request not found'." })
  @ApiOkEnvelope(AdminRequestLookupPayload)
  async byId(@CurrentAccount() account: AuthenticatedAccount, @Query() query: AdminRequestLookupQuery): Promise<AdminRequestLookupPayload> {
    return this.requests.byId(account, query.id);
  }
}
