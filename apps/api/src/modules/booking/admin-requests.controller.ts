import { Controller, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { EntityManager } from 'typeorm';
import { UserType } from '@huddle/domain';
import type { RequestStatusCode } from '@huddle/domain';
import type { RequestAction } from '@huddle/domain/request-actions';
import { Roles } from '../../common/access/access.decorators';
import { CurrentAccount } from '../../common/access/current-account.decorator';
import type { AuthenticatedAccount } from '../../common/access/authenticated-account';
import { ApiOkEnvelope } from '../../common/http/api-ok-envelope.decorator';
import { AdminAudit } from '../audit/admin-audit.service';
import { BookingRequestsService } from './booking-requests.service';
import { RequestPayload } from './dto/request.dto';
import { RequestIdQuery } from './dto/request-inputs.dto';
import type { RequestEntity } from './entities/request.entity';
import { RequestCoreService } from './request-core.service';

/**
 * An administrator's decisions on a request under way: cancel it (the hold is voided, or captured
 * money refunded in full), or approve a shoutout its requester flagged (it waits for this: the
 * timers never complete it). Each is audited in the transaction of the change itself.
 */
@ApiTags('admin')
@Controller('admin/requests')
export class AdminRequestsController {
  constructor(
    private readonly core: RequestCoreService,
    private readonly requests: BookingRequestsService,
    private readonly audit: AdminAudit,
  ) {}

  @Put('cancel')
  @Roles(UserType.Admin)
  @ApiOperation({ summary: 'Cancels a request that is not finished: voids the hold, or refunds a captured payment in full.' })
  @ApiOkEnvelope(RequestPayload)
  async cancel(@CurrentAccount() account: AuthenticatedAccount, @Query() query: RequestIdQuery): Promise<RequestPayload> {
    return this.decide(account, query.request_id, 'admin_cancel');
  }

  @Put('approve')
  @Roles(UserType.Admin)
  @ApiOperation({ summary: "Approves a shoutout its requester flagged as inappropriate: it is finished, and the athlete's share stays owed." })
  @ApiOkEnvelope(RequestPayload)
  async approve(@CurrentAccount() account: AuthenticatedAccount, @Query() query: RequestIdQuery): Promise<RequestPayload> {
    return this.decide(account, query.request_id, 'admin_approve');
  }

  private async decide(account: AuthenticatedAccount, requestId: string, action: Extract<RequestAction, 'admin_cancel' | 'admin_approve'>): Promise<RequestPayload> {
    const after = (request: RequestEntity, from: RequestStatusCode, manager: EntityManager) =>
      this.audit.recordIn(manager, {
        adminId: account.id,
        action: action === 'admin_cancel' ? 'request.cancel' : 'request.approve',
        subjectType: 'request',
        subjectId: request.id,
        before: { status: from, flagged: request.flaggedAt !== null },
        after: { status: request.status, flagged: request.flaggedAt !== null },
      });
    const request = await this.core.apply(requestId, action, account, { after });
    return { request: await this.requests.viewOf(request, account) };
  }
}
