import { Body, Controller, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { rolesOfUserType, UserType } from '@huddle/domain';
import { ApiOkEnvelope } from '../../common/http/api-ok-envelope.decorator';
import { Roles } from '../auth/decorators/access.decorators';
import { CurrentAccount } from '../auth/decorators/current-account.decorator';
import type { AccountEntity } from '../auth/entities/account.entity';
import { AthletesService } from './athletes.service';
import { AthleteServicesInput, AthleteServicesPayload } from './dto/athlete-services.dto';

@ApiTags('athlete')
@Controller('athlete/services')
export class AthleteServicesController {
  constructor(private readonly athletes: AthletesService) {}

  @Put()
  @Roles(...rolesOfUserType(UserType.Athlete))
  @ApiOperation({ summary: "Turn the caller's services on or off and set their rates (dollars); at least one must stay on." })
  @ApiOkEnvelope(AthleteServicesPayload)
  async update(@CurrentAccount() account: AccountEntity, @Body() body: AthleteServicesInput): Promise<AthleteServicesPayload> {
    return { athlete_services: await this.athletes.updateServices(account.id, body) };
  }
}
