import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { UserType } from '@huddle/domain';
import { Roles } from '../../common/access/access.decorators';
import { ApiOkEnvelope } from '../../common/http/api-ok-envelope.decorator';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { AdminCountersService } from './admin-counters.service';
import { AdminCountersPayload, AdminCountersQuery } from './dto/admin-counters.dto';

/** The statistics tab (/manage/stats). */
@ApiTags('admin')
@Controller('admin/counters')
export class AdminCountersController {
  constructor(private readonly counters: AdminCountersService) {}

  @Get()
  @Roles(UserType.Admin)
  @RateLimit('statistics')
  @ApiOperation({
    summary:
      "Users by type and completeness (totals); paid requests created in the period by status and type, the dollars of those still pending; the ledger's money of the period (captured, fees, refunded, paid out, payable).",
  })
  @ApiOkEnvelope(AdminCountersPayload)
  async show(@Query() query: AdminCountersQuery): Promise<AdminCountersPayload> {
    return this.counters.counters(query);
  }
}
