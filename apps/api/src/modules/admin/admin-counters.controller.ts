import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { UserType } from '@huddle/domain';
import { Roles } from '../../common/access/access.decorators';
import { ApiOkEnvelope } from '../../common/http/api-ok-envelope.decorator';
import { AdminCountersService } from './admin-counters.service';
import { AdminCountersPayload } from './dto/admin-counters.dto';

/** The statistics tab (/manage/stats). */
@ApiTags('admin')
@Controller('admin/counters')
export class AdminCountersController {
  constructor(private readonly counters: AdminCountersService) {}

  @Get()
  @Roles(UserType.Admin)
  @ApiOperation({ summary: 'Users by type and completeness, paid requests by status and type, and the dollars of paid requests still pending.' })
  @ApiOkEnvelope(AdminCountersPayload)
  async show(): Promise<AdminCountersPayload> {
    return this.counters.counters();
  }
}
