import { Controller, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { UserType } from '@huddle/domain';
import { Roles } from '../../common/access/access.decorators';
import { CurrentAccount } from '../../common/access/current-account.decorator';
import type { AuthenticatedAccount } from '../../common/access/authenticated-account';
import { ApiOkEnvelope } from '../../common/http/api-ok-envelope.decorator';
import { BookingRequestsService } from './booking-requests.service';
import { RequestPayload } from './dto/request.dto';
import { RequestIdQuery } from './dto/request-inputs.dto';
import { RequestCoreService } from './request-core.service';

/** An administrator's cancel of a request under way: the hold is voided, or captured money refunded in full. */
@ApiTags('admin')
@Controller('admin/requests')
export class AdminRequestsController {
  constructor(
    private readonly core: RequestCoreService,
    private readonly requests: BookingRequestsService,
  ) {}

  @Put('cancel')
  @Roles(UserType.Admin)
  @ApiOperation({ summary: 'Cancels a request that is not finished: voids the hold, or refunds a captured payment in full.' })
  @ApiOkEnvelope(RequestPayload)
  async cancel(@CurrentAccount() account: AuthenticatedAccount, @Query() query: RequestIdQuery): Promise<RequestPayload> {
    const request = await this.core.apply(query.request_id, 'admin_cancel', account);
    return { request: await this.requests.viewOf(request, account) };
  }
}
