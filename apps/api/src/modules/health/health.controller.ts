import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiOkEnvelope } from '../../common/http/api-ok-envelope.decorator';
import { Public } from '../../common/access/access.decorators';
import { HealthPayload } from './dto/health.payload';
import { HealthService } from './health.service';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @Public()
  @ApiOperation({ summary: 'Liveness and database reachability (503 when PostgreSQL does not answer).' })
  @ApiOkEnvelope(HealthPayload)
  check(): Promise<HealthPayload> {
    return this.health.check();
  }
}
